import Foundation
import Testing
import TipRulesTestSupport
import TipRulesStorage

/// A host that answers 2 GB where the manifest says a few hundred bytes (the tests' fault server,
/// with and without a `Content-Length`): the example host refuses the artifact within its
/// time-out, holding no more memory than the largest body it accepts, and keeps its rules.
struct ChannelFloodTests {

    @Test(arguments: ["flood", "flood-unannounced"])
    func aTwoGigabyteAnswerIsCutAtTheCap(fault: String) throws {
        let work = try ChannelWorkspace()
        try work.publish([try work.rules(release: 5)], release: 5)
        let server = try TestServer.faults(serving: work.root + "/site")
        let bundled = work.root + "/bundled.tipc"
        try Data(try work.bundledBytes()).write(to: URL(fileURLWithPath: bundled))
        let host = try ChildHost(ChannelWorkspace.demo, ["--state", work.state, "--bundled", bundled, "--app", "com.example.backyard",
                                             "--channel", "http://127.0.0.1:\(server.port)/\(fault)/channel",
                                             "--trusted-key", work.publicKey])
        defer { host.kill() }
        try #require(host.answer().hasPrefix("opened"))
        let start = Date()
        let answer = host.ask("update")
        let seconds = Date().timeIntervalSince(start)
        #expect(answer.hasPrefix("refused:") && answer.contains("larger than"), "\(answer)")
        // The example host's time-out is 5 s a request.
        #expect(seconds < 6, "\(seconds) s")
        let peak = try #require(Self.peakMegabytes(of: host.processIdentifier))
        #expect(peak < 100, "\(peak) MB at its peak")
        #expect(try work.folderRules().release == 1)
        withExtendedLifetime(server) {}
    }

    /// The process's peak resident memory (`VmHWM`), in MB.
    static func peakMegabytes(of process: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else {
            return nil
        }
        return kilobytes / 1024
    }
}
