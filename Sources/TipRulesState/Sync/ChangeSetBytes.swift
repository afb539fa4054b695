import TipRulesRuntime

/// A received change set's bytes, checked whole and read one operation at a time: what a
/// receiver merges a large change set from without holding each of its operations decoded
/// (`SyncHistory.folding(_:program:now:)`). Reading it refuses the same bytes, with the same errors, as
/// `ChangeSet(decoding:)` does.
public struct ChangeSetBytes: Sendable {
    private let header: ChangeSetCoding.Header

    /// The app of the rules the change set is for (`ChangeSet.app`).
    public var app: String? { header.app }
    /// The baseline it claims (`ChangeSet.baseline`).
    public var baseline: VersionVector? { header.baseline }
    /// The bytes themselves.
    public var bytes: [UInt8] { header.bytes }

    /// Checks `bytes` whole — frame, tables and every operation — without keeping the operations:
    /// refused as `ChangeSet(decoding:)` refuses them.
    public init(_ bytes: [UInt8]) throws(ChangeSetError) {
        do {
            header = try ChangeSetCoding.header(bytes)
            try ChangeSetCoding.forEachOperation(of: header) { _ in }
        } catch {
            throw .format(error)
        }
    }

    /// Gives each operation to `visit`, in the order written, decoding one at a time.
    public func forEachOperation(_ visit: (StampedOperation) -> Void) {
        // Checked whole when made: a read cannot fail.
        try? ChangeSetCoding.forEachOperation(of: header, visit)
    }

    /// The change set, every operation decoded.
    public func decoded() -> ChangeSet {
        var operations: [StampedOperation] = []
        forEachOperation { operations.append($0) }
        return ChangeSet(app: app, operations: operations, baseline: baseline)
    }
}
