import TipRulesCompiler
import TipRulesRuntime
import TipRulesCalendar

/// Reads a fixture's JSON against a program, with errors that name the JSON path,
/// say what was expected and suggest the nearest name.
public enum FixtureDecoder {
    private static let topLevelKeys = ["now", "parameters", "donations", "tips", "lastDisplayDate", "testing", "utcOffset",
                                         "exposures"]
    private static let tipKeys = ["displayCount", "displayDuration", "invalidated", "displays", "invalidatedAt"]
    private static let testingKeys = ["showAllTips", "hideAllTips", "showTips", "hideTips"]
    private static let exposureKeys = ["tip", "group", "percent", "arm", "date"]

    /// Decodes fixture bytes for `program`.
    public static func decode(_ bytes: [UInt8], for program: Program) throws(FixtureError) -> Fixture {
        let json: JSONValue
        do {
            json = try JSONParser().parse(bytes)
        } catch {
            throw FixtureError(path: "", "not valid JSON: \(error)")
        }
        return try decode(json, for: program)
    }

    /// Decodes a parsed fixture for `program`.
    public static func decode(_ json: JSONValue, for program: Program) throws(FixtureError) -> Fixture {
        let root = try object(json, at: "")
        try rejectUnknownKeys(root, allowed: topLevelKeys, at: "", what: "key")
        var fixture = Fixture()
        if let now = root["now"] { fixture.now = try date(now, at: "now") }
        if let parameters = root["parameters"] {
            fixture.parameters = try decodeParameters(parameters, program: program)
        }
        if let donations = root["donations"] {
            fixture.donations = try decodeDonations(donations, program: program)
        }
        if let tips = root["tips"] {
            fixture.tipStates = try decodeTips(tips, program: program)
            for (name, _) in try object(tips, at: "tips").entries {
                if let index = program.tipIndex(named: name) { fixture.tipNames[index] = name }
            }
        }
        if let last = root["lastDisplayDate"], !last.isNull {
            fixture.lastDisplayDate = try date(last, at: "lastDisplayDate")
        }
        if let testing = root["testing"] {
            fixture.testing = try decodeTesting(testing, program: program)
        }
        if let offset = root["utcOffset"] { fixture.utcOffset = try utcOffset(offset) }
        if let exposures = root["exposures"] { fixture.exposures = try decodeExposures(exposures, program: program) }
        return fixture
    }

    // MARK: sections

    private static func decodeParameters(_ json: JSONValue, program: Program) throws(FixtureError) -> [(index: Int, value: ScalarValue)] {
        let members = try object(json, at: "parameters")
        var result: [(index: Int, value: ScalarValue)] = []
        for (name, value) in members.entries {
            let path = "parameters.\(name)"
            guard let index = program.parameterIndex(named: name) else {
                throw FixtureError(path: path, "no such parameter" + suggestion(name, program.parameters.map(\.name)))
            }
            result.append((index, try scalar(value, of: program.parameters[index].type, at: path)))
        }
        return result
    }

    private static func decodeDonations(_ json: JSONValue, program: Program) throws(FixtureError) -> [(event: Int, date: Double, fields: [ScalarValue])] {
        let members = try object(json, at: "donations")
        var result: [(event: Int, date: Double, fields: [ScalarValue])] = []
        for (name, value) in members.entries {
            let path = "donations.\(name)"
            guard let eventIndex = program.eventIndex(named: name) else {
                throw FixtureError(path: path, "no such event" + suggestion(name, program.events.map(\.name)))
            }
            let event = program.events[eventIndex]
            guard case .array(let items) = value else {
                throw FixtureError(path: path, "expected an array of donations, found \(describe(value))")
            }
            let allowed = ["date"] + event.fields.map(\.name)
            result.reserveCapacity(result.count + items.count)
            for (position, item) in items.enumerated() {
                // Paths are made only for an error: a million donations make no strings.
                let itemPath = { "\(path)[\(position)]" }
                let donation = try object(item, at: itemPath())
                try rejectUnknownKeys(donation, allowed: allowed, at: itemPath(), what: "field")
                guard let dateValue = donation["date"] else { throw FixtureError(path: itemPath(), "missing 'date'") }
                let date = try date(dateValue, at: "\(itemPath()).date")
                var fields: [ScalarValue] = []
                fields.reserveCapacity(event.fields.count)
                for field in event.fields {
                    guard let fieldValue = donation[field.name] else {
                        throw FixtureError(path: itemPath(), "missing field '\(field.name)' (\(field.type))")
                    }
                    fields.append(try scalar(fieldValue, of: field.type, at: "\(itemPath()).\(field.name)"))
                }
                result.append((eventIndex, date, fields))
            }
        }
        return result
    }

