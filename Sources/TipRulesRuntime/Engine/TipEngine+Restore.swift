/// Going back to a saved state.
extension TipEngine {
    /// Continues from `saved`'s program, state and clock (a state folder read back after a write
    /// that failed), keeping this engine's observers and the values of its transient parameters
    /// (which are never saved) where `saved`'s program has them. Observation starts again: every
    /// tip is reported.
    public mutating func restore(_ saved: TipEngine) {
        defer { notifyObservers() }
        let previous = store
        store = saved.store
        clock = saved.clock
        for (index, parameter) in program.parameters.enumerated() where parameter.isTransient {
            guard let kept = previous.program.parameterIndex(named: parameter.name).flatMap(previous.parameter) else { continue }
            try? store.setParameter(index, kept)
        }
        evaluator = Evaluator(program: program)
        programChanged()
        observed = nil
    }
}
