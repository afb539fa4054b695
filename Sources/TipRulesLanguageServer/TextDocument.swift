import TipRulesCompiler
import TipRulesToolingCore

/// How LSP positions count the characters of a line (LSP 3.17 `PositionEncodingKind`).
enum PositionEncoding: String, Sendable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"

    /// The encoding to use for what the client offers in `general.positionEncodings`:
    /// UTF-16, the protocol's default, when it is offered or nothing is; otherwise the
    /// first offered encoding the server supports.
    static func negotiate(offered: [String]?) -> PositionEncoding {
        guard let offered, !offered.isEmpty, !offered.contains(PositionEncoding.utf16.rawValue) else { return .utf16 }
        return offered.lazy.compactMap(PositionEncoding.init(rawValue:)).first ?? .utf16
    }

    /// How many code units a scalar takes whose UTF-8 encoding is `utf8Length` bytes.
    func units(utf8Length: Int) -> Int {
        switch self {
        case .utf8: return utf8Length
        case .utf16: return utf8Length == 4 ? 2 : 1
        case .utf32: return 1
        }
    }
}

/// A zero-based line and character offset, as LSP counts them.
struct LSPPosition: Equatable {
    var line: Int
    var character: Int

    /// Reads `{"line": L, "character": C}`.
    init(json: JSONValue?) throws(JSONRPCError) {
        guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue else {
            throw JSONRPCError(.invalidParams, "a position needs integer 'line' and 'character'")
        }
        self.init(line: line, character: character)
    }

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    var json: JSONValue { .object(["line": .integer(line), "character": .integer(character)]) }
}

/// The text of one document as UTF-8 bytes, with the starts of its lines (ended by
/// `\n`, `\r\n` or `\r`, as LSP counts them), for converting between byte offsets
/// and LSP positions. Positions past the end of a line or of the document are clamped,
/// and a position inside a character snaps to the character's start.
struct TextDocument {
    private(set) var bytes: [UInt8]
    /// The byte offset at which each line starts; `lineStarts[0] == 0`.
    private var lineStarts: [Int] = [0]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        indexLines()
    }

    /// Replaces the bytes in `range` (clamped to the document) with `replacement`. Only the line
    /// starts the change can move are found again (whether a line starts at an offset depends on
    /// the two bytes around it); the others are kept or shifted, so a one-character edit costs no
    /// scan of the whole document.
    mutating func replace(_ range: Range<Int>, with replacement: [UInt8]) {
        let lower = min(max(range.lowerBound, 0), bytes.count)
        let upper = min(max(range.upperBound, lower), bytes.count)
        bytes.replaceSubrange(lower..<upper, with: replacement)
        let delta = replacement.count - (upper - lower)
        var starts = Array(lineStarts.prefix { $0 < max(lower, 1) })
        for offset in stride(from: max(lower, 1), through: lower + replacement.count, by: 1) where startsLine(at: offset) {
            starts.append(offset)
        }
        starts += lineStarts.drop { $0 <= upper }.map { $0 + delta }
        lineStarts = starts
    }

    /// Whether a line starts at `offset` (> 0): after a `\n`, or after a `\r` that no `\n` follows.
    private func startsLine(at offset: Int) -> Bool {
        let before = bytes[offset - 1]
        return before == UInt8(ascii: "\n") || before == UInt8(ascii: "\r") && (offset == bytes.count || bytes[offset] != UInt8(ascii: "\n"))
    }

    /// The byte offset of an LSP position.
    func offset(of position: LSPPosition, encoding: PositionEncoding) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let end = contentEnd(ofLine: position.line)
        var index = lineStarts[position.line]
        var remaining = max(0, position.character)
        while index < end && remaining > 0 {
            let length = scalarLength(at: index)
            let units = encoding.units(utf8Length: length)
            if units > remaining { break }
            remaining -= units
            index += length
        }
        return index
    }

    /// The LSP position of a byte offset (clamped to the document).
    func position(of offset: Int, encoding: PositionEncoding) -> LSPPosition {
        let clamped = min(max(offset, 0), bytes.count)
        let low = line(containing: clamped)
        let end = min(contentEnd(ofLine: low), clamped)
        var index = lineStarts[low]
        var character = 0
        while index < end {
            let length = scalarLength(at: index)
            character += encoding.units(utf8Length: length)
            index += length
        }
        return LSPPosition(line: low, character: character)
    }

    /// The LSP range `{"start": …, "end": …}` of a byte span.
    func range(of span: SourceSpan, encoding: PositionEncoding) -> JSONValue {
        .object(["start": position(of: span.start, encoding: encoding).json,
                 "end": position(of: span.end, encoding: encoding).json])
    }

    /// The byte range of an LSP range `{"start": …, "end": …}`, start and end in order.
    func byteRange(of json: JSONValue?, encoding: PositionEncoding) throws(JSONRPCError) -> Range<Int> {
        let start = offset(of: try LSPPosition(json: json?["start"]), encoding: encoding)
        let end = offset(of: try LSPPosition(json: json?["end"]), encoding: encoding)
        return min(start, end)..<max(start, end)
    }

    /// The parts of `span` on each line it covers, line breaks left out (LSP tokens do not span lines).
    func lineSegments(of span: SourceSpan) -> [SourceSpan] {
        var segments: [SourceSpan] = []
        var start = min(max(span.start, 0), bytes.count)
        let end = min(max(span.end, start), bytes.count)
        var line = line(containing: start)
        while start < end {
            let lineEnd = min(contentEnd(ofLine: line), end)
            if lineEnd > start { segments.append(SourceSpan(start: start, end: lineEnd)) }
            line += 1
            guard line < lineStarts.count else { break }
            start = lineStarts[line]
        }
        return segments
    }

    /// The index of the line holding byte `offset` (within the document).
    private func line(containing offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = low + (high - low + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Where the text of a line ends, before its line break.
    private func contentEnd(ofLine line: Int) -> Int {
        guard line + 1 < lineStarts.count else { return bytes.count }
        var end = lineStarts[line + 1]
        if end > lineStarts[line] && bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        if end > lineStarts[line] && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return end
    }

    /// The length of the UTF-8 sequence starting at `index`, from its lead byte, within the document.
    private func scalarLength(at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0xF0...: length = 4
        case 0xE0...: length = 3
        case 0xC0...: length = 2
        default: length = 1
        }
        return min(length, bytes.count - index)
    }

    private mutating func indexLines() {
        lineStarts = [0] + (0..<bytes.count).lazy.map { $0 + 1 }.filter(startsLine)
    }
}
