import Foundation
import Testing
import TipRulesRuntime
import TipRulesStorage
import TipRulesCommands
import TipRulesToolingCore
import TipRulesChannelCore
import TipRulesChannelHTTP
import TipRulesTestSupport

/// A channel folder, the keys that sign it and the rules it publishes, for the channel tests:
/// every channel is written by `tiprulec publish` as a team writes it.
final class ChannelWorkspace {
    let root: String
    let channel: String
    var state: String
    let key: String
    let publicKey: String
    var now: Double = Date().timeIntervalSince1970.rounded(.down)
    private var publishes = 0
    /// The nginx serving the channel (`servedByNginx()`), stopped with the workspace.
    private var server: TestServer?
    /// The channel's URL, when nginx serves it.
    var url: String { server.map { "http://127.0.0.1:\($0.port)/channel" } ?? "" }

    init() throws {
        root = temporaryFolder(prefix: "tiprules-channel")
        channel = root + "/site/channel"
        state = root + "/state"
        key = root + "/team.key"
        publicKey = root + "/team.pub"
        try FileManager.default.createDirectory(atPath: root + "/site", withIntermediateDirectories: true)
        let made = tiprulec(["keygen", "-o", root + "/team"])
        try #require(made.status == 0, "\(made.standardError)")
    }

    deinit {
        server = nil
        removeTemporaryFolder(root)
    }

    /// The example host (`tiprules-demo`), built with the tests.
    static var demo: URL { builtProduct("tiprules-demo") }

    /// A workspace whose channel nginx serves (at `url`).
    static func servedByNginx() throws -> ChannelWorkspace {
        let work = try ChannelWorkspace()
        work.server = try TestServer.nginx(serving: work.root + "/site", work: work.root + "/nginx")
        return work
    }

    /// An instant as the channel's messages write it (RFC 3339, UTC).
    static func rfc3339(_ seconds: Double) -> String? {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    /// Runs tiprulec in this process with the workspace's clock.
    func tiprulec(_ arguments: [String]) -> CommandResult {
        let clock = now
        return TiprulecCommand.run(arguments, environment: CommandEnvironment(), currentTime: { clock })
    }

    /// Writes rules for `app` at `release` (a format-version-3 program) and returns their path.
    func rules(release: Int, app: String = "com.example.backyard", title: String = "Welcome") throws -> String {
        let path = root + "/rules-\(app)-\(release)-\(title.count).tiprules"
        try Self.source(app: app, release: release, title: title).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Rules any runtime reads (format version 1: no app, no release), whose tip is `Fallback`.
    func fallbackRules() throws -> String {
        let path = root + "/fallback.tiprules"
        try "tip Fallback { title: \"for older runtimes\" }\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func source(app: String, release: Int, title: String) -> String {
        """
        configure { app("\(app)") release(\(release)) }
        parameter isLoggedIn: Bool = false
        event visited(backyardID: Int)
        tip \(title) { title: "\(title) to release \(release)" }
        tip Favorite {
            title: "Save as a Favorite"
            #Rule(Self.visited) { $0.donations.count >= 1 }
        }
        """
    }

    /// Publishes and expects it written.
    @discardableResult
    func publish(_ programs: [String], release: Int, _ options: [String] = []) throws -> CommandResult {
        let result = tiprulec(["publish"] + programs + ["--channel", channel, "--key", key, "--release", String(release)] + options)
        try #require(result.status == 0, "\(result.standardError)")
        // nginx's ETag is the file's modification second and size: two publishes within one
        // second would look alike, which a team's schedule never does.
        publishes += 1
        let modified = Date(timeIntervalSince1970: 1_700_000_000 + Double(publishes) * 10)
        for name in ["manifest.json", "manifest.json.sig"] {
            try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: channel + "/" + name)
        }
        return result
    }

    /// The bundled rules an app ships (release 1) and the store opened on them.
    func openStore(bundling source: String? = nil) throws -> TipStore {
        let bundled = try Program(bytes: bundledBytes(source))
        return try TipStore.open(folder: state, bundledProgram: bundled, policy: RulesUpdatePolicy(app: "com.example.backyard"))
    }

    func bundledBytes(_ source: String? = nil) throws -> [UInt8] {
        let path = try source ?? rules(release: 1, title: "Bundled")
        let out = root + "/bundled.tipc"
        let compiled = tiprulec(["compile", path, "-o", out])
        try #require(compiled.status == 0, "\(compiled.standardError)")
        return Array(try Data(contentsOf: URL(fileURLWithPath: out)))
    }

    func updater(url: String, keys: [String]? = nil, app: String = "com.example.backyard", installID: String = "install-1",
                 newestReadable: Int = BytecodeFormat.newestVersion, timeout: Double = 5,
                 fileLayer: any FileLayer = PosixFileLayer()) throws -> ChannelUpdater {
        let trust = try ChannelTrust(pemFiles: (keys ?? [publicKey]).map { try String(contentsOfFile: $0, encoding: .utf8) })
        let configuration = ChannelConfiguration(url: url, trust: trust, app: app, installID: installID,
                                                 minimumInterval: 0, timeout: timeout, newestReadableFormat: newestReadable)
        return ChannelUpdater(configuration: configuration, folder: state, transport: URLSessionChannelTransport(), fileLayer: fileLayer)
    }

    /// One whole update as an app makes it: fetch (off this thread), then activate.
    func update(_ updater: ChannelUpdater, _ store: TipStore, at now: Double? = nil) -> Result<ChannelFetch, ChannelUpdateError> {
        let inForce = store.programBytes
        let clock = now ?? self.now
        let fetched: Result<ChannelFetch, ChannelUpdateError>
        do throws(ChannelUpdateError) { fetched = .success(try updater.fetchBlocking(inForce: inForce, now: clock)) } catch { fetched = .failure(error) }
        guard case .success(.ready(let download)) = fetched else { return fetched }
        do { try updater.activate(download, in: store) } catch { return .failure(error) }
        return fetched
    }

    /// The folder's rules and tips as a relaunch finds them.
    func folderRules() throws -> (release: Int?, tips: [String]) {
        let stored = try TipStore.read(folder: state)
        return (stored.engine.program.release, stored.engine.program.tips.map(\.id))
    }

    /// The channel's manifest and signature file as served now, to serve them again later (a replay).
    func channelFiles() throws -> (manifest: Data, signatures: Data) {
        (try Data(contentsOf: URL(fileURLWithPath: channel + "/manifest.json")),
         try Data(contentsOf: URL(fileURLWithPath: channel + "/manifest.json.sig")))
    }

    func restoreChannelFiles(_ files: (manifest: Data, signatures: Data)) throws {
        try files.manifest.write(to: URL(fileURLWithPath: channel + "/manifest.json"))
        try files.signatures.write(to: URL(fileURLWithPath: channel + "/manifest.json.sig"))
    }

    func replaceInFile(_ path: String, _ change: (inout [UInt8]) -> Void) throws {
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        change(&bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}

extension TestServer {
    /// The tests' fault-injecting server (`Servers/fault_server.py`) serving `root`.
    static func faults(serving root: String) throws -> TestServer {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Servers/fault_server.py")
        return try announcingPort("/usr/bin/env", ["python3", script.path, root])
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a suite only where nginx is installed (`.ci/run` installs it).
    static var nginxInstalled: Self { .enabled(if: TestServer.nginx != nil, "nginx is not installed (.ci/run installs it)") }
}
