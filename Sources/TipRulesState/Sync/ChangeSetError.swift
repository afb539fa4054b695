import TipRulesRuntime

/// Why a change set was refused as a whole; a refused change set changes nothing.
public enum ChangeSetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not a change set this runtime reads: damaged, truncated, of a newer format.
    case format(StateFormatError)
    /// The change set is for another app's rules.
    case foreignApp(expected: String?, found: String?)
    /// An operation differs from the one already held under its install and number (or has no
    /// valid number): the change set was not made from this person's history.
    case conflict(install: InstallID, sequence: Int)
    /// An operation of the receiving install that it does not hold: it never made it (the change
    /// set comes from an undetected copy of its folder, or was forged).
    case unknownOwnOperation(install: InstallID, sequence: Int)
    /// A reset or a deletion claims to have seen `count` operations of install `seen`, more than its
    /// install can have seen (`possible`).
    case impossibleClaim(install: InstallID, sequence: Int, seen: InstallID, count: Int, possible: Int)
    /// Another folder numbers operations under `install` (a backup restored while the folder
    /// lived on, a copy its install file could not tell): its operation `sequence` differs from
    /// the one held, or is the receiving folder's own and was never made there, and the change
    /// set does not show where the two parted. The other's whole history shows it, and which of
    /// the two gives way (`SyncHistory.yields(_:to:)`, `SyncHistory.Duplicate`).
    case duplicateInstall(install: InstallID, sequence: Int)
    /// Merged, the history would be written as `bytes` bytes even compacted, past `bound` (the
    /// folder's bound, at most the largest change set a folder reads, `ChangeSet.maximumSize`):
    /// accepting it could make the folder unopenable.
    case historyTooLarge(bytes: Int, bound: Int)
    /// A change set too large to merge whole, read as it comes (`SyncHistory.folding`), lists
    /// operation `sequence` of `install` after one numbered as high or higher: each install's
    /// operations are written in number order, once each, by `SyncHistory.changes(since:app:)`.
    case unordered(install: InstallID, sequence: Int)
    /// A change set too large to merge whole, read as it comes (`SyncHistory.folding`), would
    /// leave more than `limit` operations to hold once what decides nothing is folded away (an
    /// event the rules do not declare, displays, resets): a merge holds every one in memory, so
    /// it is refused rather than let one peer's flood cost a device more than a small multiple
    /// of the change set's size.
    case tooManyOperations(limit: Int)

    public var description: String {
        switch self {
        case .format(let error):
            return "not a readable change set: \(error)"
        case .foreignApp(let expected, let found):
            return "a change set for \(Self.name(found)), not for \(Self.name(expected))"
        case .conflict(let install, let sequence):
            return "operation \(sequence) of install \(install) differs from the one already held; the change set is not from this history"
        case .unknownOwnOperation(let install, let sequence):
            return "operation \(sequence) of install \(install) is this folder's own but was never made here; the change set comes from a copy of this folder or was forged"
        case .impossibleClaim(let install, let sequence, let seen, let count, let possible):
            return "operation \(sequence) of install \(install) claims to have seen \(count) operations of install \(seen), "
                + "more than it can have seen (\(possible)); the change set is not from this history"
        case .duplicateInstall(let install, let sequence):
            return "operation \(sequence) of install \(install) differs from this folder's: another folder (a restore or a copy) "
                + "numbers operations under that install id, and the change set does not show where the two parted; the other "
                + "folder's whole history shows it (state changes OTHER -o FILE without --since, then state merge THIS FILE), "
                + "and either folder's operations since continue under a new id, nothing lost"
        case .historyTooLarge(let bytes, let bound):
            return "merged, the folder's history would take \(bytes) bytes even compacted, more than its bound of \(bound) "
                + "(a folder reads back at most \(ChangeSet.maximumSize)); the change set is refused so that the folder stays openable"
        case .unordered(let install, let sequence):
            return "operation \(sequence) of install \(install) is listed after one numbered as high or higher; a change set this "
                + "large is merged as it is read, which takes each install's operations in number order, once each, as every "
                + "history writes them; the change set is refused (made again with state changes, it merges)"
        case .tooManyOperations(let limit):
            return "the change set leaves more than \(limit) operations to keep once what decides nothing is folded away "
                + "(donations of events the rules do not declare, displays, resets), more than one merge holds in memory; "
                + "the change set is refused so that a merge costs a small multiple of its size"
        }
    }

    private static func name(_ app: String?) -> String {
        app.map { "the app '\($0)'" } ?? "rules that name no app"
    }
}
