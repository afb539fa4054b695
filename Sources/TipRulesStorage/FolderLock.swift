#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one-writer lock of a state folder: an exclusive `flock` on its `lock` file, held while the
/// descriptor is open. A second writer, in this process or another, is refused at once.
final class FolderLock {
    private let descriptor: Int32

    init(path: String, folder: String) throws(TipStoreError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw PosixFile.failure("open the lock file", path) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let error = busy ? TipStoreError.locked(folder: folder) : PosixFile.failure("lock", path)
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
