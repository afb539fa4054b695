import TipRulesRuntime
import TipRulesStorage
import TipRulesToolingCore
import TipRulesStateFolders
import TipRulesState

/// `tiprulec state merge DIR OTHER…` and `tiprulec state changes DIR [--since VECTOR] [-o FILE]`:
/// a person's installs' histories merged by hand, for support and tests (docs/runtime.md,
/// "Syncing a person's devices").
enum StateSyncCommand {
    /// `state merge DIR OTHER… [--now DATE]`: applies each OTHER (a state folder, whose whole
    /// history is taken, or a change set file) to DIR in place, one after another, each all or
    /// nothing; with `--now`, as a device whose clock reads DATE would (what no rule can see
    /// any more is pruned, and folded as a large change set is read).
    static func merge(_ arguments: [String], environment: CommandEnvironment) throws(CommandResultError) -> CommandResult {
        let parsed = try ParsedArguments.parse(arguments, valueOptions: ["--now"], flags: []).orFailure(usage: StateCommand.usage)
        guard parsed.positionals.count >= 2, let folder = parsed.positionals.first else {
            return .failure("state merge takes a state folder and one or more folders or change set files\n" + StateCommand.usage)
        }
        var now: Double?
        if let written = parsed.options["--now"] {
            do { now = try DateArgument.parse(written) } catch { return .failure("--now: \(error)") }
        }
        let store = try openForWriting(folder, now: now).get()
        var output = ""
        var warnings = ""
        for other in parsed.positionals.dropFirst() {
            let changeSet: Incoming
            switch incoming(other, since: store.versionVector, environment: environment) {
            case .failure(let failure):
                return CommandResult(status: failure.result.status, standardOutput: output, standardError: failure.result.standardError)
            case .success(let value): changeSet = value
            }
            do {
                let report = try applyFindingDuplicates(changeSet, from: other, to: store)
                warnings += report.warnings.map { "warning: \(other): \($0)\n" }.joined()
                output += report.applied == 0 && report.waiting == 0
                    ? "\(other): nothing new\n"
                    : "\(other): \(report.applied) operation\(report.applied == 1 ? "" : "s") merged"
                        + (report.waiting > 0 ? ", \(report.waiting) waiting for earlier ones" : "") + "\n"
            } catch {
                return CommandResult(status: ExitStatus.badInput, standardOutput: output,
                                     standardError: warnings + "error: \(other): \(error); \(folder) is unchanged by it\n")
            }
        }
        output += "\(folder): vector \(store.versionVector)\n"
        return CommandResult(standardOutput: output, standardError: warnings)
    }

    /// Applies `changeSet` from OTHER; when it shows another folder numbering operations under the
    /// store's install id without showing where the two parted, and OTHER is a folder, applies
    /// OTHER's whole history instead, which shows it (the store then continues under a new id).
    private static func applyFindingDuplicates(_ changeSet: Incoming, from other: String, to store: TipStore)
        throws(TipStoreError) -> MergeReport {
        do {
            return try changeSet.apply(to: store)
        } catch {
            guard case .changeSet(.duplicateInstall) = error, StateFolderLoader.isFolder(other),
                  case .success(let whole) = incoming(other, since: VersionVector()) else { throw error }
            return try whole.apply(to: store)
        }
    }

    /// What OTHER brings: a folder's history past what the store holds, or a change set file's
    /// bytes, checked whole and merged as they are read (a large one folded: `TipStore.apply(_:)`).
    private enum Incoming {
        case folder(ChangeSet)
        case file(ChangeSetBytes)

        func apply(to store: TipStore) throws(TipStoreError) -> MergeReport {
            switch self {
            case .folder(let changeSet): try store.apply(changeSet)
            case .file(let bytes): try store.apply(bytes)
            }
        }
    }

