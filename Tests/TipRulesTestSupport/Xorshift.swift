/// A deterministic pseudo-random sequence (xorshift64*) for property tests: the same seed gives
/// the same programs and stores on every run.
public struct Xorshift {
    public var state: UInt64

    public init(state: UInt64) {
        self.state = state
    }

    /// A number in `0..<bound`.
    public mutating func next(_ bound: Int) -> Int {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return Int((state &* 0x2545_F491_4F6C_DD1D) % UInt64(bound))
    }

    /// One of `items`.
    public mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }

    /// A text of fewer than `maximumLength` scalars picked from `alphabet`.
    public mutating func text(from alphabet: [Unicode.Scalar], shorterThan maximumLength: Int) -> String {
        var text = ""
        for _ in 0..<next(maximumLength) { text.unicodeScalars.append(pick(alphabet)) }
        return text
    }
}
