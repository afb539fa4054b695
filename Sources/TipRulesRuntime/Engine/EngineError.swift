/// Why the engine refused a request: an unknown name, a missing or extra donation field, a
/// value the store refused, or a display time or date out of its bounds (`OperationBounds`).
public enum EngineError: Error, Hashable, Sendable, CustomStringConvertible {
    case noSuchTip(String)
    case noSuchEvent(String)
    case noSuchParameter(String)
    case noSuchGroup(String)
    case noSuchAction(tip: String, action: String)
    case missingField(event: String, field: String)
    case unknownField(event: String, field: String)
    case invalidDuration(Double)
    case invalidDate(Double)
    case store(StoreError)

    public var description: String {
        switch self {
        case .noSuchTip(let name): return "no tip named '\(name)'"
        case .noSuchEvent(let name): return "no event named '\(name)'"
        case .noSuchParameter(let name): return "no parameter named '\(name)'"
        case .noSuchGroup(let name): return "no group named '\(name)'"
        case .noSuchAction(let tip, let action): return "tip '\(tip)' has no action with the id '\(action)'"
        case .missingField(let event, let field): return "a donation of '\(event)' needs the field '\(field)'"
        case .unknownField(let event, let field): return "event '\(event)' has no field '\(field)'"
        case .invalidDuration(let seconds):
            return "a display duration must be from 0 to \(OperationBounds.maximumDuration) seconds, not \(seconds)"
        case .invalidDate(let seconds): return "a date must be within the years 0001 to 9999, not \(seconds) seconds since 1970"
        case .store(let error): return error.description
        }
    }
}
