#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesToolingCore

/// Progress of a long run on standard error (only when it is a terminal, and not with `--quiet`):
/// rows, users, bytes of the total where known, the rate and the time left; at most once a second.
package final class ReachProgress: @unchecked Sendable {
    var total: Int?
    private var lock = pthread_mutex_t()
    private var bytes = 0
    private var rows = 0
    private var users = 0
    private let started = ReachProgress.seconds()
    private var shown = ReachProgress.seconds()

    package init() { pthread_mutex_init(&lock, nil) }

    deinit { pthread_mutex_destroy(&lock) }

    func advance(bytes more: Int, rows moreRows: Int, users moreUsers: Int) {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        bytes += more
        rows += moreRows
        users += moreUsers
        let now = Self.seconds()
        guard now - shown >= 1 else { return }
        shown = now
        let elapsed = max(now - started, 0.001)
        let rate = Double(bytes) / elapsed / 1_000_000
        var line = "\r\(rows) rows, \(users) users, \(bytes / 1_000_000) MB"
        if let total, total > 0 {
            let left = Double(total - bytes) / max(Double(bytes) / elapsed, 1)
            line += " of \(total / 1_000_000) MB (\(bytes * 100 / total)%), \(Int(rate)) MB/s, \(Int(left)) s left"
        } else {
            line += ", \(Int(rate)) MB/s"
        }
        FileDescriptorIO.writeAll(Array((line + "   ").utf8), to: STDERR_FILENO)
    }

    /// Clears the progress line.
    package func finish() {
        FileDescriptorIO.writeAll(Array("\r\u{1B}[K".utf8), to: STDERR_FILENO)
    }

    private static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
