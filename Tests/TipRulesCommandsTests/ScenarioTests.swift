import Foundation
import Testing
import TipRulesCommands
import TipRulesToolingCore
import TipRulesTestSupport

/// Scenario tests for `tiprulec eval`, kept as data in `Scenarios/`:
///
/// - `NAME.tiprules` — a program;
/// - `NAME.SCENARIO.json` — a store (fixture) for it;
/// - `NAME.SCENARIO.expected.json` — what `tiprulec eval NAME.tiprules --fixture NAME.SCENARIO.json
///   --format json` must contain, matched objects by
///   subset, arrays of the same length element by element, numbers within 1e-9 (relative).
///
/// Each scenario runs twice: from the source, and from the bytecode that `tiprulec compile`
/// writes; the two results must be identical. Reference scenarios kept outside the repository
/// (a folder named by `TIPRULEC_REFERENCE_EXAMPLES`)
/// go through the same runner when they are there.
@Suite struct ScenarioTests {
    /// `Tests/TipRulesCommandsTests/Scenarios`.
    static let scenarioDirectory = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
        .appendingPathComponent("Scenarios")

    /// Reference scenarios outside the repository, if any.
    static let referenceExamplesDirectory: URL? = ProcessInfo.processInfo.environment["TIPRULEC_REFERENCE_EXAMPLES"]
        .map { URL(fileURLWithPath: $0) }

    /// Why `referenceExamples` is skipped when it is.
    static let noReferenceExamples: Comment = """
        optional: no reference scenarios outside the repository (set TIPRULEC_REFERENCE_EXAMPLES to a folder of \
        NAME.tiprules, NAME.SCENARIO.json and NAME.SCENARIO.expected.json files to run them too); \
        the repository's own scenarios run in testScenarios
        """

    /// The project's own scenarios.
    @Test func testScenarios() throws {
        let scenarios = try Scenario.all(in: Self.scenarioDirectory)
        #expect(scenarios.count >= 130, "expected at least 130 scenarios in \(Self.scenarioDirectory.path)")
        try ScenarioRunner.run(scenarios)
    }

    /// The reference scenarios, through the same runner.
    @Test(.enabled(if: referenceExamplesDirectory.map { FileManager.default.fileExists(atPath: $0.path) } ?? false,
                   noReferenceExamples))
    func referenceExamples() throws {
        let directory = try #require(Self.referenceExamplesDirectory)
        let scenarios = try Scenario.all(in: directory)
        #expect(!scenarios.isEmpty, "no scenarios in \(directory.path)")
        try ScenarioRunner.run(scenarios)
    }

    /// Every scenario program passes `tiprulec check` without a diagnostic (but the lint
    /// warnings, TR07xx, that a scenario exercises on purpose), and every file in `Scenarios/`
    /// belongs to a scenario.
    @Test func scenarioFilesAreConsistent() throws {
        let directory = Self.scenarioDirectory
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let programs = names.filter { $0.hasSuffix(".tiprules") }
        #expect(!programs.isEmpty)
        for program in programs {
            let path = directory.appendingPathComponent(program).path
            let result = TiprulecCommand.run(["check", path, "--format", "json"], environment: CommandEnvironment())
            #expect(result.status == 0, "\(program): tiprulec check failed:\n\(result.standardOutput)\(result.standardError)")
            let diagnostics = (try? JSONParser().parse(result.standardOutput)["diagnostics"]?.arrayValue) ?? nil
            let unexpected = diagnostics?.filter { $0["code"]?.stringValue?.hasPrefix("TR07") != true }
            #expect(unexpected == [], "\(program): expected no diagnostics, found \(result.standardOutput)")
            let base = String(program.dropLast(".tiprules".count))
            #expect(names.contains { $0.hasPrefix(base + ".") && $0.hasSuffix(".expected.json") }, "\(program) has no scenario")
        }
        for name in names where name.hasSuffix(".json") {
            let parts = name.split(separator: ".")
            #expect(parts.count == 3 || (parts.count == 4 && name.hasSuffix(".expected.json")), "\(name): expected NAME.SCENARIO.json or NAME.SCENARIO.expected.json")
            guard let program = parts.first else { continue }
            #expect(programs.contains("\(program).tiprules"), "\(name): there is no \(program).tiprules")
            if name.hasSuffix(".expected.json") {
                let fixture = name.dropLast(".expected.json".count) + ".json"
                #expect(names.contains(String(fixture)), "\(name): there is no \(fixture)")
            } else {
                let expected = name.dropLast(".json".count) + ".expected.json"
                #expect(names.contains(String(expected)), "\(name): there is no \(expected)")
            }
        }
    }

