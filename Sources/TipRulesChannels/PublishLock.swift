#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesToolingCore

/// The lock one publish holds on a channel folder from reading its manifest to writing the
/// next one, so two publishes into one folder never interleave: the kernel's `flock` on the
/// folder itself. No lock file is left behind, and nothing can go stale: the kernel lets go
/// when the process ends, however it ends (a SIGKILL too).
final class PublishLock {
    /// How long a publish waits for another one to finish before it gives up.
    static let patience = 60.0

    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Locks `folder` (created when missing), waiting up to `patience` seconds for another
    /// publish to finish; `waiting` is told once when it has to wait.
    static func acquire(_ folder: String, patience: Double = PublishLock.patience,
                        waiting: () -> Void = {}) -> Result<PublishLock, CommandError> {
        if access(folder, F_OK) != 0, mkdir(folder, 0o755) != 0, errno != EEXIST {
            return .failure(CommandError("\(folder): cannot be created (\(FileAccess.reason(errno)))"))
        }
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(CommandError("\(folder): cannot be opened (\(FileAccess.reason(errno)))")) }
        let lock = PublishLock(descriptor: descriptor)
        var waited = 0.0
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                return .failure(CommandError("\(folder): cannot be locked (\(FileAccess.reason(errno)))"))
            }
            guard waited < patience else {
                return .failure(CommandError("\(folder): another publish has held the channel for \(Int(patience)) s; nothing was written, try again once it ends"))
            }
            if waited == 0 { waiting() }
            usleep(20_000)
            waited += 0.02
        }
        return .success(lock)
    }
}
