#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesToolingCore

/// Copies a stream (standard input, a pipe) into an unnamed temporary file, so that `reach` reads
/// it as it reads any file: split between threads, and read again where a message names an
/// earlier line or `--skip-invalid` leaves a user out from its first rows on. The file is in
/// `$TMPDIR` (else `/tmp`) and is unlinked at once: it goes away with the process.
enum InputSpool {
    /// The copy's descriptor and size, or why the stream cannot be copied.
    static func spool(_ descriptor: Int32, name: String) -> Result<(descriptor: Int32, size: Int), CommandError> {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(folder)/tiprulec-reach-XXXXXX".utf8CString)
        let copy = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
        guard copy >= 0 else {
            return .failure(CommandError("\(name): cannot make a temporary copy in \(folder) (\(FileAccess.reason(errno))); set TMPDIR"))
        }
        template.withUnsafeBufferPointer { _ = $0.baseAddress.map { unlink($0) } }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var size = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let reason = FileAccess.reason(errno)
                close(copy)
                return .failure(CommandError("\(name): cannot be read (\(reason))"))
            }
            if count == 0 { return .success((copy, size)) }
            var written = 0
            while written < count {
                let result = buffer.withUnsafeBytes { bytes in bytes.baseAddress.map { write(copy, $0 + written, count - written) } ?? -1 }
                if result < 0 {
                    if errno == EINTR { continue }
                    let reason = FileAccess.reason(errno)
                    close(copy)
                    return .failure(CommandError("\(name): cannot make a temporary copy in \(folder) (\(reason)); set TMPDIR"))
                }
                written += result
            }
            size += count
        }
    }
}
