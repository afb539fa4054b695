import Foundation
import Testing
import TipRulesToolingCore
import TipRulesTestSupport

/// `tiprulec check` as a process on a terminal (util-linux's `script` gives it one): its
/// diagnostics are coloured, but not with `NO_COLOR` set or `TERM=dumb`. The process reads only
/// the variables commands use (`CommandEnvironment.variablesRead`), one by one; this proves those
/// reach the renderer from a real environment.
@Suite struct TerminalColourProcessTests {
    private let scratch = TemporaryFolder()
    private static let escape = "\u{1B}["

    @Test func coloursOnATerminalUnlessTheEnvironmentSaysNot() throws {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        try #require(FileManager.default.isExecutableFile(atPath: script.path), "util-linux's script is missing")
        let source = scratch.url.appendingPathComponent("bad.tiprules")
        try Data("tip T {\n    title: \"T\"\n    #Rule(Self.$missing) { $0 == true }\n}\n".utf8).write(to: source)
        let command = "'\(builtProduct("tiprulec").path)' check '\(source.path)'"

        let plain = ["TERM": "xterm", "PATH": "/usr/bin:/bin"]
        let coloured = try onTerminal(script, command, environment: plain)
        #expect(coloured.contains("error[") && coloured.contains(Self.escape), Comment(rawValue: coloured))
        for (name, value) in [("NO_COLOR", "1"), ("TERM", "dumb")] {
            let output = try onTerminal(script, command, environment: plain.merging([name: value]) { $1 })
            #expect(output.contains("error[") && !output.contains(Self.escape), "\(name)=\(value): \(output)")
        }
    }

    /// What `command` wrote to the terminal `script` gave it.
    private func onTerminal(_ script: URL, _ command: String, environment: [String: String]) throws -> String {
        let process = Process()
        process.executableURL = script
        process.arguments = ["-qec", command, "/dev/null"]
        process.environment = environment
        let output = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
