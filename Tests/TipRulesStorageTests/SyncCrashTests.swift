import Foundation
import Testing
import TipRulesRuntime
import TipRulesStorage
import TipRulesTestSupport

/// Kills a process applying a change set (`tiprules-crash-writer --merge`) with SIGKILL at random
/// instants: the folder then holds all of the change set or none of it. 50 kills; set
/// `TIPRULES_SYNC_KILLS` for more.
@Suite(.serialized) struct SyncCrashTests {
    static let kills = ProcessInfo.processInfo.environment["TIPRULES_SYNC_KILLS"].flatMap(Int.init) ?? 50
    static let operations = 1_000

    @Test func aChangeSetIsAppliedWholeOrNotAtAll() throws {
        try #require(FileManager.default.isExecutableFile(atPath: CrashTests.writer.path), "\(CrashTests.writer.path) is not built")
        let original = temporaryFolder()
        let sender = temporaryFolder()
        let work = temporaryFolder()
        defer { for folder in [original, sender, work] { removeTemporaryFolder(folder) } }
        let program = try Program(sourceName: "crash", events: [EventInfo(name: "step", fields: [FieldInfo(name: "n", type: .int)], line: 1)],
                                  tips: [TipInfo(name: "T", id: "T", title: "t", line: 2)])
        let changeSetPath = sender + "/changes.tipsync"
        do {
            let receiver = try TipStore.open(folder: original, bundledProgram: program, options: TipStoreOptions(now: nil))
            try receiver.donate(event: "step", fields: ["n": .int(-1)], at: 0)
            let peer = try TipStore.open(folder: sender + "/state", bundledProgram: program, options: TipStoreOptions(now: nil))
            for n in 0..<Self.operations { try peer.donate(event: "step", fields: ["n": .int(n)], at: Double(n)) }
            write(try peer.changes(since: receiver.versionVector).encoded(), to: changeSetPath)
        }
        // Kills land anywhere in a whole run, from the start of the process to a little past its end.
        let started = Date()
        try Self.merge(work: work, original: original, changeSet: changeSetPath, killAfter: nil)
        let runTime = UInt32(min(2, Date().timeIntervalSince(started)) * 1_200_000)
        var generator = SystemRandomNumberGenerator()
        var whole = 0
        var none = 0
        for kill in 0..<Self.kills {
            try Self.merge(work: work, original: original, changeSet: changeSetPath,
                           killAfter: UInt32.random(in: 0...runTime, using: &generator))
            let donations = try TipStore.read(folder: work).engine.store.donationCount(event: 0)
            #expect(donations == 1 || donations == 1 + Self.operations, "kill \(kill): \(donations - 1) of \(Self.operations) operations")
            if donations == 1 { none += 1 } else { whole += 1 }
            // The writer that opens it next agrees, and a second application completes it.
            guard kill % 10 == 0 else { continue }
            let reopened = try TipStore.open(folder: work, bundledProgram: program, options: TipStoreOptions(now: nil))
            #expect(reopened.engine.store.donationCount(event: 0) == donations)
            try reopened.apply(changeSet: bytes(of: changeSetPath))
            #expect(reopened.engine.store.donationCount(event: 0) == 1 + Self.operations)
        }
        print("sync crash test: \(Self.kills) kills, \(whole) after the change set was applied, \(none) before")
    }

    /// Applies the change set to a fresh copy of `original` in `work` in a child process, killed
    /// after `killAfter` microseconds (nil: not killed).
    private static func merge(work: String, original: String, changeSet: String, killAfter: UInt32?) throws {
        try copyFolder(original, to: work)
        let process = Process()
        process.executableURL = CrashTests.writer
        process.arguments = ["--merge", work, changeSet]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.withoutBacktracer()
        try process.run()
        if let killAfter {
            usleep(killAfter)
            Foundation.kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
    }
}
