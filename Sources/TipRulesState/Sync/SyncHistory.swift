import TipRulesRuntime

/// A person's merged history as one install holds it: every synced operation of every install
/// it has seen, each once. An install's operations count only without gaps (1…n): operations
/// received past a gap wait (`pendingCount`) until the gap fills, and so does a reset or a
/// deletion until the history holds what it had seen, so that the history a vector names is the
/// same on every install that holds it. The state it decides is `HistoryMerge`'s.
///
/// A history is bounded by compaction (`SyncHistory+Compaction.swift`): the operations it holds
/// up to its **baseline** (a version vector) are folded, only those that can still decide
/// something kept; the others count as held, so a change set repeating them adds nothing.
public struct SyncHistory: Sendable {
    /// The install this history belongs to: the one that numbers `record(_:date:)`'s operations.
    public let install: InstallID
    /// Each install's applied operations, numbered 1…count: folded up to the baseline, then each.
    private var byInstall: [InstallID: InstallLog] = [:]
    /// Operations received past a gap, by install and number.
    private var pending: [InstallID: [Int: StampedOperation]] = [:]
    /// The applied operations by what they concern.
    private var byKey: [HistoryKey: [StampedOperation]] = [:]
    /// The keys with a reset or a deletion among their operations: their state is decided again
    /// from all of them when operations arrive, not by adding the new ones.
    private var clearedKeys: Set<HistoryKey> = []

    public init(install: InstallID) {
        self.install = install
    }

    /// How many operations of each install are applied (folded ones included).
    public var vector: VersionVector {
        VersionVector(byInstall.mapValues(\.count))
    }

    /// How many operations of each install are folded: held, but kept only where they can still
    /// decide something (empty before the history is first compacted).
    public var baseline: VersionVector {
        VersionVector(byInstall.mapValues(\.floor))
    }

    /// How many operations of `install` are applied.
    public func count(of install: InstallID) -> Int {
        byInstall[install]?.count ?? 0
    }

    /// The number of operations applied and kept (those folded away not counted).
    public var operationCount: Int {
        byInstall.values.reduce(0) { $0 + $1.kept.count + $1.recent.count }
    }

    /// The latest date among each install's applied and kept operations: the clock that install's
    /// own operations show, which alone prunes them (`compact(for:now:)`).
    var latestDates: [InstallID: Double] {
        byInstall.compactMapValues { log in
            max(log.kept.values.map(\.date).max() ?? -.infinity, log.recent.map(\.date).max() ?? -.infinity)
        }
    }

    /// The number of operations received past a gap, not applied yet.
    public var pendingCount: Int {
        pending.values.reduce(0) { $0 + $1.count }
    }

    /// The applied operations that concern `key`, in the order they were applied.
    public func operations(for key: HistoryKey) -> [StampedOperation] {
        byKey[key] ?? []
    }

    /// The keys any applied operation concerns.
    var keys: Dictionary<HistoryKey, [StampedOperation]>.Keys { byKey.keys }

    /// Numbers a change made on this install and applies it.
    @discardableResult
    public mutating func record(_ change: SyncedChange, date: Double) -> StampedOperation {
        // This install's count alone: a local operation costs the same whatever the installs.
        let operation = StampedOperation(install: install, sequence: count(of: install) + 1, date: date, change: change)
        apply(operation)
        return operation
    }

    /// Adds received operations: those already held are skipped; those past a gap, and a reset or
    /// deletion that had seen operations not held yet, wait.
    /// Returns the operations newly applied, in the order applied. Refuses the whole batch,
    /// changing nothing, when an operation differs from the one held under its install and number,
    /// is this install's own but not held, or claims to have seen more than its install can have.
    ///
    /// With a `baseline` (a change set from a compacted history, `ChangeSet.baseline`), the
    /// operations it covers are those `incoming` lists: any other held under it is folded away
    /// (it decided nothing more), and the history's baseline becomes the larger of the two.
    public mutating func add(_ incoming: [StampedOperation], baseline: VersionVector? = nil) throws(ChangeSetError) -> [StampedOperation] {
        try add(incoming, baseline: baseline, received: true)
    }

