import Foundation
import Testing
import TipRulesTestSupport
import TipRulesRuntime
import TipRulesStorage
import TipRulesState

/// The example host (`tiprules-demo`) as an app runs it: a rules update, a crash (SIGKILL), a
/// relaunch, and nothing answered is lost.
struct DemoHostTests {
    static var demo: URL { builtProduct("tiprules-demo") }

    static let examples = repositoryRoot.appendingPathComponent("examples")

    /// An example's rules for the app `com.example.backyard` at `release` (on the line of
    /// `configure {`: every rule keeps its line).
    static func rules(_ example: String, release: Int) throws -> [UInt8] {
        let source = try String(contentsOf: examples.appendingPathComponent(example), encoding: .utf8)
            .replacingOccurrences(of: "configure {", with: "configure { app(\"com.example.backyard\") release(\(release))")
        return try compile(source).encoded()
    }

    @Test func aRulesUpdateACrashAndARelaunchLoseNothing() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.demo.path), "\(Self.demo.path) is not built")
        let folder = temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        try FileManager.default.createDirectory(atPath: folder + "/updates", withIntermediateDirectories: true)
        write(try Self.rules("backyard.tiprules", release: 1), to: folder + "/bundled.tipc")
        write(try Self.rules("backyard-v2.tiprules", release: 2), to: folder + "/updates/backyard-2.tipc")
        let arguments = ["--state", folder + "/state", "--bundled", folder + "/bundled.tipc", "--updates", folder + "/updates",
                         "--app", "com.example.backyard"]

        let first = try ChildHost(DemoHostTests.demo, arguments)
        #expect(first.answer() == "opened \(folder)/state: rules release 1")
        #expect(first.ask("set isLoggedIn true") == "ok set isLoggedIn")
        for day in 0..<3 {
            #expect(first.ask("donate enteredBackyardDetailView \(1_000_000 + day * 3600) backyardID=7") == "ok donated enteredBackyardDetailView")
        }
        #expect(first.ask("update") == "ok updated to backyard-2.tipc: rules release 2; added ShareBackyardTip")
        #expect(first.answer() == "not carried over: parameter 'isLoggedIn' is gone; its value is dropped")
        #expect(first.ask("set accountState member") == "ok set accountState")
        #expect(first.ask("show 1020000").hasPrefix("FavoriteBackyardTip: \"Save as a Favorite\""))
        #expect(first.answer() == "ok showing [FavoriteBackyardTip]")
        #expect(first.ask("close FavoriteBackyardTip") == "ok closed FavoriteBackyardTip")
        first.send("donate sharedBackyard 1030000")
        first.kill()

        let second = try ChildHost(DemoHostTests.demo, arguments)
        #expect(second.answer() == "opened \(folder)/state: rules release 2")
        #expect(second.ask("status 1040000").hasPrefix("FavoriteBackyardTip: invalidated"))
        second.kill()
        let state = try TipStore.read(folder: folder + "/state")
        #expect(state.engine.program.release == 2)
        #expect(state.engine.store.donationCount(event: 0) == 3)
        #expect(state.engine.store.donationCount(event: 1) <= 1, "the donation in flight at the kill is there whole or not at all")
        #expect(state.engine.store.tipState(0) == TipState(displayCount: 1, invalidation: .tipClosed, displayDates: [1_020_000],
                                                          invalidationDate: 1_020_000))
        #expect(state.engine.store.parameter(0) == .string("member"))
    }

    /// The walk-through of docs/runtime.md ("Try it first"), typed as written there: each
    /// command's answer lines (after `→`) are what the demo prints.
    @Test func theWalkThroughAnswersAsDocumented() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.demo.path), "\(Self.demo.path) is not built")
        let folder = temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        try FileManager.default.createDirectory(atPath: folder + "/updates", withIntermediateDirectories: true)
        write(try Self.rules("backyard.tiprules", release: 1), to: folder + "/bundled.tipc")
        write(try Self.rules("backyard-v2.tiprules", release: 2), to: folder + "/updates/v2.tipc")
        let steps = try Self.walkThrough()
        #expect(steps.count >= 6)
        let demo = try ChildHost(DemoHostTests.demo, ["--state", folder + "/state", "--bundled", folder + "/bundled.tipc", "--updates", folder + "/updates"])
        defer { demo.kill() }
        #expect(demo.answer() == "opened \(folder)/state: rules release 1")
        for (command, answers) in steps {
            demo.send(command)
            #expect(answers.map { _ in demo.answer().trimmingCharacters(in: .whitespaces) } == answers, "\(command)")
        }
    }

    /// The commands of docs/runtime.md's walk-through, each with the lines it answers.
    static func walkThrough() throws -> [(command: String, answers: [String])] {
        let page = try String(contentsOf: examples.deletingLastPathComponent().appendingPathComponent("docs/runtime.md"), encoding: .utf8)
        guard let start = page.range(of: "Then type") else { return [] }
        let block = page[start.upperBound...].components(separatedBy: "```")[1]
        var steps: [(command: String, answers: [String])] = []
        for line in block.split(separator: "\n") {
            let parts = line.components(separatedBy: "→")
            let answer = parts.last?.trimmingCharacters(in: .whitespaces) ?? ""
            if parts.count == 2 {
                steps.append((parts[0].trimmingCharacters(in: .whitespaces), [answer]))
            } else if !answer.isEmpty, !steps.isEmpty {
                steps[steps.count - 1].answers.append(answer)
            }
        }
        return steps
    }
}

