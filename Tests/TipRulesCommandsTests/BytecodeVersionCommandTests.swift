import Foundation
import TipRulesRuntime
import Testing
@testable import TipRulesToolingCore
import TipRulesTestSupport

/// Bytecode that runtimes in the field can read, from the command line: `compile` writes the
/// oldest format version that carries the program, `--bytecode-version` refuses what a version
/// cannot carry (TR0901, golden below), `disasm` says which version and why, and the app and
/// release travel in the file to `disasm` and `eval --format json`.
@Suite struct BytecodeVersionCommandTests: CommandTesting {
    let scratch = TemporaryFolder()
    private let plain = """
    parameter isLoggedIn: Bool = false
    tip Welcome {
        title: "Welcome"
        #Rule(Self.$isLoggedIn) { $0 == true }
    }
    """

    private let transient = """
    transient parameter isLoggedIn: Bool = false
    tip Welcome {
        title: "Welcome"
        #Rule(Self.$isLoggedIn) { $0 == true }
    }
    """

    private let identified = """
    configure {
        app("com.example.birds")
        release(7)
    }
    tip Welcome { title: "Welcome" }
    """

    /// The format version in a `.tipc` file's header.
    private func formatVersion(of path: String) throws -> Int {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        return Int(bytes[4]) | Int(bytes[5]) << 8
    }

    @Test func compileWritesTheOldestVersionThatCarriesTheProgram() throws {
        for (name, source, expected) in [("plain", plain, 1), ("transient", transient, 2), ("identified", identified, 3)] {
            let path = try write("\(name).tiprules", source)
            #expect(run(["compile", path]).status == 0, Comment(rawValue: name))
            #expect(try formatVersion(of: folder.appendingPathComponent("\(name).tipc").path) == expected, Comment(rawValue: name))
        }
    }

    @Test func theBundledExampleIsVersionOne() throws {
        let example = repositoryRoot.appendingPathComponent("examples/backyard.tiprules").path
        let output = folder.appendingPathComponent("backyard.tipc").path
        #expect(run(["compile", example, "-o", output]).status == 0)
        #expect(try formatVersion(of: output) == 1)
    }

    /// Each construct a version cannot carry is one located error; nothing is written.
    @Test func bytecodeVersionTooOldIsOneErrorPerConstructGolden() throws {
        let path = try write("rules.tiprules", transient + "\nconfigure { app(\"com.example.birds\") }\n")
        let result = run(["compile", path, "--bytecode-version", "1"])
        #expect(result.status == ExitStatus.programErrors)
        #expect(result.standardError.replacingOccurrences(of: folder.path + "/", with: "") == """
        rules.tiprules:1:1: error[TR0901]: a transient parameter needs bytecode format version 2, but this compile is for version 1
          |
        1 | transient parameter isLoggedIn: Bool = false
          | ^^^^^^^^^
          = note: a runtime that reads only up to format version 1 refuses a program that holds it
          = note: leave it out of the rules for these app builds, or compile with '--bytecode-version 2' for apps whose runtime reads that version

        rules.tiprules:6:13: error[TR0901]: naming the app or release needs bytecode format version 3, but this compile is for version 1
          |
        6 | configure { app("com.example.birds") }
          |             ^^^^^^^^^^^^^^^^^^^^^^^^
          = note: a runtime that reads only up to format version 1 refuses a program that holds it
          = note: leave it out of the rules for these app builds, or compile with '--bytecode-version 3' for apps whose runtime reads that version
        2 errors generated.

        """)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("rules.tipc").path))
        // Version 2 carries the transient parameter: only the app is refused.
        let two = run(["compile", path, "--bytecode-version", "2"])
        #expect(two.status == ExitStatus.programErrors)
        #expect(two.standardError.components(separatedBy: "error[TR0901]").count == 2, Comment(rawValue: two.standardError))
    }

    @Test func bytecodeVersionWritesAnOlderProgramInANewerVersion() throws {
        let path = try write("plain.tiprules", plain)
        for version in BytecodeFormat.readableVersions {
            let output = folder.appendingPathComponent("plain.v\(version).tipc").path
            #expect(run(["compile", path, "--bytecode-version", "\(version)", "-o", output]).status == 0)
            #expect(try formatVersion(of: output) == version)
            #expect(run(["disasm", output]).status == 0)
        }
    }

    @Test func bytecodeVersionOutsideWhatThisBuildWritesIsAUsageError() throws {
        let path = try write("plain.tiprules", plain)
        for bad in ["0", "\(BytecodeFormat.newestVersion + 1)", "two", ""] {
            let result = run(["compile", path, "--bytecode-version", bad])
            #expect(result.status == ExitStatus.badInput, Comment(rawValue: bad))
            #expect(result.standardError.contains("--bytecode-version takes a whole number from 1 to \(BytecodeFormat.newestVersion)"), Comment(rawValue: result.standardError))
        }
    }

    @Test func disassemblyNamesTheVersionAndWhy() throws {
        let plainPath = try write("plain.tiprules", plain)
        #expect(run(["disasm", plainPath]).standardOutput
            .hasPrefix("; tiprulec bytecode, format version 1 (the oldest; the program needs nothing newer)\n"))
        let transientPath = try write("transient.tiprules", transient)
        #expect(run(["disasm", transientPath]).standardOutput
            .hasPrefix("; tiprulec bytecode, format version 2 (the program needs version 2 for a transient parameter, line 1)\n"))
        let identifiedPath = try write("identified.tiprules", identified)
        let listing = run(["disasm", identifiedPath]).standardOutput
        #expect(listing.contains("; app: \"com.example.birds\"\n; release: 7\n"), Comment(rawValue: listing))
    }

    @Test func appAndReleaseInEvalJSONAndTheReleaseFlag() throws {
        let path = try write("identified.tiprules", identified)
        let fixture = try write("store.json", "{ \"now\": \"2026-11-20T08:00:00Z\" }")
        let output = folder.appendingPathComponent("identified.tipc").path
        #expect(run(["compile", path, "--release", "9"]).status == 0)
        let result = run(["eval", output, "--fixture", fixture, "--format", "json"])
        #expect(result.status == 0, Comment(rawValue: result.standardError))
        let document = try JSONParser().parse(result.standardOutput)
        #expect(document["app"]?.stringValue == "com.example.birds")
        #expect(document["release"]?.intValue == 9)
        #expect(run(["compile", path, "--release", "0"]).status == ExitStatus.badInput)
    }

    @Test func aFileOfANewerFormatVersionIsRefusedWhole() throws {
        let path = try write("plain.tiprules", plain)
        #expect(run(["compile", path]).status == 0)
        let compiled = folder.appendingPathComponent("plain.tipc")
        var bytes = [UInt8](try Data(contentsOf: compiled))
        bytes[4] = UInt8(BytecodeFormat.newestVersion + 1)
        try Data(bytes).write(to: compiled)
        let fixture = try write("store.json", "{}")
        for command in [["disasm", compiled.path], ["eval", compiled.path, "--fixture", fixture]] {
            let result = run(command)
            #expect(result.status == ExitStatus.badInput, Comment(rawValue: command[0]))
            #expect(result.standardError.contains("newer than this runtime reads"), Comment(rawValue: result.standardError))
        }
    }
}
