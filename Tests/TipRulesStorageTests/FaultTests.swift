import Foundation
import Testing
import TipRulesRuntime
import TipRulesStorage
import TipRulesState
import TipRulesTestSupport

/// Every file-system call of every kind of change made to fail (`FaultInjector`), once or from
/// then on, with EIO or ENOSPC; after each run the folder, opened again with the real file
/// system, holds every operation answered durable, none answered refused, and the rules the
/// last answer said are in force.
struct FaultTests {
    /// A kind of change, run after the fault is armed (the store is opened through it too).
    enum Change: CaseIterable {
        case record, compaction, rulesUpdate, recoveryAtOpen, newerBundledRulesAtOpen, stateImport, syncOnDemand
        /// Records in a folder that syncs (each written to its history first), and a received
        /// change set applied.
        case syncedRecord, changeSetApplied

        var syncs: Bool { self == .syncedRecord || self == .changeSetApplied }
    }

    /// A peer's change set: donations at 20 and 21.
    static let peerChanges: [UInt8] = {
        var peer = SyncHistory(install: InstallID(high: 9, low: 9))
        for date in [20.0, 21] { peer.record(.donate(event: "visited", fields: ["backyardID": .int(Int(date))]), date: date) }
        return peer.changes(app: "com.example.backyard").encoded()
    }()

    /// Which calls fail: of which kind (nil: any), how many times from the Nth on, with what.
    struct Plan: CustomStringConvertible {
        var kind: FileCallKind?
        var times: Int
        var code: Int32
        var description: String {
            "\(kind.map(\.rawValue) ?? "any call") failing \(times == 1 ? "once" : "from then on") with \(code == EIO ? "EIO" : "ENOSPC")"
        }
    }

    /// Any call once and from then on, and each kind of call that changes the folder alone from
    /// then on (`TIPRULES_FAULT_KINDS=all`: every kind of call).
    static let plans = [Plan(kind: nil, times: 1, code: EIO), Plan(kind: nil, times: .max, code: ENOSPC)]
        + (ProcessInfo.processInfo.environment["TIPRULES_FAULT_KINDS"] == "all" ? FileCallKind.allCases
            : [.write, .sync, .syncFolder, .truncate, .rename, .remove])
        .map { Plan(kind: $0, times: .max, code: $0 == .write ? ENOSPC : EIO) }

    /// What the store answered: the donations (by date) answered durable, refused and in doubt,
    /// and the releases that may be in force.
    struct Ledger {
        var durable: Set<Double> = []
        var refused: Set<Double> = []
        var inDoubt: Set<Double> = []
        var releases: Set<Int> = [3]
        var last = Outcome.refused

        enum Outcome { case durable, refused, inDoubt }

        @discardableResult
        mutating func answer(_ dates: [Double], _ body: () throws -> Void) -> Outcome {
            do {
                try body()
                last = .durable
                durable.formUnion(dates)
            } catch TipStoreError.inDoubt {
                last = .inDoubt
                inDoubt.formUnion(dates)
            } catch {
                last = .refused
                refused.formUnion(dates)
            }
            return last
        }

        /// The answer to a change to release 4.
        mutating func noteUpdate(_ outcome: Outcome) {
            switch outcome {
            case .durable: releases = [4]
            case .inDoubt: releases.insert(4)
            case .refused: break
            }
        }
    }

    let program: Program
    let newer: Program

    init() throws {
        program = try compile(storageSource)
        newer = try compile(storageSource.replacingOccurrences(of: "release(3)", with: "release(4)") + "\ntip Hello { title: \"h\" }\n")
    }

    @Test(arguments: Change.allCases)
    func everyFailingCallKeepsEveryAnswer(_ change: Change) throws {
        let template = temporaryFolder(inMemory: true)
        let work = temporaryFolder(inMemory: true)
        defer {
            removeTemporaryFolder(template)
            removeTemporaryFolder(work)
        }
        let baseline = try prepare(change, in: template)
        var runs = 0
        for plan in Self.plans {
            var call = 1
            while true {
                try copyFolder(template, to: work)
                let injector = FaultInjector(failing: plan.kind, at: call, times: plan.times, code: plan.code)
                var ledger = Ledger()
                ledger.durable = baseline
                let inMemory = run(change, in: work, through: injector, &ledger)
                try check(work, ledger, inMemory: inMemory, "\(change), \(plan), call \(call)")
                runs += 1
                if injector.failures == 0 { break }
                call += 1
            }
        }
        #expect(runs > 40)
    }

