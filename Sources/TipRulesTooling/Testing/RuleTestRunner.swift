import Foundation
import TipRulesRuntime

/// The outcome of one case of a test file.
struct RuleTestOutcome {
    var file: String
    var name: String
    var failures: [RuleTestFailure]
    var passed: Bool { failures.isEmpty }
}

/// One expectation that did not hold (or a case that could not run: `key` is empty).
struct RuleTestFailure {
    var subject: String
    var key: String
    var expected: JSONValue
    var actual: JSONValue
    /// Why the subject is as it is (the tip's or group's explanation, a widget's error), or what
    /// kept the case from running.
    var explanation: String
}

/// Runs the cases of a test file: each fixture is evaluated as `eval` does, each timeline
/// simulated as `simulate` does, then the expectations are compared.
enum RuleTestRunner {
    /// The outcomes of the file at `path`, or why the file itself is unusable (exit 2).
    static func run(_ path: String, environment: CommandEnvironment) -> Result<[RuleTestOutcome], CommandResultError> {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        let file: RuleTestFile
        switch JSONFile.read(path).flatMap({ json in Result { () throws(FixtureError) in try RuleTestFile.decode(json) }
            .mapError { CommandError("\(path): \($0)") } }) {
        case .success(let value): file = value
        case .failure(let error): return .failure(CommandResultError(.failure(error.message)))
        }
        let program: Program
        switch ProgramLoader.load(directory.appendingPathComponent(file.program).path, environment: environment) {
        case .success(let loaded): program = loaded.program
        case .failure(let failure): return .failure(failure)
        }
        return .success(file.cases.map { testCase in
            let failures: [RuleTestFailure]
            switch outcome(of: testCase, program: program, directory: directory) {
            case .success(let value): failures = value
            case .failure(let error):
                failures = [RuleTestFailure(subject: "case", key: "", expected: .null, actual: .null, explanation: error.message)]
            }
            return RuleTestOutcome(file: path, name: testCase.name, failures: failures)
        })
    }

    /// The expectations that failed, or why the case could not run.
    private static func outcome(of testCase: RuleTestCase, program: Program,
                                directory: URL) -> Result<[RuleTestFailure], CommandError> {
        do {
            let result: EvaluationResult
            var firstDisplays: [String: Double] = [:]
            switch testCase.input {
            case .fixture(let value):
                let fixture = try FixtureDecoder.decode(try resolve(value, in: directory), for: program)
                let written = try testCase.now.map { value throws(FixtureError) in try FixtureDecoder.date(value, at: "now") }
                guard let now = written ?? fixture.now else { throw CommandError("the case needs a \"now\"") }
                try fixture.validate(at: now)
                result = evaluate(program, store: try fixture.makeStore(for: program), now: now)
            case .timeline(let value):
                let timeline = try TimelineDecoder.decode(try resolve(value, in: directory), for: program)
                guard let first = timeline.occurrences.first, let last = timeline.occurrences.last else {
                    throw CommandError("the timeline has no steps")
                }
                try timeline.state.validate(at: first.at)
                let log = try Simulator.run(timeline, program: program)
                for entry in log.entries {
                    for tip in entry.shown where firstDisplays[tip] == nil { firstDisplays[tip] = entry.at }
                }
                result = evaluate(program, store: log.finalStore, now: last.at)
            }
            return .success(testCase.expectations.flatMap {
                RuleExpectationCheck(program: program, result: result, firstDisplays: firstDisplays).failures(of: $0)
            })
        } catch let error as CommandError {
            return .failure(error)
        } catch {
            return .failure(CommandError("\(error)"))
        }
    }

    /// An inline value, or the JSON of the file a string names (relative to the test file).
    private static func resolve(_ value: JSONValue, in directory: URL) throws -> JSONValue {
        guard let path = value.stringValue else { return value }
        switch JSONFile.read(directory.appendingPathComponent(path).path) {
        case .success(let json): return json
        case .failure(let error): throw error
        }
    }

}
