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
        switch command {
        case "--version", "version": return CommandResult(standardOutput: Version.banner)
        case "--help", "-h", "help": return CommandResult(standardOutput: (rest.first.map(help) ?? usage) + "\n")
        case "check": return CheckCommand.run(rest, environment: environment)
        case "explain": return ExplainCommand.run(rest)
        case "compile": return CompileCommand.run(rest, environment: environment)
        case "disasm": return DisasmCommand.run(rest, environment: environment)
        case "simulate": return SimulateCommand.run(rest, environment: environment)
        case "migrate": return MigrateCommand.run(rest, environment: environment)
        case "state": return StateCommand.run(rest, environment: environment)
        case "test": return TestCommand.run(rest, environment: environment)
        case "eval": return EvalCommand.run(rest, environment: environment, currentTime: currentTime)
        case "reach": return ReachCommand.run(rest, environment: environment, currentTime: currentTime)
        case "measure": return MeasureCommand.run(rest, environment: environment, currentTime: currentTime)
        case "emit-swift": return EmitSwiftCommand.run(rest, environment: environment)
        case "import": return ImportCommand.run(rest, environment: environment)
        case "fmt": return FormatCommand.run(rest, environment: environment)
        case "keygen": return KeygenCommand.run(rest)
        case "publish": return PublishCommand.run(rest, environment: environment, currentTime: currentTime)
        case "channel": return ChannelVerifyCommand.run(rest, environment: environment, currentTime: currentTime)
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
