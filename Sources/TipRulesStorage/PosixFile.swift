#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX file operations the folder needs, each throwing `TipStoreError.io` naming the
/// path and the system's reason.
enum PosixFile {
    /// The largest file of a folder that is read (1 GiB of saved state and its rules fit well).
    static let maximumFileSize = 1 << 31

    /// The whole file, or nil when it does not exist; a file over `maximumFileSize` is an error.
    static func contents(of path: String) throws(TipStoreError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw failure("read", path)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("read", path)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            guard bytes.count <= maximumFileSize else {
                throw .io("read", path: path, reason: "larger than \(maximumFileSize >> 30) GiB, the most a state folder's file may be")
            }
        }
    }

    /// Writes all of `bytes` at the descriptor's position.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(TipStoreError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress.map { $0 + written }, bytes.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("write", path)
            }
            written += count
        }
    }

    static func sync(_ descriptor: Int32, path: String) throws(TipStoreError) {
        guard fsync(descriptor) == 0 else { throw failure("flush to disk", path) }
    }

    /// Writes a new file with `bytes` under a temporary name, flushes it, renames it to `path`
    /// and flushes the folder, so that `path` is either absent or whole after any crash.
    static func writeDurably(_ bytes: [UInt8], to path: String, folder: String) throws(TipStoreError) {
        let temporary = path + ".tmp"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("create", temporary) }
        do {
            try writeAll(bytes, to: descriptor, path: temporary)
            try sync(descriptor, path: temporary)
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let error = failure("rename", temporary)
            unlink(temporary)
            throw error
        }
        try syncFolder(folder)
    }

    /// Flushes the folder's entries (created, renamed and removed files).
    static func syncFolder(_ folder: String) throws(TipStoreError) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("open", folder) }
        defer { close(descriptor) }
        try sync(descriptor, path: folder)
    }

    /// The file names in `folder`, or nil when it does not exist.
    static func names(in folder: String) throws(TipStoreError) -> [String]? {
        guard let directory = opendir(folder) else {
            if errno == ENOENT { return nil }
            throw failure("list", folder)
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Removes a file; a file already gone is fine.
    static func remove(_ path: String) {
        unlink(path)
    }

    static func makeFolder(_ folder: String) throws(TipStoreError) {
        guard mkdir(folder, 0o755) == 0 || errno == EEXIST else { throw failure("create the folder", folder) }
    }

    /// `what` failed on `path` for the current `errno`.
    static func failure(_ what: String, _ path: String) -> TipStoreError {
        .io(what, path: path, reason: String(cString: strerror(errno)))
    }
}
