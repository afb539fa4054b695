/// Serialises `JSONValue`s as JSON text, deterministically: object members in
/// insertion order, numbers in their shortest round-trip form.
///
/// Integral doubles print without a fraction (`1800`, not `1800.0`); NaN and
/// infinities, which JSON cannot express, print as `null`. Strings escape `"`,
/// `\` and control characters and keep other characters as UTF-8. The writer
/// never recurses, so no value can exhaust the stack.
public enum JSONWriter {
    /// How much whitespace to write.
    public enum Style: Sendable {
        /// No whitespace at all: `{"a":[1,2]}`.
        case compact
        /// One member or element per line, indented by two spaces per level,
        /// with a space after each colon; empty arrays and objects stay `[]` and `{}`.
        case pretty
    }

    /// The JSON text of `value`, without a trailing newline.
    public static func string(from value: JSONValue, style: Style = .compact) -> String {
        var output = Output(style: style)
        output.write(value)
        return String(decoding: output.bytes, as: UTF8.self)
    }
}

/// The text written so far and the arrays and objects still open.
private struct Output {
    /// An open array or object and the index of its next child.
    private enum Frame {
        case array([JSONValue], next: Int)
        case object(JSONObject, next: Int)
    }

    let style: JSONWriter.Style
    private(set) var bytes: [UInt8] = []
    private var stack: [Frame] = []

    init(style: JSONWriter.Style) {
        self.style = style
    }

    /// Writes `value`, opening containers on the stack and then writing their
    /// children one at a time until every container is closed.
    mutating func write(_ value: JSONValue) {
        open(value)
        while let frame = stack.popLast() {
            switch frame {
            case .array(let elements, let next) where next < elements.count:
                stack.append(.array(elements, next: next + 1))
                startChild(at: next)
                open(elements[next])
            case .object(let members, let next) where next < members.count:
                stack.append(.object(members, next: next + 1))
                startChild(at: next)
                let member = members.entries[next]
                writeString(member.key)
                append(style == .pretty ? ": " : ":")
                open(member.value)
            case .array:
                newline()
                append("]")
            case .object:
                newline()
                append("}")
            }
        }
    }

    /// Writes a scalar or an empty container whole, or the opening bracket of a
    /// non-empty container and pushes it.
    private mutating func open(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .integer(let integer): append(String(integer))
        case .number(let number): append(Self.format(number))
        case .string(let string): writeString(string)
        case .array(let elements):
            append(elements.isEmpty ? "[]" : "[")
            if !elements.isEmpty { stack.append(.array(elements, next: 0)) }
        case .object(let members):
            append(members.isEmpty ? "{}" : "{")
            if !members.isEmpty { stack.append(.object(members, next: 0)) }
        }
    }

    /// Writes the separator before the child at `index` of the innermost container.
    private mutating func startChild(at index: Int) {
        if index > 0 { append(",") }
        newline()
    }

    /// In the pretty style, a line break and the indentation of the current depth.
    private mutating func newline() {
        guard style == .pretty else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * stack.count))
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0..<0x20:
                let digits = String(byte, radix: 16, uppercase: true)
                append("\\u00" + (byte < 0x10 ? "0" : "") + digits)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The shortest round-trip text of `number`, without a `.0` on integral
    /// values; `null` when it is not finite.
    private static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        let text = number.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
