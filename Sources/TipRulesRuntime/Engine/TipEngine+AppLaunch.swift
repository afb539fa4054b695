/// App launches: `transient parameter`s (TipKit's `@Parameter(.transient)`) are not persisted.
extension TipEngine {
    /// Records an app launch: every transient parameter returns to its default; the other
    /// parameters, donations and tip states stay. Returns the parameters whose value changed.
    @discardableResult
    public mutating func appLaunched() -> [ParameterReset] {
        defer { notifyObservers() }
        var resets: [ParameterReset] = []
        for (index, parameter) in program.parameters.enumerated() where parameter.isTransient {
            guard let value = store.parameter(index), value != parameter.defaultValue else { continue }
            try? store.setParameter(index, parameter.defaultValue)
            parameterChanged(index)
            resets.append(ParameterReset(parameter: parameter.name, oldValue: value, defaultValue: parameter.defaultValue))
        }
        return resets
    }
}
