import TipRulesRuntime
import TipRulesToolingCore
import TipRulesCalendar

/// Expectations that hold at one instant of a timeline case (`docs/testing.md`): after every
/// step at or before `at`, before any later one; an instant between steps is evaluated there.
struct RuleCheckpoint {
    /// Seconds since 1970.
    var at: Double
    /// Its JSON path in the test file, e.g. "cases[2].checkpoints[0]".
    var path: String
    var expectations: [RuleExpectation]

    private static let keys = ["at", "expect"]

    /// A checkpoint in `json`; errors name the JSON path.
    static func decode(_ json: JSONValue, at path: String) throws(FixtureError) -> RuleCheckpoint {
        guard let members = json.objectValue else { throw FixtureError(path: path, "expected an object") }
        try RuleTestFile.reject(members, allowed: keys, at: path)
        guard let atValue = members["at"] else { throw FixtureError(path: "\(path).at", "a checkpoint needs a date") }
        let at = try FixtureDecoder.date(atValue, at: "\(path).at")
        return RuleCheckpoint(at: at, path: path, expectations: try RuleExpectation.decodeList(members["expect"], at: "\(path).expect"))
    }

    /// "2026-11-21T12:00:00Z (cases[2].checkpoints[0])".
    var label: String {
        "\(RFC3339.format(at) ?? String(at)) (\(path))"
    }
}
