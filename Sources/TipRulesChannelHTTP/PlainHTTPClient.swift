#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesChannelCore

/// One `http:` GET over a socket of its own, so that the bytes held never exceed the cap: the
/// body is read into a buffer that stops at `limit`, and past it the connection is closed (a
/// 2 GB answer costs no more memory than the largest body accepted). Every wait (connecting,
/// sending, each read) ends at one deadline. Reads `Content-Length`, chunked and close-delimited
/// bodies; follows up to five redirects within `http:`.
enum PlainHTTPClient {
    /// The most header bytes read.
    static let maximumHeaderSize = 64 * 1024

    static func get(_ url: String, ifNoneMatch etag: String?, limit: Int, timeout: Double) throws(ChannelUpdateError) -> ChannelResponse {
        let deadline = now() + timeout
        var address = url
        for _ in 0...5 {
            let target = try HTTPTarget(address)
            let connection = try HTTPConnection(target, deadline: deadline, url: url, timeout: timeout)
            defer { connection.shutDown() }
            var request = "GET \(target.path) HTTP/1.1\r\nHost: \(target.hostHeader)\r\nUser-Agent: tiprules\r\n"
                + "Accept-Encoding: identity\r\nCache-Control: no-cache\r\nConnection: close\r\n"
            if let etag { request += "If-None-Match: \(etag)\r\n" }
            try connection.sendAll(Array((request + "\r\n").utf8))
            let head = try connection.readHead(limit: maximumHeaderSize)
            if (300..<400).contains(head.status), head.status != 304 {
                guard let location = head.header("location") else { throw .redirectRefused(url: url, to: "elsewhere") }
                guard let next = target.resolve(location) else { throw .redirectRefused(url: url, to: location) }
                address = next
                continue
            }
            guard head.status == 200 else { return ChannelResponse(status: head.status, body: [], etag: head.header("etag")) }
            let body = try connection.readBody(head, limit: limit)
            return ChannelResponse(status: 200, body: body, etag: head.header("etag"))
        }
        throw .redirectRefused(url: url, to: "more than five redirects")
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// An `http:` URL taken apart: host, port and the path with its query.
struct HTTPTarget {
    var host: String
    var port: Int
    var path: String

    init(_ url: String) throws(ChannelUpdateError) {
        guard url.lowercased().hasPrefix("http://") else { throw .redirectRefused(url: url, to: "a URL that is not http:") }
        let rest = url.dropFirst(7)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let tail = rest.dropFirst(authority.count).prefix { $0 != "#" }
        path = tail.isEmpty ? "/" : (tail.first == "?" ? "/" + tail : String(tail))
        var hostPart = Substring(authority.split(separator: "@", omittingEmptySubsequences: false).last ?? "")
        port = 80
        if hostPart.hasPrefix("[") {
            guard let close = hostPart.firstIndex(of: "]") else { throw .unreachable(url: url, reason: "not a URL") }
            let after = hostPart[hostPart.index(after: close)...]
            if after.hasPrefix(":") { guard let value = Int(after.dropFirst()) else { throw .unreachable(url: url, reason: "not a URL") }; port = value }
            hostPart = hostPart[hostPart.index(after: hostPart.startIndex)..<close]
        } else if let colon = hostPart.lastIndex(of: ":") {
            guard let value = Int(hostPart[hostPart.index(after: colon)...]) else { throw .unreachable(url: url, reason: "not a URL") }
            port = value
            hostPart = hostPart[..<colon]
        }
        guard !hostPart.isEmpty, (1...65535).contains(port),
              path.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw .unreachable(url: url, reason: "not a URL") }
        host = String(hostPart)
    }

    var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == 80 ? name : "\(name):\(port)"
    }

    /// A redirect's target: an absolute `http:` URL or an absolute path on this host; nil for
    /// anything else (another scheme among them).
    func resolve(_ location: String) -> String? {
        if location.lowercased().hasPrefix("http://") { return location }
        guard location.hasPrefix("/"), !location.hasPrefix("//") else { return nil }
        return "http://\(hostHeader)\(location)"
    }
}

/// A response's status line and headers.
struct HTTPHead {
    var status: Int
    var headers: [(name: String, value: String)]
    /// Body bytes read together with the head.
    var rest: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }
}
