/// Scans one Swift string literal: `"…"`, `"""…"""` and their raw forms `#"…"#`, with escapes
/// and interpolations `\(…)` (which may hold strings of their own, up to `maximumDepth` deep).
/// An unterminated literal ends at the end of its line (single-line) or of the file.
struct SwiftStringScanner {
    /// How deep strings may nest inside interpolations; deeper ones are skipped as plain bytes.
    static let maximumDepth = 8

    let bytes: [UInt8]
    /// Where scanning is: at the literal's first byte before, just past its end after.
    var index: Int

    /// Scans the literal at `index` and returns its value when it is a constant (no interpolation,
    /// valid escapes), or nil.
    mutating func scanLiteral(depth: Int) -> String? {
        var hashes = 0
        while index < bytes.count && bytes[index] == UInt8(ascii: "#") {
            hashes += 1
            index += 1
        }
        guard index < bytes.count && bytes[index] == UInt8(ascii: "\"") else { return nil }
        let multiline = starts(with: "\"\"\"")
        index += multiline ? 3 : 1
        var value: [UInt8] = []
        var constant = true
        while index < bytes.count {
            let byte = bytes[index]
            if !multiline && (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")) { return nil }
            if closes(multiline: multiline, hashes: hashes) {
                index += (multiline ? 3 : 1) + hashes
                guard constant else { return nil }
                let text = String(decoding: value, as: UTF8.self)
                return multiline ? Self.removingIndentation(text) : text
            }
            if byte == UInt8(ascii: "\\") && hashesFollow(hashes, at: index + 1) {
                index += 1 + hashes
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "(") {
                    constant = false
                    skipInterpolation(depth: depth, multiline: multiline)
                } else if let decoded = escape() {
                    value += decoded
                } else {
                    constant = false
                }
                continue
            }
            value.append(byte)
            index += 1
        }
        return nil
    }

    /// Skips `(…)` after a backslash, counting parentheses and skipping nested strings; in a
    /// single-line literal it stops at the end of the line, as Swift does.
    private mutating func skipInterpolation(depth: Int, multiline: Bool) {
        var open = 0
        while index < bytes.count {
            let byte = bytes[index]
            if !multiline && (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")) { return }
            if byte == UInt8(ascii: "(") {
                open += 1
            } else if byte == UInt8(ascii: ")") {
                open -= 1
                if open == 0 {
                    index += 1
                    return
                }
            } else if byte == UInt8(ascii: "\"") && depth < Self.maximumDepth {
                _ = scanLiteral(depth: depth + 1)
                continue
            }
            index += 1
        }
    }

    /// Decodes the escape at `index` (just past the backslash) and moves past it.
    private mutating func escape() -> [UInt8]? {
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "0"): return [0]
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"): return [byte]
        case UInt8(ascii: "\n"):
            while index < bytes.count && (bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")) { index += 1 }
            return []
        case UInt8(ascii: "u"):
            guard index < bytes.count && bytes[index] == UInt8(ascii: "{") else { return nil }
            var scalar: UInt32 = 0
            var digits = 0
            index += 1
            while index < bytes.count, let digit = Self.hexValue(bytes[index]), digits < 8 {
                scalar = scalar << 4 | digit
                digits += 1
                index += 1
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "}"), digits > 0,
                  let unicode = Unicode.Scalar(scalar) else { return nil }
            index += 1
            return Array(String(Character(unicode)).utf8)
        default:
            return nil
        }
    }

    private func closes(multiline: Bool, hashes: Int) -> Bool {
        let quotes = multiline ? 3 : 1
        guard index + quotes + hashes <= bytes.count else { return false }
        for offset in 0..<quotes where bytes[index + offset] != UInt8(ascii: "\"") { return false }
        return hashesFollow(hashes, at: index + quotes)
    }

    private func hashesFollow(_ count: Int, at position: Int) -> Bool {
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != UInt8(ascii: "#") { return false }
        return true
    }

    private func starts(with text: String) -> Bool {
        let utf8 = Array(text.utf8)
        guard index + utf8.count <= bytes.count else { return false }
        return Array(bytes[index..<(index + utf8.count)]) == utf8
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// A multi-line literal's value: the lines between the delimiters, less the closing line's indentation.
    static func removingIndentation(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 2 else { return "" }
        let indentation = lines.removeLast().prefix { $0 == " " || $0 == "\t" }.count
        lines.removeFirst()
        return lines.map { line in
            String(line.dropFirst(min(indentation, line.prefix { $0 == " " || $0 == "\t" }.count)))
        }.joined(separator: "\n")
    }
}
