import TipRulesRuntime

/// The identity of one install: a state folder on one device. Made once at random (128 bits)
/// and kept, it numbers the install's operations in a person's merged history. Written as 32
/// lowercase hexadecimal digits.
public struct InstallID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// A new install id from the system's random number generator.
    public static func random() -> InstallID {
        var generator = SystemRandomNumberGenerator()
        return InstallID(high: generator.next(), low: generator.next())
    }

    /// The id written as 32 hexadecimal digits; nil for any other text.
    public init?(_ text: some StringProtocol) {
        let digits = Array(text.utf8)
        guard digits.count == 32 else { return nil }
        var halves: [UInt64] = [0, 0]
        for (index, digit) in digits.enumerated() {
            guard let value = Self.hexValue(digit) else { return nil }
            halves[index / 16] = halves[index / 16] << 4 | UInt64(value)
        }
        self.init(high: halves[0], low: halves[1])
    }

    public var description: String {
        Self.hex(high) + Self.hex(low)
    }

    public static func < (left: InstallID, right: InstallID) -> Bool {
        (left.high, left.low) < (right.high, right.low)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
