import Foundation
import Testing
import TipRulesCalendar
import TipRulesTestSupport

@Suite struct RFC3339Tests {
    private func parseError(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String? {
        do {
            let seconds = try RFC3339.parse(text)
            Issue.record("expected an error, parsed \(seconds)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error.message
        }
    }

    /// A UTC offset alone (a fixture's `utcOffset`): `+HH:MM` or `-HH:MM`, nothing else.
    @Test func offsetsAlone() {
        #expect(RFC3339.offset("+09:00") == 32_400)
        #expect(RFC3339.offset("-05:30") == -19_800)
        #expect(RFC3339.offset("+00:00") == 0)
        for bad in ["Z", "09:00", "+9:00", "+09:60", "+24:00", "+09:00Z", "+0900", "", "+"] {
            #expect(RFC3339.offset(bad) == nil, Comment(rawValue: bad))
        }
    }

    @Test func fixtureExamples() throws {
        // 2026-11-20T11:30:00+09:00 is 02:30 UTC; `date -u -d ... +%s` agrees.
        #expect(try RFC3339.parse("2026-11-20T11:30:00+09:00") == 1_795_141_800)
        #expect(try RFC3339.parse("2026-11-20T02:30:00Z") == 1_795_141_800)
        #expect(try RFC3339.parse("2026-11-21T09:00:00Z") == 1_795_251_600)
        #expect(try RFC3339.parse("2026-11-20T10:00:00Z") == 1_795_168_800)
        #expect(try RFC3339.parse("2026-11-20T08:00:00Z") == 1_795_161_600)
        #expect(RFC3339.format(1_795_251_600) == "2026-11-21T09:00:00Z")
    }

    @Test func epochOffsetsAndLowercase() throws {
        #expect(try RFC3339.parse("1970-01-01T00:00:00Z") == 0)
        #expect(try RFC3339.parse("1969-12-31T23:59:59Z") == -1)
        #expect(try RFC3339.parse("1970-01-01t00:00:00z") == 0)
        #expect(try RFC3339.parse("1970-01-01T00:00:00-01:30") == 5_400)
        #expect(try RFC3339.parse("1970-01-01T00:00:00+00:00") == 0)
        #expect(try RFC3339.parse("1970-01-01T00:00:00-00:00") == 0)
        #expect(try RFC3339.parse("2000-03-01T00:00:00+23:59") == 951_782_400 + 86_400 - 86_340)
    }

    @Test func fractionalSecondsOfAnyLength() throws {
        #expect(try RFC3339.parse("1970-01-01T00:00:00.5Z") == 0.5)
        #expect(try RFC3339.parse("1970-01-01T00:00:01.250Z") == 1.25)
        #expect(abs(try RFC3339.parse("1970-01-01T00:00:00.123456789Z") - (0.123456789)) <= 1e-12)
        let long = "2026-11-21T09:00:00." + String(repeating: "0", count: 200) + "1Z"
        #expect(try RFC3339.parse(long) == 1_795_251_600)
        #expect(try RFC3339.parse("1969-12-31T23:59:59.75Z") == -0.25)
    }

    @Test func yearRangeAndLeapYears() throws {
        #expect(try RFC3339.parse("0001-01-01T00:00:00Z") == RFC3339.earliest)
        #expect(parseError("0000-12-31T23:59:59Z") == "the date is outside the years 0001 to 9999 (in UTC)")
        #expect(parseError("9999-12-31T23:59:59-01:00") == "the date is outside the years 0001 to 9999 (in UTC)")
        #expect(try RFC3339.parse("9999-12-31T23:59:59Z") == CivilCalendar.endSeconds - 1)
        #expect(try RFC3339.parse("2024-02-29T00:00:00Z") == 1_709_164_800)
        #expect(try RFC3339.parse("2000-02-29T00:00:00Z") == 951_782_400)
        #expect(try RFC3339.parse("0004-02-29T00:00:00Z") == CivilCalendar.earliestSeconds + (4 * 365 + 1 + 59) * 86_400)
        #expect(parseError("2023-02-29T00:00:00Z") == "day 29 is out of range 01-28")
        #expect(parseError("1900-02-29T00:00:00Z") == "day 29 is out of range 01-28")
        #expect(parseError("2026-04-31T00:00:00Z") == "day 31 is out of range 01-30")
        #expect(parseError("10000-01-01T00:00:00Z") == "years outside 0000-9999 are not supported")
        #expect(parseError("-0001-01-01T00:00:00Z") == "years outside 0000-9999 are not supported")
        #expect(parseError("+2026-01-01T00:00:00Z") == "years outside 0000-9999 are not supported")
    }

    @Test func malformedDates() {
        let cases: [(String, String)] = [
            ("", "expected 4 digits for the year"),
            ("26-11-21T09:00:00Z", "expected 4 digits for the year"),
            ("2026/11/21T09:00:00Z", "expected '-' between the year and the month"),
            ("2026-1-21T09:00:00Z", "expected 2 digits for the month"),
            ("2026-00-21T09:00:00Z", "month 0 is out of range 01-12"),
            ("2026-13-01T00:00:00Z", "month 13 is out of range 01-12"),
            ("2026-11-00T00:00:00Z", "day 0 is out of range 01-30"),
            ("2026-11-21", "expected 'T' between the date and the time"),
            ("2026-11-21 09:00:00Z", "expected 'T' between the date and the time"),
            ("2026-11-21T24:00:00Z", "hour 24 is out of range 00-23"),
            ("2026-11-21T09:60:00Z", "minute 60 is out of range 00-59"),
            ("2026-11-21T09:00:60Z", "leap seconds are not supported"),
            ("2026-11-21T09:00:61Z", "second 61 is out of range 00-59"),
            ("2026-11-21T09:00Z", "expected ':' between the minute and the second"),
            ("2026-11-21T09:00:00", "expected a time zone ('Z' or an offset such as '+09:00')"),
            ("2026-11-21T09:00:00 Z", "expected a time zone ('Z' or an offset such as '+09:00')"),
            ("2026-11-21T09:00:00.Z", "expected digits after the decimal point"),
            ("2026-11-21T09:00:00+0900", "expected ':' between the time zone hour and minute"),
            ("2026-11-21T09:00:00+24:00", "time zone hour 24 is out of range 00-23"),
            ("2026-11-21T09:00:00+09:60", "time zone minute 60 is out of range 00-59"),
            ("2026-11-21T09:00:00Zjunk", "unexpected characters after the time zone"),
            ("2026\r11-21T09:00:00Z", "expected '-' between the year and the month"),
            ("２０２６-11-21T09:00:00Z", "expected 4 digits for the year"),
        ]
        for (input, expected) in cases {
            #expect(parseError(input) == expected, "input: \(input.debugDescription)")
        }
    }

    @Test func randomStringsNeverCrash() {
        var random = SplitMix64(seed: 7)
        let alphabet = Array("0123456789-:+.TtZz \u{e9}".utf8)
        let pick: () -> UInt8 = { alphabet[Int(random.next() % UInt64(alphabet.count))] }
        let valid = Array("2026-11-20T11:30:00.25+09:00".utf8)
        for round in 0..<5_000 {
            var bytes = valid
            if round % 2 == 0 {
                bytes = (0..<Int(random.next() % 32)).map { _ in pick() }
            } else {
                bytes[Int(random.next() % UInt64(bytes.count))] = pick()
            }
            if let seconds = try? RFC3339.parse(String(decoding: bytes, as: UTF8.self)) {
                #expect(seconds.isFinite)
            }
        }
    }

    @Test func formatting() {
        #expect(RFC3339.format(0) == "1970-01-01T00:00:00Z")
        #expect(RFC3339.format(0.5) == "1970-01-01T00:00:00.5Z")
        #expect(RFC3339.format(1.25) == "1970-01-01T00:00:01.25Z")
        #expect(RFC3339.format(-0.25) == "1969-12-31T23:59:59.75Z")
        #expect(RFC3339.format(-1) == "1969-12-31T23:59:59Z")
        #expect(RFC3339.format(1.0004) == "1970-01-01T00:00:01Z")
        #expect(RFC3339.format(1.9996) == "1970-01-01T00:00:02Z")
        #expect(RFC3339.format(86_399.9999) == "1970-01-02T00:00:00Z")
        #expect(RFC3339.format(1_795_141_800.125) == "2026-11-20T02:30:00.125Z")
        #expect(RFC3339.format(951_782_400) == "2000-02-29T00:00:00Z")
        #expect(RFC3339.format(CivilCalendar.earliestSeconds) == "0000-01-01T00:00:00Z")
        #expect(RFC3339.format(CivilCalendar.endSeconds - 0.001) == "9999-12-31T23:59:59.999Z")
        #expect(RFC3339.format(CivilCalendar.endSeconds) == nil)
        #expect(RFC3339.format(CivilCalendar.earliestSeconds - 1) == nil)
        #expect(RFC3339.format(.nan) == nil)
        #expect(RFC3339.format(.infinity) == nil)
        #expect(RFC3339.format(1e300) == nil)
        #expect(RFC3339.format(-.greatestFiniteMagnitude) == nil)
    }

    @Test func everyDayOfFourCenturiesIsConsecutiveAndRoundTrips() throws {
        let daysPerMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        var (year, month, day) = (1800, 1, 1)
        let start = try RFC3339.parse("1800-01-01T00:00:00Z")
        for index in 0..<(146_097 + 1) {
            let seconds = start + Double(index) * 86_400
            let expected = String(format: "%04d-%02d-%02dT00:00:00Z", year, month, day)
            guard let formatted = RFC3339.format(seconds), formatted == expected else {
                Issue.record("day \(index): \(RFC3339.format(seconds) ?? "nil") != \(expected)")
                return
            }
            #expect(try RFC3339.parse(formatted) == seconds)
            let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            let monthLength = month == 2 && isLeap ? 29 : daysPerMonth[month - 1]
            day += 1
            if day > monthLength { (day, month) = (1, month + 1) }
            if month > 12 { (month, year) = (1, year + 1) }
        }
        #expect([year, month, day] as [Int] == [2200, 1, 2])
    }

    @Test func randomInstantsRoundTripAtMillisecondPrecision() throws {
        var random = SplitMix64(seed: 3339)
        // From a day after the earliest date, so that the shifted form stays in range too.
        let first = RFC3339.earliest + 86_400
        let span = UInt64(RFC3339.end - first) * 1_000
        for _ in 0..<5_000 {
            let milliseconds = Double(random.next() % span) + first * 1_000
            let seconds = milliseconds / 1_000
            let formatted = try #require(RFC3339.format(seconds))
            #expect(abs(try RFC3339.parse(formatted) - (seconds)) <= 1e-6, Comment(rawValue: formatted))
            let shifted = formatted.dropLast() + "+05:45" // 5 h 45 min earlier: still in range
            #expect(abs(try RFC3339.parse(String(shifted)) - (seconds - 20_700)) <= 1e-6, Comment(rawValue: String(shifted)))
        }
    }

    @Test func agreesWithFoundationOnModernDates() throws {
        var random = SplitMix64(seed: 1970)
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        for _ in 0..<500 {
            let seconds = Double(random.next() % 4_102_444_800)  // 1970 ..< 2100
            #expect(RFC3339.format(seconds) == formatter.string(from: Date(timeIntervalSince1970: seconds)))
        }
    }
}
