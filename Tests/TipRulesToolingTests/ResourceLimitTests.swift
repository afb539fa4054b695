import Foundation
import XCTest
@testable import TipRulesTooling

/// Issue 6's input findings, each as a test of the outcome (a clear message and the contract's
/// exit status) and, where the attack was about time, a generous bound on it. See docs/limits.md.
final class ResourceLimitTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tiprulec-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    private func run(_ arguments: [String], stdin: @escaping (Int) -> [UInt8] = { _ in [] }) -> CommandResult {
        TiprulecCommand.run(arguments, environment: CommandEnvironment(readStandardInput: stdin), currentTime: { 1_795_251_600 })
    }

    private let program = Array("parameter a: Bool = false\ntip T {\n    title: \"t\"\n    #Rule(Self.$a) { $0 }\n}\n".utf8)

    // MARK: Data loss

    func testCompileNeverOverwritesASource() throws {
        let source = try write("a.tiprules", program)
        for output in [source, folder.appendingPathComponent("other.tiprules").path] {
            let result = run(["compile", source, "-o", output])
            XCTAssertEqual(result.status, 2, result.standardError)
            XCTAssertTrue(result.standardError.contains("refusing to write bytecode"), result.standardError)
        }
        let link = folder.appendingPathComponent("link.tipc").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: source)
        let throughLink = run(["compile", source, "-o", link])
        XCTAssertEqual(throughLink.status, 2)
        XCTAssertTrue(throughLink.standardError.contains("over the input"), throughLink.standardError)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: source))), program, "the source must be untouched")
    }

    func testCompileOutputNamesAreChecked() throws {
        let source = try write("a.tiprules", program)
        let missing = folder.appendingPathComponent("newdir").path
        let intoMissingFolder = run(["compile", source, "-o", missing + "/"])
        XCTAssertEqual(intoMissingFolder.status, 2)
        XCTAssertTrue(intoMissingFolder.standardError.contains("the folder does not exist"), intoMissingFolder.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing), "no file called newdir")
        let empty = run(["compile", source, "-o", ""])
        XCTAssertEqual(empty.status, 2)
        XCTAssertTrue(empty.standardError.contains("-o needs a file name"), empty.standardError)
        let folderOutput = run(["compile", source, "-o", folder.path])
        XCTAssertEqual(folderOutput.status, 2)
        XCTAssertTrue(folderOutput.standardError.contains("is a folder"), folderOutput.standardError)
        XCTAssertFalse(folderOutput.standardError.contains("operation could not be completed"))
    }

    func testAtomicWriteLeavesNothingBehindAndFollowsNoPlantedLink() throws {
        let source = try write("a.tiprules", program)
        let output = folder.appendingPathComponent("a.tipc").path
        let victim = try write("victim", Array("keep".utf8))
        // The old writer's predictable temporary name, planted as a link to another file.
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(".a.tipc.\(getpid()).tmp").path,
                                                   withDestinationPath: victim)
        XCTAssertEqual(run(["compile", source, "-o", output]).status, 0)
        XCTAssertEqual(String(decoding: try Data(contentsOf: URL(fileURLWithPath: victim)), as: UTF8.self), "keep")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") && !$0.contains("\(getpid())") }
        XCTAssertEqual(leftovers, [])
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: output)).prefix(4)), Array("TIPC".utf8))
    }

    // MARK: Unbounded reads

    func testEndlessStandardInputIsCutAtTheLimit() {
        var asked = 0
        let result = run(["check", "--stdin"]) { limit in
            asked = limit
            return [UInt8](repeating: 0x20, count: limit + 1)
        }
        XCTAssertEqual(asked, 8 << 20)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.standardError.contains("TR0602"), result.standardError)
    }

    func testRealEndlessInputEndsQuickly() throws {
        let start = Date()
        let descriptor = open("/dev/zero", O_RDONLY)
        defer { close(descriptor) }
        let bytes = try BoundedReader.read(descriptor, limit: 8 << 20).get()
        XCTAssertEqual(bytes.count, (8 << 20) + 1)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }

    func testDashIsStandardInputForCheckAndFixtures() throws {
        let checked = run(["check", "-"]) { _ in self.program }
        XCTAssertEqual(checked.status, 0, checked.standardError)
        let source = try write("a.tiprules", program)
        let evaluated = run(["eval", source, "--fixture", "-", "--format", "json"]) { _ in Array(#"{"now": 1795251600}"#.utf8) }
        XCTAssertEqual(evaluated.status, 0, evaluated.standardError)
    }

    func testFixtureOverItsLimitIsRefused() throws {
        let source = try write("a.tiprules", program)
        let result = run(["eval", source, "--fixture", "-"]) { limit in [UInt8](repeating: 0x20, count: limit + 1) }
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.standardError.contains("larger than the limit of 64 MiB for a fixture"), result.standardError)
    }

    // MARK: Quadratic loading

    func testUnsortedDonationsLoadInLinearithmicTime() throws {
        let source = try write("e.tiprules", Array("event e(n: Int) limit(maximumCount: 1000000)\ntip T {\n    title: \"t\"\n    #Rule(Self.e) { $0.donations.count > 0 }\n}\n".utf8))
        let donations = (0..<100_000).map { "{\"date\": \(1_795_251_600 - $0), \"n\": \($0)}" }.joined(separator: ",")
        let fixture = try write("f.json", Array("{\"now\": 1795251600, \"donations\": {\"e\": [\(donations)]}}".utf8))
        let start = Date()
        let result = run(["eval", source, "--fixture", fixture, "--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertLessThan(Date().timeIntervalSince(start), 30, "100,000 newest-first donations")
    }

    // MARK: Huge output

    func testLongLinesAndLiteralsAreShortened() throws {
        let name = String(repeating: "x", count: 1_000_000)
        let source = try write("big.tiprules", Array("parameter a: Bool = false\ntip T {\n    title: \"t\"\n    #Rule(Self.$a) { $0 == \(name) }\n}\n".utf8))
        let result = run(["check", source])
        XCTAssertEqual(result.status, 1)
        XCTAssertLessThan(result.standardError.utf8.count, 2_000, "the excerpt and message are cut to a readable size")
        XCTAssertTrue(result.standardError.contains("…"))
        let json = run(["check", source, "--format", "json"])
        XCTAssertLessThan(json.standardOutput.utf8.count, 2_000)
    }

    func testTextOutputStopsAfterTheErrorLimit() throws {
        let source = try write("many.tiprules", Array((0..<120).map { "tip T\($0) { titel: \"x\" }" }.joined(separator: "\n").utf8))
        let result = run(["check", source])
        XCTAssertEqual(result.standardError.components(separatedBy: "error[").count - 1, 50)
        XCTAssertTrue(result.standardError.contains("too many errors; stopping after 50"), result.standardError)
        XCTAssertEqual(run(["check", source, "--error-limit", "0"]).standardError.components(separatedBy: "error[").count - 1, 120)
        XCTAssertEqual(run(["check", source, "--error-limit", "x"]).status, 2)
    }

    func testAFileOfStrayCharactersStopsAtTheDiagnosticLimit() throws {
        // 8 MiB of '@' once made 8 million diagnostics: a minute and 4 GB.
        let source = try write("stray.tiprules", [UInt8](repeating: UInt8(ascii: "@"), count: (8 << 20) - 16))
        let start = Date()
        let result = run(["check", source, "--format", "json"])
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
        XCTAssertEqual(result.status, 1)
        let count = try JSONParser().parse(result.standardOutput)["diagnostics"]?.arrayValue?.count
        XCTAssertEqual(count, 1000)
    }

    func testTokensAndDeclarationsAreBounded() throws {
        let parentheses = try write("parens.tiprules", [UInt8](repeating: UInt8(ascii: "("), count: 2 << 20))
        let tokens = run(["check", parentheses, "--format", "json"])
        XCTAssertTrue(tokens.standardOutput.contains("more than 1048576 tokens"), tokens.standardOutput.prefix(500) + "")
        let tips = try write("tips.tiprules", Array((0..<70_000).map { "tip T\($0) { title: \"a\" }\n" }.joined().utf8))
        let declarations = run(["check", tips, "--format", "json"])
        XCTAssertEqual(declarations.status, 1)
        XCTAssertTrue(declarations.standardOutput.contains("more than 65536 declarations"), declarations.standardOutput.prefix(500) + "")
    }

    func testBinaryInputIsOneDiagnostic() throws {
        let source = try write("a.tiprules", program)
        let output = folder.appendingPathComponent("a.tipc").path
        XCTAssertEqual(run(["compile", source, "-o", output]).status, 0)
        let result = run(["check", output])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardError.components(separatedBy: "error[").count - 1, 1)
        XCTAssertTrue(result.standardError.contains("compiled bytecode"), result.standardError)
    }

    // MARK: Dates

    func testDatesOutsideTheYearsOneToNineThousandNineHundredNinetyNine() throws {
        let source = try write("a.tiprules", program)
        let huge = run(["eval", source, "--fixture", "-"]) { _ in Array(#"{"now": 1e300}"#.utf8) }
        XCTAssertEqual(huge.status, 2)
        XCTAssertTrue(huge.standardError.contains("now: 1e+300 seconds since 1970 is outside the years 0001 to 9999"), huge.standardError)
        let milliseconds = run(["eval", source, "--fixture", "-", "--now", "1795251600000"]) { _ in Array("{}".utf8) }
        XCTAssertEqual(milliseconds.status, 2)
        XCTAssertTrue(milliseconds.standardError.contains("looks like milliseconds since 1970: divide by 1000 (2026-11-21T09:00:00Z)"),
                      milliseconds.standardError)
        let future = run(["eval", source, "--fixture", "-"]) { _ in
            Array(#"{"now": "2026-11-21T09:00:00Z", "lastDisplayDate": "2026-11-21T10:00:00Z"}"#.utf8)
        }
        XCTAssertEqual(future.status, 2)
        XCTAssertTrue(future.standardError.contains("lastDisplayDate: 2026-11-21T10:00:00Z is after now (2026-11-21T09:00:00Z)"),
                      future.standardError)
        let donation = run(["eval", source, "--fixture", "-"]) { _ in Array(#"{"lastDisplayDate": -99999999999999}"#.utf8) }
        XCTAssertEqual(donation.status, 2)
        XCTAssertTrue(donation.standardError.contains("lastDisplayDate:"), donation.standardError)
    }
}
