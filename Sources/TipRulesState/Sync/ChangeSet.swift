import TipRulesRuntime

/// The operations of one or more installs that a peer lacks, for one app's rules: what installs
/// exchange (as a file, a CloudKit record, a request body). Applying one is idempotent and
/// order-free (`SyncHistory.add(_:)`). Its bytes are versioned and checksummed like saved state
/// (`ChangeSetCoding`, docs/runtime.md "Syncing a person's devices").
public struct ChangeSet: Hashable, Sendable {
    /// The app of the rules the history belongs to (`Program.app`); a change set for another app
    /// is refused.
    public var app: String?
    /// The operations, grouped by install, each install's in number order.
    public var operations: [StampedOperation]
    /// A compacted history's baseline (`SyncHistory.baseline`), sent to a peer that lacks operations
    /// it folded: of the operations it covers, those listed are all that still decide something
    /// there, the others were folded away — a claim, of which a receiver believes only what it can
    /// check (`SyncHistory.checkedBaseline(_:listing:)`). Nil for a change set of single operations.
    public var baseline: VersionVector?

    /// The newest change set format version this runtime writes and reads: 2 may hold a baseline,
    /// and is written for a change set with a baseline or an exposure; any other is written as
    /// version 1, which every earlier runtime reads (one that reads only version 1 refuses a
    /// version 2 change set whole, as newer than itself, never as damage).
    public static let formatVersion = 2
    /// The largest change set accepted, in bytes (64 MiB): larger ones are refused unread.
    public static let maximumSize = 64 << 20

    public init(app: String?, operations: [StampedOperation], baseline: VersionVector? = nil) {
        self.app = app
        self.operations = operations
        self.baseline = baseline
    }

    /// The operations held per install, as runs of consecutive numbers: what the change set says
    /// it holds.
    public var held: [InstallID: [ClosedRange<Int>]] {
        var runs: [InstallID: [ClosedRange<Int>]] = [:]
        for operation in operations {
            var list = runs[operation.install] ?? []
            if let last = list.last, last.upperBound + 1 == operation.sequence {
                list[list.count - 1] = last.lowerBound...operation.sequence
            } else {
                list.append(operation.sequence...operation.sequence)
            }
            runs[operation.install] = list
        }
        return runs
    }

    /// The operations a peer that holds `seen` lacks: those past its count for their install
    /// (`SyncHistory.changes(since:app:)` also carries the one at that count, which it holds).
    public func operations(past seen: VersionVector) -> [StampedOperation] {
        operations.filter { !seen.covers($0.install, $0.sequence) }
    }

    /// The change set's bytes.
    public func encoded() -> [UInt8] {
        ChangeSetCoding.encode(self)
    }

    /// Reads change set bytes, refusing them as a whole when damaged, truncated, larger than
    /// `maximumSize` or of a newer format.
    public init(decoding bytes: [UInt8]) throws(ChangeSetError) {
        do { self = try ChangeSetCoding.decode(bytes) } catch { throw .format(error) }
    }

    /// Change sets written one after another (a journal of them): those that read whole, each
    /// with the offset just past it, up to the first that does not; the offset just past the last
    /// good one, and why reading stopped early (nil when the bytes end cleanly).
    public static func sequence(in bytes: [UInt8])
        -> (changeSets: [(changeSet: ChangeSet, end: Int)], end: Int, damage: StateFormatError?) {
        var changeSets: [(changeSet: ChangeSet, end: Int)] = []
        var end = 0
        while end < bytes.count {
            do {
                let next = try StateFormat.unframe(bytes, at: end, magic: ChangeSetCoding.magic, what: "a change set",
                                                   newest: formatVersion).end
                changeSets.append((try ChangeSetCoding.decode(Array(bytes[end..<next])), next))
                end = next
            } catch {
                return (changeSets, end, error)
            }
        }
        return (changeSets, end, nil)
    }
}
