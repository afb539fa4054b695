import TipRulesRuntime
import Foundation
import TipRulesCalendar

/// Bytes written to a file descriptor through one large buffer: the rows generator's output,
/// so that hundreds of megabytes take a few system calls per megabyte, not one per row.
struct ByteWriter: ~Copyable {
    private let descriptor: Int32
    private let capacity: Int
    private let buffer: UnsafeMutablePointer<UInt8>
    private var count = 0
    /// Bytes handed to the descriptor or still buffered.
    private(set) var total = 0
    /// The first write's failure (the disk full, …), after which nothing more is written.
    private(set) var failure: String?

    /// A writer to `descriptor` (left open) with a buffer of `capacity` bytes; a single append
    /// is at most 64 bytes, so any capacity above that works.
    init(descriptor: Int32, capacity: Int = 4 << 20) {
        self.descriptor = descriptor
        self.capacity = max(capacity, 4096)
        buffer = .allocate(capacity: self.capacity)
    }

    deinit { buffer.deallocate() }

    mutating func append(_ text: StaticString) {
        reserve(text.utf8CodeUnitCount)
        (buffer + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        count += text.utf8CodeUnitCount
        total += text.utf8CodeUnitCount
    }

    /// A non-negative whole number in decimal, padded with zeros to `width` digits.
    mutating func append(integer value: Int, width: Int = 1) {
        var digits = 1
        var rest = max(value, 0) / 10
        while rest > 0 { digits += 1; rest /= 10 }
        let length = max(digits, width)
        reserve(length)
        var remaining = max(value, 0)
        for position in stride(from: count + length - 1, through: count, by: -1) {
            buffer[position] = UInt8(truncatingIfNeeded: 48 + remaining % 10)
            remaining /= 10
        }
        count += length
        total += length
    }

    /// Writes what the buffer holds; false (with `failure` set) when the descriptor refuses.
    mutating func flush() -> Bool {
        var written = 0
        while written < count && failure == nil {
            let result = write(descriptor, buffer + written, count - written)
            if result > 0 {
                written += result
            } else if result < 0 && errno == EINTR {
                continue
            } else {
                failure = String(cString: strerror(errno))
            }
        }
        count = 0
        return failure == nil
    }

    private mutating func reserve(_ bytes: Int) {
        if count + bytes > capacity { _ = flush() }
    }
}

extension ByteWriter {
    /// A date as seconds since 1970, or as a quoted RFC 3339 UTC date unless `epoch`.
    mutating func append(date seconds: Int, epoch: Bool = false) {
        guard !epoch else { return append(integer: seconds) }
        let (year, month, day) = CivilCalendar.date(fromDays: seconds / 86_400)
        let time = seconds % 86_400
        append("\"")
        append(integer: year, width: 4)
        append("-")
        append(integer: month, width: 2)
        append("-")
        append(integer: day, width: 2)
        append("T")
        append(integer: time / 3600, width: 2)
        append(":")
        append(integer: time / 60 % 60, width: 2)
        append(":")
        append(integer: time % 60, width: 2)
        append("Z\"")
    }
}

extension ByteWriter {
    /// Writes the file at `path` with `body`, through `path.partial` renamed once complete (a
    /// partial file is removed): what `body` returns, and the bytes written.
    static func writeFile<Result>(_ path: String, _ body: (inout ByteWriter) throws -> Result) throws -> (result: Result, bytes: Int) {
        let partial = path + ".partial"
        let descriptor = open(partial, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw BenchError("cannot write \(partial): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var out = ByteWriter(descriptor: descriptor)
        let result = try body(&out)
        guard out.flush() else {
            unlink(partial)
            throw BenchError("cannot write \(partial): \(out.failure ?? "")")
        }
        guard rename(partial, path) == 0 else { throw BenchError("cannot rename \(partial): \(String(cString: strerror(errno)))") }
        return (result, out.total)
    }
}
