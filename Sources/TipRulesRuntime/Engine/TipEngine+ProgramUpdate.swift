/// Loading a new program (a rules update) over the engine's state.
extension TipEngine {
    /// Switches to `newProgram`, carrying the state over by name as
    /// `EventStore.carriedOver(to:)` does. Returns what could not be carried.
    @discardableResult
    public mutating func update(to newProgram: Program) -> [CarryOverProblem] {
        defer { notifyObservers() }
        let (new, problems) = store.carriedOver(to: newProgram)
        // Observers and the clock stay; observation starts again (every tip is reported).
        store = new
        evaluator = Evaluator(program: newProgram)
        programChanged()
        observed = nil
        return problems
    }
}