    /// `state changes DIR [--since VECTOR] [-o FILE]`: the change set a peer holding VECTOR lacks,
    /// written to FILE, or listed operation by operation.
    static func changes(_ arguments: [String]) throws(CommandResultError) -> CommandResult {
        let parsed = try ParsedArguments.parse(arguments, valueOptions: ["--since", "--output"], flags: [],
                                               shortNames: ["-o": "--output"]).orFailure(usage: StateCommand.usage)
        guard parsed.positionals.count == 1, let folder = parsed.positionals.first else {
            return .failure("state changes takes one state folder\n" + StateCommand.usage)
        }
        let seen: VersionVector
        do { seen = try VersionVector(parsing: parsed.options["--since"] ?? "") } catch {
            return .failure("--since: \(error)")
        }
        let store = try openForWriting(folder).get()
        let changeSet: ChangeSet
        do { changeSet = try store.changes(since: seen) } catch { return .failure("\(error)") }
        guard let output = parsed.options["--output"] else {
            // A full state says first which operations it folded (those under the baseline it does not list).
            let baseline = changeSet.baseline.map { "baseline \($0)\n" } ?? ""
            return CommandResult(standardOutput: baseline + changeSet.operations(past: seen).map(line).joined())
        }
        guard !output.isEmpty else { return .failure("-o needs a file name, e.g. -o changes.tipsync") }
        if let error = AtomicFileWriter.write(changeSet.encoded(), to: output) { return .failure(error.message) }
        return CommandResult()
    }

    /// The folder opened for writing under the rules it keeps (a folder without an install id
    /// gets one), at the clock `now` (nil: none, so nothing is pruned).
    static func openForWriting(_ folder: String, now: Double? = nil) -> Result<TipStore, CommandResultError> {
        do {
            let program = try Program(bytes: try TipStore.read(folder: folder).programBytes)
            var options = TipStoreOptions(now: nil)
            if let now { options.now = { now } }
            return .success(try TipStore.open(folder: folder, bundledProgram: program, options: options))
        } catch {
            return .failure(CommandResultError(.failure("\(error)")))
        }
    }

    /// What OTHER brings: what a folder holds past `seen` (opened for writing if it has no history
    /// yet), or a change set file's contents.
    private static func incoming(_ other: String, since seen: VersionVector, environment: CommandEnvironment = CommandEnvironment())
        -> Result<Incoming, CommandResultError> {
        if StateFolderLoader.isFolder(other) {
            return openForWriting(other).flatMap { peer in
                do {
                    return .success(.folder(try peer.changes(since: seen)))
                } catch {
                    return .failure(CommandResultError(.failure("\(other): \(error)")))
                }
            }
        }
        switch FileAccess.read(other, as: .changeSet, environment: environment) {
        case .failure(let error): return .failure(CommandResultError(.failure(error.message)))
        case .success(let bytes):
            do {
                return .success(.file(try ChangeSetBytes(bytes)))
            } catch {
                return .failure(CommandResultError(.failure("\(other): \(error); nothing was merged from it")))
            }
        }
    }

    /// One operation as a line: install, number, date, what it did.
    static func line(_ operation: StampedOperation) -> String {
        let what: String
        switch operation.change {
        case .donate(let event, let fields):
            what = (["donate \(event)"] + fields.sorted { $0.key < $1.key }.map { "\($0.key)=\(ValueFormatting.describe($0.value))" })
                .joined(separator: " ")
        case .displays(let tip, let count, let duration, _):
            what = "display \(tip) count \(count) duration \(ValueFormatting.duration(duration))"
        case .invalidate(let tip, let reason):
            what = "invalidate \(tip) \(reason)"
        case .resetEligibility(let tip, let seen):
            what = "resetEligibility \(tip) seen \(seen.counts.isEmpty ? "nothing" : seen.description)"
        case .setParameter(let name, let value):
            what = "set \(name) \(value.map(ValueFormatting.describe) ?? "default")"
        case .deleteDonations(let event, let seen):
            what = "deleteDonations \(event) seen \(seen.counts.isEmpty ? "nothing" : seen.description)"
        case .lastDisplayDate:
            what = "lastDisplayDate"
        case .exposure(let tip, let group, let percent, let arm):
            what = "exposure \(tip) group \(ValueFormatting.quoted(group)) \(percent) % \(arm.rawValue)"
        }
        return "\(operation.install) #\(operation.sequence) \(ValueFormatting.date(operation.date)) \(what)\n"
    }
}
