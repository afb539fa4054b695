#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the lines of a file (from an offset to an end, or to the end of the file)
/// through one buffer that is reused: memory is the longest line, whatever the input's size.
/// A line is handed out as the bytes of that buffer, valid until the next call; the reader owns
/// the buffer (it cannot be copied) and frees it when it ends.
struct LineReader: ~Copyable {
    /// The longest line accepted, in bytes (`docs/limits.md`).
    static let maximumLineLength = 1 << 20

    private let descriptor: Int32
    private var offset: Int
    private let end: Int?
    private var buffer: UnsafeMutableBufferPointer<UInt8>
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
        buffer = .allocate(capacity: 1 << 18)
    }

    deinit { buffer.deallocate() }

    enum Line {
        /// A line without its newline: bytes of the reader's buffer, valid until the next call.
        case line(UnsafeBufferPointer<UInt8>)
        case tooLong
        case failed(Int32)
    }

    /// The next line; nil at the end of the input.
    mutating func next() -> Line? {
        while true {
            if let newline = newlineIndex() {
                guard newline - start <= Self.maximumLineLength else { return tooLong() }
                let lineStart = start
                start = newline + 1
                bytesRead += newline + 1 - lineStart
                return .line(UnsafeBufferPointer(rebasing: buffer[lineStart..<newline]))
            }
            if atEnd {
                guard start < filled else { return nil }
                let lineStart = start
                bytesRead += filled - start
                start = filled
                return .line(UnsafeBufferPointer(rebasing: buffer[lineStart..<filled]))
            }
            if filled - start > Self.maximumLineLength { return tooLong() }
            if let error = fill() { return .failed(error) }
        }
    }

    /// Ends the reading at a line over the limit.
    private mutating func tooLong() -> Line {
        atEnd = true
        start = filled
        return .tooLong
    }

    /// The index of the next newline in the unread bytes (`memchr`: the scan every byte goes through).
    private func newlineIndex() -> Int? {
        guard start < filled, let base = buffer.baseAddress,
              let found = memchr(base + start, Int32(UInt8(ascii: "\n")), filled - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Moves the unread bytes to the front, grows the buffer when a line fills it, and reads more.
    private mutating func fill() -> Int32? {
        if start > 0, let base = buffer.baseAddress {
            memmove(base, base + start, filled - start)
            filled -= start
            start = 0
        }
        if filled == buffer.count {
            let grown = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 2 * buffer.count)
            if let source = buffer.baseAddress, let target = grown.baseAddress { target.update(from: source, count: filled) }
            buffer.deallocate()
            buffer = grown
        }
        var wanted = buffer.count - filled
        if let end { wanted = min(wanted, end - offset) }
        guard wanted > 0, let base = buffer.baseAddress else {
            atEnd = true
            return nil
        }
        while true {
            let count = pread(descriptor, base + filled, wanted, off_t(offset))
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
