import Foundation

/// A new empty folder for one test's files, named `prefix` and a UUID, under the system's temporary
/// folder, or in memory (`/dev/shm`, where `fsync` costs nothing) when asked and available, for
/// tests about reading, not durability; its path. A failure to create it is printed, and the test
/// fails at its first write there. Removed by `removeTemporaryFolder`.
public func temporaryFolder(prefix: String = "tiprulec-test", inMemory: Bool = false) -> String {
    let base = inMemory && FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm/" : NSTemporaryDirectory()
    let path = (base.hasSuffix("/") ? base : base + "/") + prefix + "-" + UUID().uuidString
    do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
        FileHandle.standardError.write(Data("cannot create \(path): \(error)\n".utf8))
    }
    return path
}

/// Removes a folder `temporaryFolder` made, and everything in it.
public func removeTemporaryFolder(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}

/// A `temporaryFolder` removed when the test's suite instance (which holds it) goes away. Every
/// test gets its own, so tests that run in parallel never share a file.
public final class TemporaryFolder: Sendable {
    /// The folder's path.
    public let path: String

    public init(prefix: String = "tiprulec-test", inMemory: Bool = false) {
        path = temporaryFolder(prefix: prefix, inMemory: inMemory)
    }

    deinit {
        removeTemporaryFolder(path)
    }

    /// The folder.
    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// Writes `bytes` to `name` in the folder; its path.
    public func write(_ name: String, _ bytes: some Sequence<UInt8>) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }
}
