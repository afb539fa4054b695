/// Why and where JSON text could not be parsed. Lines and columns are 1-based;
/// columns count Unicode scalars.
public struct JSONParseError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The 1-based line of the problem.
    public let line: Int
    /// The 1-based column of the problem, in Unicode scalars.
    public let column: Int
    /// The byte offset of the problem in the input.
    public let offset: Int
    /// What was wrong, e.g. `expected ',' or '}' after object member, found ']'`.
    public let message: String

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A strict parser for UTF-8 JSON text (RFC 8259).
///
/// It rejects invalid UTF-8, unescaped control characters, lone surrogates,
/// leading zeros, trailing commas, duplicate object keys and anything after
/// the value; a leading byte order mark is skipped. Nesting deeper than
/// `maximumDepth` is an error, and the parser never recurses, so no input can
/// exhaust the stack.
public struct JSONParser: Sendable {
    /// The default limit on nested arrays and objects.
    public static let defaultMaximumDepth = 512

    /// The most arrays and objects that may be nested inside one another.
    public var maximumDepth: Int

    /// A parser that accepts at most `maximumDepth` nested arrays and objects.
    public init(maximumDepth: Int = JSONParser.defaultMaximumDepth) {
        self.maximumDepth = maximumDepth
    }

    /// Parses one JSON value, surrounded by optional whitespace, from UTF-8 bytes.
    public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var reader = JSONReader(bytes: bytes, maximumDepth: maximumDepth)
        return try reader.readDocument()
    }

    /// Parses one JSON value, surrounded by optional whitespace, from a string.
    public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

/// The state of one parse: the input and the read position.
private struct JSONReader {
    /// An array or object whose elements are still being read.
    private struct Frame {
        let isObject: Bool
        var elements: [JSONValue] = []
        var members = JSONObject()
        /// The key of the member whose value is being read.
        var key = ""
    }

    let bytes: [UInt8]
    let maximumDepth: Int
    private var index = 0

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Reads the whole input as one value. Containers are kept on an explicit
    /// stack: each pass of the outer loop reads one value, then the inner loop
    /// adds it to the innermost open container and closes those that end.
    mutating func readDocument() throws(JSONParseError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        var stack: [Frame] = []
        readValue: while true {
            skipWhitespace()
            var value: JSONValue
            guard index < bytes.count else { throw failure("expected a value, found end of input") }
            switch bytes[index] {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                guard stack.count < maximumDepth else {
                    throw failure("arrays and objects are nested more than \(maximumDepth) deep")
                }
                let isObject = bytes[index] == UInt8(ascii: "{")
                index += 1
                skipWhitespace()
                if consume(isObject ? "}" : "]") {
                    value = isObject ? .object(JSONObject()) : .array([])
                } else {
                    var frame = Frame(isObject: isObject)
                    if isObject { try readKey(into: &frame) }
                    stack.append(frame)
                    continue readValue
                }
            case UInt8(ascii: "\""):
                value = .string(try readString())
            case UInt8(ascii: "t"):
                try readLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try readLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try readLiteral("null")
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = try readNumber()
            default:
                throw failure("expected a value, found \(found())")
            }
            while !stack.isEmpty {
                let top = stack.count - 1
                skipWhitespace()
                if stack[top].isObject {
                    stack[top].members.insert(value, forKey: stack[top].key)
                    if consume(",") {
                        skipWhitespace()
                        try readKey(into: &stack[top])
                        continue readValue
                    }
                    guard consume("}") else {
                        throw failure("expected ',' or '}' after object member, found \(found())")
                    }
                    value = .object(stack.removeLast().members)
                } else {
                    stack[top].elements.append(value)
                    if consume(",") { continue readValue }
                    guard consume("]") else {
                        throw failure("expected ',' or ']' after array element, found \(found())")
                    }
                    value = .array(stack.removeLast().elements)
                }
            }
            skipWhitespace()
            guard index == bytes.count else { throw failure("unexpected \(found()) after the JSON value") }
            return value
        }
    }

