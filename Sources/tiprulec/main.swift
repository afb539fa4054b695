#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesCommands
import TipRulesLanguageServer
import TipRulesToolingCore

// The tiprulec executable: everything happens in TipRulesCommands; this file only
// connects the process (arguments, streams, exit status) to it. It links no Foundation of its
// own: the tooling uses FoundationEssentials where the platform has it, which starts faster.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "lsp" && !arguments.contains("--help") && !arguments.contains("-h") {
    exit(LanguageServerCommand.runOnStandardStreams(Array(arguments.dropFirst())))
}
CommandEnvironment.exitProcess(with: TiprulecCommand.run(arguments, environment: .process))
