@testable import TipRulesCalendar
import Testing
import TipRulesTestSupport

/// `RFC3339.parseUTCSeconds`, the one-pass reader of `YYYY-MM-DDTHH:MM:SSZ`: wherever it answers,
/// it answers what the full scanner answers for the same instant written `+00:00` (which the fast
/// path never reads), and it answers nil wherever the scanner refuses the date.
@Suite struct RFC3339FastPathTests {
    /// The fast path's answer, and the scanner's for the same text with `+00:00` for `Z` (nil when
    /// it throws; no answer when the text does not end in `Z`).
    private func answers(_ text: String) -> (fast: Double?, scanner: Double??) {
        let bytes = Array(text.utf8)
        let fast = bytes.withUnsafeBufferPointer { RFC3339.parseUTCSeconds($0) }
        guard bytes.count == 20, bytes[19] == UInt8(ascii: "Z") else { return (fast, .none) }
        let variant = String(decoding: bytes[..<19], as: UTF8.self) + "+00:00"
        return (fast, .some(try? RFC3339.parse(variant)))
    }

    private func check(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let (fast, scanner) = answers(text)
        guard case .some(let expected) = scanner else {
            #expect(fast == nil, "\(text)", sourceLocation: sourceLocation)
            return
        }
        if let fast { #expect(fast == expected, "\(text)", sourceLocation: sourceLocation) }
        if expected == nil { #expect(fast == nil, "\(text)", sourceLocation: sourceLocation) }
        // `parse` (which tries the fast path first) answers as the scanner does.
        #expect((try? RFC3339.parse(text)) == expected, "\(text)", sourceLocation: sourceLocation)
    }

    @Test func edgeDatesAgreeWithTheScanner() {
        let accepted = ["2026-11-21T09:00:00Z", "2024-02-29T12:00:00Z", "2000-02-29T00:00:00Z", "0001-01-01T00:00:00Z",
                        "9999-12-31T23:59:59Z", "1970-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "0004-02-29T23:59:59Z",
                        "1600-02-29T00:00:00Z", "2026-12-31T23:59:59Z", "2026-04-30T00:00:00Z"]
        for text in accepted {
            check(text)
            #expect(answers(text).fast != nil, "the fast path reads \(text)")
        }
        let refused = ["1900-02-29T00:00:00Z", "2023-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "0000-01-01T00:00:00Z",
                       "0000-12-31T23:59:59Z", "0000-02-29T00:00:00Z", "2026-11-21T24:00:00Z", "2026-11-21T23:59:60Z",
                       "2026-11-21T23:60:00Z", "2026-00-10T00:00:00Z", "2026-13-10T00:00:00Z", "2026-11-00T00:00:00Z",
                       "2026-11-32T00:00:00Z", "2026-11-21T09:00:00z", "2026-11-21t09:00:00Z", "2026-11-21 09:00:00Z",
                       "+026-11-21T09:00:00Z", "-026-11-21T09:00:00Z", "2026-1-021T09:00:00Z", "2026-11-21T09:00:0.Z",
                       "2026-11-21T09:00:00", "2026-11-21T09:00:00.Z", "2026-11-21T09:00:00+00:00", "20261-11-21T09:00:00Z",
                       "2026/11/21T09:00:00Z", "２026-11-21T09:00:00Z", "", "2026-11-21T09:00:00ZZ", " 026-11-21T09:00:00Z"]
        for text in refused {
            check(text)
            #expect(answers(text).fast == nil, "the fast path leaves \(text) to the scanner")
        }
    }

    @Test func randomDatesAndMutationsAgreeWithTheScanner() {
        var random = Xorshift(state: 0x3339_2026)
        let bytes: [UInt8] = Array("0123456789-:TZtz+ ./\u{0}\u{7f}".utf8) + [0x2F, 0x3A, 0xC3, 0xFF]
        var fastAnswers = 0
        for _ in 0..<20_000 {
            // A date in range, often at an edge of its month, day or time fields.
            let year = random.pick([1, 4, 100, 400, 1582, 1899, 1900, 1969, 1970, 2000, 2024, 2026, 2100, 9999, random.next(10_000)])
            let month = random.next(4) == 0 ? random.next(14) : 1 + random.next(12)
            let day = random.pick([0, 1, 28, 29, 30, 31, 32, random.next(32)])
            let hour = random.pick([0, 23, 24, random.next(25)]), minute = random.pick([0, 59, 60, random.next(61)])
            let second = random.pick([0, 59, 60, random.next(61)])
            var text = Array("\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))Z".utf8)
            if random.next(3) == 0 { text[random.next(text.count)] = random.pick(bytes) }
            let string = String(decoding: text, as: UTF8.self)
            guard Array(string.utf8) == text else { continue }  // a byte that is not UTF-8 on its own
            check(string)
            if answers(string).fast != nil { fastAnswers += 1 }
        }
        #expect(fastAnswers > 2_000)
    }

    /// The fast path's answer for `bytes` (20 of them, ending in `Z` or not), and the scanner's for
    /// the same bytes with `+00:00` for their last (nil when it throws).
    private func answers(bytes: [UInt8]) -> (fast: Double?, scanner: Double?) {
        let fast = bytes.withUnsafeBufferPointer { RFC3339.parseUTCSeconds($0) }
        let variant = bytes.dropLast() + Array("+00:00".utf8)
        return (fast, variant.withUnsafeBufferPointer { try? RFC3339.parse($0) })
    }

    /// The first and last day of every month of every year 0000–9999 and February 29 of every year:
    /// read by the fast path wherever the scanner reads them (year 0000 is before the earliest date
    /// and refused by both), to the same second.
    @Test func everyMonthsEdgesOfEveryYearAgreeWithTheScanner() {
        for year in 0...9999 {
            for month in 1...12 {
                for (day, time) in [(1, "00:00:00"), (28, "23:59:59"), (29, "12:00:00"), (30, "00:00:01"), (31, "23:59:59")]
                where day < 29 || month == 2 || day == 30 || day == 31 && [1, 3, 5, 7, 8, 10, 12].contains(month) {
                    let text = Array("\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(time)Z".utf8)
                    let (fast, scanner) = answers(bytes: text)
                    #expect(fast == scanner, "\(String(decoding: text, as: UTF8.self))")
                    if year > 0 && day <= CivilCalendar.daysIn(month: month, year: year) {
                        #expect(fast != nil, "\(String(decoding: text, as: UTF8.self))")
                    }
                }
            }
        }
    }

    /// Every byte at every place of a date and of a date at the edge of its fields: the fast path
    /// reads the date only where the scanner does, to the same second.
    @Test func everyByteAtEveryPlaceAgreesWithTheScanner() {
        for base in ["2026-11-13T21:25:24Z", "9999-12-31T23:59:59Z", "0001-01-01T00:00:00Z", "2024-02-29T09:09:09Z"] {
            for place in 0..<20 {
                for byte in UInt8.min...UInt8.max {
                    var text = Array(base.utf8)
                    text[place] = byte
                    let (fast, scanner) = answers(bytes: text)
                    // The last byte: `Z` or nothing the fast path reads; a lowercase `t` is the scanner's alone.
                    let leftToTheScanner = place == 19 && byte != UInt8(ascii: "Z") || place == 10 && byte == UInt8(ascii: "t")
                    #expect(fast == (leftToTheScanner ? nil : scanner), "\(base) with \(byte) at \(place)")
                }
            }
        }
    }

    /// Every field out of its range, alone: refused by both.
    @Test func fieldsOutOfRangeAreLeftToTheScanner() {
        let fields: [(place: Int, values: [String])] = [
            (0, ["0000"]), (5, ["00", "13", "19", "20", "99"]), (8, ["00", "31", "32", "39", "99"]),
            (11, ["24", "25", "29", "99"]), (14, ["60", "61", "99"]), (17, ["60", "61", "99"]),
        ]
        for (place, values) in fields {
            for value in values {
                var text = Array("2026-11-13T21:25:24Z".utf8)
                text.replaceSubrange(place..<place + value.utf8.count, with: value.utf8)
                let (fast, scanner) = answers(bytes: text)
                #expect(fast == nil && scanner == nil, "\(String(decoding: text, as: UTF8.self))")
            }
        }
    }

    /// `CivilCalendar.daysOfCommonEra`, the fast path's days, answers `days(year:month:day:)` for
    /// every day of years 1–9999.
    @Test func daysOfCommonEraAgreeWithDays() {
        var mismatches = 0
        for year in 1...9999 {
            for month in 1...12 {
                for day in 1...CivilCalendar.daysIn(month: month, year: year)
                where CivilCalendar.daysOfCommonEra(year: UInt64(year), month: UInt64(month), day: UInt64(day))
                    != CivilCalendar.days(year: year, month: month, day: day) {
                    mismatches += 1
                }
            }
        }
        #expect(mismatches == 0)
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
