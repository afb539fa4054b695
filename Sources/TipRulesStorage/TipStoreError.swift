import TipRulesRuntime
import TipRulesState

/// Why a state folder could not be opened, or an operation or rules update not recorded.
public enum TipStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Another writer (another process, or another `TipStore` in this one) holds the folder.
    case locked(folder: String)
    /// The folder was written by a newer storage version than this library reads.
    case newerStorageVersion(folder: String, found: Int, newestRead: Int)
    /// A file of the folder is of a newer format than this runtime reads; nothing is guessed.
    case newerFileFormat(file: String, StateFormatError)
    /// The folder holds files that are not a state folder's, or a format file that cannot be read.
    case notAStateFolder(folder: String, String)
    /// No snapshot of the folder can be read; each reason is listed.
    case noReadableSnapshot(folder: String, [RecoveryNote])
    /// A file operation failed: what, on which path, and the system's reason. The change asked
    /// for was not made: not in the folder, not in the engine (docs/runtime.md, "How a change is
    /// committed").
    case io(String, path: String, reason: String)
    /// A file operation failed after the change may have reached the folder, and undoing it
    /// failed too: whether the change holds is what the folder says when it is read back (the
    /// store does so before its next write; `TipStore.open` does at the next launch).
    case inDoubt(String, path: String, reason: String)
    /// The engine refused the operation (an unknown name, a value of the wrong type); nothing
    /// was recorded.
    case refused(EngineError)
    /// The operation's record would be larger than `OperationRecord.maximumRecord`; nothing was
    /// recorded.
    case operationTooLarge(bytes: Int)
    /// The rules update was refused; the rules in force stay.
    case rulesUpdate(RulesUpdateError)
    /// A received change set was refused as a whole; the folder is unchanged.
    case changeSet(ChangeSetError)

    public var description: String {
        switch self {
        case .locked(let folder):
            return "the state folder '\(folder)' is open for writing by another process or engine; open it for reading, or close the other"
        case .newerStorageVersion(let folder, let found, let newest):
            return "the state folder '\(folder)' was written by storage version \(found), newer than this library reads (up to \(newest))"
        case .newerFileFormat(let file, let error):
            return "'\(file)' is \(error)"
        case .notAStateFolder(let folder, let reason):
            return "'\(folder)' is not a tip state folder: \(reason)"
        case .noReadableSnapshot(let folder, let notes):
            return "no snapshot of the state folder '\(folder)' can be read: " + notes.map(\.description).joined(separator: "; ")
        case .io(let what, let path, let reason):
            return "cannot \(what) '\(path)': \(reason)"
        case .inDoubt(let what, let path, let reason):
            return "cannot \(what) '\(path)': \(reason); the change may or may not be in the state folder (reading it back tells)"
        case .refused(let error):
            return error.description
        case .rulesUpdate(let error):
            return error.description
        case .changeSet(let error):
            return error.description
        case .operationTooLarge(let bytes):
            return "an operation of \(bytes) bytes is larger than a journal record may be (\(OperationRecord.maximumRecord) bytes); nothing was recorded"
        }
    }
}

extension TipStoreError {
    /// The same failure of a file operation, after which the change is in doubt.
    var inDoubt: TipStoreError {
        guard case .io(let what, let path, let reason) = self else { return self }
        return .inDoubt(what, path: path, reason: reason)
    }
}

/// What opening a folder recovered from or could not carry over; the state opened without it.
public enum RecoveryNote: Hashable, Sendable, CustomStringConvertible {
    /// A snapshot could not be read; an older one was used (with the journals after it).
    case snapshotUnreadable(file: String, StateFormatError)
    /// A snapshot's program could not be loaded; an older snapshot was used.
    case programUnreadable(file: String, BytecodeError)
    /// A journal ends in a torn or corrupt record: the records from `offset` on are dropped.
    case journalTailDropped(file: String, offset: Int, StateFormatError)
    /// A journal record the engine refused when replayed (after falling back to an older snapshot
    /// whose rules differ): it is skipped.
    case operationSkipped(file: String, index: Int, EngineError)
    /// Part of the state the program could not take over.
    case notCarriedOver(CarryOverProblem)
    /// The folder's `FORMAT` file was missing: the folder was read from its snapshots and
    /// journals (storage version 1), and the writer wrote the file again.
    case formatFileMissing
    /// The folder continues as a new install (`installID`): it is a copy of another folder (a
    /// backup restored, a device migrated), its install file could not be read, or its history
    /// lost operations its install may have sent already. The operations of `previous` (nil:
    /// unknown) stay in the history, as another install's.
    case newInstall(previous: InstallID?, reason: String)
    /// The history journal (`history-journal.tipsync`) was missing; it was made again.
    case historyJournalMissing
    /// The history lacks `operations` donations, displays or invalidations the state journal
    /// recorded (its journal cut at a change set's end, as by a file-by-file restore): it lost
    /// operations.
    case historyBehindState(operations: Int)
    /// What the state held and the history had lost (a damaged or missing history journal) was
    /// recorded again as this install's operations: `count` operations.
    case historyRecovered(operations: Int)

    public var description: String {
        switch self {
        case .snapshotUnreadable(let file, let error):
            return "snapshot '\(file)' is unreadable (\(error)); an older one was used"
        case .programUnreadable(let file, let error):
            return "the rules in snapshot '\(file)' cannot be loaded (\(error)); an older snapshot was used"
        case .journalTailDropped(let file, let offset, let error):
            return "journal '\(file)' is damaged from byte \(offset) (\(error)); the records from there on are dropped"
        case .operationSkipped(let file, let index, let error):
            return "record \(index) of journal '\(file)' was skipped: \(error)"
        case .notCarriedOver(let problem):
            return problem.description
        case .formatFileMissing:
            return "the FORMAT file was missing; the folder was read from its snapshots and journals"
        case .newInstall(let previous, let reason):
            return "the folder continues as a new install (\(reason))" + (previous.map { "; install \($0)'s operations stay in its history" } ?? "")
        case .historyJournalMissing:
            return "the history journal was missing; it was made again"
        case .historyBehindState(let operations):
            return "the history journal lacks \(operations) operation\(operations == 1 ? "" : "s") the state journal recorded "
                + "(restored from an older copy?); the history lost operations"
        case .historyRecovered(let operations):
            return "\(operations) operation\(operations == 1 ? "" : "s") the state held and the history had lost were recorded again"
        }
    }
}
