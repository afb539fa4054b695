import Foundation
import TipRulesRuntime
import XCTest
@testable import TipRulesTooling

/// Bytecode that runtimes in the field can read, from the command line: `compile` writes the
/// oldest format version that carries the program, `--bytecode-version` refuses what a version
/// cannot carry (TR0901, golden below), `disasm` says which version and why, and the app and
/// release travel in the file to `disasm` and `eval --format json`.
final class BytecodeVersionCommandTests: CommandTestCase {
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

    func testCompileWritesTheOldestVersionThatCarriesTheProgram() throws {
        for (name, source, expected) in [("plain", plain, 1), ("transient", transient, 2), ("identified", identified, 3)] {
            let path = try write("\(name).tiprules", source)
            XCTAssertEqual(run(["compile", path]).status, 0, name)
            XCTAssertEqual(try formatVersion(of: folder.appendingPathComponent("\(name).tipc").path), expected, name)
        }
    }

    func testTheBundledExampleIsVersionOne() throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../examples/backyard.tiprules").standardized.path
        let output = folder.appendingPathComponent("backyard.tipc").path
        XCTAssertEqual(run(["compile", example, "-o", output]).status, 0)
        XCTAssertEqual(try formatVersion(of: output), 1)
    }

    /// Each construct a version cannot carry is one located error; nothing is written.
    func testBytecodeVersionTooOldIsOneErrorPerConstructGolden() throws {
        let path = try write("rules.tiprules", transient + "\nconfigure { app(\"com.example.birds\") }\n")
        let result = run(["compile", path, "--bytecode-version", "1"])
        XCTAssertEqual(result.status, ExitStatus.programErrors)
        XCTAssertEqual(result.standardError.replacingOccurrences(of: folder.path + "/", with: ""), """
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
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("rules.tipc").path))
        // Version 2 carries the transient parameter: only the app is refused.
        let two = run(["compile", path, "--bytecode-version", "2"])
        XCTAssertEqual(two.status, ExitStatus.programErrors)
        XCTAssertEqual(two.standardError.components(separatedBy: "error[TR0901]").count, 2, two.standardError)
    }

    func testBytecodeVersionWritesAnOlderProgramInANewerVersion() throws {
        let path = try write("plain.tiprules", plain)
        for version in BytecodeFormat.readableVersions {
            let output = folder.appendingPathComponent("plain.v\(version).tipc").path
            XCTAssertEqual(run(["compile", path, "--bytecode-version", "\(version)", "-o", output]).status, 0)
            XCTAssertEqual(try formatVersion(of: output), version)
            XCTAssertEqual(run(["disasm", output]).status, 0)
        }
    }

    func testBytecodeVersionOutsideWhatThisBuildWritesIsAUsageError() throws {
        let path = try write("plain.tiprules", plain)
        for bad in ["0", "\(BytecodeFormat.newestVersion + 1)", "two", ""] {
            let result = run(["compile", path, "--bytecode-version", bad])
            XCTAssertEqual(result.status, ExitStatus.badInput, bad)
            XCTAssertTrue(result.standardError.contains("--bytecode-version takes a whole number from 1 to \(BytecodeFormat.newestVersion)"),
                          result.standardError)
        }
    }

    func testDisassemblyNamesTheVersionAndWhy() throws {
        let plainPath = try write("plain.tiprules", plain)
        XCTAssertTrue(run(["disasm", plainPath]).standardOutput
            .hasPrefix("; tiprulec bytecode, format version 1 (the oldest; the program needs nothing newer)\n"))
        let transientPath = try write("transient.tiprules", transient)
        XCTAssertTrue(run(["disasm", transientPath]).standardOutput
            .hasPrefix("; tiprulec bytecode, format version 2 (the program needs version 2 for a transient parameter, line 1)\n"))
        let identifiedPath = try write("identified.tiprules", identified)
        let listing = run(["disasm", identifiedPath]).standardOutput
        XCTAssertTrue(listing.contains("; app: \"com.example.birds\"\n; release: 7\n"), listing)
    }

    func testAppAndReleaseInEvalJSONAndTheReleaseFlag() throws {
        let path = try write("identified.tiprules", identified)
        let fixture = try write("store.json", "{ \"now\": \"2026-11-20T08:00:00Z\" }")
        let output = folder.appendingPathComponent("identified.tipc").path
        XCTAssertEqual(run(["compile", path, "--release", "9"]).status, 0)
        let result = run(["eval", output, "--fixture", fixture, "--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let document = try JSONParser().parse(result.standardOutput)
        XCTAssertEqual(document["app"]?.stringValue, "com.example.birds")
        XCTAssertEqual(document["release"]?.intValue, 9)
        XCTAssertEqual(run(["compile", path, "--release", "0"]).status, ExitStatus.badInput)
    }

    func testAFileOfANewerFormatVersionIsRefusedWhole() throws {
        let path = try write("plain.tiprules", plain)
        XCTAssertEqual(run(["compile", path]).status, 0)
        let compiled = folder.appendingPathComponent("plain.tipc")
        var bytes = [UInt8](try Data(contentsOf: compiled))
        bytes[4] = UInt8(BytecodeFormat.newestVersion + 1)
        try Data(bytes).write(to: compiled)
        let fixture = try write("store.json", "{}")
        for command in [["disasm", compiled.path], ["eval", compiled.path, "--fixture", fixture]] {
            let result = run(command)
            XCTAssertEqual(result.status, ExitStatus.badInput, command[0])
            XCTAssertTrue(result.standardError.contains("newer than this runtime reads"), result.standardError)
        }
    }
}
