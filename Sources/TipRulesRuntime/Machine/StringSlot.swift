/// How a string slot names its string: the low 40 bits are an index, the bits above them
/// the table: 0 for the run's string table (constants, strings built by the run), `1 + e` for
/// the interned field strings of event `e`, and `parameterTable` for the store's parameter
/// values — so reading a field or a parameter copies nothing.
enum StringSlot {
    private static let indexBits: UInt64 = 40
    /// The table of the store's parameters: the index is the parameter's.
    static let parameterTable = Int(UInt64.max >> indexBits)

    @inline(__always)
    static func run(_ index: Int) -> UInt64 { UInt64(index) }

    @inline(__always)
    static func event(_ event: Int, _ index: UInt64) -> UInt64 { UInt64(event + 1) << indexBits | index }

    @inline(__always)
    static func parameter(_ index: Int) -> UInt64 { UInt64(parameterTable) << indexBits | UInt64(index) }

    /// The table (0 for the run's, `1 + e` for event `e`'s, `parameterTable`) and the index.
    @inline(__always)
    static func decode(_ slot: UInt64) -> (table: Int, index: Int) {
        (Int(slot >> indexBits), Int(slot & (1 << indexBits - 1)))
    }
}
