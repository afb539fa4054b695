import Foundation
import TipRulesRuntime
import TipRulesStorage
import TipRulesState

/// The sync figures (`tiprulec-bench sync`): the size of a change set of one day's use
/// (50 operations) and of a year's; the time to apply 10,000 operations into a folder of 50
/// events × 1,000 donations (decoding, merging, the flushed append and the engine's update);
/// that a change set's size does not grow with the receiver's state; and that a local operation costs the
/// same in a history of one install as in one of 10,000.
enum SyncBenchmark {
    static func main() {
        do {
            try sizes()
            try applying()
            try sizeAgainstReceiverState()
            try localOperationsAgainstInstalls()
        } catch {
            progress("tiprulec-bench sync: \(error)")
            exit(1)
        }
    }

    static let program: Program? = try? StateBenchmark.program(events: 50)

    /// One day's use on one install, from `start`: 40 donations, 8 displays, a close, a parameter.
    static func day(_ number: Int, into history: inout SyncHistory) {
        let start = 1_800_000_000 + Double(number) * 86_400
        for index in 0..<40 {
            history.record(.donate(event: "event\(index % 50)", fields: ["id": .int(index), "kind": .string("k\(index % 3)")]),
                           date: start + Double(index) * 60)
        }
        for index in 0..<8 {
            history.record(.displays(tip: "T", count: 1, duration: 12, dates: [start + 3_000 + Double(index)]), date: start + 3_000 + Double(index))
        }
        history.record(.invalidate(tip: "T", reason: .tipClosed), date: start + 4_000)
        history.record(.setParameter("plan", .string("pro")), date: start + 5_000)
    }

    static func sizes() throws {
        var history = SyncHistory(install: InstallID.random())
        day(0, into: &history)
        let oneDay = history.changes(app: "com.example.backyard").encoded()
        for number in 1..<365 { day(number, into: &history) }
        let year = history.changes(app: "com.example.backyard")
        let encoded = year.encoded()
        let decodes = (0..<9).map { _ in StateBenchmark.time { _ = try ChangeSet(decoding: encoded) } }
        print("change set of one day (50 operations: 40 donations of 2 fields, 8 displays, a close, a parameter): \(oneDay.count) bytes")
        print("change set of a year (\(year.operations.count) operations): \(encoded.count / 1024) KiB "
              + "(\(String(format: "%.1f", Double(encoded.count) / Double(year.operations.count))) bytes an operation); "
              + "decoding it: median \(StateBenchmark.format(StateBenchmark.median(decodes) / 1_000)) ms")
    }

    /// A folder of 50 events × `donations` donations that syncs (its history started), and the
    /// change set of `incoming` donations from another install.
    static func receiver(donations: Int, incoming: Int) throws -> (folder: String, changeSet: [UInt8]) {
        guard let program else { throw BenchError("no program") }
        var engine = TipEngine(program: program)
        for event in 0..<50 {
            for index in 0..<donations {
                try engine.donate(event: event, fields: [.int(index % 17), .string("k\(index % 3)")], at: 1_700_000_000 + Double(index) * 60)
            }
        }
        let folder = NSTemporaryDirectory() + "tiprulec-bench-sync-\(UUID().uuidString)"
        let store = try TipStore.create(folder: folder, programBytes: program.encoded(), engine: engine)
        _ = try store.changes()
        var peer = SyncHistory(install: InstallID.random())
        for index in 0..<incoming {
            peer.record(.donate(event: "event\(index % 50)", fields: ["id": .int(index), "kind": .string("k")]),
                        date: 1_800_000_000 + Double(index))
        }
        return (folder, peer.changes(app: program.app).encoded())
    }

    static func applying() throws {
        guard let program else { return }
        let (folder, changeSet) = try receiver(donations: 1_000, incoming: 10_000)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var samples: [Double] = []
        for run in 0..<7 {
            let copy = folder + "-\(run)"
            try FileManager.default.copyItem(atPath: folder, toPath: copy)
            defer { try? FileManager.default.removeItem(atPath: copy) }
            let store = try TipStore.open(folder: copy, bundledProgram: program, options: TipStoreOptions(now: nil))
            samples.append(StateBenchmark.time { _ = try store.apply(changeSet: changeSet) })
            guard store.engine.store.donationCount(event: 0) == 1_200 else { throw BenchError("the change set was not applied") }
        }
        let decodes = (0..<7).map { _ in StateBenchmark.time { _ = try ChangeSet(decoding: changeSet) } }
        print("decode those 10,000: median \(StateBenchmark.format(StateBenchmark.median(decodes) / 1_000)) ms")
        print("apply 10,000 donations (\(changeSet.count / 1024) KiB) into a folder of 50 events × 1,000 donations: "
              + "median \(StateBenchmark.format(StateBenchmark.median(samples) / 1_000)) ms, "
              + "max \(StateBenchmark.format((samples.max() ?? .nan) / 1_000)) ms over \(samples.count) "
              + "(decode, merge, one flushed append, the engine's update)")
    }

    /// The change set a receiver asks for is the sender's new operations: the same bytes whatever
    /// the receiver holds.
    static func sizeAgainstReceiverState() throws {
        for donations in [10, 1_000] {
            let (folder, changeSet) = try receiver(donations: donations, incoming: 50)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            guard let program else { return }
            let store = try TipStore.open(folder: folder, bundledProgram: program, options: TipStoreOptions(now: nil))
            let asked = try store.changes(since: store.versionVector)
            print("receiver of 50 events × \(donations) donations (history of \(store.versionVector.counts.values.reduce(0, +)) operations): "
                  + "the day's change set it is sent is \(changeSet.count) bytes; what it would send back having seen everything: "
                  + "\(asked.encoded().count) bytes; applying it: \(StateBenchmark.format(StateBenchmark.time { _ = try store.apply(changeSet: changeSet) } / 1_000)) ms")
        }
    }

    /// A local operation in a history of one install, and in one that holds operations of 10,000
    /// installs: the same cost (its number is its own install's count, not the whole vector's).
    static func localOperationsAgainstInstalls() throws {
        guard let program else { return }
        for installs in [1, 10_000] {
            var history = SyncHistory(install: InstallID.random())
            var others: [StampedOperation] = []
            for index in 1..<installs {
                others.append(StampedOperation(install: InstallID(high: 1, low: UInt64(index)), sequence: 1, date: 1_700_000_000,
                                               change: .donate(event: "event0", fields: ["id": .int(index), "kind": .string("k")])))
            }
            _ = try history.add(others)
            var engine = TipEngine(program: program)
            var samples: [Double] = []
            for index in 0..<2_000 {
                let operation = TipOperation.donate(event: "event\(index % 50)", fields: ["id": .int(index), "kind": .string("k")],
                                                    date: 1_800_000_000 + Double(index))
                samples.append(StateBenchmark.time { _ = try engine.perform(operation, recordingIn: &history, date: 1_800_000_000) })
            }
            print("a local donation, numbered and applied, in a history of \(installs) install\(installs == 1 ? "" : "s"): "
                  + "median \(StateBenchmark.format(StateBenchmark.median(samples))) µs over \(samples.count)")
        }
    }
}
