/// A byte range in a source file, `start` inclusive and `end` exclusive.
public struct SourceSpan: Hashable, Sendable {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = max(start, end)
    }

    /// The smallest span covering both `self` and `other`.
    public func union(_ other: SourceSpan) -> SourceSpan {
        SourceSpan(start: min(start, other.start), end: max(end, other.end))
    }

    /// An empty span at `offset`, for insertions.
    public static func point(_ offset: Int) -> SourceSpan { SourceSpan(start: offset, end: offset) }
}

/// A 1-based line and column; columns count Unicode scalars.
public struct SourceLocation: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// The text of one `.tiprules` file as UTF-8 bytes, with a line index for locations.
public struct SourceFile: Sendable {
    /// The name diagnostics print (a path, or `--stdin-filename`).
    public let name: String
    public let bytes: [UInt8]
    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [Int]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(index + 1)
        }
        lineStarts = starts
    }

    public init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    /// The 0-based index of the line holding byte `offset`.
    public func lineIndex(of offset: Int) -> Int {
        let clamped = min(max(offset, 0), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The 1-based line of byte `offset`: `location(of:).line` without counting the column.
    public func line(of offset: Int) -> Int { lineIndex(of: offset) + 1 }

    /// The line and column of byte `offset`. Columns count Unicode scalars, so the
    /// continuation bytes of a UTF-8 sequence do not count; an invalid byte counts as one.
    public func location(of offset: Int) -> SourceLocation {
        let clamped = min(max(offset, 0), bytes.count)
        let line = lineIndex(of: clamped)
        var column = 1
        var index = lineStarts[line]
        while index < clamped {
            if bytes[index] & 0b1100_0000 != 0b1000_0000 || index == lineStarts[line] { column += 1 }
            index += 1
        }
        return SourceLocation(line: line + 1, column: column)
    }

    /// The byte offset of a 1-based line and column (columns in Unicode scalars), clamped to the file.
    public func offset(of location: SourceLocation) -> Int {
        guard location.line >= 1 else { return 0 }
        guard location.line <= lineStarts.count else { return bytes.count }
        let end = lineEnd(ofLineIndex: location.line - 1)
        var index = lineStarts[location.line - 1]
        var column = 1
        while index < end && column < location.column {
            index += 1
            while index < end && bytes[index] & 0b1100_0000 == 0b1000_0000 { index += 1 }
            column += 1
        }
        return index
    }

    /// The byte offset just past the last byte of a line, before its newline.
    public func lineEnd(ofLineIndex line: Int) -> Int {
        guard line + 1 < lineStarts.count else { return bytes.count }
        var end = lineStarts[line + 1] - 1
        if end > lineStarts[line] && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return end
    }

    /// The text of a 0-based line, without its line break; invalid UTF-8 is repaired.
    public func lineText(_ line: Int) -> String {
        guard line >= 0 && line < lineStarts.count else { return "" }
        return String(decoding: bytes[lineStarts[line]..<lineEnd(ofLineIndex: line)], as: UTF8.self)
    }

    /// The source text of a span; invalid UTF-8 is repaired.
    public func text(of span: SourceSpan) -> String {
        let start = min(max(span.start, 0), bytes.count)
        let end = min(max(span.end, start), bytes.count)
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The source text of a span without its white space (spaces, tabs, line breaks): what was
    /// written, whatever its layout. Works on bytes; invalid UTF-8 is repaired.
    public func compactText(of span: SourceSpan) -> String {
        String(decoding: compactBytes(of: span), as: UTF8.self)
    }

    /// The bytes of `compactText(of:)`, before decoding.
    func compactBytes(of span: SourceSpan) -> [UInt8] {
        let start = min(max(span.start, 0), bytes.count)
        let end = min(max(span.end, start), bytes.count)
        var kept: [UInt8] = []
        kept.reserveCapacity(end - start)
        for byte in bytes[start..<end] where byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
            kept.append(byte)
        }
        return kept
    }
}
