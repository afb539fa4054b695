/// A registration made by `TipEngine.observeStatusChanges(_:)`. The observer is called until
/// `cancel()`; dropping the token does not cancel it (keep it to stop observing).
public struct StatusObservation {
    let id: Int
    private weak var observers: StatusObservers?

    init(id: Int, observers: StatusObservers) {
        self.id = id
        self.observers = observers
    }

    /// Stops calling the observer. Cancelling twice does nothing.
    public func cancel() {
        observers?.remove(id)
    }
}

/// The status observers of an engine, in registration order. A class so that a token can
/// cancel its observer after the engine value has moved; copies of an engine share it.
final class StatusObservers {
    private var handlers: [(id: Int, handler: (StatusChange) -> Void)] = []
    private var nextID = 0

    var isEmpty: Bool { handlers.isEmpty }

    func add(_ handler: @escaping (StatusChange) -> Void) -> Int {
        nextID += 1
        handlers.append((nextID, handler))
        return nextID
    }

    /// The list is read, then replaced: no closure runs while it is being changed, so Swift
    /// need not track the accesses to it (`isEmpty` is read after every operation).
    func remove(_ id: Int) {
        let current = handlers
        handlers = current.filter { $0.id != id }
    }

    /// Calls every observer with every change, change by change.
    func deliver(_ changes: [StatusChange]) {
        let current = handlers
        for change in changes {
            for entry in current { entry.handler(change) }
        }
    }
}
