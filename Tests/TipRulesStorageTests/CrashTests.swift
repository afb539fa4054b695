import Foundation
import Testing
import TipRulesRuntime
import TipRulesStorage
import TipRulesTestSupport

/// Kills a writer (`tiprules-crash-writer`) with SIGKILL at random instants and checks, after each
/// kill, that the folder opens with every operation reported durable and nothing half-written.
/// Serialized: the two tests each drive a writer process as fast as it goes; together they would
/// starve each other (and the kill test counts the operations its writer managed).
@Suite(.serialized) struct CrashTests {
    static let kills = 200

    /// The writer built beside the test bundle.
    static var writer: URL {
        builtProduct("tiprules-crash-writer")
    }

    @Test func everyDurableOperationSurvivesSIGKILL() throws {
        let folder = temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        try #require(FileManager.default.isExecutableFile(atPath: Self.writer.path), "\(Self.writer.path) is not built")
        let (landedMidway, operations) = try killRepeatedly(folder: folder, kills: Self.kills)
        print("crash test: \(Self.kills) kills, \(operations) operations, \(landedMidway) kills after an operation was written and before it was reported")
    }

    /// The same kills in a folder that syncs: every snapshot compacts its history too (a new
    /// `history.tipsync` renamed in, then the history journal emptied), so kills land inside those
    /// compactions, and the history (which decides the synced state) keeps every durable operation.
    @Test func everyDurableOperationOfASyncedFolderSurvivesSIGKILLInHistoryCompactions() throws {
        let folder = temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        try #require(FileManager.default.isExecutableFile(atPath: Self.writer.path), "\(Self.writer.path) is not built")
        try Self.startSyncing(folder)
        let kills = Self.kills / 4
        _ = try killRepeatedly(folder: folder, kills: kills)
        let history = try #require(try TipStore.read(folder: folder).history)
        #expect(!history.baseline.counts.isEmpty, "no compaction in \(kills) runs")
        #expect(bytes(of: folder + "/history-journal.tipsync").count < bytes(of: folder + "/history.tipsync").count + 4096,
                "the history journal is not compacted")
    }

    /// Launches of a synced folder that stop dead right after their first rename
    /// (`--exit-after-renames 1`): each in a snapshot, whose first rename is the history's
    /// compaction (its new `history.tipsync` renamed in, the history journal not emptied yet, the
    /// state's snapshot not written). Every operation reported durable is there each time.
    @Test func syncedLaunchesStoppedRightAfterAHistoryCompactionsRenameLoseNothing() throws {
        let folder = temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        try #require(FileManager.default.isExecutableFile(atPath: Self.writer.path), "\(Self.writer.path) is not built")
        try Self.startSyncing(folder)
        var durable = try Self.runToEnd(folder: folder, ["100"])
        var betweenRenameAndCut = 0
        for launch in 0..<12 {
            durable += try Self.runToEnd(folder: folder, ["100000", "--exit-after-renames", "1"])
            let state = try TipStore.read(folder: folder)
            // The journal still holds change sets, every one of them folded into the new base.
            if !bytes(of: folder + "/history-journal.tipsync").isEmpty, let history = state.history, history.baseline == history.vector {
                betweenRenameAndCut += 1
            }
            let recorded = Self.recorded(state.engine.store)
            #expect(recorded >= durable && recorded <= durable + 1, "launch \(launch): \(recorded) operations, \(durable) durable")
            #expect(state.engine.store.donations(event: 0).map(\.date) == (0..<recorded).filter(Self.isDonation).map(Double.init),
                    "launch \(launch): not the donations 0..<\(recorded)")
            durable = recorded
        }
        #expect(betweenRenameAndCut > 0, "no launch stopped between the history's rename and its journal's cut")
    }

    /// Makes `folder` a state folder that syncs (its history started, empty), under the writer's rules.
    private static func startSyncing(_ folder: String) throws {
        let program = try Program(sourceName: "crash", events: [EventInfo(name: "step", fields: [FieldInfo(name: "n", type: .int)], line: 1)],
                                  tips: [TipInfo(name: "T", id: "T", title: "t", line: 2)])
        _ = try TipStore.open(folder: folder, bundledProgram: program, options: TipStoreOptions(now: nil)).changes()
    }

    /// Runs the writer `kills` times in `folder`, each killed at a random instant, checking the
    /// folder after each; returns how many kills landed after an operation was written and before
    /// it was reported, and how many operations the folder holds.
    private func killRepeatedly(folder: String, kills: Int) throws -> (landedMidway: Int, operations: Int) {
        var generator = SystemRandomNumberGenerator()
        var durable = 0
        var landedMidway = 0
        // A loaded machine gives the writer little time before each kill: up to four times the runs
        // asked for, until the writer has made more operations than that.
        for kill in 0..<(4 * kills) {
            if kill >= kills && durable > kills { break }
            let reported = try runAndKill(folder: folder, after: Double.random(in: 0.0...0.025, using: &generator))
            durable = max(durable, reported.map { $0 + 1 } ?? durable)
            guard let state = try Self.state(of: folder, durable: durable) else { continue }
            let steps = state.engine.store.donations(event: 0)
            let displays = state.engine.store.tipState(0).displayDates
            // One exposure per tip and group, in no particular order: a synced folder adds the one its
            // history held and its state journal had not yet recorded when it is opened again.
            let exposures = state.engine.store.exposures.map(\.date).sorted()
            let recorded = Self.recorded(state.engine.store)
            // Exactly operations 0..<recorded, each once and whole, covering every reported one;
            // at most the one operation in flight beyond them.
            let numbers = 0..<recorded
            #expect(steps.map(\.date) == numbers.filter(Self.isDonation).map(Double.init), "kill \(kill): not the donations 0..<\(recorded)")
            #expect(steps.map(\.fields) == numbers.filter(Self.isDonation).map { [.int($0)] }, "kill \(kill)")
            #expect(displays == numbers.filter { $0 % 7 == 3 }.map(Double.init), "kill \(kill): not the displays 0..<\(recorded)")
            #expect(exposures == numbers.filter { $0 % 7 == 5 }.map(Double.init), "kill \(kill): not the exposures 0..<\(recorded)")
            #expect(recorded >= durable, "kill \(kill): \(durable) operations were reported durable, \(recorded) are there")
            #expect(recorded <= durable + 1, "kill \(kill): more operations than were written")
            let names = files(in: folder)
            #expect(names.filter { $0.hasPrefix("snapshot-") }.count <= 3 && names.filter { $0.hasPrefix("journal-") }.count <= 3,
                    "kill \(kill): more generations than two and the one being written: \(names)")
            if recorded > durable { landedMidway += 1 }
            durable = recorded
        }
        #expect(durable > kills, "the writer hardly ran: \(durable) operations in \(kills) runs")
        // Opened as the writer opens it: after a last kill inside a compaction, an open with the
        // system clock would prune the donations past the 1,000 most recent.
        let reopened = try Self.recordedByTheWritersOpen(folder)
        #expect(reopened == durable)
        return (landedMidway, durable)
    }

    /// A launch stopped right after a compaction's rename leaves the newest snapshot without its
    /// journal, so the next open writes a recovery snapshot, which prunes at the store's `now`.
    /// The writer's open (no clock) keeps every operation a reader sees; opened with the system
    /// clock, the same folder keeps, of the writer's donations (dated 1970), the event's 1,000
    /// most recent, which is why `killRepeatedly` counts what the writer's open finds.
    @Test func theWritersOpenAfterAKillBetweenASnapshotAndItsJournalKeepsEveryOperation() throws {
        let folder = temporaryFolder()
        let copies = temporaryFolder()
        defer { removeTemporaryFolder(folder); removeTemporaryFolder(copies) }
        try #require(FileManager.default.isExecutableFile(atPath: Self.writer.path), "\(Self.writer.path) is not built")
        _ = try Self.runToEnd(folder: folder, ["1500"])
        _ = try Self.runToEnd(folder: folder, ["100000", "--exit-after-renames", "1"])
        let names = files(in: folder)
        let newest = try #require(names.compactMap { $0.hasPrefix("snapshot-") ? Int($0.dropFirst(9).prefix { $0.isNumber }) : nil }.max())
        #expect(!names.contains("journal-\(newest).tipjournal"), "the newest snapshot has its journal: \(names)")
        let read = try TipStore.read(folder: folder)
        let donations = read.engine.store.donationCount(event: 0)
        #expect(donations > EventInfo.defaultMaximumCount)
        let copy = copies + "/state"
        try FileManager.default.copyItem(atPath: folder, toPath: copy)
        let reopened = try Self.recordedByTheWritersOpen(folder)
        #expect(reopened == Self.recorded(read.engine.store))
        let pruned = try TipStore.open(folder: copy, bundledProgram: Program(bytes: read.programBytes))
        #expect(pruned.engine.store.donationCount(event: 0) == EventInfo.defaultMaximumCount)
        #expect(Self.recorded(pruned.engine.store) == reopened - (donations - EventInfo.defaultMaximumCount))
    }

    /// How many operations the writer's open finds in `folder`: opened as the writer opens it,
    /// without a clock (`now: nil`). Opened with the system clock, an open that writes a recovery
    /// snapshot (after a kill in a compaction) prunes the donations no rule can see again: of the
    /// writer's, dated from 1970, all but the 1,000 most recent (`EventInfo.defaultMaximumCount`).
    private static func recordedByTheWritersOpen(_ folder: String) throws -> Int {
        let program = try Program(bytes: TipStore.read(folder: folder).programBytes)
        let store = try TipStore.open(folder: folder, bundledProgram: program, options: TipStoreOptions(now: nil))
        return recorded(store.engine.store)
    }

    /// Launches that stop dead right after a snapshot's rename (`--exit-after-renames 1`): the
    /// first in a compaction, every later one in the recovery snapshot its open writes (the
    /// newest snapshot has no journal yet). Each leaves at most two snapshots (the one before a
    /// compaction's removal, three), and every operation reported durable is there.
    /// `TIPRULES_LAUNCH_KILLS=N` runs N launches instead of 12.
    @Test func launchesStoppedRightAfterASnapshotsRenameKeepTheFolderBounded() throws {
        let folder = temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        try #require(FileManager.default.isExecutableFile(atPath: Self.writer.path), "\(Self.writer.path) is not built")
        let launches = ProcessInfo.processInfo.environment["TIPRULES_LAUNCH_KILLS"].flatMap { Int($0) } ?? 12
        var durable = try Self.runToEnd(folder: folder, ["100"])
        for launch in 0..<launches {
            durable += try Self.runToEnd(folder: folder, ["100000", "--exit-after-renames", "1"])
            let names = files(in: folder)
            let snapshots = names.filter { $0.hasPrefix("snapshot-") }.count
            #expect(snapshots <= (launch == 0 ? 3 : 2), "launch \(launch): \(names)")
            #expect(names.filter { $0.hasPrefix("journal-") }.count <= (launch == 0 ? 3 : 2), "launch \(launch): \(names)")
            #expect(!names.contains { $0.hasSuffix(".tmp") }, "launch \(launch): \(names)")
            // The operation whose compaction the first launch stopped in was written, not reported.
            let state = try TipStore.read(folder: folder)
            let recorded = Self.recorded(state.engine.store)
            #expect(recorded >= durable && recorded <= durable + 1, "launch \(launch): \(recorded) operations, \(durable) durable")
            durable = recorded
        }
    }

    /// How many of the writer's operations a store holds: its donations, displays and exposures.
    static func recorded(_ store: EventStore) -> Int {
        store.donationCount(event: 0) + store.tipState(0).displayCount + store.exposures.count
    }

    /// Whether the writer's operation n is a donation (not a display, n % 7 == 3, nor an exposure, 5).
    static func isDonation(_ n: Int) -> Bool { n % 7 != 3 && n % 7 != 5 }

    /// Runs the writer until it ends by itself; the number of operations it reported durable.
    private static func runToEnd(folder: String, _ arguments: [String]) throws -> Int {
        let process = Process()
        let output = Pipe()
        process.executableURL = writer
        process.arguments = [folder] + arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(!text.contains("error"), "the writer failed: \(text.suffix(300))")
        return text.split(separator: "\n").filter { $0.hasPrefix("durable ") }.count
    }

    @Test func readersSeeAConsistentPrefixWhileTheWriterWrites() throws {
        let folder = temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        try #require(FileManager.default.isExecutableFile(atPath: Self.writer.path), "\(Self.writer.path) is not built")
        let process = Process()
        process.executableURL = Self.writer
        process.arguments = [folder, "3000"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var seen = 0
        var reads = 0
        while process.isRunning || reads == 0 {
            guard let state = try Self.state(of: folder, durable: 0) else { continue }
            reads += 1
            let steps = state.engine.store.donations(event: 0)
            let displays = state.engine.store.tipState(0).displayDates
            let recorded = Self.recorded(state.engine.store)
            #expect(steps.map(\.date) == (0..<recorded).filter(Self.isDonation).map(Double.init), "read \(reads): not a prefix")
            #expect(displays == (0..<recorded).filter { $0 % 7 == 3 }.map(Double.init), "read \(reads): not a prefix")
            #expect(state.engine.store.exposures.map(\.date) == (0..<recorded).filter { $0 % 7 == 5 }.map(Double.init),
                    "read \(reads): not a prefix")
            #expect(recorded >= seen, "read \(reads): \(recorded) operations after \(seen)")
            seen = recorded
        }
        process.waitUntilExit()
        #expect(try Self.recorded(TipStore.read(folder: folder).engine.store) == 3000)
        print("concurrent readers: \(reads) reads while the writer wrote 3,000 operations")
    }

    /// The folder's state; nil when the writer was killed while creating the folder, before any
    /// operation was reported durable (the folder then holds no state yet, and the next writer
    /// creates it again).
    private static func state(of folder: String, durable: Int) throws -> StoredState? {
        do {
            return try TipStore.read(folder: folder)
        } catch {
            guard durable == 0, case .notAStateFolder = error else { throw error }
            return nil
        }
    }

    /// Runs the writer for `delay` seconds, kills it, and returns the last operation it reported durable.
    private func runAndKill(folder: String, after delay: Double) throws -> Int? {
        let process = Process()
        let output = Pipe()
        process.executableURL = Self.writer
        process.arguments = [folder, "1000000"]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.withoutBacktracer()
        try process.run()
        // The delay counts from the writer's `started`: the launch itself is not what is tested.
        var printed = Data()
        while !printed.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed.append(chunk)
        }
        usleep(UInt32(delay * 1_000_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        printed.append(output.fileHandleForReading.readDataToEndOfFile())
        let text = String(decoding: printed, as: UTF8.self)
        #expect(!text.contains("error"), "the writer failed: \(text.suffix(300))")
        return text.split(separator: "\n").last { $0.hasPrefix("durable ") }.flatMap { Int($0.dropFirst(8)) }
    }
}
