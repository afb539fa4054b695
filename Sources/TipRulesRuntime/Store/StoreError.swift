/// Why the store refused a value.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    case noSuchParameter(Int)
    case parameterType(name: String, expected: ScalarKind, found: ScalarKind)
    case noSuchEvent(Int)
    case fieldCount(event: String, expected: Int, found: Int)
    case fieldType(event: String, field: String, expected: ScalarKind, found: ScalarKind)
    case invalidDate(event: String)
    /// A UTC offset beyond 18 hours either way (seconds east of UTC).
    case invalidUTCOffset(Int)
    /// An exposure whose date is not finite or whose share is not 1 to 50.
    case invalidExposure(tip: String)

    public var description: String {
        switch self {
        case .noSuchParameter(let index):
            return "no parameter with index \(index)"
        case .parameterType(let name, let expected, let found):
            return "parameter '\(name)' is a \(expected), not a \(found)"
        case .noSuchEvent(let index):
            return "no event with index \(index)"
        case .fieldCount(let event, let expected, let found):
            return "a donation of '\(event)' has \(expected) field\(expected == 1 ? "" : "s"), not \(found)"
        case .fieldType(let event, let field, let expected, let found):
            return "field '\(field)' of '\(event)' is a \(expected), not a \(found)"
        case .invalidDate(let event):
            return "a donation of '\(event)' needs a date within the years 0001 to 9999"
        case .invalidUTCOffset(let seconds):
            return "UTC offset \(seconds) seconds is beyond 18 hours either way"
        case .invalidExposure(let tip):
            return "an exposure of '\(tip)' needs a finite date and a share from 1 to 50"
        }
    }
}
