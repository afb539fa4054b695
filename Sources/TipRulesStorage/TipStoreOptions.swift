/// How a `TipStore` trades durability for speed, and when it compacts.
public struct TipStoreOptions: Sendable {
    /// When recorded operations reach the disk.
    public enum Durability: Sendable {
        /// Each operation is flushed (`fsync`) before the call returns: reported durable.
        case everyOperation
        /// Operations are written at once (a killed process loses none) but flushed only by
        /// `TipStore.sync()`, a compaction or a rules update (power loss may lose the unflushed).
        case onSync
    }

    public var durability: Durability
    /// The journal is compacted into a new snapshot once it is larger than this many bytes and
    /// than the last snapshot (so compaction's cost per recorded byte stays bounded).
    public var journalBound: Int
    /// The current time (seconds since 1970): compaction prunes the donations no rule can see
    /// at it or later (`TipEngine.pruneDonations(at:)`). Nil: compaction does not prune.
    public var now: (@Sendable () -> Double)?

    public init(durability: Durability = .everyOperation, journalBound: Int = 256 * 1024, now: (@Sendable () -> Double)? = nil) {
        self.durability = durability
        self.journalBound = journalBound
        self.now = now
    }
}
