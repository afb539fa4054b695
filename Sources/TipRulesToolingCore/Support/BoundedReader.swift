#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file descriptor in chunks, never holding more than a limit plus one byte, so that
/// `/dev/zero`, an endless pipe or a huge file costs at most the limit in memory and time.
enum BoundedReader {
    static let chunkSize = 1 << 16

    /// At most `limit + 1` bytes of `descriptor`, or the `errno` of a failed read.
    static func read(_ descriptor: Int32, limit: Int) -> Result<[UInt8], ReadError> {
        let wanted = limit < Int.max ? limit + 1 : limit
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while bytes.count < wanted {
            let count = chunk.withUnsafeMutableBytes { buffer in
                FileDescriptorIO.readSome(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(chunkSize, wanted - bytes.count)]))
            }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(ReadError(code: errno))
            }
            bytes.append(contentsOf: chunk[..<count])
        }
        return .success(bytes)
    }
}

/// A failed `read(2)`: its `errno`.
struct ReadError: Error {
    var code: Int32
}
