#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written atomically as it is produced, for output too large to hold at once: the bytes
/// go, buffered, to a new temporary file beside the target (as `AtomicFileWriter` makes it), and
/// `commit()` flushes them to disk and renames the file over the target. Until then, and when
/// anything fails or the output is dropped without a commit, the target is untouched and the
/// temporary file is removed.
package final class AtomicFileOutput {
    private let path: String
    private let folder: String
    private let temporary: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    /// The `errno` of the first failed write; later writes are skipped.
    private var problem: Int32?
    /// Bytes are written out once the buffer holds this many.
    private static let chunk = 1 << 20

    /// A new temporary file for `path`, or why it cannot be made.
    package static func create(_ path: String) -> Result<AtomicFileOutput, CommandError> {
        let (folder, name) = AtomicFileWriter.split(path)
        for _ in 0..<16 {
            let suffix = String(UInt64.random(in: .min ... .max), radix: 16)
            let temporary = "\(folder)/.\(name).\(suffix).tmp"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor < 0 {
                if errno == EEXIST { continue }
                return .failure(CommandError("\(path): cannot be written (\(FileAccess.reason(errno)) in folder '\(folder)')"))
            }
            return .success(AtomicFileOutput(path: path, folder: folder, temporary: temporary, descriptor: descriptor))
        }
        return .failure(CommandError("\(path): cannot be written (no free temporary name in folder '\(folder)')"))
    }

    private init(path: String, folder: String, temporary: String, descriptor: Int32) {
        self.path = path
        self.folder = folder
        self.temporary = temporary
        self.descriptor = descriptor
    }

    deinit { abandon() }

    /// Adds `bytes` to the file.
    package func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.chunk { flush() }
    }

    /// Adds the UTF-8 bytes of `text`.
    package func append(_ text: String) { append(text.utf8) }

    /// Writes every byte to disk and renames the file over the target; or says why it could not
    /// (the target is then untouched). The output takes no more bytes after it.
    package func commit() -> CommandError? {
        flush()
        guard descriptor >= 0 else { return CommandError("\(path): cannot be written (it was already written)") }
        if let failure = problem ?? (fsync(descriptor) == 0 ? nil : errno) {
            abandon()
            return CommandError("\(path): cannot be written (\(FileAccess.reason(failure)))")
        }
        close(descriptor)
        descriptor = -1
        guard rename(temporary, path) == 0 else {
            let failure = errno
            unlink(temporary)
            return CommandError("\(path): cannot be written (\(FileAccess.reason(failure)))")
        }
        AtomicFileWriter.syncFolder(folder)
        return nil
    }

    /// Drops the temporary file; the target is untouched.
    package func abandon() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporary)
    }

    private func flush() {
        if problem == nil, descriptor >= 0, !buffer.isEmpty { problem = FileDescriptorIO.writeAll(buffer, to: descriptor) }
        buffer.removeAll(keepingCapacity: true)
    }
}
