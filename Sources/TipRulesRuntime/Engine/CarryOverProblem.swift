/// Part of an engine's state that a new program could not take over (see
/// `TipEngine.update(to:)`); the rest is carried over by name.
public enum CarryOverProblem: Hashable, Sendable, CustomStringConvertible {
    /// The new program has no parameter of that name; its value is dropped.
    case parameterRemoved(String)
    /// The parameter's type changed; it starts from its new default.
    case parameterTypeChanged(name: String, old: ScalarKind, new: ScalarKind)
    /// The new program has no event of that name; its donations are dropped.
    case eventRemoved(String, donations: Int)
    /// A field the new event declares is missing from the old one or has another type; the
    /// event's donations are dropped.
    case eventFieldsChanged(event: String, field: String, donations: Int)
    /// The new program has no tip of that name; its display state is dropped.
    case tipRemoved(String)

    public var description: String {
        switch self {
        case .parameterRemoved(let name):
            return "parameter '\(name)' is gone; its value is dropped"
        case .parameterTypeChanged(let name, let old, let new):
            return "parameter '\(name)' changed from \(old) to \(new); it starts from its default"
        case .eventRemoved(let name, let donations):
            return "event '\(name)' is gone; its \(donations) donation\(donations == 1 ? " is" : "s are") dropped"
        case .eventFieldsChanged(let event, let field, let donations):
            return "field '\(field)' of event '\(event)' is new or changed its type; the event's \(donations) donation"
                + (donations == 1 ? " is" : "s are") + " dropped"
        case .tipRemoved(let name):
            return "tip '\(name)' is gone; its display state is dropped"
        }
    }
}
