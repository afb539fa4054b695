#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TipRulesChannels
import TipRulesCompiler
import TipRulesExplain
import TipRulesLanguageServer
import TipRulesMeasure
import TipRulesReach
import TipRulesSimulation
import TipRulesTipKit
import TipRulesToolingCore

/// The `tiprulec` command line: dispatches to the subcommands.
public enum TiprulecCommand {
    /// The overview `tiprulec --help` prints.
    static var usage: String { CommandOverview.text }

    /// Runs one command line (without the program name).
    public static func run(_ arguments: [String], environment: CommandEnvironment,
                           currentTime: () -> Double = { Date().timeIntervalSince1970 }) -> CommandResult {
        guard let command = arguments.first else {
            return CommandResult(status: ExitStatus.badInput, standardError: usage + "\n")
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            return CommandResult(standardOutput: help(for: command) + "\n")
        }
        do throws(CommandResultError) {
            return try dispatch(command, rest, environment: environment, currentTime: currentTime)
        } catch {
            return error.result
        }
    }

    /// The result of `command`; a step that ends it early throws the result it ends with.
    private static func dispatch(_ command: String, _ rest: [String], environment: CommandEnvironment,
                                 currentTime: () -> Double) throws(CommandResultError) -> CommandResult {
        switch command {
        case "--version", "version": return CommandResult(standardOutput: Version.banner)
        case "--help", "-h", "help": return CommandResult(standardOutput: (rest.first.map(help) ?? usage) + "\n")
        case "check": return try CheckCommand.run(rest, environment: environment)
        case "explain": return try ExplainCommand.run(rest)
        case "compile": return try CompileCommand.run(rest, environment: environment)
        case "disasm": return try DisasmCommand.run(rest, environment: environment)
        case "simulate": return try SimulateCommand.run(rest, environment: environment)
        case "migrate": return try MigrateCommand.run(rest, environment: environment)
        case "state": return try StateCommand.run(rest, environment: environment)
        case "test": return try TestCommand.run(rest, environment: environment)
        case "eval": return try EvalCommand.run(rest, environment: environment, currentTime: currentTime)
        case "reach": return try ReachCommand.run(rest, environment: environment, currentTime: currentTime)
        case "measure": return try MeasureCommand.run(rest, environment: environment, currentTime: currentTime)
        case "emit-swift": return try EmitSwiftCommand.run(rest, environment: environment)
        case "import": return try ImportCommand.run(rest, environment: environment)
        case "fmt": return try FormatCommand.run(rest, environment: environment)
        case "keygen": return try KeygenCommand.run(rest)
        case "publish": return try PublishCommand.run(rest, environment: environment, currentTime: currentTime)
        case "channel": return try ChannelVerifyCommand.run(rest, environment: environment, currentTime: currentTime)
        default:
            let commands = ["check", "compile", "eval", "reach", "measure", "simulate", "migrate", "state", "test", "disasm", "emit-swift", "import", "lsp", "explain", "fmt", "keygen", "publish", "channel"]
            let hint = Spelling.closest(to: command, in: commands).map { " (did you mean '\($0)'?)" } ?? ""
            return .failure("unknown command '\(command)'\(hint)\n\n" + usage)
        }
    }

    static func help(for command: String) -> String {
        switch command {
        case "check": return CheckCommand.usage
        case "explain": return ExplainCommand.usage
        case "compile": return CompileCommand.usage
        case "disasm": return DisasmCommand.usage
        case "simulate": return SimulateCommand.usage
        case "migrate": return MigrateCommand.usage
        case "state": return StateCommand.usage
        case "test": return TestCommand.usage
        case "eval": return EvalCommand.usage
        case "reach": return ReachCommand.usage
        case "measure": return MeasureCommand.usage
        case "emit-swift": return EmitSwiftCommand.usage
        case "import": return ImportCommand.usage
        case "fmt": return FormatCommand.usage
        case "lsp": return LanguageServerCommand.usage
        case "keygen": return KeygenCommand.usage
        case "publish": return PublishCommand.usage
        case "channel": return ChannelVerifyCommand.usage
        default: return usage
        }
    }
}
