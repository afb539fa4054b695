import Foundation
import TipRulesRuntime
import TipRulesStorage
import TipRulesState

/// Opening a state folder after 10^3 … 10^6 operations (`tiprulec-bench state history`, and the
/// end of `tiprulec-bench state`): a heavy user's three years of donations to 10 events (each
/// seen by its rules up to TipKit's default limit of 1,000) and a display every 1,000th
/// operation, recorded into a folder that never syncs and into one that does. For each, the
/// folder's size and the wall time and peak memory of the whole process of `tiprulec eval
/// --state DIR` (a widget's read) and of the example host (`tiprules-demo`, an app's launch);
/// then merging 16 MiB of the smallest operations, and of donations, into a synced folder (`mergeFlood`).
enum HistoryScaling {
    static let counts = [1_000, 10_000, 100_000, 1_000_000]
    static let start = 1_700_000_000.0
    static let threeYears = 3 * 365 * 86_400.0
    static var now: Double { start + threeYears + 60 }

    /// The whole table and the merge, or (`mergeOnly`, `tiprulec-bench state merge`) the merge alone.
    static func main(mergeOnly: Bool = false) {
        do {
            try run(mergeOnly: mergeOnly)
        } catch {
            progress("tiprulec-bench state: \(error)")
            exit(1)
        }
    }

    static func run(mergeOnly: Bool) throws {
        let tiprulec = try TiprulecProcess.executable().get()
        let demo = URL(fileURLWithPath: tiprulec).deletingLastPathComponent().appendingPathComponent("tiprules-demo").path
        guard FileManager.default.isExecutableFile(atPath: demo) else {
            throw BenchError("no tiprules-demo next to the benchmark; build it with `swift build -c release --product tiprules-demo`")
        }
        let program = try benchProgram()
        let work = NSTemporaryDirectory() + "tiprulec-bench-history-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        let rules = work + "/rules.tipc"
        try Data(program.encoded()).write(to: URL(fileURLWithPath: rules))
        guard !mergeOnly else { return try mergeFlood(tiprulec: tiprulec, program: program, work: work) }
        print("opening a state folder after n operations (donations to 10 events over three years, a display every 1,000th):")
        print("| operations | folder | size | eval --state: wall / peak | example host: wall / peak |")
        print("|---:|---|---:|---:|---:|")
        for count in counts {
            for synced in [false, true] {
                let folder = work + "/\(count)-\(synced ? "synced" : "local")"
                progress("recording \(count) operations\(synced ? " into a synced folder" : "")")
                try record(count, program: program, into: folder, synced: synced)
                let eval = try median(tiprulec, ["eval", "--state", folder, "--now", "\(Int(now))"])
                let host = try median(demo, ["--state", folder, "--bundled", rules, "--now", "\(Int(now))"])
                print("| \(count) | \(synced ? "synced" : "never synced") | \(StateBenchmark.folderSize(folder) / 1024) KiB "
                      + "| \(describe(eval)) | \(describe(host)) |")
                try? FileManager.default.removeItem(atPath: folder)
            }
        }
        try mergeFlood(tiprulec: tiprulec, program: program, work: work)
    }

