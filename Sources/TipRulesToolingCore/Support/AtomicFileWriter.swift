#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file atomically: the bytes go to a new temporary file beside it (an unpredictable
/// name, created exclusively, never through a link), are flushed to disk, and the file is
/// renamed over the target. On any failure the temporary file is removed and an existing target
/// is untouched. Only a process killed between the create and the rename (e.g. `kill -9`) can
/// leave a temporary file behind; its name is `.TARGET.XXXXXXXXXXXXXXXX.tmp`. `AtomicFileOutput` writes
/// one as it is produced.
package enum AtomicFileWriter {
    /// Writes `bytes` to `path`, or says why it could not, naming the path.
    package static func write(_ bytes: [UInt8], to path: String) -> CommandError? {
        switch AtomicFileOutput.create(path) {
        case .success(let output):
            output.append(bytes)
            return output.commit()
        case .failure(let error):
            return error
        }
    }

    /// The folder (`.` for a bare name) and the file name of `path`.
    package static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// Flushes the folder's entry for the renamed file, so that the rename survives a crash.
    package static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
