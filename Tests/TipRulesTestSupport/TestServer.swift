import Foundation

/// A server process a test starts on the loopback interface and that stops with it: nginx
/// serving a folder as a static host would (ETag, `If-None-Match`, `304`), or a server of the
/// test's own that prints its port on its first line. The one way the tests start nginx.
public final class TestServer {
    public let port: Int
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

    /// nginx, where installed (`.ci/run` installs `nginx-light`): `/usr/sbin/nginx` or on the PATH.
    public static var nginx: String? {
        (["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"] + (ProcessInfo.processInfo.environment["PATH"] ?? "")
            .split(separator: ":").map { "\($0)/nginx" }).first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// nginx serving `root` on a free port of 127.0.0.1, in the foreground, with every file it
    /// writes under `work`.
    public static func nginx(serving root: String, work: String) throws -> TestServer {
        guard let executable = nginx else { throw TestServerError(message: "nginx is not installed (.ci/run installs it)") }
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        for _ in 0..<5 {
            let port = Int.random(in: 20_000...60_000)
            try configuration(root: root, work: work, port: port).write(toFile: work + "/nginx.conf", atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-c", work + "/nginx.conf", "-p", work, "-e", work + "/error.log"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            if waitForListener(port: port, while: process) { return TestServer(process: process, port: port) }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        throw TestServerError(message: "nginx did not start")
    }

    /// The configuration of `nginx(serving:work:)`.
    private static func configuration(root: String, work: String, port: Int) -> String {
        """
        daemon off;
        master_process off;
        worker_processes 1;
        pid \(work)/nginx.pid;
        error_log \(work)/error.log;
        events { worker_connections 64; }
        http {
            access_log off;
            client_body_temp_path \(work)/body;
            proxy_temp_path \(work)/proxy;
            fastcgi_temp_path \(work)/fastcgi;
            uwsgi_temp_path \(work)/uwsgi;
            scgi_temp_path \(work)/scgi;
            types { application/json json; application/octet-stream tipc; }
            server {
                listen 127.0.0.1:\(port);
                root \(root);
                etag on;
            }
        }
        """
    }

    /// A server of the test's own, `executable` with `arguments`, which prints the port it
    /// listens on as its first line.
    public static func announcingPort(_ executable: String, _ arguments: [String]) throws -> TestServer {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.withoutBacktracer()
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
            throw TestServerError(message: "\(executable) did not say its port")
        }
        return TestServer(process: process, port: port)
    }

    /// A port nothing listens on (a server that is down).
    public static func closedPort() -> Int {
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

/// A test server that could not be started.
public struct TestServerError: Error {
    public var message: String
}
