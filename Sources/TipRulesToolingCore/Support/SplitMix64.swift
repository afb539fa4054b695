/// SplitMix64: a fast, deterministic 64-bit random generator, the same sequence on every machine,
/// for what must repeat from a seed (the benchmark's rows, a rehearsal's people, the tests).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in [0, 1) with 53 random bits.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// True with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool { unit() < probability }

    /// A whole number in `range` (by multiplying, so the tiny bias of a 64-bit draw is the same everywhere).
    public mutating func integer(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        guard width != 0 else { return Int(bitPattern: UInt(next())) }
        return range.lowerBound &+ Int(next().multipliedFullWidth(by: width).high)
    }
}