    /// Adds operations read back from this install's own files, as `add(_:baseline:)` does but
    /// with its own operations too and without checking claims: they were checked when received,
    /// and the baseline written is the one believed then.
    public mutating func reload(_ operations: [StampedOperation], baseline: VersionVector? = nil) throws(ChangeSetError) -> [StampedOperation] {
        try add(operations, baseline: baseline, received: false)
    }

    private mutating func add(_ incoming: [StampedOperation], baseline: VersionVector?, received: Bool)
        throws(ChangeSetError) -> [StampedOperation] {
        var arriving = try newOperations(incoming, received: received)
        if let baseline, received { try checkClaims(of: baseline) }
        var applied = baseline.map { adopt(received ? checkedBaseline($0, listing: incoming) : $0, arriving: &arriving) } ?? []
        for (install, operations) in arriving {
            pending[install, default: [:]].merge(operations) { held, _ in held }
        }
        // Each install's next operations, in number order, each once what it had seen is applied:
        // one install's may let another's go, so until nothing more can be.
        var progress = true
        while progress {
            progress = false
            for install in Array(pending.keys) {
                guard var waiting = pending.removeValue(forKey: install) else { continue }
                var number = count(of: install) + 1
                while let next = waiting[number], hasSeenWhatItClaims(next) {
                    waiting.removeValue(forKey: number)
                    apply(next)
                    applied.append(next)
                    number += 1
                    progress = true
                }
                if !waiting.isEmpty { pending[install] = waiting }
            }
        }
        return applied
    }

    /// Whether this history holds every operation `operation` says it had seen (a reset's or a
    /// deletion's): only then is it applied, so that it clears what it had seen and nothing else.
    func hasSeenWhatItClaims(_ operation: StampedOperation) -> Bool {
        switch operation.change {
        case .resetEligibility(_, let seen), .deleteDonations(_, let seen):
            return seen.counts.allSatisfy { other, count in other == operation.install || count <= self.count(of: other) }
        default:
            return true
        }
    }

    /// Refuses `incoming`, as `add(_:)` would, without adding it: when an operation differs from
    /// the one held (or arriving with it) under its install and number, or has no valid number.
    public func check(_ incoming: [StampedOperation], baseline: VersionVector? = nil) throws(ChangeSetError) {
        _ = try newOperations(incoming, received: true)
        if let baseline { try checkClaims(of: baseline) }
    }

    /// The operations of `incoming` not held yet, by install and number, each checked for what it
    /// claims (`checkClaims(of:)`).
    private func newOperations(_ incoming: [StampedOperation], received: Bool)
        throws(ChangeSetError) -> [InstallID: [Int: StampedOperation]] {
        var arriving: [InstallID: [Int: StampedOperation]] = [:]
        for operation in incoming {
            guard operation.sequence >= 1 else { throw .conflict(install: operation.install, sequence: operation.sequence) }
            switch known(operation.install, operation.sequence) {
            case .kept(let held):
                guard held == operation else { throw .conflict(install: operation.install, sequence: operation.sequence) }
                continue
            case .foldedAway:
                continue
            case nil:
                break
            }
            if let held = arriving[operation.install]?[operation.sequence] {
                guard held == operation else { throw .conflict(install: operation.install, sequence: operation.sequence) }
                continue
            }
            // This install made every operation of its own: one it does not hold was never made here.
            guard !received || operation.install != install else { throw .unknownOwnOperation(install: install, sequence: operation.sequence) }
            if arriving[operation.install] == nil { arriving[operation.install] = Dictionary(minimumCapacity: incoming.count) }
            arriving[operation.install]?[operation.sequence] = operation
        }
        for operations in arriving.values where received {
            for operation in operations.values { try checkClaims(of: operation) }
        }
        return arriving
    }

    /// Refuses a reset or a deletion that claims to have seen more than its install can have seen
    /// of the installs whose operations are known here: of its own, those before it; of this
    /// install, those it made. (What it claims of any other install, it waits for:
    /// `hasSeenWhatItClaims(_:)`.)
    private func checkClaims(of operation: StampedOperation) throws(ChangeSetError) {
        let seen: VersionVector
        switch operation.change {
        case .resetEligibility(_, let vector), .deleteDonations(_, let vector): seen = vector
        default: return
        }
        for (other, possible) in [(operation.install, operation.sequence - 1), (install, count(of: install))] where seen[other] > possible {
            throw .impossibleClaim(install: operation.install, sequence: operation.sequence, seen: other, count: seen[other], possible: possible)
        }
    }

