#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the lines of a file (from an offset to an end, or to the end of the file)
/// through one buffer that is reused: memory is the longest line, whatever the input's size.
struct LineReader {
    /// The longest line accepted, in bytes (`docs/limits.md`).
    static let maximumLineLength = 1 << 20

    private let descriptor: Int32
    private var offset: Int
    private let end: Int?
    private var buffer: [UInt8]
    private var start = 0
    private var filled = 0
    private var atEnd = false
    /// Bytes consumed so far (lines and their newlines).
    private(set) var bytesRead = 0

    /// Lines from `offset` up to `end` (nil: to the end of the file) of `descriptor`, read with `pread`.
    init(descriptor: Int32, offset: Int, end: Int?) {
        self.descriptor = descriptor
        self.offset = offset
        self.end = end
        buffer = [UInt8](repeating: 0, count: 1 << 18)
    }

    enum Line {
        case line(UnsafeBufferPointer<UInt8>)
        case tooLong
        case failed(Int32)
    }

    /// Calls `body` with the next line (without its newline); false at the end of the input.
    mutating func next<R>(_ body: (Line) -> R) -> R? {
        while true {
            if let newline = newlineIndex() {
                guard newline - start <= Self.maximumLineLength else { return tooLong(body) }
                let lineStart = start
                start = newline + 1
                bytesRead += newline + 1 - lineStart
                return buffer.withUnsafeBufferPointer { body(.line(UnsafeBufferPointer(rebasing: $0[lineStart..<newline]))) }
            }
            if atEnd {
                guard start < filled else { return nil }
                let lineStart = start
                bytesRead += filled - start
                start = filled
                return buffer.withUnsafeBufferPointer { body(.line(UnsafeBufferPointer(rebasing: $0[lineStart..<filled]))) }
            }
            if filled - start > Self.maximumLineLength { return tooLong(body) }
            if let error = fill() { return body(.failed(error)) }
        }
    }

    /// Ends the reading at a line over the limit.
    private mutating func tooLong<R>(_ body: (Line) -> R) -> R {
        atEnd = true
        start = filled
        return body(.tooLong)
    }

    /// The index of the next newline in the unread bytes (`memchr`: the scan every byte goes through).
    private func newlineIndex() -> Int? {
        guard start < filled else { return nil }
        return buffer.withUnsafeBufferPointer { bytes -> Int? in
            guard let base = bytes.baseAddress, let found = memchr(base + start, Int32(UInt8(ascii: "\n")), filled - start) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Moves the unread bytes to the front, grows the buffer when a line fills it, and reads more.
    private mutating func fill() -> Int32? {
        if start > 0 {
            buffer.withUnsafeMutableBufferPointer { bytes in
                guard let base = bytes.baseAddress else { return }
                memmove(base, base + start, filled - start)
            }
            filled -= start
            start = 0
        }
        if filled == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
        var wanted = buffer.count - filled
        if let end { wanted = min(wanted, end - offset) }
        guard wanted > 0 else {
            atEnd = true
            return nil
        }
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { bytes -> Int in
                guard let base = bytes.baseAddress else { return 0 }
                return pread(descriptor, base + filled, wanted, off_t(offset))
            }
            if count < 0 {
                if errno == EINTR { continue }
                atEnd = true
                return errno
            }
            if count == 0 { atEnd = true }
            filled += count
            offset += count
            return nil
        }
    }
}
