import Foundation
import Testing
@testable import TipRulesCommands
@testable import TipRulesToolingCore
import TipRulesTestSupport

/// Runaway inputs found by trying the tool as an attacker would, each as a test of the outcome (a clear message and the documented
/// exit status) and, where the attack was about time, a generous bound on it. See docs/limits.md.
@Suite struct ResourceLimitTests {
    private let scratch = TemporaryFolder(prefix: "tiprulec-limits")
    private var folder: URL { scratch.url }

    private func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        try scratch.write(name, bytes)
    }

    private func run(_ arguments: [String], stdin: @escaping (Int) -> [UInt8] = { _ in [] }) -> CommandResult {
        TiprulecCommand.run(arguments, environment: CommandEnvironment(readStandardInput: stdin), currentTime: { 1_795_251_600 })
    }

    private let program = Array("parameter a: Bool = false\ntip T {\n    title: \"t\"\n    #Rule(Self.$a) { $0 }\n}\n".utf8)

    // MARK: Data loss

    @Test func compileNeverOverwritesASource() throws {
        let source = try write("a.tiprules", program)
        for output in [source, folder.appendingPathComponent("other.tiprules").path] {
            let result = run(["compile", source, "-o", output])
            #expect(result.status == 2, Comment(rawValue: result.standardError))
            #expect(result.standardError.contains("refusing to write bytecode"), Comment(rawValue: result.standardError))
        }
        let link = folder.appendingPathComponent("link.tipc").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: source)
        let throughLink = run(["compile", source, "-o", link])
        #expect(throughLink.status == 2)
        #expect(throughLink.standardError.contains("over the input"), Comment(rawValue: throughLink.standardError))
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: source))) == program, "the source must be untouched")
    }

    @Test func compileOutputNamesAreChecked() throws {
        let source = try write("a.tiprules", program)
        let missing = folder.appendingPathComponent("newdir").path
        let intoMissingFolder = run(["compile", source, "-o", missing + "/"])
        #expect(intoMissingFolder.status == 2)
        #expect(intoMissingFolder.standardError.contains("the folder does not exist"), Comment(rawValue: intoMissingFolder.standardError))
        #expect(!FileManager.default.fileExists(atPath: missing), "no file called newdir")
        let empty = run(["compile", source, "-o", ""])
        #expect(empty.status == 2)
        #expect(empty.standardError.contains("-o needs a file name"), Comment(rawValue: empty.standardError))
        let folderOutput = run(["compile", source, "-o", folder.path])
        #expect(folderOutput.status == 2)
        #expect(folderOutput.standardError.contains("is a folder"), Comment(rawValue: folderOutput.standardError))
        #expect(!folderOutput.standardError.contains("operation could not be completed"))
    }

    @Test func atomicWriteLeavesNothingBehindAndFollowsNoPlantedLink() throws {
        let source = try write("a.tiprules", program)
        let output = folder.appendingPathComponent("a.tipc").path
        let victim = try write("victim", Array("keep".utf8))
        // The old writer's predictable temporary name, planted as a link to another file.
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(".a.tipc.\(getpid()).tmp").path,
                                                   withDestinationPath: victim)
        #expect(run(["compile", source, "-o", output]).status == 0)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: victim)), as: UTF8.self) == "keep")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") && !$0.contains("\(getpid())") }
        #expect(leftovers == [])
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: output)).prefix(4)) == Array("TIPC".utf8))
    }

    // MARK: Unbounded reads

    @Test func endlessStandardInputIsCutAtTheLimit() {
        var asked = 0
        let result = run(["check", "--stdin"]) { limit in
            asked = limit
            return [UInt8](repeating: 0x20, count: limit + 1)
        }
        #expect(asked == (8 << 20))
        #expect(result.status == 1)
        #expect(result.standardError.contains("TR0602"), Comment(rawValue: result.standardError))
    }

    @Test func realEndlessInputEndsQuickly() throws {
        let start = Date()
        let descriptor = open("/dev/zero", O_RDONLY)
        defer { close(descriptor) }
        let bytes = try BoundedReader.read(descriptor, limit: 8 << 20).get()
        #expect(bytes.count == (8 << 20) + 1)
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func dashIsStandardInputForCheckAndFixtures() throws {
        let checked = run(["check", "-"]) { _ in self.program }
        #expect(checked.status == 0, Comment(rawValue: checked.standardError))
        let source = try write("a.tiprules", program)
        let evaluated = run(["eval", source, "--fixture", "-", "--format", "json"]) { _ in Array(#"{"now": 1795251600}"#.utf8) }
        #expect(evaluated.status == 0, Comment(rawValue: evaluated.standardError))
    }

    @Test func fixtureOverItsLimitIsRefused() throws {
        let source = try write("a.tiprules", program)
        let result = run(["eval", source, "--fixture", "-"]) { limit in [UInt8](repeating: 0x20, count: limit + 1) }
        #expect(result.status == 2)
        #expect(result.standardError.contains("larger than the limit of 64 MiB for a fixture"), Comment(rawValue: result.standardError))
    }

    // MARK: Quadratic loading

    @Test func unsortedDonationsLoadInLinearithmicTime() throws {
        let source = try write("e.tiprules", Array("event e(n: Int) limit(maximumCount: 1000000)\ntip T {\n    title: \"t\"\n    #Rule(Self.e) { $0.donations.count > 0 }\n}\n".utf8))
        let donations = (0..<100_000).map { "{\"date\": \(1_795_251_600 - $0), \"n\": \($0)}" }.joined(separator: ",")
        let fixture = try write("f.json", Array("{\"now\": 1795251600, \"donations\": {\"e\": [\(donations)]}}".utf8))
        let start = Date()
        let result = run(["eval", source, "--fixture", fixture, "--format", "json"])
        #expect(result.status == 0, Comment(rawValue: result.standardError))
        #expect(Date().timeIntervalSince(start) < 30, "100,000 newest-first donations")
    }

    // MARK: Huge output

    @Test func longLinesAndLiteralsAreShortened() throws {
        let name = String(repeating: "x", count: 1_000_000)
        let source = try write("big.tiprules", Array("parameter a: Bool = false\ntip T {\n    title: \"t\"\n    #Rule(Self.$a) { $0 == \(name) }\n}\n".utf8))
        let result = run(["check", source])
        #expect(result.status == 1)
        #expect(result.standardError.utf8.count < 2_000, "the excerpt and message are cut to a readable size")
        #expect(result.standardError.contains("…"))
        let json = run(["check", source, "--format", "json"])
        #expect(json.standardOutput.utf8.count < 2_000)
    }

    @Test func textOutputStopsAfterTheErrorLimit() throws {
        let source = try write("many.tiprules", Array((0..<120).map { "tip T\($0) { titel: \"x\" }" }.joined(separator: "\n").utf8))
        let result = run(["check", source])
        #expect(result.standardError.components(separatedBy: "error[").count - 1 == 50)
        #expect(result.standardError.contains("too many errors; stopping after 50"), Comment(rawValue: result.standardError))
        #expect(run(["check", source, "--error-limit", "0"]).standardError.components(separatedBy: "error[").count - 1 == 120)
        #expect(run(["check", source, "--error-limit", "x"]).status == 2)
    }

    @Test func aFileOfStrayCharactersStopsAtTheDiagnosticLimit() throws {
        // 8 MiB of '@' once made 8 million diagnostics: a minute and 4 GB.
        let source = try write("stray.tiprules", [UInt8](repeating: UInt8(ascii: "@"), count: (8 << 20) - 16))
        let start = Date()
        let result = run(["check", source, "--format", "json"])
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(result.status == 1)
        let count = try JSONParser().parse(result.standardOutput)["diagnostics"]?.arrayValue?.count
        #expect(count == 1000)
    }

    @Test func tokensAndDeclarationsAreBounded() throws {
        let parentheses = try write("parens.tiprules", [UInt8](repeating: UInt8(ascii: "("), count: 2 << 20))
        let tokens = run(["check", parentheses, "--format", "json"])
        #expect(tokens.standardOutput.contains("more than 1048576 tokens"), Comment(rawValue: tokens.standardOutput.prefix(500) + ""))
        let tips = try write("tips.tiprules", Array((0..<70_000).map { "tip T\($0) { title: \"a\" }\n" }.joined().utf8))
        let declarations = run(["check", tips, "--format", "json"])
        #expect(declarations.status == 1)
        #expect(declarations.standardOutput.contains("more than 65536 declarations"), Comment(rawValue: declarations.standardOutput.prefix(500) + ""))
    }

    @Test func binaryInputIsOneDiagnostic() throws {
        let source = try write("a.tiprules", program)
        let output = folder.appendingPathComponent("a.tipc").path
        #expect(run(["compile", source, "-o", output]).status == 0)
        let result = run(["check", output])
        #expect(result.status == 1)
        #expect(result.standardError.components(separatedBy: "error[").count - 1 == 1)
        #expect(result.standardError.contains("compiled bytecode"), Comment(rawValue: result.standardError))
    }

    // MARK: Dates

    @Test func datesOutsideTheYearsOneToNineThousandNineHundredNinetyNine() throws {
        let source = try write("a.tiprules", program)
        let huge = run(["eval", source, "--fixture", "-"]) { _ in Array(#"{"now": 1e300}"#.utf8) }
        #expect(huge.status == 2)
        #expect(huge.standardError.contains("now: 1e+300 seconds since 1970 is outside the years 0001 to 9999"), Comment(rawValue: huge.standardError))
        let milliseconds = run(["eval", source, "--fixture", "-", "--now", "1795251600000"]) { _ in Array("{}".utf8) }
        #expect(milliseconds.status == 2)
        #expect(milliseconds.standardError.contains("looks like milliseconds since 1970: divide by 1000 (2026-11-21T09:00:00Z)"), Comment(rawValue: milliseconds.standardError))
        let future = run(["eval", source, "--fixture", "-"]) { _ in
            Array(#"{"now": "2026-11-21T09:00:00Z", "lastDisplayDate": "2026-11-21T10:00:00Z"}"#.utf8)
        }
        #expect(future.status == 2)
        #expect(future.standardError.contains("lastDisplayDate: 2026-11-21T10:00:00Z is after now (2026-11-21T09:00:00Z)"), Comment(rawValue: future.standardError))
        let donation = run(["eval", source, "--fixture", "-"]) { _ in Array(#"{"lastDisplayDate": -99999999999999}"#.utf8) }
        #expect(donation.status == 2)
        #expect(donation.standardError.contains("lastDisplayDate:"), Comment(rawValue: donation.standardError))
    }
}
