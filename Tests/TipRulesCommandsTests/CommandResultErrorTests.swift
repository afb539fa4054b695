import Testing
@testable import TipRulesCommands
@testable import TipRulesToolingCore
import TipRulesTestSupport

/// How a command ends early: a step's input error becomes exit status 2 with its message (and the
/// usage, for the command line's own errors), a loader's result passes through unchanged, and the
/// dispatch returns what the step ended the command with.
@Suite struct CommandResultErrorTests: CommandTesting {
    let scratch = TemporaryFolder()

    @Test func anInputErrorEndsTheCommandWithStatus2ItsMessageAndTheUsage() throws {
        #expect(try Result<Int, CommandError>.success(7).orFailure(usage: "usage: x") == 7)
        let failed = Result<Int, CommandError>.failure(CommandError("--format takes text or json"))
        let withUsage = #expect(throws: CommandResultError.self) { try failed.orFailure(usage: "usage: x") }
        #expect(withUsage?.result == CommandResult(status: ExitStatus.badInput,
                                                   standardError: "error: --format takes text or json\nusage: x\n"))
        let alone = #expect(throws: CommandResultError.self) { try failed.orFailure() }
        #expect(alone?.result == CommandResult(status: ExitStatus.badInput, standardError: "error: --format takes text or json\n"))
    }

    @Test func theDispatchReturnsTheResultAStepEndedTheCommandWith() throws {
        let usageError = run(["disasm", "--frobnicate", "x.tiprules"])
        #expect(usageError == CommandResult(status: ExitStatus.badInput,
                                            standardError: "error: unknown option '--frobnicate'\n" + DisasmCommand.usage + "\n"))
        let broken = try write("broken.tiprules", "parameter x: Bool = 1\n")
        let programErrors = run(["disasm", broken])
        #expect(programErrors.status == ExitStatus.programErrors)
        #expect(programErrors.standardOutput.isEmpty)
        #expect(programErrors.standardError.contains("broken.tiprules:1:"), Comment(rawValue: programErrors.standardError))
    }
}
