/// Pasted TipKit forms the checker recognizes (the parser handles the rest, see
/// `Parser+PastedTipKit.swift`).
extension Checker {
    /// `.displayFrequency(…)` in `configure`, as in `Tips.configure([.displayFrequency(.daily)])`:
    /// reported with a fix-it removing the dot, then read as `displayFrequency(…)`.
    mutating func reportPastedConfigurationDot(_ entry: CallEntrySyntax) {
        let dot = SourceSpan(start: entry.span.start, end: entry.name.span.start)
        report(.pastedConfigurationDot, "in 'configure' the display frequency is written 'displayFrequency(…)', without the dot",
               at: dot, fixes: [.replace(dot, with: "", "remove '.'", applicability: .machineApplicable)])
    }
}

extension Checker {
    /// `LandmarkDetail.didView` or `SharedTipInputs.dailyStepGoal` in an expression, where a type
    /// qualifies a declared event or parameter as in Swift: reported with a fix-it removing the
    /// type, and the plain name to check instead. Nil when `base.name` is not such a reference.
    mutating func unqualifiedPastedReference(_ base: ExpressionSyntax, name: String, nameSpan: SourceSpan,
                                             in scope: Scope) -> ExpressionSyntax? {
        guard case .identifier(let type) = base.kind, type != "Self", type.first?.isUppercase == true,
              scope.locals[type] == nil, symbols.lookup(type) == nil, scope.locals[name] == nil else { return nil }
        switch symbols.lookup(name) {
        case .parameter?, .event?: break
        default: return nil
        }
        let qualifier = SourceSpan(start: base.span.start, end: nameSpan.start)
        report(.pastedQualifiedInput, "'\(name)' is written without the type that declares it in Swift", at: base.span,
               fixes: [.replace(qualifier, with: "", "remove '\(type).'", applicability: .machineApplicable)])
        return ExpressionSyntax(.identifier(name), span: nameSpan)
    }
}
