/// One thing a `MessageFrameReader` found in the byte stream.
public enum FrameEvent: Equatable, Sendable {
    /// The body of a well-formed frame.
    case message([UInt8])
    /// Bytes that are not a well-formed frame, and why. The reader skips ahead to the
    /// next `Content-Length` header and goes on.
    case malformed(String)
}

/// LSP base-protocol framing: `Content-Length: N\r\n\r\n` followed by N bytes of body.
///
/// The reader takes bytes in chunks of any size (a frame may be split across chunks,
/// or several frames may share one) and never trusts the header: a missing, negative,
/// non-numeric or oversized length, an overlong header section or plain garbage is
/// reported once as `.malformed`, then the reader resynchronises at the next
/// `Content-Length` header. Header lines may end with `\r\n` or a bare `\n`; header
/// names are case-insensitive and headers other than `Content-Length` are ignored.
public struct MessageFrameReader: Sendable {
    /// The largest body accepted, in bytes.
    public static let defaultMaximumBodySize = 64 * 1024 * 1024
    /// The largest header section accepted, in bytes.
    static let maximumHeaderSize = 8 * 1024

    private static let lengthHeader = Array("content-length".utf8)

    public let maximumBodySize: Int
    private var buffer: [UInt8] = []
    /// Where unread bytes start in `buffer`.
    private var position = 0
    /// The body length announced by the header just read, while waiting for the body.
    private var pendingLength: Int?
    /// Whether bytes are being skipped until the next `Content-Length` header.
    private var resynchronising = false

    /// A reader that refuses bodies larger than `maximumBodySize` bytes.
    public init(maximumBodySize: Int = MessageFrameReader.defaultMaximumBodySize) {
        self.maximumBodySize = max(0, maximumBodySize)
    }

    /// Adds bytes read from the stream.
    public mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        if position > 0 && position >= buffer.count / 2 {
            buffer.removeFirst(position)
            position = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame or problem, or nil when more bytes are needed.
    public mutating func next() -> FrameEvent? {
        while true {
            if let length = pendingLength {
                guard buffer.count - position >= length else { return nil }
                let body = Array(buffer[position..<position + length])
                position += length
                pendingLength = nil
                return .message(body)
            }
            if resynchronising {
                guard skipToNextHeader() else { return nil }
                resynchronising = false
            }
            skipWhitespace()
            guard position < buffer.count else { return nil }
            switch readHeader() {
            case .incomplete:
                return nil
            case .length(let length):
                pendingLength = length
            case .malformed(let problem):
                resynchronising = true
                return .malformed(problem)
            }
        }
    }

    // MARK: Headers

    private enum HeaderResult {
        case incomplete
        case length(Int)
        case malformed(String)
    }

    /// Reads a header section ending with an empty line; on success the position moves past it.
    private mutating func readHeader() -> HeaderResult {
        var lineStart = position
        var length: Int?
        var index = position
        while index < buffer.count {
            guard index - position < Self.maximumHeaderSize else {
                position = index
                return .malformed("the header section is longer than \(Self.maximumHeaderSize) bytes")
            }
            guard buffer[index] == UInt8(ascii: "\n") else {
                index += 1
                continue
            }
            var lineEnd = index
            if lineEnd > lineStart && buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            index += 1
            if lineEnd == lineStart {
                position = index
                guard let length else { return .malformed("a header section without 'Content-Length'") }
                return .length(length)
            }
            switch parseHeaderLine(buffer[lineStart..<lineEnd]) {
            case .invalid(let problem):
                position = index
                return .malformed(problem)
            case .length(let value):
                if let length, length != value {
                    position = index
                    return .malformed("conflicting 'Content-Length' headers")
                }
                length = value
            case .other:
                break
            }
            lineStart = index
        }
        return .incomplete
    }

    /// What one header line says.
    private enum HeaderLine {
        case length(Int)
        case other
        case invalid(String)
    }

    private func parseHeaderLine(_ line: ArraySlice<UInt8>) -> HeaderLine {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return .invalid("a header line without ':'") }
        guard line[..<colon].map(Self.lowercased) == Self.lengthHeader else { return .other }
        let value = line[(colon + 1)...].drop(while: Self.isBlank).reversed().drop(while: Self.isBlank).reversed()
        guard !value.isEmpty else { return .invalid("an empty 'Content-Length'") }
        var length = 0
        for byte in value {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                return .invalid("'Content-Length' is not a non-negative decimal number")
            }
            let (times, overflow1) = length.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2, sum <= maximumBodySize else {
                return .invalid("'Content-Length' is larger than the limit of \(maximumBodySize) bytes")
            }
            length = sum
        }
        return .length(length)
    }

    /// Drops bytes up to the next `Content-Length` (any case); false when it is not in the buffer yet.
    private mutating func skipToNextHeader() -> Bool {
        let pattern = Self.lengthHeader
        var index = position
        while index + pattern.count <= buffer.count {
            if zip(buffer[index..<index + pattern.count], pattern).allSatisfy({ Self.lowercased($0.0) == $0.1 }) {
                position = index
                return true
            }
            index += 1
        }
        // Keep a tail that may be the start of a header split across chunks.
        position = max(position, buffer.count - (pattern.count - 1))
        return false
    }

    private mutating func skipWhitespace() {
        while position < buffer.count && Self.isWhitespace(buffer[position]) { position += 1 }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}

/// Writes LSP base-protocol frames.
public enum MessageFrameWriter {
    /// `Content-Length: N\r\n\r\n` followed by `body`.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}
