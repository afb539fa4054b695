import Foundation
import Testing
import TipRulesRuntime
import TipRulesStorage
import TipRulesChannelCore
import TipRulesSigning
import TipRulesTestSupport

/// Two `tiprulec publish` processes into one channel folder at once: one holds the folder's
/// lock from reading the manifest to writing the next, the other waits for it. The channel
/// always ends at the higher release with a signature that verifies; the lower release is
/// either published first or refused (exit 2) once it sees the higher one.
struct PublishRaceTests {
    static var tiprulec: URL { builtProduct("tiprulec") }
    /// 10 races by default; `TIPRULES_PUBLISH_RACES=30` (or more) for the long form.
    static var races: Int { Int(ProcessInfo.processInfo.environment["TIPRULES_PUBLISH_RACES"] ?? "") ?? 10 }

    static func start(_ arguments: [String]) throws -> (Process, Pipe) {
        let process = Process()
        let errors = Pipe()
        process.executableURL = tiprulec
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        process.withoutBacktracer()
        try process.run()
        return (process, errors)
    }

    static func finish(_ started: (Process, Pipe)) -> (status: Int32, error: String) {
        let error = String(decoding: started.1.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        started.0.waitUntilExit()
        return (started.0.terminationStatus, error)
    }

    @Test func racingPublishesAlwaysEndAtTheHigherReleaseSigned() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.tiprulec.path), "\(Self.tiprulec.path) is not built")
        let work = try ChannelWorkspace()
        try work.publish([try work.rules(release: 1)], release: 1)
        var lowerRefused = 0
        for race in 0..<Self.races {
            let lower = 2 + race * 2
            let programs = [lower, lower + 1].map { try? work.rules(release: $0) }
            let arguments = zip([lower, lower + 1], programs).map { release, program in
                ["publish", program ?? "", "--channel", work.channel, "--key", work.key, "--release", String(release)]
            }
            let order = Bool.random() ? [0, 1] : [1, 0]
            let started = try order.map { try Self.start(arguments[$0]) }
            let results = started.map(Self.finish)
            let (low, high) = order == [0, 1] ? (results[0], results[1]) : (results[1], results[0])
            #expect(high.status == 0, "race \(race): \(high.error)")
            #expect(low.status == 0 || (low.status == 2 && low.error.contains("is not above the channel's release \(lower + 1)")),
                    "race \(race): \(low.error)")
            if low.status == 2 { lowerRefused += 1 }
            let verified = work.tiprulec(["channel", "verify", work.channel, "--key", work.publicKey, "--format", "json"])
            #expect(verified.status == 0, "race \(race): \(verified.standardOutput)")
            #expect(verified.standardOutput.contains("\"release\": \(lower + 1)"), "race \(race): \(verified.standardOutput)")
        }
        print("racing publishes: the lower release was refused in \(lowerRefused) of \(Self.races) races")
    }

    @Test func aPublishWaitsForTheOneHoldingTheFolder() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.tiprulec.path), "\(Self.tiprulec.path) is not built")
        let work = try ChannelWorkspace()
        try work.publish([try work.rules(release: 1)], release: 1)
        let folder = open(work.channel, O_RDONLY | O_DIRECTORY)
        #expect(flock(folder, LOCK_EX) == 0)
        let started = try Self.start(["publish", try work.rules(release: 2), "--channel", work.channel, "--key", work.key, "--release", "2"])
        // Linux: once it holds the folder open, it is asking for the lock.
        var asking = false
        for _ in 0..<3000 where !asking && started.0.isRunning {
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(started.0.processIdentifier)/fd")) ?? []
            asking = descriptors.contains { (try? FileManager.default.destinationOfSymbolicLink(
                atPath: "/proc/\(started.0.processIdentifier)/fd/\($0)")) == work.channel }
            usleep(10_000)
        }
        #expect(asking)
        usleep(200_000)
        #expect(started.0.isRunning, "it waits while another holds the folder")
        close(folder)
        let result = Self.finish(started)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("waited for another publish"))
        #expect(work.tiprulec(["channel", "verify", work.channel, "--key", work.publicKey]).status == 0)
    }
}
