import Foundation
import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// Bad rows, on the row reader's fast path and its slow one: each stops the run (exit 2, no report)
/// with `FILE:LINE: user U: PATH: what`, the message the fixture decoder gives for the same value
/// where a fixture can hold it; with `--skip-invalid`, the report is that of the rows without
/// their users.
@Suite struct ReachBadRowTests: CommandTesting {
    let scratch = TemporaryFolder()
    private let nowText = "2026-11-21T09:00:00Z"

    /// A bad row of user `b` (or of no user) and the message after `FILE:LINE: `.
    private static let backyardRows: [(row: String, message: String)] = [
        (#"{"user":"b","event":"enteredBackyardDetailView","date":1795251000,"fields":{"backyardID":"3"}}"#,
         #"user b: fields.backyardID: expected an integer, found "3""#),
        (#"{"user":"b","event":"enteredBackyardDetailView","date":1795251000,"fields":{"backyardID":3.0}}"#,
         "user b: fields.backyardID: expected an integer, found 3"),
        (#"{"user":"b","event":"enteredBackyardDetailView","date":1795251000,"fields":{ "backyardID" : 1e2 }}"#,
         "user b: fields.backyardID: expected an integer, found 100"),
        (#"{"user":"b","event":"enteredBackyardDetailView","date":1795251000,"fields":{"backyardID":"\u0033"}}"#,
         #"user b: fields.backyardID: expected an integer, found "3""#),
        (#"{"user":"b","parameter":"isLoggedIn","value":"yes"}"#, #"user b: value: expected true or false, found "yes""#),
        (#"{"user":"\u00e9","parameter":"isLoggedIn","value":"tru\u0065"}"#, #"user é: value: expected true or false, found "true""#),
        (#"{"user":"b","parameter":"isLoggedIn","value":1}"#, "user b: value: expected true or false, found 1"),
        (#"{"user":"b","evnt":"enteredBackyardDetailView"}"#, "user b: evnt: no such key (did you mean 'event'?)"),
        (#"{"user":"b","event":"enteredBackyardDetailView","date":1795251000,"fields":{}}"#,
         "user b: fields: missing field 'backyardID' (Int)"),
        (#"{"user":"b","event":"enteredBackyardDetailView","date":1795251000}"#,
         "user b: a donation of 'enteredBackyardDetailView' needs 'fields' with 'backyardID' (Int)"),
        (#"{"user":"b","event":"enteredBackyardDetailView","fields":{"backyardID":1}}"#, "user b: a donation needs 'date'"),
        (#"{"user":"b","event":"enteredBackyardDetailView","date":1795251000,"fields":{"backyardID":1,"extra":2}}"#,
         "user b: fields.extra: no such field"),
        (#"{"user":"b","event":"enteredBackyardDetailView","date":1795251000,"fields":{"backyardId":1}}"#,
         "user b: fields.backyardId: no such field (did you mean 'backyardID'?)"),
        (#"{"user":"b","event":"enteredBackyard","date":1795251000,"fields":{"backyardID":1}}"#,
         "user b: event: no such event 'enteredBackyard'"),
        (#"{"user":"b","event":"enteredBackyardDetailVeiw","date":1795251000,"fields":{"backyardID":1}}"#,
         "user b: event: no such event 'enteredBackyardDetailVeiw' (did you mean 'enteredBackyardDetailView'?)"),
        (#"{"user":"b","event":"enteredBackyardDetailView","date":"2026-13-01T00:00:00Z","fields":{"backyardID":1}}"#,
         #"user b: date: expected an RFC 3339 date such as "2026-11-21T09:00:00Z", found "2026-13-01T00:00:00Z" (month 13 is out of range 01-12)"#),
        (#"{"user":"b","event":"enteredBackyardDetailView","date":"2026-11-21T09:00:60Z","fields":{"backyardID":1}}"#,
         #"user b: date: expected an RFC 3339 date such as "2026-11-21T09:00:00Z", found "2026-11-21T09:00:60Z" (leap seconds are not supported)"#),
        (#"{"user":"b","event":"enteredBackyardDetailView","date":1795251000000,"fields":{"backyardID":1}}"#,
         "user b: date: 1795251000000 seconds since 1970 is outside the years 0001 to 9999; it looks like milliseconds since 1970: "
            + "divide by 1000 (2026-11-21T08:50:00Z)"),
        (#"{"user":"b","event":"enteredBackyardDetailView","date":true,"fields":{"backyardID":1}}"#,
         "user b: date: expected a date (an RFC 3339 string or seconds since 1970), found true"),
        (#"{"user":"b","event":"enteredBackyardDetailView","date":1795251000,"fields":[1]}"#,
         "user b: fields: expected an object of the event's fields, found an array"),
        (#"{"user":"b","event":"enteredBackyardDetailView","parameter":"isLoggedIn"}"#,
         "user b: a row gives one thing (a donation, a parameter's value, a tip's state, the store's values, an exposure or an interaction), but this one has both 'event' and 'parameter'"),
        (#"{"user":"b","utcOffset":0,"tip":"FavoriteBackyardTip"}"#,
         "user b: a row gives one thing (a donation, a parameter's value, a tip's state, the store's values, an exposure or an interaction), but this one has both 'tip' and 'utcOffset'"),
        (#"{"user":"b","tip":"FavoriteBackyardTip","displays":[1795251601.5]}"#,
         "user b: displays: 2026-11-21T09:00:01.5Z is after now (2026-11-21T09:00:00Z): a tip cannot have appeared in the future"),
        (#"{"user":"b","lastDisplayDate":"2026-11-21T18:00:01+09:00"}"#,
         "user b: lastDisplayDate: 2026-11-21T09:00:01Z is after now (2026-11-21T09:00:00Z): a tip cannot have appeared in the future"),
        (#"{"user":"b","utcOffset":64801}"#,
         #"user b: utcOffset: expected a UTC offset such as "+09:00" or a number of seconds east of UTC (at most 18 hours either way), found 64801"#),
        (#"{"user":"b","utcOffset":"+18:30"}"#,
         #"user b: utcOffset: expected a UTC offset such as "+09:00" or a number of seconds east of UTC (at most 18 hours either way), found "+18:30""#),
        (#"{"user":"b","tip":"FavoriteBackyardTip","invalidated":"closed"}"#,
         #"user b: invalidated: expected null or one of "actionPerformed", "tipClosed", "displayCountExceeded", "displayDurationExceeded", found "closed""#),
        (#"{"user":"b","tip":"FavoriteBackyardTip","invalidated":"tipclosed"}"#,
         #"user b: invalidated: expected null or one of "actionPerformed", "tipClosed", "displayCountExceeded", "displayDurationExceeded", found "tipclosed" (did you mean 'tipClosed'?)"#),
        (#"{"user":"b","tip":"FavoriteBackyardTip","displayCount":-1}"#, "user b: displayCount: expected a whole number 0 or more, found -1"),
        (#"{"user":"b","tip":"FavoriteBackyardTip","displayCount":2.0}"#, "user b: displayCount: expected a whole number 0 or more, found 2"),
        (#"{"user":"b","tip":"FavoriteBackyardTip","displayDuration":"40"}"#,
         #"user b: displayDuration: expected a number of seconds 0 or more, found "40""#),
        (#"{"user":"b","tip":"FavoriteBackyardTip","displays":5}"#, "user b: displays: expected an array of dates, found an integer"),
        (#"{"user":"b","tip":"FavoriteBackyardTip","displays":["yesterday"]}"#,
         #"user b: displays[0]: expected an RFC 3339 date such as "2026-11-21T09:00:00Z", found "yesterday" (expected 4 digits for the year)"#),
        (#"{"user":"b","tip":"Nope"}"#, "user b: tip: no such tip 'Nope'"),
        (#"{"user":"b","tip":7}"#, "user b: tip: expected a name, found 7"),
        (#"{"user":"b","parameter":"isLogedIn","value":true}"#, "user b: parameter: no such parameter 'isLogedIn' (did you mean 'isLoggedIn'?)"),
        (#"{"user":"b","parameter":"isLoggedIn"}"#, "user b: a parameter's row needs 'value'"),
        (#"{"user":"b","value":true}"#, "user b: the row needs 'parameter'"),
        (#"{"user":"b","user":"b"}"#, #"not valid JSON: duplicate key "user" in object (column 13)"#),
        (#"{"user":"b","event":"enteredBackyardDetailView","date":1,"fields":{"backyardID":1,"backyardID":2}}"#,
         #"not valid JSON: duplicate key "backyardID" in object (column 83)"#),
        (#"{"user":"b","event":"ente"#, "not valid JSON: "),
        (#"[{"user":"b"}]"#, "expected an object, found an array"),
        (#""b""#, "expected an object, found a string"),
        ("42", "expected an object, found an integer"),
        (#"{"parameter":"isLoggedIn","value":true}"#, #"the row has no "user""#),
        (#"{"user":1.5}"#, "user: expected a string or an integer, found 1.5"),
        (#"{"user":null,"parameter":"isLoggedIn","value":true}"#, "user: expected a string or an integer, found null"),
        (#"{"user":["b"]}"#, #"user: expected a string or an integer, found ["b"]"#),
        (#"{"user":12345678901234567890}"#, "user: expected a string or an integer, found 1.2345678901234567e+19"),
    ]

    /// Bad rows of the reader program (`String` and `Version` parameters).
    private static let readerRows: [(row: String, message: String)] = [
        (#"{"user":"b","parameter":"language","value":5}"#, "user b: value: expected a string, found 5"),
        (#"{"user":"b","parameter":"language","value":null}"#, "user b: value: expected a string, found null"),
        (#"{"user":"b","parameter":"appVersion","value":"two"}"#, "user b: value: expected a version such as \"2.3.1\", found \"two\""),
        (#"{"user":"b","parameter":"appVersion","value":2.3}"#, "user b: value: expected a version string such as \"2.3.1\", found 2.3"),
        (#"{"user":"b","event":"articleRead","date":1795251000,"fields":{"category":["news"]}}"#,
         #"user b: fields.category: expected a string, found ["news"]"#),
        (#"{"user":"b","event":"articleRead","date":1795251000,"fields":{"category":"news"},"tip":"FavoritesTabTip"}"#,
         "user b: a row gives one thing (a donation, a parameter's value, a tip's state, the store's values, an exposure or an interaction), but this one has both 'event' and 'tip'"),
    ]

    /// Rows given twice for one user: the second row is the bad one.
    private static let twiceRows: [(rows: [String], message: String)] = [
        ([#"{"user":"b","parameter":"isLoggedIn","value":true}"#, #"{"user":"b","parameter":"isLoggedIn","value":false}"#],
         "user b: parameter: 'isLoggedIn' is given twice for this user"),
        ([#"{"user":"b","tip":"FavoriteBackyardTip","displayCount":1}"#, #"{"user":"b","tip":"FavoriteBackyardTip","displayCount":1}"#],
         "user b: displayCount: 'displayCount' of 'FavoriteBackyardTip' is given twice for this user"),
        ([#"{"user":"b","tip":"FavoriteBackyardTip","displays":[]}"#, #"{"user":"b","tip":"Favorite\u0042ackyardTip","displays":[1]}"#],
         "user b: displays: 'displays' of 'FavoriteBackyardTip' is given twice for this user"),
        ([#"{"user":"b","lastDisplayDate":null}"#, #"{"user":"b","lastDisplayDate":1795251000}"#], "user b: lastDisplayDate: given twice for this user"),
        ([#"{"user":"b","utcOffset":"+09:00"}"#, #"{"user":"b","utcOffset":3600}"#], "user b: utcOffset: given twice for this user"),
    ]

    /// A tip's state names its tip by name or by id, row after row: each row's keys go to the tip
    /// it names (a key given again for a tip, under its other spelling, is given twice).
    @Test func tipStatesNameTheirTipByNameOrIdRowAfterRow() throws {
        let rows = [
            #"{"user":"b","tip":"FavoritesTabTip","displayCount":1}"#,
            #"{"user":"b","tip":"holiday-gift-2026","displayCount":1}"#,
            #"{"user":"b","tip":"favorites-tab-2026","displayDuration":5}"#,
            #"{"user":"b","tip":"HolidayGiftTip","displayDuration":5}"#,
        ]
        let good = try write("tipnames.ndjson", rows.joined(separator: "\n") + "\n")
        #expect(run(["reach", "examples/reader.tiprules", good, "--now", nowText]).status == 0)
        let twice = try write("tipnames-twice.ndjson", (rows + [#"{"user":"b","tip":"favorites-tab-2026","displayCount":2}"#]).joined(separator: "\n") + "\n")
        let output = run(["reach", "examples/reader.tiprules", twice, "--now", nowText])
        #expect(output.status == 2)
        #expect(output.standardError.contains("\(twice):5: user b: displayCount: 'displayCount' of 'favorites-tab-2026' is given twice for this user"),
                "\(output.standardError)")
    }

    @Test func eachBadRowStopsTheRunWithItsFileLinePathAndWhat() throws {
        for (program, cases) in [("backyard", Self.backyardRows), ("reader", Self.readerRows)] {
            for (index, bad) in cases.enumerated() {
                let file = try write("\(program)\(index).ndjson", "{\"user\":\"ok1\"}\n\(bad.row)\n{\"user\":\"ok2\"}\n")
                for jobs in ["1", "2"] {
                    let output = run(["reach", "examples/\(program).tiprules", file, "--now", nowText, "--jobs", jobs])
                    #expect(output.status == 2, "\(bad.row)")
                    #expect(output.standardOutput == "", "\(bad.row)")
                    #expect(output.standardError.contains("\(file):2: \(bad.message)"), "\(bad.row): \(output.standardError)")
                }
            }
        }
        for (index, bad) in Self.twiceRows.enumerated() {
            let file = try write("twice\(index).ndjson", "{\"user\":\"ok1\"}\n" + bad.rows.joined(separator: "\n") + "\n{\"user\":\"ok2\"}\n")
            let output = run(["reach", "examples/backyard.tiprules", file, "--now", nowText])
            #expect(output.status == 2, "\(bad.rows)")
            #expect(output.standardError.contains("\(file):3: \(bad.message)"), "\(bad.rows): \(output.standardError)")
        }
    }

    /// A display or a last display date after now is found when the user's rows end, but the
    /// message names the line of the row that gave it, not the user's last line nor a blank one.
    @Test func aDateAfterNowIsNamedAtTheLineOfItsRow() throws {
        let rows = [#"{"user":"a","lastDisplayDate":1795251601}"#, #"{"user":"a","tip":"FavoriteBackyardTip","displays":[1795251602]}"#,
                    #"{"user":"a","parameter":"isLoggedIn","value":true}"#, "", #"{"user":"b"}"#]
        let file = try write("future.ndjson", rows.joined(separator: "\n") + "\n")
        let output = run(["reach", "examples/backyard.tiprules", file, "--now", nowText])
        #expect(output.status == 2)
        #expect(output.standardError.contains("\(file):1: user a: lastDisplayDate: 2026-11-21T09:00:01Z is after now"), Comment(rawValue: output.standardError))
        let displays = try write("displays.ndjson", rows.dropFirst().joined(separator: "\n") + "\n")
        let second = run(["reach", "examples/backyard.tiprules", displays, "--now", nowText])
        #expect(second.status == 2)
        #expect(second.standardError.contains("\(displays):1: user a: displays: 2026-11-21T09:00:02Z is after now"), Comment(rawValue: second.standardError))
    }

    /// What a fixture says of the same bad value is what the row says, its path the row's key.
    @Test func aBadValueIsDescribedAsTheFixtureDecoderDescribesIt() throws {
        let values = [#""3""#, "3.0", "1e2", "true", "null", "[3]", "{}", #""\u0033""#, "12345678901234567890"]
        for value in values {
            let fixture = #"{"donations":{"enteredBackyardDetailView":[{"date":1795251000,"backyardID":"# + value + "}]}}"
            let eval = run(["eval", "examples/backyard.tiprules", "--fixture", "-", "--now", nowText], stdin: fixture)
            #expect(eval.status == 2, "\(value)")
            let what = try #require(eval.standardError.range(of: "backyardID: ").map { eval.standardError[$0.upperBound...] }, "\(eval.standardError)")
            let row = #"{"user":"b","event":"enteredBackyardDetailView","date":1795251000,"fields":{"backyardID":"# + value + "}}"
            let output = run(["reach", "examples/backyard.tiprules", try write("v.ndjson", row + "\n"), "--now", nowText])
            #expect(output.status == 2)
            #expect(output.standardError.contains("v.ndjson:1: user b: fields.backyardID: \(what.split(separator: "\n")[0])"),
                    "\(value): \(output.standardError) vs \(eval.standardError)")
        }
    }

    @Test func skippingBadRowsCountsWhatTheRowsWithoutTheirUsersCount() throws {
        var good: [[String]] = []
        for user in 0..<40 {
            let id = user % 2 == 0 ? "\(user)" : "\"g\(user)\""
            good.append(["{\"user\":\(id),\"parameter\":\"isLoggedIn\",\"value\":\(user % 3 != 0)}"] + (0..<(user % 5)).map { minute in
                "{\"user\":\(id),\"event\":\"enteredBackyardDetailView\",\"date\":\(1_795_251_000 - minute * 60),\"fields\":{\"backyardID\":\(user % 2)}}"
            })
        }
        // Every bad row, its user (named `b`) made distinct, after a good user; a user a bad row
        // names has a good row before it too, and is left out whole.
        var bad = Self.backyardRows.map { [$0.row] } + Self.twiceRows.map(\.rows)
        for index in bad.indices {
            bad[index] = bad[index].map { $0.replacingOccurrences(of: #""user":"b""#, with: "\"user\":\"b\(index)\"") }
            if case .string(let user)? = (try? JSONParser().parse(bad[index][0]))?["user"] {
                bad[index].insert("{\"user\":\(JSONWriter.string(from: .string(user))),\"utcOffset\":60}", at: 0)
            }
        }
        var mixed: [String] = []
        for (index, rows) in good.enumerated() {
            mixed += rows
            if index < bad.count { mixed += bad[index] }
        }
        mixed += bad.dropFirst(good.count).joined()
        let clean = run(["reach", "examples/backyard.tiprules", try write("good.ndjson", good.joined().joined(separator: "\n") + "\n"),
                         "--now", nowText, "--format", "json"])
        #expect(clean.status == 0, Comment(rawValue: clean.standardError))
        let expected = try JSONParser().parse(clean.standardOutput)
        for jobs in ["1", "2", "3"] {
            let skipped = run(["reach", "examples/backyard.tiprules", try write("mixed.ndjson", mixed.joined(separator: "\n") + "\n"),
                               "--now", nowText, "--format", "json", "--skip-invalid", "--jobs", jobs])
            #expect(skipped.status == 0, Comment(rawValue: skipped.standardError))
            let report = try JSONParser().parse(skipped.standardOutput)
            #expect(report["users"] == expected["users"])
            #expect(report["skippedUsers"]?.intValue == bad.count, "--jobs \(jobs)")
            for key in ["tips", "groups", "widgets"] { #expect(report[key] == expected[key], "--jobs \(jobs) \(key)") }
            #expect(skipped.standardError.split(separator: "\n").filter { $0.contains("mixed.ndjson:") }.count == 10, "the first ten reasons")
        }
    }
}
