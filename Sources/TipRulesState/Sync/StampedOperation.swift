import TipRulesRuntime

/// One operation of a person's merged history: what happened (`SyncedChange`), on which install,
/// its number there (from 1, without gaps) and its date (seconds since 1970). Histories merge
/// by these: the same install and number is the same operation, whoever carries it.
public struct StampedOperation: Hashable, Sendable {
    public var install: InstallID
    public var sequence: Int
    public var date: Double
    public var change: SyncedChange

    /// The largest operation number, and "seen" count, a change set may hold (2^48: an install
    /// making an operation every microsecond would reach it after nine years); larger ones are
    /// refused whole, so that no count near 2^63 reaches the arithmetic of a merge.
    public static let maximumSequence = 1 << 48

    public init(install: InstallID, sequence: Int, date: Double, change: SyncedChange) {
        self.install = install
        self.sequence = sequence
        self.date = date
        self.change = change
    }

    /// Whether the operation comes before `other` in the merged history: by date, then install
    /// id, then number.
    func precedes(_ other: StampedOperation) -> Bool {
        (date, install, sequence) < (other.date, other.install, other.sequence)
    }

    /// Whether a reset or deletion that had seen `seen` clears this operation.
    func isCleared(by seen: VersionVector) -> Bool {
        seen.covers(install, sequence)
    }
}

/// What a synced operation did, by the keys saved state uses: events and parameters by name,
/// tips by id. Testing overrides, the UTC
/// offset, transient parameters and pruning are the device's own and never synced.
public enum SyncedChange: Hashable, Sendable {
    /// A donation of `event`, dated by its operation.
    case donate(event: String, fields: [String: ScalarValue])
    /// `count` displays of `tip` for `duration` seconds in all, at `dates` (one display: count 1,
    /// its date); a folder's state from before it synced is one such operation per tip.
    case displays(tip: String, count: Int, duration: Double, dates: [Double])
    /// The tip was invalidated (closed, its action performed, a limit reached).
    case invalidate(tip: String, reason: InvalidationReason)
    /// `resetEligibility`: clears the displays and invalidations of `tip` the install had seen.
    case resetEligibility(tip: String, seen: VersionVector)
    /// A persistent parameter was set (nil: back to its declared default).
    case setParameter(String, ScalarValue?)
    /// `deleteDonations`: deletes the donations of `event` the install had seen.
    case deleteDonations(event: String, seen: VersionVector)
    /// The install's last display date became the operation's date.
    case lastDisplayDate
    /// An exposure in a holdout experiment, dated by its operation.
    case exposure(tip: String, group: String, percent: Int, arm: HoldoutArm)

    /// What the change concerns: the key the merge decides it under.
    var key: HistoryKey {
        switch self {
        case .donate(let event, _), .deleteDonations(let event, _): return .event(event)
        case .displays(let tip, _, _, _), .invalidate(let tip, _), .resetEligibility(let tip, _): return .tip(tip)
        case .setParameter(let name, _): return .parameter(name)
        case .lastDisplayDate: return .lastDisplayDate
        case .exposure(let tip, let group, _, _): return .exposure(tip: tip, group: group)
        }
    }
}

/// A part of the state the merge decides on its own: an event's donations, a tip's state, a
/// parameter's value, or the last display date.
public enum HistoryKey: Hashable, Sendable {
    case event(String)
    case tip(String)
    case parameter(String)
    case lastDisplayDate
    /// A tip's exposure in one holdout group.
    case exposure(tip: String, group: String)

    /// Whether the key is an exposure's.
    var isExposure: Bool {
        if case .exposure = self { true } else { false }
    }
}
