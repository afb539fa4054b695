#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// than half the last snapshot: compaction writes at most two bytes per byte recorded, and
    /// opening replays at most half a snapshot's worth of records.
    public var journalBound: Int
    /// The current time (seconds since 1970): every snapshot but a new folder's first prunes the donations no rule can see
    /// at it or later (`TipEngine.pruneDonations(at:)`), which bounds the history. The system
    /// clock by default; nil: compaction does not prune.
    public var now: (@Sendable () -> Double)?
    /// Every file-system call of the store goes through it: the real file system by default; a
    /// test puts a failing one in between (`FileLayer`).
    public var fileLayer: any FileLayer

    public init(durability: Durability = .everyOperation, journalBound: Int = 256 * 1024,
                now: (@Sendable () -> Double)? = TipStoreOptions.systemClock,
                fileLayer: any FileLayer = PosixFileLayer()) {
        self.durability = durability
        self.journalBound = journalBound
        self.now = now
        self.fileLayer = fileLayer
    }

    /// The system's wall clock, in seconds since 1970.
    public static let systemClock: @Sendable () -> Double = {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
