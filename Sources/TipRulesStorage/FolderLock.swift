#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one-writer lock of a state folder: an exclusive `flock` on its `lock` file, held while the
/// descriptor is open. A second writer, in this process or another, is refused within
/// `FolderLock.patience`: a writer that is closing, or a child process between its `fork` and
/// `exec` (which holds the descriptor until `exec` closes it), lets go within milliseconds.
final class FolderLock {
    private let descriptor: Int32

    init(path: String, folder: String) throws(TipStoreError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FolderFiles.failure("open the lock file", path) }
        var locked = flock(descriptor, LOCK_EX | LOCK_NB) == 0
        var attempts = 1
        while !locked, errno == EWOULDBLOCK, attempts < Self.patience.attempts {
            usleep(Self.patience.microseconds)
            attempts += 1
            locked = flock(descriptor, LOCK_EX | LOCK_NB) == 0
        }
        guard locked else {
            let busy = errno == EWOULDBLOCK
            let error = busy ? TipStoreError.locked(folder: folder) : FolderFiles.failure("lock", path)
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    /// How long a writer waits for the lock before it is refused: 20 tries 5 ms apart.
    static let patience = (attempts: 20, microseconds: useconds_t(5_000))

    deinit {
        close(descriptor)
    }
}
