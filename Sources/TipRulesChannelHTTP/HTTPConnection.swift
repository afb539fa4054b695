#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesChannelCore

/// One TCP connection of `PlainHTTPClient`: non-blocking, every wait bounded by the deadline,
/// every read bounded by what is still wanted.
final class HTTPConnection {
    private let descriptor: Int32
    private let deadline: Double
    private let url: String
    private let timeout: Double
    /// Bytes read and not consumed yet.
    private var pending: [UInt8] = []
    private var atEnd = false

    init(_ target: HTTPTarget, deadline: Double, url: String, timeout: Double) throws(ChannelUpdateError) {
        self.deadline = deadline
        self.url = url
        self.timeout = timeout
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(target.host, String(target.port), &hints, &found) == 0, let first = found else {
            throw .unreachable(url: url, reason: "cannot resolve \(target.host)")
        }
        defer { freeaddrinfo(found) }
        var reason = "cannot connect"
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            candidate = info.pointee.ai_next
            let opened = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard opened >= 0 else { continue }
            _ = fcntl(opened, F_SETFL, fcntl(opened, F_GETFL) | O_NONBLOCK)
            _ = fcntl(opened, F_SETFD, FD_CLOEXEC)
            if connect(opened, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 || errno == EINPROGRESS {
                if (try? Self.wait(opened, for: Int16(POLLOUT), until: deadline)) == true {
                    var error: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    if getsockopt(opened, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 {
                        descriptor = opened
                        return
                    }
                    reason = String(cString: strerror(error))
                } else if Self.now() >= deadline {
                    closeSocket(opened)
                    throw .timedOut(url: url, seconds: timeout)
                }
            } else {
                reason = String(cString: strerror(errno))
            }
            closeSocket(opened)
        }
        throw .unreachable(url: url, reason: reason)
    }

    func shutDown() {
        closeSocket(descriptor)
    }

    func sendAll(_ bytes: [UInt8]) throws(ChannelUpdateError) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count > 0 { sent += count; continue }
            guard count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
                throw .unreachable(url: url, reason: String(cString: strerror(errno)))
            }
            try waitOrTimeOut(Int16(POLLOUT))
        }
    }

    /// The status line and headers, read up to `limit` bytes.
    func readHead(limit: Int) throws(ChannelUpdateError) -> HTTPHead {
        while true {
            if let end = Self.headEnd(pending) {
                let text = String(decoding: pending[..<end], as: UTF8.self)
                let rest = Array(pending[(end + 4)...])
                pending = rest
                var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]), (100...599).contains(status) else {
                    throw .unreachable(url: url, reason: "not an HTTP/1.1 answer")
                }
                let headers = lines.compactMap { line -> (name: String, value: String)? in
                    guard let colon = line.firstIndex(of: ":") else { return nil }
                    return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingSpaces())
                }
                return HTTPHead(status: status, headers: headers, rest: rest)
            }
            guard pending.count <= limit else { throw .tooLarge(url: url, limit: limit) }
            guard try fill(upTo: limit + 4 - pending.count) else { throw .unreachable(url: url, reason: "the connection closed before an answer") }
        }
    }

    /// The body of a 200, at most `limit` bytes: more is `tooLarge`, and reading stops there.
    func readBody(_ head: HTTPHead, limit: Int) throws(ChannelUpdateError) -> [UInt8] {
        if head.header("transfer-encoding").map({ $0.lowercased().contains("chunked") }) == true {
            return try readChunked(limit: limit)
        }
        if let lengthText = head.header("content-length") {
            guard let length = Int(lengthText), length >= 0 else { throw .unreachable(url: url, reason: "a Content-Length that is not a number") }
            guard length <= limit else { throw .tooLarge(url: url, limit: limit) }
            while pending.count < length {
                guard try fill(upTo: length - pending.count) else { throw .truncated(url: url, received: pending.count, expected: length) }
            }
            return Array(pending.prefix(length))
        }
        while try fill(upTo: limit + 1 - pending.count) {
            guard pending.count <= limit else { throw .tooLarge(url: url, limit: limit) }
        }
        return pending
    }

    private func readChunked(limit: Int) throws(ChannelUpdateError) -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let line = try readLine()
            guard let size = Int(line.prefix { $0 != ";" }.trimmingSpaces(), radix: 16), size >= 0 else {
                throw .unreachable(url: url, reason: "a malformed chunk")
            }
            if size == 0 { return body }
            guard size <= limit - body.count else { throw .tooLarge(url: url, limit: limit) }
            while pending.count < size + 2 {
                guard try fill(upTo: size + 2 - pending.count) else { throw .truncated(url: url, received: body.count + pending.count, expected: body.count + size) }
            }
            body.append(contentsOf: pending[..<size])
            pending.removeFirst(size + 2)
        }
    }

    /// One CRLF-ended line (a chunk's size), at most 1 KiB.
    private func readLine() throws(ChannelUpdateError) -> String {
        while true {
            if let end = pending.indices.dropLast().first(where: { pending[$0] == 13 && pending[$0 + 1] == 10 }) {
                let line = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeFirst(end + 2)
                return line
            }
            guard pending.count < 1024 else { throw .unreachable(url: url, reason: "a malformed chunk") }
            guard try fill(upTo: 1024 - pending.count) else { throw .truncated(url: url, received: pending.count, expected: pending.count + 1) }
        }
    }

    /// Reads at most `count` more bytes (at least one) into `pending`; false at the end of the stream.
    private func fill(upTo count: Int) throws(ChannelUpdateError) -> Bool {
        guard !atEnd, count > 0 else { return !atEnd && count <= 0 }
        var chunk = [UInt8](repeating: 0, count: min(count, 1 << 16))
        while true {
            let read = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if read > 0 {
                pending.append(contentsOf: chunk[..<read])
                return true
            }
            if read == 0 {
                atEnd = true
                return false
            }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
                throw .unreachable(url: url, reason: String(cString: strerror(errno)))
            }
            try waitOrTimeOut(Int16(POLLIN))
        }
    }

    private func waitOrTimeOut(_ events: Int16) throws(ChannelUpdateError) {
        guard try Self.wait(descriptor, for: events, until: deadline) else { throw .timedOut(url: url, seconds: timeout) }
    }

    /// Whether `socket` is ready for `events` before the deadline.
    private static func wait(_ socket: Int32, for events: Int16, until deadline: Double) throws(ChannelUpdateError) -> Bool {
        while true {
            let left = deadline - now()
            guard left > 0 else { return false }
            var entry = pollfd(fd: socket, events: events, revents: 0)
            let ready = poll(&entry, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return false }
        }
    }

    private static func now() -> Double { PlainHTTPClient.now() }

    /// The offset of the blank line that ends a head.
    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first { bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10 }
    }
}

/// `close(2)`, named apart from the connection's own methods.
private func closeSocket(_ descriptor: Int32) {
    _ = close(descriptor)
}

private extension StringProtocol {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
