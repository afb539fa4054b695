#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a channel in a folder, named by a `file:` URL (`file:///srv/channel/manifest.json`):
/// at most `limit` bytes of a file, reading no further.
public struct ChannelFileTransport: ChannelTransport {
    public init() {}

    public func get(_ url: String, ifNoneMatch etag: String?, limit: Int, timeout: Double) throws(ChannelUpdateError) -> ChannelResponse {
        guard let path = Self.path(of: url) else { throw .redirectRefused(url: url, to: "a URL that is not file:") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
            throw .unreachable(url: url, reason: reason)
        }
        defer { close(descriptor) }
        var body: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let wanted = min(chunk.count, limit - body.count + 1)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreachable(url: url, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return ChannelResponse(status: 200, body: body) }
            body.append(contentsOf: chunk[0..<count])
            guard body.count <= limit else { throw .tooLarge(url: url, limit: limit) }
        }
    }

    /// The path of a `file:` URL (`file:///a%20b` is `/a b`), or nil for another URL.
    static func path(of url: String) -> String? {
        guard url.lowercased().hasPrefix("file://") else { return nil }
        var rest = Array(url.utf8.dropFirst(7))
        if rest.starts(with: Array("localhost".utf8)) { rest.removeFirst(9) }
        guard rest.first == UInt8(ascii: "/") else { return nil }
        var bytes: [UInt8] = []
        var index = 0
        while index < rest.count {
            if rest[index] == UInt8(ascii: "%"), index + 2 < rest.count,
               let high = hexValue(rest[index + 1]), let low = hexValue(rest[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(rest[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
