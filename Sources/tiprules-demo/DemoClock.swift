import Synchronization
import TipRulesStorage

/// The host's clock: fixed by `--now` or a command's time, else the machine's. The store reads
/// it for the operations that carry no date of their own (a parameter, a close, an action).
final class DemoClock: Sendable {
    private let fixed: Mutex<Double?>

    init(_ now: Double?) {
        fixed = Mutex(now)
    }

    var now: Double {
        fixed.withLock { $0 } ?? TipStoreOptions.systemClock()
    }

    /// Moves the clock to `time`; every later command reads it.
    func set(_ time: Double) {
        fixed.withLock { $0 = time }
    }
}