    /// The matcher itself: what it accepts and how it reports a mismatch.
    @Test func subsetMatcher() throws {
        let actual = try JSONParser().parse(#"{"a": 1, "b": [true, {"c": "x", "d": 0.30000000000000004}], "e": null}"#)
        #expect(SubsetMatcher.mismatches(expected: try JSONParser().parse(#"{"b": [true, {"d": 0.3}]}"#), actual: actual) == [])
        #expect(SubsetMatcher.mismatches(expected: try JSONParser().parse(#"{"a": 1.0, "e": null}"#), actual: actual) == [])
        #expect(SubsetMatcher.mismatches(expected: try JSONParser().parse(#"{"b": [true]}"#), actual: actual) == ["$.b: expected 1 elements, found 2"])
        #expect(SubsetMatcher.mismatches(expected: try JSONParser().parse(#"{"b": [false, {"c": "y"}], "z": 1}"#), actual: actual) == [#"$.b[0]: expected false, found true"#, #"$.b[1].c: expected "y", found "x""#, "$.z: missing"])
        #expect(SubsetMatcher.mismatches(expected: try JSONParser().parse(#"{"a": true, "e": 0}"#), actual: actual) == ["$.a: expected true, found 1", "$.e: expected 0, found null"])
        #expect(SubsetMatcher.mismatches(expected: try JSONParser().parse(#"{"a": {}, "b": {}}"#), actual: actual) == ["$.a: expected an object, found 1", #"$.b: expected an object, found [true,{"c":"x","d":0.30000000000000004}]"#])
    }
}

/// One scenario: a program, a fixture and the expected result.
struct Scenario {
    /// `NAME.SCENARIO`.
    var name: String
    var program: URL
    var fixture: URL
    var expected: URL

    /// Every `NAME.SCENARIO.expected.json` in `directory` with its fixture and program, by name.
    static func all(in directory: URL) throws -> [Scenario] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        return names.filter { $0.hasSuffix(".expected.json") }.map { file in
            let name = String(file.dropLast(".expected.json".count))
            let program = String(name.prefix { $0 != "." })
            return Scenario(name: name,
                            program: directory.appendingPathComponent(program + ".tiprules"),
                            fixture: directory.appendingPathComponent(name + ".json"),
                            expected: directory.appendingPathComponent(file))
        }
    }
}

/// Runs scenarios from source and from bytecode and reports every mismatch with the scenario's name.
enum ScenarioRunner {
    static func run(_ scenarios: [Scenario], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let temporary = URL(fileURLWithPath: temporaryFolder(prefix: "tiprulec-scenarios"), isDirectory: true)
        defer { removeTemporaryFolder(temporary.path) }

        // Compile each program once.
        var bytecode: [URL: URL] = [:]
        for program in Set(scenarios.map(\.program)).sorted(by: { $0.path < $1.path }) {
            let output = temporary.appendingPathComponent(program.deletingPathExtension().lastPathComponent + ".tipc")
            let result = TiprulecCommand.run(["compile", program.path, "-o", output.path], environment: CommandEnvironment())
            if result.status == 0, FileManager.default.fileExists(atPath: output.path) {
                bytecode[program] = output
            } else {
                Issue.record("\(program.lastPathComponent): tiprulec compile exited \(result.status):\n\(result.standardError)", sourceLocation: sourceLocation)
            }
        }

        var failed = 0
        for scenario in scenarios {
            if !check(scenario, bytecode: bytecode[scenario.program], sourceLocation: sourceLocation) { failed += 1 }
        }
        if failed > 0 {
            Issue.record("\(failed) of \(scenarios.count) scenarios failed", sourceLocation: sourceLocation)
        }
    }

    /// Runs one scenario; false if anything failed (each failure is reported).
    private static func check(_ scenario: Scenario, bytecode: URL?, sourceLocation: Testing.SourceLocation) -> Bool {
        func fail(_ message: String) -> Bool {
            Issue.record("\(scenario.name): \(message)", sourceLocation: sourceLocation)
            return false
        }
        let expected: JSONValue
        do {
            guard let data = FileManager.default.contents(atPath: scenario.expected.path) else {
                return fail("cannot read \(scenario.expected.path)")
            }
            expected = try JSONParser().parse(Array(data))
        } catch {
            return fail("\(scenario.expected.lastPathComponent) is not JSON: \(error)")
        }

        let fromSource = evaluate(scenario.program, scenario.fixture)
        guard case .success(text: let sourceText, json: let actual) = fromSource else {
            if case .failure(let message) = fromSource { return fail("eval of \(scenario.program.lastPathComponent) \(message)") }
            return false
        }
        let mismatches = SubsetMatcher.mismatches(expected: expected, actual: actual)
        var passed = true
        if !mismatches.isEmpty {
            passed = fail("\(mismatches.count) mismatches:\n  " + mismatches.joined(separator: "\n  ")
                          + "\nactual result:\n\(sourceText)")
        }

        guard let bytecode else { return false }
        switch evaluate(bytecode, scenario.fixture) {
        case .failure(let message):
            return fail("eval of the compiled \(bytecode.lastPathComponent) \(message)")
        case .success(text: let bytecodeText, json: let fromBytecode):
            if bytecodeText != sourceText {
                let differences = JSONDifference.differences(fromBytecode, actual)
                return fail("the result from bytecode differs from the result from source:\n  "
                            + (differences.isEmpty ? ["the texts differ"] : differences).prefix(20).joined(separator: "\n  "))
            }
        }
        return passed
    }