/// Two example hosts as two installs of one person, exchanging change sets through a folder.
struct DemoSyncTests {
    @Test func twoInstallsExchangeChangeSetsThroughAFolder() throws {
        try #require(FileManager.default.isExecutableFile(atPath: DemoHostTests.demo.path), "\(DemoHostTests.demo.path) is not built")
        let folder = temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        try FileManager.default.createDirectory(atPath: folder + "/sync", withIntermediateDirectories: true)
        write(try DemoHostTests.rules("backyard.tiprules", release: 1), to: folder + "/bundled.tipc")
        func install(_ name: String) throws -> ChildHost {
            let process = try ChildHost(DemoHostTests.demo, ["--state", folder + "/" + name, "--bundled", folder + "/bundled.tipc",
                                           "--app", "com.example.backyard", "--sync", folder + "/sync"])
            #expect(process.answer() == "opened \(folder)/\(name): rules release 1")
            return process
        }
        let phone = try install("phone")
        let tablet = try install("tablet")
        #expect(phone.ask("set isLoggedIn true") == "ok set isLoggedIn")
        #expect(phone.ask("donate enteredBackyardDetailView 1000000 backyardID=7") == "ok donated enteredBackyardDetailView")
        #expect(phone.ask("donate enteredBackyardDetailView 1003600 backyardID=7") == "ok donated enteredBackyardDetailView")
        #expect(tablet.ask("donate enteredBackyardDetailView 1007200 backyardID=7") == "ok donated enteredBackyardDetailView")
        #expect(phone.ask("show 1010000") == "ok showing []", "two visits on the phone are not enough")
        #expect(phone.ask("sync") == "ok synced: sent 3, merged 0")
        #expect(tablet.ask("sync") == "ok synced: sent 1, merged 3")
        #expect(phone.ask("sync") == "ok synced: sent 0, merged 1")
        #expect(phone.ask("show 1010000").hasPrefix("FavoriteBackyardTip: "), "three visits on two devices")
        #expect(phone.answer() == "ok showing [FavoriteBackyardTip]")
        #expect(phone.ask("close FavoriteBackyardTip") == "ok closed FavoriteBackyardTip")
        #expect(phone.ask("sync").hasPrefix("ok synced: sent "))
        #expect(tablet.ask("sync").hasPrefix("ok synced: sent 0, merged "))
        #expect(tablet.ask("status 1020000").hasPrefix("FavoriteBackyardTip: invalidated"))
        phone.kill()
        tablet.kill()
    }
}

/// The example host's command line and clock: `--help`, and one clock that every command reads.
struct DemoCommandLineTests {
    @Test func helpPrintsTheUsageAndEveryCommand() throws {
        try #require(FileManager.default.isExecutableFile(atPath: DemoHostTests.demo.path), "\(DemoHostTests.demo.path) is not built")
        let process = Process()
        let output = Pipe()
        process.executableURL = DemoHostTests.demo
        process.arguments = ["--help"]
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.hasPrefix("usage: tiprules-demo --state DIR"))
        for command in ["update", "set NAME VALUE", "donate EVENT", "show [AT]", "close TIP", "status [AT]", "why TIP", "sync", "--now SECONDS"] {
            #expect(text.contains(command), "\(command)")
        }
    }

    /// `set` and `close` carry no time of their own: they are recorded at the host's clock
    /// (`--now`, then a command's typed time), as `donate` and `show` are.
    @Test func everyCommandReadsTheHostsClock() throws {
        try #require(FileManager.default.isExecutableFile(atPath: DemoHostTests.demo.path), "\(DemoHostTests.demo.path) is not built")
        let folder = temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        try FileManager.default.createDirectory(atPath: folder + "/sync", withIntermediateDirectories: true)
        write(try DemoHostTests.rules("backyard.tiprules", release: 1), to: folder + "/bundled.tipc")
        let host = try ChildHost(DemoHostTests.demo, ["--state", folder + "/state", "--bundled", folder + "/bundled.tipc",
                                                      "--app", "com.example.backyard", "--sync", folder + "/sync", "--now", "1000000"])
        defer { host.kill() }
        #expect(host.answer() == "opened \(folder)/state: rules release 1")
        #expect(host.ask("sync") == "ok synced: sent 0, merged 0", "the history starts: each operation is dated from now on")
        #expect(host.ask("set isLoggedIn true") == "ok set isLoggedIn")
        #expect(host.ask("donate enteredBackyardDetailView backyardID=7") == "ok donated enteredBackyardDetailView")
        #expect(host.ask("donate enteredBackyardDetailView 1003600 backyardID=7") == "ok donated enteredBackyardDetailView")
        #expect(host.ask("close FavoriteBackyardTip") == "ok closed FavoriteBackyardTip")
        #expect(host.ask("status") == "FavoriteBackyardTip: invalidated")
        #expect(host.answer() == "ok status")
        #expect(host.ask("sync") == "ok synced: sent 4, merged 0")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder + "/sync").first { $0.hasSuffix(".tipsync") })
        let changes = try ChangeSet(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/sync/" + name))))
        #expect(changes.operations.map(\.date) == [1_000_000, 1_000_000, 1_003_600, 1_003_600])
    }
}
