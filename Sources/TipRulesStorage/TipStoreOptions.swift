#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesState

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
    /// The largest a merge may make the folder's history, in bytes, compacted: a change set after
    /// which it would be larger is refused whole (`ChangeSetError.historyTooLarge`), so that the
    /// folder always reads back. `ChangeSet.maximumSize` (64 MiB) by default, and never more.
    public var historyBound: Int

    public init(durability: Durability = .everyOperation, journalBound: Int = 256 * 1024,
                now: (@Sendable () -> Double)? = TipStoreOptions.systemClock,
                fileLayer: any FileLayer = PosixFileLayer(), historyBound: Int = ChangeSet.maximumSize) {
        self.durability = durability
        self.journalBound = journalBound
        self.now = now
        self.fileLayer = fileLayer
        self.historyBound = min(historyBound, ChangeSet.maximumSize)
    }

    /// The system's wall clock, in seconds since 1970.
    public static let systemClock: @Sendable () -> Double = {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
