#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesToolingCore

/// The parts a reach run reads: a whole input file (standard input's copy, for one), or a byte
/// range of one that begins and ends at a user boundary, so that parts can be read by threads at once.
struct ReachPart: Sendable {
    var file: Int
    var start: Int
    /// Where the part ends; nil: at the end of the file.
    var end: Int?
}

/// Splitting files at user boundaries.
enum ReachInput {
    /// `parts` byte ranges of the file at `descriptor` (of `size` bytes) that together cover it, each
    /// starting where a user's rows start (fewer when users are few).
    static func split(_ descriptor: Int32, size: Int, into parts: Int, file: Int) -> [ReachPart] {
        var starts = [0]
        for part in 1..<max(parts, 1) {
            let boundary = userBoundary(descriptor, after: size / parts * part, size: size)
            if boundary > starts[starts.count - 1] && boundary < size { starts.append(boundary) }
        }
        return starts.indices.map { ReachPart(file: file, start: starts[$0], end: $0 + 1 < starts.count ? starts[$0 + 1] : size) }
    }

    /// The offset of the first line at or after `offset` whose user differs from the line before it
    /// (lines whose user cannot be read are passed over); `size` when there is none.
    private static func userBoundary(_ descriptor: Int32, after offset: Int, size: Int) -> Int {
        var reader = LineReader(descriptor: descriptor, offset: offset, end: size)
        var row = ParsedRow()
        var previous: [UInt8]?
        var skippedPartialLine = false
        while true {
            let start = offset + reader.bytesRead
            guard let line = reader.next() else { return size }
            var readUser: [UInt8]?
            if case .line(let bytes) = line { readUser = userID(bytes, row: &row) }
            if !skippedPartialLine {
                skippedPartialLine = true
                continue
            }
            guard let id = readUser else { continue }
            if let previous, previous != id { return start }
            previous = id
        }
    }

    /// The user of a line, as text, when the line is a readable row.
    static func userID(_ line: UnsafeBufferPointer<UInt8>, row: inout ParsedRow) -> [UInt8]? {
        if RowScanner.scan(line, into: &row) {
            switch row[.user] {
            case .string(let range)?: return Array(UnsafeBufferPointer(rebasing: line[range]))
            case .integer(let number)?:
                var id: [UInt8] = []
                appendDecimal(number, to: &id)
                return id
            default: return nil
            }
        }
        switch (try? JSONParser().parse(Array(line)))?["user"] {
        case .string(let text)?: return Array(text.utf8)
        case .integer(let number)?: return Array(String(number).utf8)
        default: return nil
        }
    }

    /// The most bytes a number's decimal text takes (`Int.min`'s, with its sign).
    static let longestDecimal = 20

    /// Appends `number` written in decimal, as `String(number)` writes it.
    static func appendDecimal(_ number: Int, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longestDecimal) { buffer in
            guard let start = buffer.baseAddress else { return }
            let end = start + longestDecimal
            let count = writeDecimal(number, endingAt: end)
            bytes.append(contentsOf: UnsafeBufferPointer(start: end - count, count: count))
        }
    }

    /// Writes `number` in decimal, as `String(number)` writes it, just before `end` (which has room
    /// for `longestDecimal` bytes before it), from the last digit; how many bytes it wrote.
    @inline(__always)
    static func writeDecimal(_ number: Int, endingAt end: UnsafeMutablePointer<UInt8>) -> Int {
        var position = end
        var rest = number.magnitude
        repeat {
            position -= 1
            let (quotient, digit) = rest.quotientAndRemainder(dividingBy: 10)
            position.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digit)
            rest = quotient
        } while rest > 0
        if number < 0 {
            position -= 1
            position.pointee = UInt8(ascii: "-")
        }
        return end - position
    }
}