    /// Refuses a baseline that folds operations of this install it never made.
    private func checkClaims(of baseline: VersionVector) throws(ChangeSetError) {
        guard baseline[install] <= count(of: install) else {
            throw .unknownOwnOperation(install: install, sequence: baseline[install])
        }
    }

    /// Takes back operations this install just recorded (`record(_:date:)`, newest last), when
    /// they could not be written: the next ones take their numbers.
    public mutating func forget(_ recorded: [StampedOperation]) {
        for operation in recorded.reversed() where byInstall[operation.install]?.recent.last == operation {
            byInstall[operation.install]?.recent.removeLast()
            if byKey[operation.change.key]?.last == operation { byKey[operation.change.key]?.removeLast() }
        }
    }

    /// Whether a reset or a deletion is among the operations of `key`.
    func hasClearing(_ key: HistoryKey) -> Bool {
        clearedKeys.contains(key)
    }

    /// Whether the history holds `operation`'s install and number already (applied, folded or pending).
    public func holds(_ operation: StampedOperation) -> Bool {
        known(operation.install, operation.sequence) != nil
    }

    /// What the history holds under `install` and `sequence`: the operation (applied or pending),
    /// or that it was folded away; nil when it holds nothing there.
    func known(_ install: InstallID, _ sequence: Int) -> InstallLog.Held? {
        if let log = byInstall[install], let held = log[sequence] { return held }
        return pending[install]?[sequence].map(InstallLog.Held.kept)
    }

    private mutating func apply(_ operation: StampedOperation) {
        byInstall[operation.install, default: InstallLog()].recent.append(operation)
        index(operation)
    }

    /// Files `operation` under its key.
    private mutating func index(_ operation: StampedOperation) {
        byKey[operation.change.key, default: []].append(operation)
        switch operation.change {
        case .resetEligibility, .deleteDonations: clearedKeys.insert(operation.change.key)
        default: break
        }
    }

    /// Takes a `baseline` (of a received change set, as far as it is believed: `checkedBaseline`):
    /// nothing held is folded away (its own compaction decides what it holds that decides
    /// nothing); of the numbers not held, those up to the baseline are taken as folded away, and
    /// the operations arriving or waiting there applied. Returns those applied.
    private mutating func adopt(_ baseline: VersionVector, arriving: inout [InstallID: [Int: StampedOperation]]) -> [StampedOperation] {
        var applied: [StampedOperation] = []
        for (other, bound) in baseline.counts {
            var log = byInstall[other] ?? InstallLog()
            let held = log.count
            let covered = max(0, min(bound, held) - log.floor)
            for operation in log.recent.prefix(covered) { log.kept[operation.sequence] = operation }
            log.recent.removeFirst(covered)
            log.floor += covered
            if bound > held {
                // Past what was held: what arrives or waits there is applied as folded, the rest was folded away.
                var waiting = pending.removeValue(forKey: other) ?? [:]
                waiting.merge(arriving.removeValue(forKey: other) ?? [:]) { held, _ in held }
                for (sequence, operation) in waiting.sorted(by: { $0.key < $1.key }) {
                    if sequence > bound {
                        arriving[other, default: [:]][sequence] = operation
                    } else {
                        log.kept[sequence] = operation
                        applied.append(operation)
                    }
                }
                log.floor = bound
            }
            byInstall[other] = log
        }
        reindex()
        return applied
    }

    /// What of a received `baseline` this history believes: for each install, at most what it
    /// holds or the last operation `listed` carries under the baseline (a compacted history always
    /// keeps each install's last operation, so an honest baseline is carried whole); a claim past
    /// that is clipped, never taken as operations folded away.
    public func checkedBaseline(_ baseline: VersionVector, listing listed: [StampedOperation]) -> VersionVector {
        var carried: [InstallID: Int] = [:]
        for operation in listed where baseline.covers(operation.install, operation.sequence) {
            carried[operation.install] = max(carried[operation.install] ?? 0, operation.sequence)
        }
        var believed: [InstallID: Int] = [:]
        for (other, claim) in baseline.counts { believed[other] = min(claim, max(count(of: other), carried[other] ?? 0)) }
        return VersionVector(believed)
    }

