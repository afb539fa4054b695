/// The targeting instructions (versions, rollout buckets, the local calendar: language.md's
/// Targeting), run out of line so that their string and hashing code does not weigh on the
/// main loop of `Machine.run`, which every rule goes through.
extension Machine {
    /// Runs one targeting instruction on the stack at `sp`; the failure's kind, if it fails.
    @inline(never)
    mutating func runTargeting(_ instruction: Instruction, at: Int, sp: inout Int, work: inout Int,
                               notes: InstructionNotes?) -> EvaluationFailure.Kind? {
        let explaining = notes != nil
        switch instruction.opcode {
        case .compareVersion:
            sp -= 1
            let (left, right) = (string(stack[sp - 1]), string(stack[sp]))
            if Self.charge(&work, StringCost.scanning(left.utf8.count + right.utf8.count)) { return .tooMuchWork }
            guard let leftVersion = SemanticVersion(left), let rightVersion = SemanticVersion(right) else { return .invalidVersion }
            let result = comparison(Int(instruction.a)).compare(leftVersion, rightVersion)
            if explaining { observeComparison(at, result, instruction, sp - 1, sp, notes) }
            stack[sp - 1] = SlotEncoding.bits(result)
        case .versionMajor, .versionMinor, .versionPatch:
            let text = string(stack[sp - 1])
            if Self.charge(&work, StringCost.scanning(text.utf8.count)) { return .tooMuchWork }
            guard let version = SemanticVersion(text) else { return .invalidVersion }
            let opcode = instruction.opcode
            stack[sp - 1] = SlotEncoding.bits(opcode == .versionMajor ? version.major
                                              : opcode == .versionMinor ? version.minor : version.patch)
        case .bucket:
            sp -= 1
            let (id, group) = (string(stack[sp - 1]), string(stack[sp]))
            if Self.charge(&work, StringCost.scanning(id.utf8.count + group.utf8.count)) { return .tooMuchWork }
            stack[sp - 1] = SlotEncoding.bits(RolloutBucket.bucket(of: id, group: group))
        case .rollout:
            sp -= 2
            let share = int(sp - 1)
            let (id, group) = (string(stack[sp]), string(stack[sp + 1]))
            guard (0...100).contains(share) else { return .rolloutShare(share) }
            if Self.charge(&work, StringCost.scanning(id.utf8.count + group.utf8.count)) { return .tooMuchWork }
            let bucket = id.isEmpty ? nil : RolloutBucket.bucket(of: id, group: group)
            let result = bucket.map { share > 0 && $0 <= share } ?? false
            if explaining { observeRollout(at, result, id: id, group: group, bucket: bucket, share: share, notes) }
            stack[sp - 1] = SlotEncoding.bits(result)
        case .component:
            let date = double(sp - 1)
            guard let value = CalendarComponent(rawValue: UInt8(truncatingIfNeeded: instruction.a))?
                .value(of: date, utcOffset: context.utcOffset) else { return .dateOutOfRange(date) }
            stack[sp - 1] = SlotEncoding.bits(value)
        default:
            return .invalidProgram
        }
        return nil
    }
}
