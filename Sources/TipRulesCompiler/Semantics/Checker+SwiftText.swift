/// `title: swift("CODE", key: "…", defaultValue: "…")` (also `message:` and `image:`): a text or
/// image the app's own Swift makes. CODE is a constant, non-empty `String` of Swift (an expression,
/// or a getter's lines); `key:` and `defaultValue:` are optional constant `String`s saying what
/// the app's call names, so that results can show them.
extension Checker {
    /// The usage quoted in messages.
    static let swiftTextUsage = "swift(\"Text(NSLocalizedString(\\\"tips.sidebar\\\", value: \\\"Sidebar\\\", comment: \\\"\\\"))\", key: \"tips.sidebar\", defaultValue: \"Sidebar\")"

    /// Whether a tip property's value is a call of `swift`.
    static func isSwiftText(_ syntax: ExpressionSyntax) -> Bool {
        guard case .call(let callee, _, _) = syntax.kind, case .identifier("swift") = callee.kind else { return false }
        return true
    }

    /// The checked `swift(…)` of a tip's `property`; nil with TR0314 (or a constant's
    /// diagnostic) when it is malformed.
    mutating func swiftText(_ syntax: ExpressionSyntax, property: String) -> SwiftText? {
        guard case .call(_, let arguments, let closure) = syntax.kind else { return nil }
        let labels = arguments.map(\.label)
        let allowed: [[String?]] = [[nil], [nil, "key"], [nil, "defaultValue"], [nil, "key", "defaultValue"]]
        guard closure == nil, allowed.contains(labels) else {
            report(.invalidSwiftText, "'swift' takes the Swift code, then optionally 'key:' and 'defaultValue:', in that order", at: syntax.span,
                   notes: [DiagnosticNote("write '\(property): \(Self.swiftTextUsage)'")])
            return nil
        }
        var strings: [String?: String] = [:]
        for argument in arguments {
            let what = argument.label.map { "the \($0) of a Swift \(property)" } ?? "the Swift code of a \(property)"
            guard case .string(let value)? = constant(argument.value, of: .string, what: what) else { return nil }
            strings[argument.label] = value
        }
        guard let code = strings[nil], code.contains(where: { !$0.isWhitespace }) else {
            report(.invalidSwiftText, "the Swift code of the tip's \(property) is empty", at: arguments[0].value.span,
                   notes: [DiagnosticNote("write the Swift that makes the \(property), as the app wrote it ('\(property == "image" ? "Image(\"hero\")" : "Text(L10n.Tips.sidebar)")')")])
            return nil
        }
        return SwiftText(code: code, key: strings["key"], defaultValue: strings["defaultValue"])
    }
}
