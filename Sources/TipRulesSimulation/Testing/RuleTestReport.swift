import TipRulesRuntime
import TipRulesToolingCore
import TipRulesCalendar

/// The report of `tiprulec test` as text, JSON or JUnit XML.
enum RuleTestReport {
    /// "PASS file: case" / "FAIL file: case" with expected vs actual and why, then the totals.
    static func text(_ outcomes: [RuleTestOutcome]) -> String {
        var lines: [String] = []
        for outcome in outcomes {
            lines.append("\(outcome.passed ? "PASS" : "FAIL") \(outcome.file): \(outcome.name)")
            for failure in outcome.failures {
                // A failure without a key is its explanation already (a subject the program lacks).
                lines += ["  " + message(failure)] + (failure.key.isEmpty ? [] : ["    why: \(failure.explanation)"])
            }
        }
        let failed = outcomes.filter { !$0.passed }.count
        lines.append("\(outcomes.count - failed) passed, \(failed) failed")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{"passed": N, "failed": N, "cases": [{file, name, passed, failures: [{checkpoint, subject, key, expected, actual,
    /// explanation}]}]}`; `checkpoint` is `{"at", "path"}`, or null for the expectations after the last step.
    static func json(_ outcomes: [RuleTestOutcome]) -> JSONValue {
        let failed = outcomes.filter { !$0.passed }.count
        return ["passed": .integer(outcomes.count - failed), "failed": .integer(failed),
                "cases": .array(outcomes.map { outcome in
                    ["file": .string(outcome.file), "name": .string(outcome.name), "passed": .bool(outcome.passed),
                     "failures": .array(outcome.failures.map { failure in
                         ["checkpoint": failure.checkpoint.map(checkpoint) ?? .null,
                          "subject": .string(failure.subject), "key": .string(failure.key), "expected": failure.expected,
                          "actual": failure.actual, "explanation": .string(failure.explanation)]
                     })]
                })]
    }

    /// JUnit XML: one `testsuite` per file, one `testcase` per case, a `failure` per failed case.
    static func junit(_ outcomes: [RuleTestOutcome]) -> String {
        var files: [String] = []
        for outcome in outcomes where !files.contains(outcome.file) { files.append(outcome.file) }
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<testsuites>"]
        for file in files {
            let cases = outcomes.filter { $0.file == file }
            lines.append("  <testsuite name=\"\(escaped(file))\" tests=\"\(cases.count)\" failures=\"\(cases.filter { !$0.passed }.count)\">")
            for outcome in cases {
                let open = "    <testcase classname=\"\(escaped(file))\" name=\"\(escaped(outcome.name))\""
                guard !outcome.passed else {
                    lines.append(open + "/>")
                    continue
                }
                let messages = outcome.failures.map { message($0) + ($0.key.isEmpty ? "" : " (why: \($0.explanation))") }
                lines += [open + ">",
                          "      <failure message=\"\(escaped(messages.first ?? ""))\">\(escaped(messages.joined(separator: "\n")))</failure>",
                          "    </testcase>"]
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// "FavoriteBackyardTip status: expected "available", found "pending"", after "checkpoint
    /// 2026-11-21T12:00:00Z (cases[2].checkpoints[0]): " for a checkpoint's; or what kept the case from running.
    private static func message(_ failure: RuleTestFailure) -> String {
        let checkpoint = failure.checkpoint.map { "checkpoint \($0.label): " } ?? ""
        guard !failure.key.isEmpty else { return checkpoint + "\(failure.subject): \(failure.explanation)" }
        return checkpoint + "\(failure.subject) \(failure.key): expected \(JSONWriter.string(from: failure.expected)), "
            + "found \(JSONWriter.string(from: failure.actual))"
    }

    private static func checkpoint(_ checkpoint: RuleCheckpoint) -> JSONValue {
        ["at": .string(RFC3339.format(checkpoint.at) ?? String(checkpoint.at)), "path": .string(checkpoint.path)]
    }

    /// JUnit XML's text and attributes, escaped as SVG's are.
    private static func escaped(_ text: String) -> String { SVGText.escaped(text) }
}