    /// Merging 16 MiB of a flood (`Flood`) into a synced folder of 10,000 operations with
    /// `tiprulec state merge`, and opening it after: the merge folds it to what the history keeps,
    /// so the open costs what it did before. (A child's peak memory counts what the benchmark held
    /// when it started it, so each change set is made by a child of its own,
    /// `tiprulec-bench state flood FILE [KIND]`.)
    static func mergeFlood(tiprulec: String, program: Program, work: String) throws {
        for flood in Flood.allCases {
            let folder = work + "/flood-\(flood.rawValue)"
            try record(10_000, program: program, into: folder, synced: true)
            let before = try median(tiprulec, ["eval", "--state", folder, "--now", "\(Int(now))"])
            let file = work + "/flood.tipsync"
            let output = work + "/flood.txt"
            guard try ChildProcess.run(CommandLine.arguments[0], ["state", "flood", file, flood.rawValue], standardOutput: output).status == 0,
                  let text = try? String(contentsOfFile: output, encoding: .utf8),
                  let count = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw BenchError("tiprulec-bench state flood failed")
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
            let (status, merge) = try ChildProcess.run(tiprulec, ["state", "merge", folder, file])
            // Without a clock no donation folds: more than a merge keeps (SyncHistory.foldedOperationLimit), refused whole.
            let refused = flood == .donations && status == 2
            guard status == 0 || refused else { throw BenchError("tiprulec state merge exited with status \(status)") }
            let after = try median(tiprulec, ["eval", "--state", folder, "--now", "\(Int(now))"])
            print("merging \(size >> 20) MiB of \(count) \(flood.name) into a synced folder of 10,000 operations "
                  + "(tiprulec state merge\(refused ? ", no clock: refused whole, too many to keep" : "")): \(describe(merge)); "
                  + "eval --state before: \(describe(before)), after: \(describe(after)); "
                  + "folder after: \(StateBenchmark.folderSize(folder) / 1024) KiB")
            if flood == .donations {
                // An app's store, which has a clock: what its rules can no longer see folds.
                let app = work + "/flood-app"
                try record(10_000, program: program, into: app, synced: true)
                let (status, apply) = try ChildProcess.run(CommandLine.arguments[0], ["state", "apply", app, file])
                guard status == 0 else { throw BenchError("tiprulec-bench state apply exited with status \(status)") }
                print("the same into an app's store with a clock (TipStore.apply(changeSet:), tiprulec-bench state apply): "
                      + "\(describe(apply)); folder after: \(StateBenchmark.folderSize(app) / 1024) KiB")
                try? FileManager.default.removeItem(atPath: app)
                // The command line at the same clock (`state merge --now`).
                let clocked = work + "/flood-clocked"
                try record(10_000, program: program, into: clocked, synced: true)
                let (merged, atClock) = try ChildProcess.run(tiprulec, ["state", "merge", clocked, file, "--now", "\(Int(now))"])
                guard merged == 0 else { throw BenchError("tiprulec state merge --now exited with status \(merged)") }
                print("the same with tiprulec state merge --now: \(describe(atClock)); folder after: \(StateBenchmark.folderSize(clocked) / 1024) KiB")
                try? FileManager.default.removeItem(atPath: clocked)
            }
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: file)
        }
    }

    /// Ten events of an `id` each, and a tip.
    static func benchProgram() throws -> Program {
        try Program(sourceName: "bench",
                    events: (0..<10).map { EventInfo(name: "event\($0)", fields: [FieldInfo(name: "id", type: .int)], line: 1) },
                    tips: [TipInfo(name: "T", id: "T", title: "t", line: 1)])
    }

    /// `tiprulec-bench state apply DIR FILE`: applies the change set FILE to the folder DIR as an
    /// app does, its clock at `now` (for `mergeFlood`).
    static func applyFlood(folder: String, file: String) throws {
        let store = try TipStore.open(folder: folder, bundledProgram: try benchProgram(), options: TipStoreOptions(now: { now }))
        try store.apply(changeSet: Array(try Data(contentsOf: URL(fileURLWithPath: file))))
    }

    /// What a flood's change set holds: one peer's last display dates (the smallest operations,
    /// about 9 bytes each), or its donations to one declared event, one a minute (each past the
    /// event's 1,000 latest decides nothing).
    enum Flood: String, CaseIterable {
        case lastDisplayDates = "dates"
        case donations

        var name: String {
            switch self {
            case .lastDisplayDates: "last display dates"
            case .donations: "donations"
            }
        }

        /// Seconds between two operations.
        var step: Double { self == .donations ? 60 : 1 }

        func change(_ index: Int) -> SyncedChange {
            switch self {
            case .lastDisplayDates: .lastDisplayDate
            case .donations: .donate(event: "event0", fields: ["id": .int(index % 1_000)])
            }
        }
    }

    /// `tiprulec-bench state flood FILE [KIND]`: writes a change set of 16 MiB of one peer's
    /// operations of the kind (`Flood`, last display dates unless named) to FILE and prints how
    /// many operations it holds.
    static func writeFlood(to file: String, kind: String?) throws {
        guard let flood = kind.map(Flood.init(rawValue:)) ?? .lastDisplayDates else {
            throw BenchError("no flood of '\(kind ?? "")': \(Flood.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let bytes = 16 << 20
        progress("making \(bytes >> 20) MiB of \(flood.name)")
        var peer = SyncHistory(install: InstallID.random())
        var changeSet: [UInt8] = []
        while changeSet.count < bytes {
            for _ in 0..<100_000 {
                let index = peer.count(of: peer.install)
                peer.record(flood.change(index), date: start + Double(index) * flood.step)
            }
            // The benchmark's rules name no app.
            changeSet = peer.changes(app: nil).encoded()
        }
        try Data(changeSet).write(to: URL(fileURLWithPath: file))
        print(peer.count(of: peer.install))
    }

    /// Records `count` operations as an app does, one call each (written without a flush).
    static func record(_ count: Int, program: Program, into folder: String, synced: Bool) throws {
        let store = try TipStore.open(folder: folder, bundledProgram: program,
                                      options: TipStoreOptions(durability: .onSync, now: { now }))
        if synced { _ = try store.changes() }
        let step = threeYears / Double(count)
        for index in 0..<count {
            let date = start + Double(index) * step
            if index % 1_000 == 999 {
                try store.recordDisplay(tip: "T", at: date)
            } else {
                try store.donate(event: "event\(index % 10)", fields: ["id": .int(index)], at: date)
            }
        }
        try store.sync()
    }

    /// The median of 3 runs (after one that loads the executable), by wall time.
    static func median(_ program: String, _ arguments: [String]) throws -> ProcessCost {
        var costs: [ProcessCost] = []
        for run in 0..<4 {
            let (status, cost) = try ChildProcess.run(program, arguments)
            guard status == 0 else { throw BenchError("\(program) \(arguments.joined(separator: " ")) exited with status \(status)") }
            if run > 0 { costs.append(cost) }
        }
        return costs.sorted { $0.wallSeconds < $1.wallSeconds }[1]
    }

    static func describe(_ cost: ProcessCost) -> String {
        "\(StateBenchmark.format(cost.wallSeconds * 1_000)) ms / \(cost.peakBytes >> 20) MiB"
    }
}
