/// Loading a new program (a rules update) over the engine's state.
extension TipEngine {
    /// Switches to `newProgram`, carrying the state over by name: parameter values of the same
    /// type, donations of events whose every new field existed with the same type (fields the
    /// new event dropped are dropped), tip states (matched by tip name), the last display date
    /// and the testing overrides. Recorded invalidations are carried as they are, so a new
    /// display limit does not bring back an invalidated tip. Returns what could not be carried.
    @discardableResult
    public mutating func update(to newProgram: Program) -> [CarryOverProblem] {
        defer { notifyObservers() }
        let old = store
        var new = EventStore(program: newProgram)
        var problems: [CarryOverProblem] = []
        for (index, parameter) in old.program.parameters.enumerated() {
            guard let target = newProgram.parameterIndex(named: parameter.name) else {
                problems.append(.parameterRemoved(parameter.name))
                continue
            }
            let type = newProgram.parameters[target].type
            guard type == parameter.type, let value = old.parameter(index) else {
                problems.append(.parameterTypeChanged(name: parameter.name, old: parameter.type, new: type))
                continue
            }
            try? new.setParameter(target, value)
        }
        for (index, event) in old.program.events.enumerated() {
            problems += carryDonations(of: index, event, from: old, to: &new)
        }
        for (index, tip) in old.program.tips.enumerated() {
            guard let target = newProgram.tips.firstIndex(where: { $0.name == tip.name }) else {
                problems.append(.tipRemoved(tip.name))
                continue
            }
            new.setTipState(target, old.tipState(index))
        }
        new.lastDisplayDate = old.lastDisplayDate
        new.testing = old.testing
        // Observers and the clock stay; observation starts again (every tip is reported).
        store = new
        evaluator = Evaluator(program: newProgram)
        observed = nil
        return problems
    }

    /// Copies one event's donations into `new`, mapping its fields by name.
    private func carryDonations(of index: Int, _ event: EventInfo, from old: EventStore,
                                to new: inout EventStore) -> [CarryOverProblem] {
        let donations = old.donations(event: index)
        guard let target = new.program.eventIndex(named: event.name) else {
            return donations.isEmpty ? [] : [.eventRemoved(event.name, donations: donations.count)]
        }
        var sources: [Int] = []
        for field in new.program.events[target].fields {
            guard let source = event.fields.firstIndex(where: { $0.name == field.name && $0.type == field.type }) else {
                return donations.isEmpty ? [] : [.eventFieldsChanged(event: event.name, field: field.name, donations: donations.count)]
            }
            sources.append(source)
        }
        for donation in donations {
            try? new.donate(event: target, date: donation.date, fields: sources.map { donation.fields[$0] })
        }
        return []
    }
}
