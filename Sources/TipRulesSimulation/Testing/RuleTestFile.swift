import TipRulesToolingCore
/// A test file for `tiprulec test` (`docs/testing.md`): a program and cases, each a fixture or a
/// timeline plus expectations. Paths are relative to the test file.
struct RuleTestFile {
    var program: String
    var cases: [RuleTestCase]

    private static let topLevelKeys = ["program", "cases"]
    private static let caseKeys = ["name", "fixture", "timeline", "now", "expect", "checkpoints"]

    /// The test file in `json`; errors name the JSON path.
    static func decode(_ json: JSONValue) throws(FixtureError) -> RuleTestFile {
        guard let members = json.objectValue else { throw FixtureError(path: "", "expected an object") }
        try reject(members, allowed: topLevelKeys, at: "")
        guard let program = members["program"]?.stringValue else { throw FixtureError(path: "program", "expected the program's path") }
        guard let values = members["cases"]?.arrayValue, !values.isEmpty else {
            throw FixtureError(path: "cases", "expected a non-empty array of cases")
        }
        var cases: [RuleTestCase] = []
        for (index, value) in values.enumerated() {
            cases.append(try decodeCase(value, at: "cases[\(index)]"))
        }
        return RuleTestFile(program: program, cases: cases)
    }

    private static func decodeCase(_ json: JSONValue, at path: String) throws(FixtureError) -> RuleTestCase {
        guard let members = json.objectValue else { throw FixtureError(path: path, "expected an object") }
        try reject(members, allowed: caseKeys, at: path)
        guard let name = members["name"]?.stringValue else { throw FixtureError(path: "\(path).name", "expected a string") }
        let input: RuleTestCase.Input
        switch (members["fixture"], members["timeline"]) {
        case (let fixture?, nil): input = .fixture(fixture)
        case (nil, let timeline?): input = .timeline(timeline)
        default: throw FixtureError(path: path, "a case has exactly one of fixture, timeline")
        }
        var checkpoints: [RuleCheckpoint] = []
        if let value = members["checkpoints"] {
            guard case .timeline = input else { throw FixtureError(path: "\(path).checkpoints", "only a timeline case has checkpoints") }
            guard let values = value.arrayValue, !values.isEmpty else {
                throw FixtureError(path: "\(path).checkpoints", "expected a non-empty array of checkpoints")
            }
            for (index, checkpoint) in values.enumerated() {
                checkpoints.append(try RuleCheckpoint.decode(checkpoint, at: "\(path).checkpoints[\(index)]"))
            }
        }
        // With checkpoints, the expectations after the last step are optional.
        var expectations: [RuleExpectation] = []
        if checkpoints.isEmpty || members["expect"] != nil {
            expectations = try RuleExpectation.decodeList(members["expect"], at: "\(path).expect")
        }
        return RuleTestCase(name: name, input: input, now: members["now"], expectations: expectations, checkpoints: checkpoints)
    }

    static func reject(_ members: JSONObject, allowed: [String], at path: String) throws(FixtureError) {
        if let unknown = members.keys.first(where: { !allowed.contains($0) }) {
            throw FixtureError(path: path.isEmpty ? unknown : "\(path).\(unknown)",
                               "unknown key (expected \(allowed.joined(separator: ", ")))")
        }
    }
}

/// One case: a store (a fixture, inline or a path) or a timeline (inline or a path), and what
/// must hold at `now` (a fixture case) or after the last step and at checkpoints (a timeline case).
struct RuleTestCase {
    enum Input {
        case fixture(JSONValue)
        case timeline(JSONValue)
    }

    var name: String
    var input: Input
    /// Overrides a fixture's `now`.
    var now: JSONValue?
    /// What must hold after the last step or at `now`.
    var expectations: [RuleExpectation]
    /// For a timeline case: what must hold at given instants.
    var checkpoints: [RuleCheckpoint]
}

/// What one tip, group or widget must be: the subject, and the members of its `eval --format
/// json` object that must have the given values (numbers within `tolerance`).
struct RuleExpectation {
    enum Subject: Equatable {
        case tip(String), group(String), widget(String)
    }

    var subject: Subject
    /// For a tip: the index of a rule whose `result` is expected.
    var rule: Int?
    var expected: [(key: String, value: JSONValue)]
    var tolerance: Double

    private static let allowed: [String: [String]] = [
        "tip": ["status", "reason", "pendingReason", "display", "rule", "result", "firstDisplaysAt"],
        "group": ["currentTip"],
        "widget": ["score", "duration", "relevant", "suggested", "tolerance"],
    ]

    /// A non-empty array of expectations.
    static func decodeList(_ json: JSONValue?, at path: String) throws(FixtureError) -> [RuleExpectation] {
        guard let values = json?.arrayValue, !values.isEmpty else {
            throw FixtureError(path: path, "expected a non-empty array of expectations")
        }
        var decoded: [RuleExpectation] = []
        for (index, value) in values.enumerated() {
            decoded.append(try decode(value, at: "\(path)[\(index)]"))
        }
        return decoded
    }

    static func decode(_ json: JSONValue, at path: String) throws(FixtureError) -> RuleExpectation {
        guard let members = json.objectValue else { throw FixtureError(path: path, "expected an object") }
        let subjects = ["tip", "group", "widget"].filter { members[$0] != nil }
        guard subjects.count == 1, let kind = subjects.first, let name = members[kind]?.stringValue else {
            throw FixtureError(path: path, "an expectation names exactly one tip, group or widget")
        }
        try RuleTestFile.reject(members, allowed: [kind] + (allowed[kind] ?? []), at: path)
        let subject: Subject = kind == "tip" ? .tip(name) : kind == "group" ? .group(name) : .widget(name)
        var rule: Int?
        if let value = members["rule"] {
            guard let index = value.intValue, index >= 0, members["result"] != nil else {
                throw FixtureError(path: "\(path).rule", "expected a rule index (from 0) with a \"result\"")
            }
            rule = index
        }
        let tolerance = members["tolerance"]?.doubleValue ?? 1e-9
        let expected = members.entries.filter { !["tip", "group", "widget", "rule", "tolerance"].contains($0.key) }
        guard !expected.isEmpty else { throw FixtureError(path: path, "the expectation expects nothing") }
        return RuleExpectation(subject: subject, rule: rule, expected: expected.map { ($0.key, $0.value) },
                               tolerance: tolerance)
    }
}
