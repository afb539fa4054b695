/// Turns what the explain mode observed into phrases that say why a rule is false, e.g.
/// "enteredBackyardDetailView donations within 5 days, largest group by backyardID: count 2, needs >= 3".
enum Explanation {
    /// The phrases of the comparisons that made the rule false, in execution order, without
    /// repeats. When no noted comparison decided it, one phrase built from the rule's summary.
    /// A calendar component's subject names the UTC offset it read dates in.
    static func phrases(for code: CodeBlock, observations: [Observation], notes: InstructionNotes,
                        utcOffset: Int = 0) -> [String] {
        var phrases: [String] = []
        for observation in observations {
            guard var note = notes[observation.instruction], observation.result == note.negated else { continue }
            note.subject = localized(note.subject, utcOffset: utcOffset)
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
        case .rollout:
            return rolloutPhrase(observation, note: note)
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

    /// `subject` with each calendar component's local-time marker replaced by the offset, e.g.
    /// "hour of now (UTC+09:00)".
    static func localized(_ subject: String, utcOffset: Int) -> String {
        // By UTF-8 bytes: `String.contains` of a string compares characters, far slower, and the
        // marker is ASCII.
        guard StringSearch.contains(subject, ComparisonNote.localTimeMarker) else { return subject }
        return subject.replacing(ComparisonNote.localTimeMarker, with: "(\(UTCOffsetFormatting.describe(utcOffset)))")
    }

    /// `userID "u-81" is in bucket 37 of group "fav-2026", needs <= 25`.
    static func rolloutPhrase(_ observation: Observation, note: ComparisonNote) -> String {
        "\(note.subject) \(observation.left), \(observation.right)"
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
