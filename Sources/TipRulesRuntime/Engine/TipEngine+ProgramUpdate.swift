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
        workOfEarlierPrograms = workDone
        evaluator = Evaluator(program: newProgram)
        programChanged()
        observed = nil
        return problems
    }
}

extension TipEngine {
    /// The steps of work of every evaluation the engine ran, under every program it had (each
    /// evaluation is bounded by its own budget; a tool bounds a whole run with this).
    public var workDone: Int {
        let (total, overflow) = workOfEarlierPrograms.addingReportingOverflow(evaluator.workDone)
        return overflow ? Int.max : total
    }
}
