/// Turns what the explain mode observed into phrases that say why a rule is false, e.g.
/// "enteredBackyardDetailView donations within 5 days, largest group by backyardID: count 2, needs >= 3".
enum Explanation {
    /// The phrases of the comparisons that made the rule false, in execution order, without
    /// repeats. When no noted comparison decided it, one phrase built from the rule's summary.
    static func phrases(for code: CodeBlock, observations: [Observation], notes: [Int: ComparisonNote]) -> [String] {
        var phrases: [String] = []
        for observation in observations {
            guard let note = notes[observation.instruction], observation.result == note.negated else { continue }
            let phrase = self.phrase(observation, note: note, instruction: code.instructions[observation.instruction])
            if !phrases.contains(phrase) { phrases.append(phrase) }
        }
        if phrases.isEmpty {
            phrases.append((code.summary.isEmpty ? "the rule" : code.summary) + " is false")
        }
        return phrases
    }

    private static func phrase(_ observation: Observation, note: ComparisonNote, instruction: Instruction) -> String {
        switch instruction.opcode {
        case _ where !instruction.opcode.isComparison:
            return "\(note.subject) is \(observation.left)"
        case .isNil, .isNonNil:
            let needsNil = (instruction.opcode == .isNil) != note.negated
            return "\(note.subject) is \(observation.left), needs \(needsNil ? "==" : "!=") nil"
        default:
            let requirement = self.requirement(observation, note: note, instruction: instruction)
            let value = requirement.value
            let subject = endsWithMember(note.subject) ? "\(note.subject) \(value)" : "\(note.subject) is \(value)"
            return "\(subject), needs \(requirement.comparison) \(requirement.target)"
        }
    }

    /// What a noted six-way comparison requires for its rule to hold, read the way the note
    /// says (the subject first, under `!` the operator negated), with the values it saw.
    static func requirement(_ observation: Observation, note: ComparisonNote,
                            instruction: Instruction) -> (comparison: ComparisonOperator, value: String, target: String) {
        var needed = ComparisonOperator(rawValue: UInt8(truncatingIfNeeded: instruction.a)) ?? .equal
        if note.negated { needed = needed.negated }
        var value = observation.left
        var other = observation.right
        if note.mirrored {
            needed = needed.mirrored
            swap(&value, &other)
        }
        return (needed, value, note.other.map { "\($0) (\(other))" } ?? other)
    }

    /// Whether a description ends in a member of a collection ("…: count", "…: last?.amount"),
    /// which reads well followed directly by its value.
    private static func endsWithMember(_ subject: String) -> Bool {
        guard let colon = subject.lastIndex(of: ":") else { return false }
        let member = subject[subject.index(after: colon)...]
        return member.first == " " && !member.dropFirst().contains(" ")
    }
}
