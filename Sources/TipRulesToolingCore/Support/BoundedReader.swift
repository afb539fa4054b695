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
        // Not zeroed first: `read` writes what it returns, so a small file touches a page of it.
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
        defer { chunk.deallocate() }
        while bytes.count < wanted {
            let count = FileDescriptorIO.readSome(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: chunk[..<min(chunkSize, wanted - bytes.count)]))
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(ReadError(code: errno))
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<count]))
        }
        return .success(bytes)
    }
}

/// A failed `read(2)`: its `errno`.
struct ReadError: Error {
    var code: Int32
}