    private enum Evaluation {
        case success(text: String, json: JSONValue)
        case failure(String)
    }

    private static func evaluate(_ program: URL, _ fixture: URL) -> Evaluation {
        let result = TiprulecCommand.run(["eval", program.path, "--fixture", fixture.path, "--format", "json"],
                                         environment: CommandEnvironment())
        guard result.status == 0 else {
            return .failure("exited \(result.status):\n\(result.standardError)")
        }
        do {
            return .success(text: result.standardOutput, json: try JSONParser().parse(result.standardOutput))
        } catch {
            return .failure("printed something that is not JSON (\(error)):\n\(result.standardOutput)")
        }
    }
}

/// A Swift port of the reference scenarios' `expect_subset.py`: every key of an expected object must be in
/// the actual object with a matching value; arrays must have the same length and match element
/// by element; numbers match within 1e-9 (relative to the expected value when it is over 1);
/// strings, booleans and null must be equal and of the same kind.
enum SubsetMatcher {
    static func mismatches(expected: JSONValue, actual: JSONValue, path: String = "$") -> [String] {
        switch expected {
        case .object(let members):
            guard case .object(let actualMembers) = actual else {
                return ["\(path): expected an object, found \(short(actual))"]
            }
            var result: [String] = []
            for (key, value) in members.entries {
                if let actualValue = actualMembers[key] {
                    result += mismatches(expected: value, actual: actualValue, path: "\(path).\(key)")
                } else {
                    result.append("\(path).\(key): missing")
                }
            }
            return result
        case .array(let elements):
            guard case .array(let actualElements) = actual else {
                return ["\(path): expected an array, found \(short(actual))"]
            }
            guard elements.count == actualElements.count else {
                return ["\(path): expected \(elements.count) elements, found \(actualElements.count)"]
            }
            return zip(elements, actualElements).enumerated().flatMap { index, pair in
                mismatches(expected: pair.0, actual: pair.1, path: "\(path)[\(index)]")
            }
        case .bool, .null, .string:
            return expected == actual ? [] : ["\(path): expected \(text(expected)), found \(text(actual))"]
        case .integer, .number:
            guard let want = expected.doubleValue, let got = actual.doubleValue else {
                return ["\(path): expected \(text(expected)), found \(text(actual))"]
            }
            if case .integer(let a) = expected, case .integer(let b) = actual, a == b { return [] }
            return abs(want - got) <= 1e-9 * max(1.0, abs(want)) ? [] : ["\(path): expected \(text(expected)), found \(text(actual))"]
        }
    }

    static func text(_ value: JSONValue) -> String {
        JSONWriter.string(from: value)
    }

    /// At most 80 characters, as `expect_subset.py` prints.
    static func short(_ value: JSONValue) -> String {
        String(text(value).prefix(80))
    }
}

/// Where two JSON values differ, for a readable failure message.
enum JSONDifference {
    static func differences(_ left: JSONValue, _ right: JSONValue, path: String = "$") -> [String] {
        switch (left, right) {
        case (.object(let a), .object(let b)):
            var result: [String] = []
            for key in a.keys {
                if let value = b[key] {
                    result += differences(a[key]!, value, path: "\(path).\(key)")
                } else {
                    result.append("\(path).\(key): only in the first")
                }
            }
            for key in b.keys where a[key] == nil { result.append("\(path).\(key): only in the second") }
            return result
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return ["\(path): \(a.count) elements against \(b.count)"] }
            return zip(a, b).enumerated().flatMap { index, pair in differences(pair.0, pair.1, path: "\(path)[\(index)]") }
        default:
            return left == right ? [] : ["\(path): \(SubsetMatcher.text(left)) against \(SubsetMatcher.text(right))"]
        }
    }
}
