/// Carrying a store over to another program by persisted identity (the bytecode's names): what a rules update and a saved state
/// decoded against newer rules share.
extension EventStore {
    /// This store's state under `newProgram`: parameter values of the same type, donations of
    /// events whose every new field existed with the same type (fields the new event dropped are
    /// dropped), tip states (matched by tip id, or failing that by name), the last display date, the UTC offset and the
    /// testing overrides. Recorded invalidations are carried as they are, so a new display limit
    /// does not bring back an invalidated tip. Also returns what could not be carried.
    public func carriedOver(to newProgram: Program) -> (store: EventStore, problems: [CarryOverProblem]) {
        var new = EventStore(program: newProgram)
        var problems: [CarryOverProblem] = []
        for (index, parameter) in program.parameters.enumerated() {
            guard let target = newProgram.parameterIndex(named: parameter.name) else {
                problems.append(.parameterRemoved(parameter.name))
                continue
            }
            let type = newProgram.parameters[target].type
            guard type == parameter.type, let value = self.parameter(index) else {
                problems.append(.parameterTypeChanged(name: parameter.name, old: parameter.type, new: type))
                continue
            }
            try? new.setParameter(target, value)
        }
        for (index, event) in program.events.enumerated() {
            problems += carryDonations(of: index, event, to: &new)
        }
        for (index, tip) in program.tips.enumerated() {
            // By id, what TipKit keeps a tip's state under; by name for state saved before ids.
            guard let target = newProgram.tips.firstIndex(where: { $0.id == tip.id })
                    ?? newProgram.tips.firstIndex(where: { $0.name == tip.name }) else {
                problems.append(.tipRemoved(tip.name))
                continue
            }
            new.setTipState(target, tipState(index))
        }
        new.lastDisplayDate = lastDisplayDate
        new.testing = testing
        new.exposures = exposures
        try? new.setUTCOffset(utcOffset)
        return (new, problems)
    }

    /// Copies one event's donations into `new`, mapping its fields by name.
    private func carryDonations(of index: Int, _ event: EventInfo, to new: inout EventStore) -> [CarryOverProblem] {
        let donations = self.donations(event: index)
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
        try? new.donate(event: target, contentsOf: donations.map { donation in
            Donation(date: donation.date, fields: sources.map { donation.fields[$0] })
        })
        return []
    }
}
