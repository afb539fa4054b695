import Foundation
import TipRulesTooling

// The tiprulec executable: everything happens in TipRulesTooling; this file only
// connects the process (arguments, streams, exit status) to it.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "lsp" && !arguments.contains("--help") && !arguments.contains("-h") {
    exit(LanguageServerCommand.runOnStandardStreams(Array(arguments.dropFirst())))
}
let result = TiprulecCommand.run(arguments, environment: .process)
FileHandle.standardOutput.write(Data(result.standardOutput.utf8))
FileHandle.standardError.write(Data(result.standardError.utf8))
exit(result.status)
