/// Why a string is not an RFC 3339 date-time this tool accepts.
public struct RFC3339Error: Error, CustomStringConvertible, Equatable, Sendable {
    /// What was wrong, e.g. `month 13 is out of range 01-12`.
    public let message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// RFC 3339 date-times (`2026-11-20T11:30:00+09:00`) to and from seconds since
/// 1970-01-01T00:00:00Z, for years 0000 through 9999 of the proleptic
/// Gregorian calendar (the runtime's `CivilCalendar` does the calendar arithmetic).
public enum RFC3339 {
    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)`. `T` and `Z` may
    /// be lowercase; the fraction may have any number of digits. Leap seconds
    /// (second 60) are rejected.
    public static func parse(_ text: String) throws(RFC3339Error) -> Double {
        var copy = text
        switch copy.withUTF8(parsed) {
        case .success(let seconds): return seconds
        case .failure(let error): throw error
        }
    }

    private static func parsed(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Double, RFC3339Error> {
        do {
            return .success(try parse(bytes))
        } catch {
            return .failure(error)
        }
    }

    /// A UTC offset written `+HH:MM` or `-HH:MM` (as in a date-time, without `Z`) in seconds east
    /// of UTC; nil when `text` is not one.
    public static func offset(_ text: String) -> Int? {
        var copy = text
        return copy.withUTF8 { bytes -> Int? in
            var scanner = DateScanner(bytes: bytes)
            guard let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-"),
                  let seconds = try? scanner.offset(), scanner.atEnd else { return nil }
            return seconds
        }
    }

    /// Parses the UTF-8 bytes of a date-time, as `parse(_:)` does a string, without making one
    /// (the row reader of `tiprulec reach` reads dates straight from its input).
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(RFC3339Error) -> Double {
        if let seconds = parseUTCSeconds(bytes) { return seconds }
        var scanner = DateScanner(bytes: bytes)
        let year = try scanner.year()
        try scanner.expect("-", "between the year and the month")
        let month = try scanner.number(digits: 2, "month", in: 1...12)
        try scanner.expect("-", "between the month and the day")
        let day = try scanner.number(digits: 2, "day", in: 1...CivilCalendar.daysIn(month: month, year: year))
        try scanner.expect("T", "between the date and the time")
        let hour = try scanner.number(digits: 2, "hour", in: 0...23)
        try scanner.expect(":", "between the hour and the minute")
        let minute = try scanner.number(digits: 2, "minute", in: 0...59)
        try scanner.expect(":", "between the minute and the second")
        guard !scanner.upcoming("60") else { throw RFC3339Error(message: "leap seconds are not supported") }
        let second = try scanner.number(digits: 2, "second", in: 0...59)
        let fraction = try scanner.fraction()
        let offset = try scanner.offset()
        guard scanner.atEnd else { throw RFC3339Error(message: "unexpected characters after the time zone") }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        let result = Double(seconds) + fraction
        try checkRange(result, writtenAsNumber: false)
        return result
    }

    /// The usual form, `YYYY-MM-DDTHH:MM:SSZ`, read as three words of its 20 bytes (separators and
    /// digits checked a word at a time, digit pairs combined in place); nil for any other text
    /// (then `parse(_:)`'s scanner reads it, and says what is wrong), and for year 0000, which is
    /// before the earliest date. What `parse(_:)` answers for the same bytes.
    @inlinable
    public static func parseUTCSeconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard bytes.count == 20, let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        // Bytes 0–7 `YYYY-MM-`, 8–15 `DDTHH:MM`, 16–19 `:SSZ`; byte i of a word is its bits 8i to 8i + 7.
        let date = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        let time = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        let seconds = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt32.self)))
        let dateSeparators: UInt64 = 0xFF00_00FF_0000_0000, timeSeparators: UInt64 = 0x0000_FF00_00FF_0000
        let secondSeparators: UInt64 = 0xFF00_00FF
        guard date & dateSeparators == 0x2D00_002D_0000_0000, time & timeSeparators == 0x0000_3A00_0054_0000,
              seconds & secondSeparators == 0x5A00_003A else { return nil }
        // Each digit's value in its byte (separators' bytes 0); a byte above 9 sets its top bit in
        // `value | value + 0x76` (a carry out of such a byte only sets more top bits).
        let zeros: UInt64 = 0x3030_3030_3030_3030, tops: UInt64 = 0x8080_8080_8080_8080, over9: UInt64 = 0x7676_7676_7676_7676
        let dateDigits = (date ^ zeros) & ~dateSeparators, timeDigits = (time ^ zeros) & ~timeSeparators
        let secondDigits = (seconds ^ zeros) & ~secondSeparators & 0xFFFF_FFFF
        guard (dateDigits | (dateDigits &+ over9) | timeDigits | (timeDigits &+ over9) | secondDigits | (secondDigits &+ over9)) & tops == 0
        else { return nil }
        // Byte i becomes 10 × digit i + digit i + 1 (at most 99: no carry between bytes).
        let datePairs = dateDigits &* 10 &+ dateDigits &>> 8, timePairs = timeDigits &* 10 &+ timeDigits &>> 8
        let secondPairs = secondDigits &* 10 &+ secondDigits &>> 8
        let year = (datePairs & 0xFF) &* 100 &+ (datePairs &>> 16 & 0xFF), month = datePairs &>> 40 & 0xFF
        let day = timePairs & 0xFF, hour = timePairs &>> 24 & 0xFF, minute = timePairs &>> 48 & 0xFF
        let second = secondPairs &>> 8 & 0xFF
        // Days past the month's length in a common year are refused, but for February 29 of a leap year.
        let isDay = day &- 1 < CivilCalendar.commonDaysIn(month: month) || (month == 2 && day == 29 && CivilCalendar.isLeap(Int(year)))
        guard year >= 1, month &- 1 < 12, isDay, hour < 24, minute < 60, second < 60 else { return nil }
        let secondOfDay = hour &* 3_600 &+ minute &* 60 &+ second
        return Double(CivilCalendar.daysOfCommonEra(year: year, month: month, day: day) &* 86_400 &+ Int(secondOfDay))
    }

    /// The earliest date an input may name: 0001-01-01T00:00:00Z, in seconds since 1970.
    public static let earliest = -62_135_596_800.0
    /// The first instant after the latest date an input may name (10000-01-01T00:00:00Z).
    public static let end = 253_402_300_800.0

    /// Checks that `seconds` since 1970 is a date from year 1 through 9999; otherwise says so,
    /// with a hint, for a number that was written as such, when it looks like milliseconds.
    public static func checkRange(_ seconds: Double, writtenAsNumber: Bool = true) throws(RFC3339Error) {
        guard !(seconds >= earliest && seconds < end) else { return }
        var message = writtenAsNumber ? "\(describe(seconds)) seconds since 1970 is outside the years 0001 to 9999"
            : "the date is outside the years 0001 to 9999 (in UTC)"
        let asMilliseconds = seconds / 1000
        if writtenAsNumber, asMilliseconds >= earliest && asMilliseconds < end, let date = format(asMilliseconds) {
            message += "; it looks like milliseconds since 1970: divide by 1000 (\(date))"
        }
        throw RFC3339Error(message: message)
    }

    /// A number as written: whole numbers without a fraction, others in Swift's shortest form.
    private static func describe(_ value: Double) -> String {
        if let whole = Int(exactly: value) { return String(whole) }
        return value.description
    }

    /// Formats `seconds` since 1970 in UTC, e.g. `2026-11-21T09:00:00Z`, rounded to
    /// the millisecond; a fraction is written only when it is not zero, without
    /// trailing zeros (`.5`, `.125`). Returns `nil` when `seconds` is not finite
    /// or falls outside years 0000 through 9999.
    public static func format(_ seconds: Double) -> String? {
        CivilCalendar.rfc3339(seconds)
    }
}

/// Reads the fixed-width fields of an RFC 3339 date-time, left to right.
private struct DateScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var atEnd: Bool { index == bytes.count }

    /// Whether the text continues with `text` (not consuming it).
    func upcoming(_ text: String) -> Bool {
        bytes[index...].starts(with: text.utf8)
    }

    /// The four-digit year, rejecting signed and longer years with a clear message.
    mutating func year() throws(RFC3339Error) -> Int {
        let isSigned = bytes[index...].first.map { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") } ?? false
        guard !isSigned, bytes[index...].prefix(while: isDigit).count <= 4 else {
            throw RFC3339Error(message: "years outside 0000-9999 are not supported")
        }
        return try number(digits: 4, "year", in: 0...9999)
    }

    /// A field of exactly `digits` digits whose value must lie in `range`.
    mutating func number(digits: Int, _ field: String, in range: ClosedRange<Int>) throws(RFC3339Error) -> Int {
        var value = 0
        for _ in 0..<digits {
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw RFC3339Error(message: "expected \(digits) digits for the \(field)")
            }
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        guard range.contains(value) else {
            let width = String(range.upperBound).count
            throw RFC3339Error(message: "\(field) \(value) is out of range "
                + "\(CivilCalendar.padded(range.lowerBound, width))-\(CivilCalendar.padded(range.upperBound, width))")
        }
        return value
    }

    /// Consumes the separator `character` (a letter in either case), or explains what is missing.
    mutating func expect(_ character: Unicode.Scalar, _ role: String) throws(RFC3339Error) {
        let byte = UInt8(ascii: character)
        let lowercase = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
        guard index < bytes.count, bytes[index] == byte || bytes[index] == lowercase else {
            throw RFC3339Error(message: "expected '\(character)' \(role)")
        }
        index += 1
    }

    /// An optional `.digits` fraction of a second, as a value in [0, 1).
    mutating func fraction() throws(RFC3339Error) -> Double {
        guard index < bytes.count, bytes[index] == UInt8(ascii: ".") else { return 0 }
        let start = index
        index += 1
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        let digits = String(decoding: bytes[start..<index], as: UTF8.self)
        guard index > start + 1, let value = Double("0" + digits) else {
            throw RFC3339Error(message: "expected digits after the decimal point")
        }
        return value
    }

    /// The time zone (`Z`, `+HH:MM` or `-HH:MM`) as seconds east of UTC.
    mutating func offset() throws(RFC3339Error) -> Int {
        guard index < bytes.count else {
            throw RFC3339Error(message: "expected a time zone ('Z' or an offset such as '+09:00')")
        }
        let sign: Int
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
            return 0
        case UInt8(ascii: "+"): sign = 1
        case UInt8(ascii: "-"): sign = -1
        default: throw RFC3339Error(message: "expected a time zone ('Z' or an offset such as '+09:00')")
        }
        index += 1
        let hours = try number(digits: 2, "time zone hour", in: 0...23)
        try expect(":", "between the time zone hour and minute")
        let minutes = try number(digits: 2, "time zone minute", in: 0...59)
        return sign * (hours * 3_600 + minutes * 60)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
