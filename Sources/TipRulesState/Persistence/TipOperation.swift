import TipRulesRuntime

/// One thing that happened to an engine, by names: what the append-only operation record
/// (`OperationRecord`) holds, so that replaying the records on the state they follow
/// reproduces the engine.
public enum TipOperation: Hashable, Sendable {
    /// `TipEngine.donate(event:fields:at:)`.
    case donate(event: String, fields: [String: ScalarValue], date: Double)
    /// `TipEngine.recordDisplay(tip:at:duration:)`.
    case display(tip: String, date: Double, duration: Double)
    /// `TipEngine.invalidate(tip:reason:)`: closing the tip (`tipClosed`), performing its action
    /// (`actionPerformed`).
    case invalidate(tip: String, reason: InvalidationReason)
    /// `TipEngine.resetEligibility(tip:)`.
    case resetEligibility(tip: String)
    /// `TipEngine.setParameter(_:_:)`.
    case setParameter(String, ScalarValue)
    /// A parameter returns to its declared default.
    case resetParameter(String)
    /// `TipEngine.deleteDonations(event:)`.
    case deleteDonations(event: String)
    /// `TipEngine.pruneDonations(at:)`.
    case pruneDonations(at: Double)
    /// The device's offset from UTC, in seconds east of UTC.
    case setUTCOffset(Int)
    /// TipKit's testing overrides.
    case setTestingOverrides(TestingOverrides)
    /// `TipEngine.recordExposure(_:)`: an exposure in a holdout experiment.
    case expose(Exposure)

    /// Performs the operation on `engine`; throws `EngineError` when the engine refuses it (an
    /// unknown name, a value of the wrong type), and then the engine is unchanged.
    public func apply(to engine: inout TipEngine) throws {
        switch self {
        case .donate(let event, let fields, let date):
            try engine.donate(event: event, fields: fields, at: date)
        case .display(let tip, let date, let duration):
            try engine.recordDisplay(tip: tip, at: date, duration: duration)
        case .invalidate(let tip, let reason):
            try engine.invalidate(tip: tip, reason: reason)
        case .resetEligibility(let tip):
            try engine.resetEligibility(tip: tip)
        case .setParameter(let name, let value):
            try engine.setParameter(name, value)
        case .resetParameter(let name):
            guard let index = engine.program.parameterIndex(named: name) else { throw EngineError.noSuchParameter(name) }
            try engine.setParameter(index, engine.program.parameters[index].defaultValue)
        case .deleteDonations(let event):
            try engine.deleteDonations(event: event)
        case .pruneDonations(let date):
            engine.pruneDonations(at: date)
        case .setUTCOffset(let seconds):
            do { try engine.store.setUTCOffset(seconds) } catch let error as StoreError { throw EngineError.store(error) }
            engine.notifyObservers()
        case .setTestingOverrides(let overrides):
            engine.store.testing = overrides
            engine.notifyObservers()
        case .expose(let exposure):
            do { try engine.store.recordExposure(exposure) } catch let error as StoreError { throw EngineError.store(error) }
        }
    }

    /// Whether the operation changes only a transient parameter: such a change is not persisted
    /// (a launch returns the parameter to its default), so it is not recorded.
    public func isTransient(in program: Program) -> Bool {
        switch self {
        case .setParameter(let name, _), .resetParameter(let name):
            return program.parameterIndex(named: name).map { program.parameters[$0].isTransient } ?? false
        default:
            return false
        }
    }
}
