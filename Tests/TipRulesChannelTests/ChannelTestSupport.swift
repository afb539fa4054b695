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

    deinit { removeTemporaryFolder(root) }

    /// A workspace whose channel nginx serves, and the channel's URL.
    static func servedByNginx() throws -> (ChannelWorkspace, TestServer, String) {
        let work = try ChannelWorkspace()
        let server = try TestServer.nginx(serving: work.root + "/site", work: work.root + "/nginx")
        return (work, server, "http://127.0.0.1:\(server.port)/channel")
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

/// A server process started by a test and stopped with it.
final class TestServer {
    let port: Int
    private let process: Process

    private init(process: Process, port: Int) {
        self.process = process
        self.port = port
    }

    /// SIGKILL: a child of the test process may inherit a mask that blocks SIGTERM.
    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    static let servers = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Servers")

    /// nginx, where installed (`.ci/run` installs it): `/usr/sbin/nginx` or on the PATH.
    static var nginx: String? {
        (["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"] + (ProcessInfo.processInfo.environment["PATH"] ?? "")
            .split(separator: ":").map { "\($0)/nginx" }).first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// nginx serving `root` on the loopback interface, as a static host serves a channel.
    static func nginx(serving root: String, work: String) throws -> TestServer {
        let executable = try #require(nginx)
        for attempt in 0..<5 {
            let port = Int.random(in: 20_000...60_000)
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
            let template = try String(contentsOf: servers.appendingPathComponent("nginx.conf.template"), encoding: .utf8)
            let configuration = template.replacingOccurrences(of: "WORK", with: work)
                .replacingOccurrences(of: "ROOT", with: root).replacingOccurrences(of: "PORT", with: String(port))
            try configuration.write(toFile: work + "/nginx.conf", atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-c", work + "/nginx.conf", "-p", work, "-e", work + "/error.log"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            if waitForListener(port: port, while: process) { return TestServer(process: process, port: port) }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            _ = attempt
        }
        throw TestServerError(message: "nginx did not start")
    }

    /// The tests' fault-injecting server (`Servers/fault_server.py`) serving `root`.
    static func faults(serving root: String) throws -> TestServer {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", servers.appendingPathComponent("fault_server.py").path, root]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line: [UInt8] = []
        while !line.contains(10) {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            line += data
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw TestServerError(message: "the fault server did not start")
        }
        return TestServer(process: process, port: port)
    }

    /// A port nothing listens on (a server that is down).
    static func closedPort() -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// Whether something accepts connections on `port` within about two seconds.
    private static func waitForListener(port: Int, while process: Process) -> Bool {
        for _ in 0..<200 {
            guard process.isRunning else { return false }
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = loopback(port: port)
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            close(descriptor)
            if connected { return true }
            usleep(10_000)
        }
        return false
    }
}

struct TestServerError: Error {
    var message: String
}
