/// A transient parameter that an app launch returned to its default (`TipEngine.appLaunched()`).
public struct ParameterReset: Hashable, Sendable {
    /// The parameter's name.
    public var parameter: String
    /// Its value before the launch.
    public var oldValue: ScalarValue
    /// Its default, its value now.
    public var defaultValue: ScalarValue

    public init(parameter: String, oldValue: ScalarValue, defaultValue: ScalarValue) {
        self.parameter = parameter
        self.oldValue = oldValue
        self.defaultValue = defaultValue
    }
}