    /// Whether taking `baseline` from a change set that lists `listed` changes anything: it raises
    /// this history's baseline (as far as it is believed: `checkedBaseline`).
    public func isNew(baseline: VersionVector, listing listed: [StampedOperation]) -> Bool {
        checkedBaseline(baseline, listing: listed).counts.contains { other, bound in bound > (byInstall[other]?.floor ?? 0) }
    }

    /// Files every applied operation under its key again, after operations were folded away.
    private mutating func reindex() {
        byKey = [:]
        clearedKeys = []
        for log in byInstall.values {
            for sequence in log.kept.keys.sorted() { if let operation = log.kept[sequence] { index(operation) } }
            for operation in log.recent { index(operation) }
        }
    }

    /// Folds every applied operation: those `keep` refuses are folded away, the others kept
    /// (`SyncHistory+Compaction.swift` decides which). Each install's last operation is kept
    /// whatever `keep` says: it vouches for the baseline a peer receives (`checkedBaseline`).
    mutating func fold(keeping keep: (StampedOperation) -> Bool) {
        for (other, var log) in byInstall {
            let last = log.count
            log.kept = log.kept.filter { $0.key == last || keep($0.value) }
            for operation in log.recent where operation.sequence == last || keep(operation) { log.kept[operation.sequence] = operation }
            log.floor = log.count
            log.recent = []
            byInstall[other] = log
        }
        reindex()
    }

    /// The change set a peer that holds `seen` lacks: every operation this history holds
    /// (pending ones too) past the peer's count for its install, for the rules of `app`. A peer
    /// that lacks folded operations (`seen` does not cover the baseline) gets the full state: the
    /// baseline, every operation kept under it, and every operation past it it lacks.
    ///
    /// Each install's operation numbered the peer's count for it comes along too, when held (a
    /// compacted history keeps each install's last): the peer holds it, so it adds nothing, but
    /// the peer can tell whether it holds the same one — two folders under one install id that
    /// made as many operations each since they parted are found so (`duplicate(in:baseline:)`).
    public func changes(since seen: VersionVector = VersionVector(), app: String?) -> ChangeSet {
        let full = byInstall.contains { seen[$0.key] < $0.value.floor }
        var operations: [StampedOperation] = []
        for install in Set(byInstall.keys).union(pending.keys).sorted() {
            let already = seen[install]
            if let log = byInstall[install] {
                if full { operations += log.kept.values.sorted { $0.sequence < $1.sequence } }
                if !full, already >= 1, already == log.floor, let last = log.kept[already] { operations.append(last) }
                operations += log.recent.dropFirst(max(0, already - log.floor - 1))
            }
            operations += (pending[install] ?? [:]).values.filter { $0.sequence > already }.sorted { $0.sequence < $1.sequence }
        }
        return ChangeSet(app: app, operations: operations, baseline: full ? baseline : nil)
    }
}

/// One install's applied operations in a history: 1…`floor` folded (`kept`: those still held),
/// then each of `recent`, numbered from `floor + 1`.
struct InstallLog: Sendable {
    var floor = 0
    var kept: [Int: StampedOperation] = [:]
    var recent: [StampedOperation] = []

    /// What a log holds under a number.
    enum Held {
        case kept(StampedOperation)
        case foldedAway
    }

    var count: Int { floor + recent.count }

    subscript(sequence: Int) -> Held? {
        if sequence <= floor { return kept[sequence].map(Held.kept) ?? .foldedAway }
        guard sequence <= count else { return nil }
        return .kept(recent[sequence - floor - 1])
    }
}

/// An operation's identity: its install and number.
struct OperationID: Hashable {
    var install: InstallID
    var sequence: Int

    init(_ install: InstallID, _ sequence: Int) {
        (self.install, self.sequence) = (install, sequence)
    }

    init(_ operation: StampedOperation) {
        self.init(operation.install, operation.sequence)
    }
}
