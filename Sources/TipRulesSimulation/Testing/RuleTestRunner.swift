#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TipRulesRuntime
import TipRulesToolingCore

/// The outcome of one case of a test file.
struct RuleTestOutcome {
    var file: String
    var name: String
    var failures: [RuleTestFailure]
    var passed: Bool { failures.isEmpty }
}

/// One expectation that did not hold (or a case that could not run: `key` is empty).
struct RuleTestFailure {
    /// The checkpoint whose expectation failed; nil after the last step or at a fixture's `now`.
    var checkpoint: RuleCheckpoint?
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
    /// The outcomes of the file at `path`; it throws why the file itself is unusable (exit 2).
    /// Every evaluation's work is charged to `meter`: once its budget is spent, the run stops (exit 2).
    static func run(_ path: String, environment: CommandEnvironment,
                    meter: inout RunWorkMeter) throws(CommandResultError) -> [RuleTestOutcome] {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        let file = try JSONFile.read(path).flatMap({ json in Result { () throws(FixtureError) in try RuleTestFile.decode(json) }
            .mapError { CommandError("\(path): \($0)") } }).orFailure()
        let program = try ProgramLoader.load(directory.appendingPathComponent(file.program).path, environment: environment).get().program
        var outcomes: [RuleTestOutcome] = []
        for testCase in file.cases {
            let failures: [RuleTestFailure]
            switch outcome(of: testCase, program: program, directory: directory, environment: environment, meter: &meter) {
            case .success(let value): failures = value
            case .failure(let error):
                failures = [RuleTestFailure(subject: "case", key: "", expected: .null, actual: .null, explanation: error.message)]
            }
            if meter.budget.isExhausted {
                throw CommandResultError(.failure("\(path): case \"\(testCase.name)\": \(meter.budget.exhaustion.message)"))
            }
            outcomes.append(RuleTestOutcome(file: path, name: testCase.name, failures: failures))
        }
        return outcomes
    }

    /// The expectations that failed, or why the case could not run.
    private static func outcome(of testCase: RuleTestCase, program: Program, directory: URL,
                                environment: CommandEnvironment, meter: inout RunWorkMeter) -> Result<[RuleTestFailure], CommandError> {
        do {
            switch testCase.input {
            case .fixture(let value):
                let fixture = try FixtureDecoder.decode(try resolve(value, in: directory), for: program)
                let written = try testCase.now.map { value throws(FixtureError) in try FixtureDecoder.date(value, at: "now") }
                guard let now = written ?? fixture.now else { throw CommandError("the case needs a \"now\"") }
                try fixture.validate(at: now)
                let result = try evaluate(program, store: try fixture.makeStore(for: program), now: now, meter: &meter)
                return .success(failures(of: testCase.expectations, RuleExpectationCheck(program: program, result: result, firstDisplays: [:])))
            case .timeline(let value):
                return .success(try timelineFailures(of: testCase, value, program: program, directory: directory,
                                                     environment: environment, meter: &meter))
            }
        } catch let error as CommandError {
            return .failure(error)
        } catch {
            return .failure(CommandError("\(error)"))
        }
    }

    /// Runs a timeline case (its `update` steps loaded beside the timeline file), checking each
    /// checkpoint's expectations at its instant and the case's after the last step.
    private static func timelineFailures(of testCase: RuleTestCase, _ value: JSONValue, program: Program, directory: URL,
                                         environment: CommandEnvironment, meter: inout RunWorkMeter) throws -> [RuleTestFailure] {
        let folder = value.stringValue.map { directory.appendingPathComponent($0).deletingLastPathComponent() } ?? directory
        let updates = TimelineProgramLoader(directory: folder, environment: environment)
        let timeline = try TimelineDecoder.decode(try resolve(value, in: directory), for: program, loadingUpdates: updates.load)
        guard let first = timeline.occurrences.first, let last = timeline.occurrences.last else {
            throw CommandError("the timeline has no steps")
        }
        try timeline.state.validate(at: first.at)
        let log = try Simulator.run(timeline, program: program, checkpoints: testCase.checkpoints.map(\.at), meter: &meter)
        /// When each tip (by id) was first shown, up to an instant.
        func firstDisplays(until instant: Double) -> [String: Double] {
            var shown: [String: Double] = [:]
            for entry in log.entries where entry.at <= instant {
                for tip in entry.shown where shown[tip] == nil { shown[tip] = entry.at }
            }
            return shown
        }
        let atCheckpoints = zip(testCase.checkpoints, log.checkpoints).flatMap { checkpoint, snapshot in
            failures(of: checkpoint.expectations, RuleExpectationCheck(program: snapshot.program, result: snapshot.result,
                                                                       firstDisplays: firstDisplays(until: checkpoint.at)),
                     at: checkpoint)
        }
        let final = log.finalStore.program
        let check = RuleExpectationCheck(program: final, result: try evaluate(final, store: log.finalStore, now: last.at, meter: &meter),
                                         firstDisplays: firstDisplays(until: last.at))
        return atCheckpoints + failures(of: testCase.expectations, check)
    }

    /// Every tip, group and widget evaluated with explanations, as `eval` does, the work charged to `meter`.
    private static func evaluate(_ program: Program, store: EventStore, now: Double,
                                 meter: inout RunWorkMeter) throws(CommandError) -> EvaluationResult {
        var evaluator = Evaluator(program: program)
        let result = evaluator.evaluate(store, now: now, explaining: true)
        try meter.update(total: meter.charged + evaluator.workDone)
        return result
    }

    /// The expectations that `check` finds failing, said of `checkpoint` when there is one.
    private static func failures(of expectations: [RuleExpectation], _ check: RuleExpectationCheck,
                                 at checkpoint: RuleCheckpoint? = nil) -> [RuleTestFailure] {
        expectations.flatMap { check.failures(of: $0) }.map { failure in
            var failure = failure
            failure.checkpoint = checkpoint
            return failure
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
