#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and writing file descriptors (the standard streams, files) with the system calls
/// themselves, so the command line needs no `FileHandle` (and so no full Foundation at start-up).
public enum FileDescriptorIO {
    /// Writes every byte, retrying short writes and interruptions; the `errno` of a failure.
    @discardableResult
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// One `read(2)` of at most `buffer.count` bytes: the count, 0 at the end, -1 with `errno`.
    package static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        read(descriptor, buffer.baseAddress, buffer.count)
    }
}
