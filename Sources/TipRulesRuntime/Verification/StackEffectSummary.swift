/// An opcode's stack effects (`OpcodeInfo.effects`) in trivial values, so that checking an
/// instruction against them copies no set: the fewest values a path pops, and one bit for each
/// net change in values (pushes minus pops) that a path makes.
struct StackEffectSummary {
    /// The fewest values any path out of the instruction pops.
    let minimumPops: Int
    /// Bit `change + offset` is set when a path changes the stack by `change` values.
    private let netChanges: UInt64
    private static let offset = 32

    init(_ effects: [StackEffect]) {
        minimumPops = effects.map(\.pops).min() ?? 0
        netChanges = effects.reduce(0) { bits, effect in
            let shift = effect.pushes - effect.pops + Self.offset
            return (0..<64).contains(shift) ? bits | 1 << UInt64(shift) : bits
        }
    }

    /// Whether a path of the instruction changes the stack by `change` values.
    func allows(change: Int) -> Bool {
        let shift = change + Self.offset
        return (0..<64).contains(shift) && netChanges & 1 << UInt64(shift) != 0
    }
}