    /// The folder every run starts from (a copy of it), and the donations it holds.
    private func prepare(_ change: Change, in folder: String) throws -> Set<Double> {
        guard change != .stateImport else { return [] }
        do {
            let store = try TipStore.open(folder: folder, bundledProgram: program, options: TipStoreOptions(now: nil))
            for date in [1.0, 2] { try store.donate(event: "visited", fields: ["backyardID": .int(Int(date))], at: date) }
            try store.compact()
            try store.donate(event: "visited", fields: ["backyardID": .int(3)], at: 3)
            if change.syncs { _ = try store.changes() }
        }
        if change == .recoveryAtOpen {
            // A torn record at the journal's end: opening recovers and writes a new snapshot.
            let journal = folder + "/journal-2.tipjournal"
            write(bytes(of: journal) + [40, 0, 0, 0, 1], to: journal)
        }
        lockFileRemoved(folder)
        return [1, 2, 3]
    }

    /// Runs `change` through `layer`, noting each answer; the donations the store's engine
    /// holds at the end when its last answer was a success, nil otherwise.
    private func run(_ change: Change, in folder: String, through layer: FaultInjector, _ ledger: inout Ledger) -> Set<Double>? {
        let options = TipStoreOptions(durability: change == .syncOnDemand ? .onSync : .everyOperation,
                                      journalBound: 150, now: { 1_000 }, fileLayer: layer)
        var opened: TipStore?
        if change == .stateImport {
            var engine = TipEngine(program: program)
            for date in [1.0, 2] { try? engine.donate(event: "visited", fields: ["backyardID": .int(Int(date))], at: date) }
            ledger.answer([1, 2]) { opened = try TipStore.create(folder: folder, programBytes: program.encoded(), engine: engine, options: options) }
        } else {
            let bundled = change == .newerBundledRulesAtOpen ? newer : program
            let outcome = ledger.answer([]) { opened = try TipStore.open(folder: folder, bundledProgram: bundled, options: options) }
            if bundled.release == 4 { ledger.noteUpdate(outcome) }
        }
        guard let store = opened else { return nil }
        let donate = { (date: Double, ledger: inout Ledger) -> Void in
            ledger.answer([date]) { try store.donate(event: "visited", fields: ["backyardID": .int(Int(date))], at: date) }
        }
        donate(10, &ledger)
        switch change {
        case .compaction:
            ledger.answer([]) { try store.compact() }
        case .rulesUpdate:
            ledger.noteUpdate(ledger.answer([]) { try store.update(toRules: newer.encoded()) })
        case .syncOnDemand:
            donate(11, &ledger)
            ledger.answer([]) { try store.sync() }
        case .changeSetApplied:
            ledger.answer([20, 21]) { try store.apply(changeSet: Self.peerChanges) }
        case .record, .recoveryAtOpen, .newerBundledRulesAtOpen, .stateImport, .syncedRecord:
            break
        }
        for date in [12.0, 13, 14] { donate(date, &ledger) }
        return ledger.last == .durable ? Set(store.engine.store.donations(event: 0).map(\.date)) : nil
    }

    /// Opens the folder with the real file system and checks it against the answers.
    private func check(_ folder: String, _ ledger: Ledger, inMemory: Set<Double>?, _ run: String) throws {
        let relaunched: TipStore
        do {
            relaunched = try TipStore.open(folder: folder, bundledProgram: program, options: TipStoreOptions(now: nil))
        } catch {
            Issue.record("\(run): the folder does not open: \(error)")
            return
        }
        let dates = Set(relaunched.engine.store.donations(event: 0).map(\.date))
        #expect(ledger.durable.isSubset(of: dates), "\(run): answered durable, lost: \(ledger.durable.subtracting(dates).sorted())")
        #expect(dates.isDisjoint(with: ledger.refused), "\(run): answered refused, kept: \(dates.intersection(ledger.refused).sorted())")
        #expect(dates.isSubset(of: ledger.durable.union(ledger.inDoubt)), "\(run): never answered: \(dates.subtracting(ledger.durable).sorted())")
        #expect(ledger.releases.contains(relaunched.engine.program.release ?? 0), "\(run): release \(relaunched.engine.program.release ?? 0) in force, answered \(ledger.releases)")
        if let inMemory { #expect(inMemory == dates, "\(run): the engine held \(inMemory.sorted()), the folder \(dates.sorted())") }
        #expect(!files(in: folder).contains { $0.hasSuffix(".tmp") }, "\(run): temporary files left after a relaunch")
    }

    /// The copy is made while no writer holds the folder; its lock file is not part of the state.
    private func lockFileRemoved(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder + "/lock")
    }
}
