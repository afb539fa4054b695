/// One noted comparison that held when a rule was true, with the value it saw.
public struct HeldComparison: Hashable, Sendable {
    /// What was compared, as the compiler noted it (e.g. "isLoggedIn").
    public var subject: String
    /// The comparison with its value, e.g. "isLoggedIn is true",
    /// "enteredBackyardDetailView donations within 5 days, largest group by backyardID: count is 3, needs >= 3".
    public var phrase: String

    public init(subject: String, phrase: String) {
        self.subject = subject
        self.phrase = phrase
    }
}

/// The values behind a rule that holds: the explain mode, asked of a true rule (the evaluation
/// itself explains only false rules).
extension Evaluator {
    /// The noted comparisons that made a rule hold at `now`, in execution order (the last value
    /// of a comparison run in a loop). Empty when the rule does not hold; nil when there is no
    /// such rule.
    public mutating func heldComparisons(tip: Int, rule: Int, store: EventStore, now: Double) -> [HeldComparison]? {
        guard let result = evaluateRule(tip: tip, rule: rule, store: store, now: now) else { return nil }
        guard result.result else { return [] }
        let executable = rules[tip][rule]
        let code = executable.code
        let notes = executable.notes
        machine.prepare(store, now: now)
        defer { machine.finish() }
        _ = machine.run(executable, explaining: notes)
        var order: [Int] = []
        var held: [Int: HeldComparison] = [:]
        for observation in machine.observations {
            guard let note = notes[observation.instruction], observation.result != note.negated,
                  code.instructions.indices.contains(observation.instruction) else { continue }
            if held[observation.instruction] == nil { order.append(observation.instruction) }
            held[observation.instruction] = HeldComparison(
                subject: note.subject, phrase: Self.phrase(observation, note, code.instructions[observation.instruction]))
        }
        return order.compactMap { held[$0] }
    }

    /// "subject is value", then what the value satisfies unless that is equality with a constant.
    private static func phrase(_ observation: Observation, _ note: ComparisonNote, _ instruction: Instruction) -> String {
        if instruction.opcode == .rollout { return Explanation.rolloutPhrase(observation, note: note) }
        guard instruction.opcode.isComparison, instruction.opcode != .isNil, instruction.opcode != .isNonNil else {
            return "\(note.subject) is \(observation.left)"
        }
        let requirement = Explanation.requirement(observation, note: note, instruction: instruction)
        guard requirement.comparison != .equal || note.other != nil else { return "\(note.subject) is \(requirement.value)" }
        return "\(note.subject) is \(requirement.value), needs \(requirement.comparison) \(requirement.target)"
    }
}
