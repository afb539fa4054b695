/// Whether a widget with `suggest { from: DATE  to: DATE }` windows (Widget Suggestions,
/// `INDateRelevanceProvider(start:end:)`) is suggested at an instant.
public struct WidgetSuggestion: Hashable, Sendable {
    /// `from <= now <= to` for at least one window.
    public var suggested: Bool
    /// The first window that holds now (seconds since 1970), when suggested.
    public var window: ClosedRange<Double>?
    /// Why windows could not be used (an evaluation error, `from` after `to`), by line; the
    /// other windows still count.
    public var errors: [String]

    public init(suggested: Bool, window: ClosedRange<Double>?, errors: [String] = []) {
        self.suggested = suggested
        self.window = window
        self.errors = errors
    }
}
