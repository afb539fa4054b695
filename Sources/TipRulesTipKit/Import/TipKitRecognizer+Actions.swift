import TipRulesCompiler

/// A tip's `actions`: `Action(id: "…", title: "…")` (also `Tips.Action`, `Tip.Action`), as a
/// builder or an array literal. A handler (a trailing closure or `perform:`) is app code: the
/// action is carried over and the handler reported (TR0815).
extension TipKitRecognizer {
    /// The actions of the `actions` property's value, in order.
    mutating func actions(in range: Range<Int>) -> [ImportedAction] {
        entries(in: range).enumerated().compactMap { action($0.element, index: $0.offset) }
    }

    /// The action of `entry`, the `index`-th of the tip's: without an `id:`, TipKit identifies
    /// an action by its index, which becomes its id (`"0"`, `"1"`, …).
    private mutating func action(_ entry: Range<Int>, index: Int) -> ImportedAction? {
        let span = SourceSpan(start: tokens[entry.lowerBound].start, end: tokens[entry.upperBound - 1].end)
        let written = text(entry.lowerBound, entry.upperBound)
        guard let open = (entry.lowerBound..<min(entry.upperBound, entry.lowerBound + 4)).first(where: { tokens[$0].isSymbol("(") }),
              ["Action", "Tips.Action", "Tip.Action"].contains(text(entry.lowerBound, open).filter { $0 != " " }),
              let close = stream.closing[open], close < entry.upperBound else {
            report(.importActions, "the action '\(written)' is not carried over: it is not an Action(id:title:)", at: span,
                   help: "write it as Action(id: \"…\", title: \"…\") in Swift, or add it to the tip's actions { … } in the .tiprules file")
            return nil
        }
        var id: String?
        var idReference: ImportedString?
        var title: String?
        var handler = close + 1 < entry.upperBound
        for argument in split(open + 1..<close) where !argument.isEmpty {
            let label = tokens[argument.lowerBound]
            guard argument.count >= 2, tokens[argument.lowerBound + 1].isSymbol(":") else {
                handler = handler || tokens[argument.lowerBound].isSymbol("{")
                continue
            }
            let value = argument.count == 3 && tokens[argument.lowerBound + 2].kind == .string
                ? tokens[argument.lowerBound + 2].stringValue : nil
            switch label.text {
            case "id":
                id = value
                if value == nil, case .reference? = stringArgument(argument.lowerBound + 2..<argument.upperBound) {
                    idReference = stringArgument(argument.lowerBound + 2..<argument.upperBound)
                }
            case "title": title = value
            case "perform": handler = true
            default: break
            }
        }
        let hasIDArgument = split(open + 1..<close).contains { $0.count >= 2 && tokens[$0.lowerBound].isWord("id") && tokens[$0.lowerBound + 1].isSymbol(":") }
        if !hasIDArgument { id = String(index) }
        if id == nil, let idReference, let title {
            // A constant's value, or an enum case's raw value: the merge looks it up.
            return ImportedAction(id: "", title: title, idReference: (idReference, written, span))
        }
        guard let id, let title else {
            let missing = id == nil ? "constant id" : "constant title"
            report(.importActions, "the action '\(written)' is not carried over: it has no \(missing)", at: span,
                   help: "give it Action(id: \"…\", title: \"…\") with string literals; .tiprules tells a tip's actions apart by id")
            return nil
        }
        if handler {
            report(.importActionHandler, "the handler of action '\(id)' is not carried over; the action is", at: span,
                   help: "handle the action where the app shows the tip (TipView's action closure, by action.id), and call the engine's performAction(tip:action:)")
        }
        return ImportedAction(id: id, title: title)
    }
}
