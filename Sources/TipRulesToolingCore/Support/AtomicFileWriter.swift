#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file atomically: the bytes go to a new temporary file beside it (an unpredictable
/// name, created exclusively, never through a link), are flushed to disk, and the file is
/// renamed over the target. On any failure the temporary file is removed and an existing target
/// is untouched. Only a process killed between the create and the rename (e.g. `kill -9`) can
/// leave a temporary file behind; its name is `.TARGET.XXXXXXXXXXXXXXXX.tmp`.
package enum AtomicFileWriter {
    /// Writes `bytes` to `path`, or says why it could not, naming the path.
    package static func write(_ bytes: [UInt8], to path: String) -> CommandError? {
        let (folder, name) = split(path)
        for _ in 0..<16 {
            let suffix = String(UInt64.random(in: .min ... .max), radix: 16)
            let temporary = "\(folder)/.\(name).\(suffix).tmp"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor < 0 {
                if errno == EEXIST { continue }
                return CommandError("\(path): cannot be written (\(FileAccess.reason(errno)) in folder '\(folder)')")
            }
            if let problem = FileDescriptorIO.writeAll(bytes, to: descriptor) ?? (fsync(descriptor) == 0 ? nil : errno) {
                close(descriptor)
                unlink(temporary)
                return CommandError("\(path): cannot be written (\(FileAccess.reason(problem)))")
            }
            close(descriptor)
            guard rename(temporary, path) == 0 else {
                let problem = errno
                unlink(temporary)
                return CommandError("\(path): cannot be written (\(FileAccess.reason(problem)))")
            }
            syncFolder(folder)
            return nil
        }
        return CommandError("\(path): cannot be written (no free temporary name in folder '\(folder)')")
    }

    /// The folder (`.` for a bare name) and the file name of `path`.
    package static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// Flushes the folder's entry for the renamed file, so that the rename survives a crash.
    private static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
