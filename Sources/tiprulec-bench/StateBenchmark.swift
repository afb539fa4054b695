import Foundation
import TipRulesRuntime
import TipRulesStorage
import TipRulesState

/// The state figures (`tiprulec-bench state`): the cost of recording one donation into a
/// state folder holding 50 events × 1,000 donations (flushed with `fsync` each, and written
/// without a flush), beside a state of 50 × 10 to show that the cost does not grow with the
/// state; opening such a folder (writer and reader); and the folder's size.
enum StateBenchmark {
    static func main() {
        do {
            for donations in [10, 1_000] {
                try run(events: 50, donationsPerEvent: donations)
            }
        } catch {
            progress("tiprulec-bench state: \(error)")
            exit(1)
        }
    }

    /// 50 events, each with an Int and a String field, and one tip.
    static func program(events: Int) throws -> Program {
        try Program(sourceName: "bench",
                    events: (0..<events).map { EventInfo(name: "event\($0)", fields: [FieldInfo(name: "id", type: .int),
                                                                                         FieldInfo(name: "kind", type: .string)], line: 1) },
                    tips: [TipInfo(name: "T", id: "T", title: "t", line: 1)])
    }

    static func run(events: Int, donationsPerEvent: Int) throws {
        let program = try program(events: events)
        var engine = TipEngine(program: program)
        for event in 0..<events {
            for index in 0..<donationsPerEvent {
                try engine.donate(event: event, fields: [.int(index % 17), .string("k\(index % 3)")], at: 1_700_000_000 + Double(index) * 60)
            }
        }
        let folder = NSTemporaryDirectory() + "tiprulec-bench-state-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try TipStore.create(folder: folder, programBytes: program.encoded(), engine: engine)
        let size = folderSize(folder)
        let label = "\(events) events × \(donationsPerEvent) donations"
        print("state of \(label): folder \(size / 1024) KiB after creation")

        for (name, durability, count) in [("with fsync", TipStoreOptions.Durability.everyOperation, 500),
                                          ("without fsync", .onSync, 20_000)] {
            let store = try TipStore.open(folder: folder, bundledProgram: program, options: TipStoreOptions(durability: durability))
            var samples: [Double] = []
            samples.reserveCapacity(count)
            let date = 1_800_000_000.0
            for index in 0..<count {
                let start = DispatchTime.now().uptimeNanoseconds
                try store.donate(event: "event\(index % events)", fields: ["id": .int(index), "kind": .string("k")], at: date + Double(index))
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000)
            }
            try store.sync()
            print("  record one donation \(name): median \(format(median(samples))) µs, p99 \(format(percentile(samples, 0.99))) µs, "
                  + "mean \(format(samples.reduce(0, +) / Double(count))) µs (compactions included) over \(count)")
        }
        print("  folder after the donations: \(folderSize(folder) / 1024) KiB")
        let opens = (0..<15).map { _ in time { _ = try TipStore.open(folder: folder, bundledProgram: program) } }
        print("  donations now: \(try TipStore.read(folder: folder).engine.store.donationCount(event: 0)) per event, part of them in the journal")
        let reads = (0..<15).map { _ in time { _ = try TipStore.read(folder: folder) } }
        print("  open for writing: median \(format(median(opens) / 1_000)) ms; read (a widget): median \(format(median(reads) / 1_000)) ms")
        let compacted = try TipStore.open(folder: folder, bundledProgram: program)
        try compacted.compact()
        let bytes = compacted.engine.savedState()
        let openCompacted = (0..<15).map { _ in time { _ = try TipStore.read(folder: folder) } }
        let decodes = (0..<15).map { _ in time { _ = try StateDecoder.decode(bytes, for: program) } }
        let replay = (0..<15).map { _ in time { _ = try OperationRecord.read(OperationRecord.journalHeader + journal) } }
        print("  after compaction (\(compacted.engine.store.donationCount(event: 0)) donations per event, no journal): folder \(folderSize(folder) / 1024) KiB "
              + "(two generations); read: median \(format(median(openCompacted) / 1_000)) ms, of which decoding the saved state "
              + "(\(bytes.count / 1024) KiB): median \(format(median(decodes) / 1_000)) ms; reading 1,000 donation records: "
              + "median \(format(median(replay) / 1_000)) ms")
        withExtendedLifetime(compacted) {}
    }

    /// 1,000 donation records, as a journal holds them.
    private static let journal: [UInt8] = (0..<1_000).flatMap { index in
        OperationRecord.encode(.donate(event: "event\(index % 50)", fields: ["id": .int(index), "kind": .string("k")], date: Double(index)))
    }

    static func time(_ body: () throws -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try? body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000
    }

    static func median(_ samples: [Double]) -> Double { percentile(samples, 0.5) }

    static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
        let sorted = samples.sorted()
        return sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    static func format(_ value: Double) -> String {
        String(format: value < 10 ? "%.2f" : "%.1f", value)
    }

    static func folderSize(_ folder: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.reduce(0) { total, name in
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)
            return total + ((attributes?[.size] as? NSNumber)?.intValue ?? 0)
        }
    }
}
