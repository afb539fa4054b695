/// The constants of the `.tipc` file format (see `docs/bytecode.md`).
public enum BytecodeFormat {
    /// The first four bytes of every file: "TIPC".
    public static let magic: [UInt8] = [0x54, 0x49, 0x50, 0x43]
    /// The first format version.
    public static let oldestVersion = 1
    /// The newest format version this runtime reads and writes. A program is written in the
    /// oldest version that carries it (`FormatConstruct` lists what each version added).
    public static let newestVersion = 5
    /// The format versions this runtime reads: every one it ever wrote.
    public static let readableVersions: ClosedRange<Int> = oldestVersion...newestVersion
    /// Parameter flag bit: a `transient parameter` (version 2 on).
    public static let transientParameterFlag: UInt8 = 1
    /// Magic (4), version (2), flags (2), payload length (4), payload CRC-32 (4).
    public static let headerSize = 16
    /// Byte offset of the payload's CRC-32 in the header.
    public static let checksumOffset = 12

    /// The largest file this runtime loads, in bytes.
    public static let maximumFileSize = 1 << 24
    /// The largest number of instructions in one code block.
    public static let maximumInstructions = 1 << 20
    /// The largest number of locals in one code block.
    public static let maximumLocals = 1 << 12
    /// The deepest stack a code block may need, in slots.
    public static let maximumStackSlots = 1 << 10
    /// The deepest nesting of closure loops in a code block.
    public static let maximumLoopDepth = 1 << 8
    /// The largest number of constants, parameters, events, tips, groups or widgets, of fields
    /// of an event, of rules of a tip and of members of a group.
    public static let maximumEntries = 1 << 16
    /// The largest number of code blocks (rules, scores and durations) in a program.
    public static let maximumCodeBlocks = 1 << 16
    /// The largest number of instructions in a whole program. With the limits above, this keeps
    /// what a loaded program holds in memory to a small multiple of the largest file.
    public static let maximumTotalInstructions = 1 << 22
    /// The longest string in the file, in UTF-8 bytes.
    public static let maximumStringLength = 1 << 24
    /// How much the verifier may hold at once for branches not yet joined, in stack entries
    /// (each 8 locals count as one): a bound on its memory for any input.
    static let maximumPendingVerifierState = 1 << 22
}
