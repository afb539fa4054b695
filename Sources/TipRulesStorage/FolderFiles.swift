#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file operations a state folder is made of, each made through a `FileLayer` and
/// throwing `TipStoreError.io` naming the path and the system's reason.
package struct FolderFiles {
    package let layer: any FileLayer

    package init(layer: any FileLayer) {
        self.layer = layer
    }

    /// The largest file of a folder that is read (1 GiB of saved state and its rules fit well).
    static let maximumFileSize = 1 << 31

    /// The whole file, or nil when it does not exist; a file over `maximumFileSize` is an error.
    package func contents(of path: String) throws(TipStoreError) -> [UInt8]? {
        let descriptor = layer.open(path, flags: O_RDONLY | O_CLOEXEC, mode: 0)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw Self.failure("read", path)
        }
        defer { _ = layer.close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { layer.read(descriptor, into: $0) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Self.failure("read", path)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            guard bytes.count <= Self.maximumFileSize else {
                throw .io("read", path: path, reason: "larger than \(Self.maximumFileSize >> 30) GiB, the most a state folder's file may be")
            }
        }
    }

    /// Writes all of `bytes` at the descriptor's position.
    func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(TipStoreError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { layer.write(descriptor, from: UnsafeRawBufferPointer(rebasing: $0[written...])) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Self.failure("write", path)
            }
            written += count
        }
    }

    func sync(_ descriptor: Int32, path: String) throws(TipStoreError) {
        guard layer.sync(descriptor) == 0 else { throw Self.failure("flush to disk", path) }
    }

    /// Creates the new file `path` holding `bytes`, durably or not at all: written under a
    /// temporary name, flushed, renamed to `path`, and the folder flushed. A failure before the
    /// rename leaves no file; a failed flush of the folder after it removes `path` again and
    /// flushes the folder (the rename counts only once the folder is flushed), and throws
    /// `TipStoreError.inDoubt` when that fails too: `path` may then be there or not.
    package func createDurably(_ bytes: [UInt8], at path: String, folder: String) throws(TipStoreError) {
        try renameIntoPlace(bytes, at: path)
        guard layer.syncFolder(folder) == 0 else {
            let error = Self.failure("flush to disk", folder)
            // Undone only once the removal is flushed too: else a power loss could keep the
            // rename and lose the removal.
            guard layer.remove(path) == 0, layer.syncFolder(folder) == 0 else { throw error.inDoubt }
            throw error
        }
    }

    /// Replaces the file `path` (or creates it) with `bytes`: written under a temporary name,
    /// flushed, renamed over `path`, and the folder flushed. The rename replaces the old file in
    /// one step, so `path` holds the old bytes or the new ones, never neither: a failure before the
    /// rename leaves the old file, and a failed flush of the folder after it is thrown and leaves
    /// the new file (a power loss may then bring back the old one), never removes it.
    package func replaceDurably(_ bytes: [UInt8], at path: String, folder: String) throws(TipStoreError) {
        try renameIntoPlace(bytes, at: path)
        try syncFolder(folder)
    }

    /// Writes `bytes` under a temporary name beside `path`, flushes them and renames them to
    /// `path`; a failure leaves no temporary file and `path` as it was.
    private func renameIntoPlace(_ bytes: [UInt8], at path: String) throws(TipStoreError) {
        let temporary = path + ".tmp"
        _ = layer.remove(temporary)
        let descriptor = layer.open(temporary, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o644)
        guard descriptor >= 0 else { throw Self.failure("create", temporary) }
        do {
            try writeAll(bytes, to: descriptor, path: temporary)
            try sync(descriptor, path: temporary)
        } catch {
            _ = layer.close(descriptor)
            _ = layer.remove(temporary)
            throw error
        }
        _ = layer.close(descriptor)
        guard layer.rename(temporary, to: path) == 0 else {
            let error = Self.failure("rename", temporary)
            _ = layer.remove(temporary)
            throw error
        }
    }

    /// Flushes the folder's entries (created, renamed and removed files).
    func syncFolder(_ folder: String) throws(TipStoreError) {
        guard layer.syncFolder(folder) == 0 else { throw Self.failure("flush to disk", folder) }
    }

    /// The file names in `folder`, or nil when it does not exist.
    func names(in folder: String) throws(TipStoreError) -> [String]? {
        guard let names = layer.list(folder) else {
            if errno == ENOENT { return nil }
            throw Self.failure("list", folder)
        }
        return names
    }

    /// Removes a file; a file already gone is fine; a failure leaves it (it is removed later).
    func remove(_ path: String) {
        _ = layer.remove(path)
    }

    func makeFolder(_ folder: String) throws(TipStoreError) {
        guard layer.makeFolder(folder, mode: 0o755) == 0 || errno == EEXIST else { throw Self.failure("create the folder", folder) }
    }

    /// `what` failed on `path` for the current `errno`.
    static func failure(_ what: String, _ path: String) -> TipStoreError {
        .io(what, path: path, reason: String(cString: strerror(errno)))
    }
}
