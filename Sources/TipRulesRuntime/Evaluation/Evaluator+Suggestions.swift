/// Widget Suggestions: a widget's `suggest` windows at an instant.
extension Evaluator {
    /// Nil for a widget without `suggest`; otherwise the first window that holds `now`. A window
    /// that fails to evaluate or whose `from` is after its `to` is an error of that window only.
    mutating func suggestion(of widget: Int) -> WidgetSuggestion? {
        let windows = widgets[widget].suggestions
        guard !windows.isEmpty else { return nil }
        var errors: [String] = []
        var active: ClosedRange<Double>?
        for (suggestion, window) in zip(program.widgets[widget].suggestions, windows) {
            switch (machine.run(window.from), machine.run(window.to)) {
            case (.success(let fromBits), .success(let toBits)):
                let from = SlotEncoding.double(fromBits), to = SlotEncoding.double(toBits)
                guard from <= to else {
                    errors.append("the suggestion at line \(suggestion.line) ends before it starts")
                    continue
                }
                if active == nil && (from...to).contains(machine.context.now) { active = from...to }
            case (.failure(let failure), _), (_, .failure(let failure)):
                errors.append("the suggestion at line \(suggestion.line): \(failure)")
            }
        }
        return WidgetSuggestion(suggested: active != nil, window: active, errors: errors)
    }
}
