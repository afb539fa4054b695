/// Base64 (RFC 4648 section 4, the standard alphabet with `=` padding), strict: decoding accepts
/// only the one text encoding gives for some bytes, so a text and its bytes correspond one to one.
public enum Base64 {
    /// Why a text is not Base64.
    public enum DecodingError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The length is not a multiple of 4.
        case invalidLength(Int)
        /// A character outside A–Z, a–z, 0–9, `+`, `/` and final padding, at this byte offset.
        case invalidCharacter(offset: Int)
        /// `=` somewhere other than the last one or two characters.
        case misplacedPadding(offset: Int)
        /// The bits after the last byte are not zero, so another text decodes to the same bytes.
        case nonCanonical

        public var description: String {
            switch self {
            case .invalidLength(let length): "Base64 text of \(length) characters (a multiple of 4 expected)"
            case .invalidCharacter(let offset): "a character that is not Base64 at offset \(offset)"
            case .misplacedPadding(let offset): "padding '=' before the end at offset \(offset)"
            case .nonCanonical: "non-canonical Base64: the unused bits of the last character are not zero"
            }
        }
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The value of each ASCII byte as a Base64 digit, 0xff for none.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xff, count: 256)
        for (value, character) in alphabet.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        return table
    }()

    /// The Base64 text of `bytes`, padded, on one line.
    public static func encode(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let remaining = bytes.count - index
            let b0 = UInt32(bytes[index])
            let b1 = remaining > 1 ? UInt32(bytes[index + 1]) : 0
            let b2 = remaining > 2 ? UInt32(bytes[index + 2]) : 0
            let group = b0 << 16 | b1 << 8 | b2
            text.append(alphabet[Int(group >> 18 & 63)])
            text.append(alphabet[Int(group >> 12 & 63)])
            text.append(remaining > 1 ? alphabet[Int(group >> 6 & 63)] : UInt8(ascii: "="))
            text.append(remaining > 2 ? alphabet[Int(group & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes a Base64 text encodes. No white space, line breaks or URL-safe alphabet; padding
    /// required; the unused bits of the last character must be zero.
    public static func decode(_ text: some StringProtocol) throws(DecodingError) -> [UInt8] {
        let characters = Array(text.utf8)
        guard characters.count % 4 == 0 else { throw .invalidLength(characters.count) }
        var padding = 0
        while padding < 2, padding < characters.count, characters[characters.count - 1 - padding] == UInt8(ascii: "=") {
            padding += 1
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count / 4 * 3)
        var group: UInt32 = 0
        for (offset, character) in characters.enumerated() {
            let value = values[Int(character)]
            if value == 0xff {
                guard character == UInt8(ascii: "="), offset >= characters.count - padding else {
                    throw character == UInt8(ascii: "=") ? .misplacedPadding(offset: offset) : .invalidCharacter(offset: offset)
                }
            }
            group = group << 6 | UInt32(value == 0xff ? 0 : value)
            if offset % 4 == 3 {
                bytes.append(UInt8(truncatingIfNeeded: group >> 16))
                bytes.append(UInt8(truncatingIfNeeded: group >> 8))
                bytes.append(UInt8(truncatingIfNeeded: group))
                group = 0
            }
        }
        guard padding > 0 else { return bytes }
        // The padded characters stand for zero bits, and the real ones before them must end in zeros too.
        let lastGroup = bytes.suffix(3)
        let dropped = padding == 2 ? Array(lastGroup.dropFirst()) : [lastGroup.last ?? 0]
        guard dropped.allSatisfy({ $0 == 0 }) else { throw .nonCanonical }
        bytes.removeLast(padding)
        return bytes
    }
}
