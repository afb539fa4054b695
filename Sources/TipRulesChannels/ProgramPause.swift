import TipRulesRuntime
import TipRulesToolingCore

/// The kill switch of a release: each paused tip gains a rule that is always false, so that it
/// never displays under this program, whatever its state (a later release without the pause
/// brings it back, its history intact).
enum ProgramPause {
    /// `program` with the tips named in `tips` (by id or by name) paused; the same format version.
    static func pausing(_ tips: Set<String>, in program: Program) throws -> Program {
        guard program.tips.contains(where: { tips.contains($0.id) || tips.contains($0.name) }) else { return program }
        var constants = program.constants
        let falseIndex = constants.firstIndex(of: .bool(false)) ?? {
            constants.append(.bool(false))
            return constants.count - 1
        }()
        let paused = program.tips.map { tip -> TipInfo in
            guard tips.contains(tip.id) || tips.contains(tip.name) else { return tip }
            var tip = tip
            tip.rules.append(RuleInfo(line: tip.line, code: CodeBlock(
                instructions: [Instruction(.const, falseIndex), Instruction(.ret)],
                lines: [LineEntry(start: 0, line: tip.line)], summary: TipInfo.pauseRuleSummary)))
            return tip
        }
        return try program.with(constants: constants, tips: paused)
    }
}
