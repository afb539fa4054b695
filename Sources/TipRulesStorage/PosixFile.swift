#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A kind of file-system call a state folder makes: each is one method of `FileLayer`.
public enum FileCallKind: String, CaseIterable, Sendable {
    case open, read, write, sync, syncFolder, truncate, close, rename, remove, list, makeFolder
}

/// The seam through which a state folder makes every file-system call, in the shape of POSIX:
/// a call that fails returns -1 (or nil) and leaves the reason in `errno`. `PosixFileLayer`, the
/// real one, is the default (`TipStoreOptions.fileLayer`); a test puts a layer in between that
/// makes chosen calls fail (EIO, ENOSPC), as SQLite's tests do with a failing VFS, and checks
/// that every answer the store gave still holds when the folder is opened again. The writer's
/// lock (`flock` on `lock`) is taken outside the layer.
public protocol FileLayer: Sendable {
    func open(_ path: String, flags: Int32, mode: mode_t) -> Int32
    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int
    func write(_ descriptor: Int32, from buffer: UnsafeRawBufferPointer) -> Int
    /// `fsync` of a file.
    func sync(_ descriptor: Int32) -> Int32
    /// `fsync` of a folder, flushing its entries (created, renamed, removed files).
    func syncFolder(_ path: String) -> Int32
    func truncate(_ descriptor: Int32, to size: Int) -> Int32
    func close(_ descriptor: Int32) -> Int32
    func rename(_ source: String, to destination: String) -> Int32
    /// `unlink`.
    func remove(_ path: String) -> Int32
    /// The names in a folder, without `.` and `..`; nil (with `errno`) when it cannot be listed.
    func list(_ folder: String) -> [String]?
    /// `mkdir`.
    func makeFolder(_ path: String, mode: mode_t) -> Int32
    /// `stat`: the device and inode of a file or folder, nil (with `errno`) when it cannot be read.
    /// A query that changes nothing: no `FileCallKind` of its own.
    func identity(of path: String) -> FileIdentity?
}

/// Where a file or folder lives: its device and inode, which a copy of it (a backup restored, a
/// device migrated, `cp -R`) does not keep and a rename within its file system does.
public struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}

/// The real file system, every method's default: each is the POSIX call of its name, so that a
/// layer implements only the calls it changes.
extension FileLayer {
    public func open(_ path: String, flags: Int32, mode: mode_t) -> Int32 {
        #if canImport(Glibc)
        Glibc.open(path, flags, mode)
        #else
        Darwin.open(path, flags, mode)
        #endif
    }

    public func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer.baseAddress, buffer.count)
        #else
        Darwin.read(descriptor, buffer.baseAddress, buffer.count)
        #endif
    }

    public func write(_ descriptor: Int32, from buffer: UnsafeRawBufferPointer) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, buffer.baseAddress, buffer.count)
        #else
        Darwin.write(descriptor, buffer.baseAddress, buffer.count)
        #endif
    }

    public func sync(_ descriptor: Int32) -> Int32 { fsync(descriptor) }

    public func syncFolder(_ path: String) -> Int32 {
        let descriptor = PosixFileLayer().open(path, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, mode: 0)
        guard descriptor >= 0 else { return -1 }
        let result = fsync(descriptor)
        let reason = errno
        _ = PosixFileLayer().close(descriptor)
        errno = reason
        return result
    }

    public func truncate(_ descriptor: Int32, to size: Int) -> Int32 { ftruncate(descriptor, off_t(size)) }

    public func close(_ descriptor: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.close(descriptor)
        #else
        Darwin.close(descriptor)
        #endif
    }

    public func rename(_ source: String, to destination: String) -> Int32 {
        #if canImport(Glibc)
        Glibc.rename(source, destination)
        #else
        Darwin.rename(source, destination)
        #endif
    }

    public func remove(_ path: String) -> Int32 { unlink(path) }

    public func list(_ folder: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
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

    public func makeFolder(_ path: String, mode: mode_t) -> Int32 { mkdir(path, mode) }

    public func identity(of path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileIdentity(device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino))
    }
}

/// The real file system (`FileLayer`'s defaults).
public struct PosixFileLayer: FileLayer {
    public init() {}
}