    private static func decodeTips(_ json: JSONValue, program: Program) throws(FixtureError) -> [(tip: Int, state: TipState)] {
        let members = try object(json, at: "tips")
        var result: [(tip: Int, state: TipState)] = []
        for (name, value) in members.entries {
            let path = "tips.\(name)"
            let index = try tipIndex(name, program: program, at: path)
            let fields = try object(value, at: path)
            try rejectUnknownKeys(fields, allowed: tipKeys, at: path, what: "key")
            var state = TipState()
            if let displays = fields["displays"] {
                guard case .array(let items) = displays else {
                    throw FixtureError(path: "\(path).displays", "expected an array of dates, found \(describe(displays))")
                }
                var dates: [Double] = []
                for (position, item) in items.enumerated() { dates.append(try date(item, at: "\(path).displays[\(position)]")) }
                state.displayDates = Array(dates.sorted().suffix(TipState.maximumDisplayHistory))
                state.displayCount = dates.count
            }
            if let count = fields["displayCount"] {
                guard case .integer(let number) = count, number >= 0 else {
                    throw FixtureError(path: "\(path).displayCount", "expected a whole number 0 or more, found \(describe(count))")
                }
                state.displayCount = number
            }
            if let duration = fields["displayDuration"] {
                guard let seconds = duration.doubleValue, seconds >= 0, seconds.isFinite else {
                    throw FixtureError(path: "\(path).displayDuration", "expected a number of seconds 0 or more, found \(describe(duration))")
                }
                state.displayDuration = seconds
            }
            if let invalidated = fields["invalidated"], !invalidated.isNull {
                let reasons = InvalidationReason.allCases.map(\.rawValue)
                guard case .string(let text) = invalidated, let reason = InvalidationReason(rawValue: text) else {
                    let hint = invalidated.stringValue.map { suggestion($0, reasons) } ?? ""
                    throw FixtureError(path: "\(path).invalidated",
                                       "expected null or one of \(reasons.map { "\"\($0)\"" }.joined(separator: ", ")), found \(describe(invalidated))\(hint)")
                }
                state.invalidation = reason
            }
            if let at = fields["invalidatedAt"], !at.isNull {
                guard state.invalidation != nil else {
                    throw FixtureError(path: "\(path).invalidatedAt", "a date of invalidation needs \"invalidated\"")
                }
                state.invalidationDate = try date(at, at: "\(path).invalidatedAt")
            }
            result.append((index, state))
        }
        return result
    }

    private static func decodeTesting(_ json: JSONValue, program: Program) throws(FixtureError) -> TestingOverrides {
        let members = try object(json, at: "testing")
        try rejectUnknownKeys(members, allowed: testingKeys, at: "testing", what: "key")
        var overrides = TestingOverrides()
        for key in ["showAllTips", "hideAllTips"] {
            guard let value = members[key] else { continue }
            guard case .bool(let flag) = value else {
                throw FixtureError(path: "testing.\(key)", "expected true or false, found \(describe(value))")
            }
            if key == "showAllTips" { overrides.showAllTips = flag } else { overrides.hideAllTips = flag }
        }
        for key in ["showTips", "hideTips"] {
            guard let value = members[key] else { continue }
            guard case .array(let items) = value else {
                throw FixtureError(path: "testing.\(key)", "expected an array of tip ids, found \(describe(value))")
            }
            var ids = Set<String>()
            for (position, item) in items.enumerated() {
                let path = "testing.\(key)[\(position)]"
                guard case .string(let name) = item else {
                    throw FixtureError(path: path, "expected a tip id, found \(describe(item))")
                }
                ids.insert(program.tips[try tipIndex(name, program: program, at: path)].id)
            }
            if key == "showTips" { overrides.showTips = ids } else { overrides.hideTips = ids }
        }
        return overrides
    }

    // MARK: values

    /// `"+09:00"`, `"-05:30"` or a whole number of seconds east of UTC, at most 18 hours either way.
    /// `[{"tip", "group", "percent", "arm", "date"}, …]`: a declared tip (by name or id), a group,
    /// a share from 1 to 50, `"treatment"` or `"holdout"`, a date; one per tip and group.
    private static func decodeExposures(_ json: JSONValue, program: Program) throws(FixtureError) -> [Exposure] {
        guard case .array(let items) = json else {
            throw FixtureError(path: "exposures", "expected an array of exposures, found \(describe(json))")
        }
        var exposures: [Exposure] = []
        for (position, item) in items.enumerated() {
            let path = "exposures[\(position)]"
            let members = try object(item, at: path)
            try rejectUnknownKeys(members, allowed: exposureKeys, at: path, what: "key")
            func text(_ key: String) throws(FixtureError) -> String {
                guard let value = members[key]?.stringValue else {
                    throw FixtureError(path: "\(path).\(key)", "expected a string, found \(members[key].map(describe) ?? "nothing")")
                }
                return value
            }
            let tip = program.tips[try tipIndex(try text("tip"), program: program, at: "\(path).tip")].id
            let group = try text("group")
            guard case .int(let percent) = try scalar(members["percent"] ?? .null, of: .int, at: "\(path).percent"),
                  Holdout.percentRange.contains(percent) else {
                throw FixtureError(path: "\(path).percent", "expected a share from 1 to 50")
            }
            guard let arm = HoldoutArm(rawValue: try text("arm")) else {
                throw FixtureError(path: "\(path).arm", "expected \"treatment\" or \"holdout\"")
            }
            let date = try date(members["date"] ?? .null, at: "\(path).date")
            guard !exposures.contains(where: { $0.tip == tip && $0.group == group }) else {
                throw FixtureError(path: path, "a second exposure of '\(tip)' in group \"\(group)\"")
            }
            exposures.append(Exposure(tip: tip, group: group, percent: percent, arm: arm, date: date))
        }
        return exposures
    }

    private static func utcOffset(_ json: JSONValue) throws(FixtureError) -> Int {
        let expected = "expected a UTC offset such as \"+09:00\" or a number of seconds east of UTC (at most 18 hours either way)"
        var seconds: Int?
        switch json {
        case .integer(let number): seconds = number
        case .string(let text): seconds = RFC3339.offset(text)
        default: break
        }
        guard let seconds, EventStore.utcOffsetRange.contains(seconds) else {
            throw FixtureError(path: "utcOffset", "\(expected), found \(describe(json))")
        }
        return seconds
    }

    private static func tipIndex(_ name: String, program: Program, at path: String) throws(FixtureError) -> Int {
        if let index = program.tipIndex(named: name) { return index }
        throw FixtureError(path: path, "no such tip" + suggestion(name, program.tips.map(\.id)))
    }

    private static func object(_ json: JSONValue, at path: @autoclosure () -> String) throws(FixtureError) -> JSONObject {
        guard case .object(let members) = json else {
            throw FixtureError(path: path(), "expected an object, found \(describe(json))")
        }
        return members
    }

    private static func rejectUnknownKeys(_ members: JSONObject, allowed: [String], at path: @autoclosure () -> String,
                                          what: String) throws(FixtureError) {
        for key in members.keys where !allowed.contains(key) {
            let hint = suggestion(key, allowed)
            let expected = " (expected \(allowed.map { "'\($0)'" }.joined(separator: ", ")))"
            let path = path()
            throw FixtureError(path: path.isEmpty ? key : "\(path).\(key)", "no such \(what)" + (hint.isEmpty ? expected : hint))
        }
    }

    /// A value of a parameter's or field's declared type. The path is made only for an error.
    package static func scalar(_ json: JSONValue, of type: ScalarKind, at path: @autoclosure () -> String) throws(FixtureError) -> ScalarValue {
        switch (type, json) {
        case (.bool, .bool(let flag)): return .bool(flag)
        case (.int, .integer(let number)): return .int(number)
        case (.double, .integer(let number)): return .double(Double(number))
        case (.double, .number(let number)): return .double(number)
        case (.string, .string(let text)): return .string(text)
        case (.date, _): return .date(try date(json, at: path()))
        case (.duration, .integer(let number)): return .duration(Double(number))
        case (.duration, .number(let number)): return .duration(number)
        case (.version, .string(let text)):
            if case .failure(let error) = SemanticVersion.parse(text) {
                throw FixtureError(path: path(), "expected a version such as \"2.3.1\", found \(describe(json)) (\(error))")
            }
            return .string(text)
        default:
            let expected: String
            switch type {
            case .bool: expected = "true or false"
            case .int: expected = "an integer"
            case .double, .duration: expected = "a number"
            case .string: expected = "a string"
            case .date: expected = "a date"
            case .version: expected = "a version string such as \"2.3.1\""
            }
            throw FixtureError(path: path(), "expected \(expected), found \(describe(json))")
        }
    }

    /// An RFC 3339 string or a number of seconds since 1970. The path is made only for an error.
    package static func date(_ json: JSONValue, at path: @autoclosure () -> String) throws(FixtureError) -> Double {
        switch json {
        case .integer(let seconds): return try inRange(Double(seconds), at: path())
        case .number(let seconds): return try inRange(seconds, at: path())
        case .string(let text):
            do {
                return try RFC3339.parse(text)
            } catch {
                throw FixtureError(path: path(), "expected an RFC 3339 date such as \"2026-11-21T09:00:00Z\", found \(describe(json)) (\(error))")
            }
        default:
            throw FixtureError(path: path(), "expected a date (an RFC 3339 string or seconds since 1970), found \(describe(json))")
        }
    }

    /// `seconds` since 1970, if it is a date from year 1 through 9999.
    private static func inRange(_ seconds: Double, at path: @autoclosure () -> String) throws(FixtureError) -> Double {
        do {
            try RFC3339.checkRange(seconds)
        } catch {
            throw FixtureError(path: path(), "\(error)")
        }
        return seconds
    }

    private static func suggestion(_ name: String, _ candidates: [String]) -> String {
        Spelling.closest(to: name, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// A JSON value as it was written, shortened: `"12"`, `[1,2]`, `null`.
    package static func describe(_ json: JSONValue) -> String {
        let text = JSONWriter.string(from: json)
        return text.count > 40 ? String(text.prefix(37)) + "…" : text
    }
}