    // MARK: Tokens

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }

    /// Consumes `byte` if it comes next.
    private mutating func consume(_ byte: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: byte) else { return false }
        index += 1
        return true
    }

    private func isDigit(at position: Int) -> Bool {
        position < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
    }

    private mutating func skipDigits() {
        while isDigit(at: index) { index += 1 }
    }

    /// Reads an object key and the colon after it into `frame`.
    private mutating func readKey(into frame: inout Frame) throws(JSONParseError) {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw failure("expected a string key, found \(found())")
        }
        let keyOffset = index
        let key = try readString()
        guard frame.members[key] == nil else {
            throw failure("duplicate key \(JSONWriter.string(from: .string(key))) in object", at: keyOffset)
        }
        skipWhitespace()
        guard consume(":") else { throw failure("expected ':' after object key, found \(found())") }
        frame.key = key
    }

    private mutating func readLiteral(_ literal: String) throws(JSONParseError) {
        let expected = Array(literal.utf8)
        guard bytes[index...].starts(with: expected) else {
            throw failure("invalid literal, expected '\(literal)'")
        }
        index += expected.count
    }

    private mutating func readNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        _ = consume("-")
        guard isDigit(at: index) else { throw failure("expected a digit after '-', found \(found())") }
        if consume("0") {
            guard !isDigit(at: index) else { throw failure("numbers must not have leading zeros", at: start) }
        } else {
            skipDigits()
        }
        var isInteger = true
        if consume(".") {
            isInteger = false
            guard isDigit(at: index) else {
                throw failure("expected a digit after the decimal point, found \(found())")
            }
            skipDigits()
        }
        if consume("e") || consume("E") {
            isInteger = false
            if !consume("+") { _ = consume("-") }
            guard isDigit(at: index) else { throw failure("expected a digit in the exponent, found \(found())") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        guard let number = Double(text), number.isFinite else {
            throw failure("number is too large", at: start)
        }
        return .number(number)
    }

    // MARK: Strings

    /// Reads a string starting at its opening quote.
    private mutating func readString() throws(JSONParseError) -> String {
        let start = index
        index += 1
        var utf8: [UInt8] = []
        while true {
            guard index < bytes.count else { throw failure("unterminated string", at: start) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try readEscape(into: &utf8, stringStart: start)
            case 0..<0x20:
                throw failure("control character \(found()) must be escaped in a string")
            case 0..<0x80:
                utf8.append(byte)
                index += 1
            default:
                guard let (_, length) = decodeScalar(at: index) else {
                    throw failure("invalid UTF-8 byte 0x\(hex(byte, digits: 2)) in string")
                }
                utf8.append(contentsOf: bytes[index..<index + length])
                index += length
            }
        }
    }

    /// Reads a backslash escape and appends the UTF-8 of the character it stands for.
    private mutating func readEscape(into utf8: inout [UInt8], stringStart: Int) throws(JSONParseError) {
        let start = index
        index += 1
        guard index < bytes.count else { throw failure("unterminated string", at: stringStart) }
        let escaped = bytes[index]
        index += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            let high = try readHexQuad()
            var value = high
            if (0xD800...0xDBFF).contains(high) {
                guard consume("\\"), consume("u") else {
                    throw failure("unpaired surrogate '\\u\(hex(high, digits: 4))' in string", at: start)
                }
                let low = try readHexQuad()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw failure("unpaired surrogate '\\u\(hex(high, digits: 4))' in string", at: start)
                }
                value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw failure("unpaired surrogate '\\u\(hex(high, digits: 4))' in string", at: start)
            }
            UTF8.encode(scalar) { utf8.append($0) }
        default:
            index = start + 1
            let what = (0x21...0x7E).contains(escaped)
                ? "'\\\(Unicode.Scalar(escaped))'" : "'\\' followed by \(found())"
            throw failure("invalid escape \(what) in string", at: start)
        }
    }

    /// Reads the four hexadecimal digits of a `\u` escape.
    private mutating func readHexQuad() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexDigitValue(bytes[index]) else {
                throw failure("expected 4 hexadecimal digits after '\\u', found \(found())")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func hexDigitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// The scalar encoded at `position` and its length in bytes, if the bytes
    /// there are well-formed UTF-8 (no overlong forms, surrogates or values above U+10FFFF).
    private func decodeScalar(at position: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[position]
        let length: Int
        var value: UInt32
        switch lead {
        case 0x00..<0x80: return Unicode.Scalar(UInt32(lead)).map { ($0, 1) }
        case 0xC0..<0xE0: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0..<0xF0: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0..<0xF8: length = 4; value = UInt32(lead & 0x07)
        default: return nil
        }
        guard bytes.count - position >= length else { return nil }
        for offset in 1..<length {
            let byte = bytes[position + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let smallest: [UInt32] = [0, 0, 0x80, 0x800, 0x10000]
        guard value >= smallest[length], let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    // MARK: Errors

    /// A description of what is at the read position, for messages.
    private func found() -> String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        guard let (scalar, _) = decodeScalar(at: index) else {
            return "invalid UTF-8 byte 0x\(hex(byte, digits: 2))"
        }
        if (0x21...0x7E).contains(byte) { return "'\(scalar)'" }
        let code = "U+\(hex(scalar.value, digits: 4))"
        return scalar.properties.generalCategory == .control || scalar == " " ? code : "'\(scalar)' (\(code))"
    }

    private func hex<T: BinaryInteger>(_ value: T, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// An error at the read position, or at `offset`.
    private func failure(_ message: String, at offset: Int? = nil) -> JSONParseError {
        let position = offset ?? index
        let end = min(max(position, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<end where bytes[index] & 0b1100_0000 != 0b1000_0000 || index == lineStart {
            column += 1
        }
        return JSONParseError(line: line, column: column, offset: position, message: message)
    }
}
