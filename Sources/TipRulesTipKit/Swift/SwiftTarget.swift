import TipRulesCompiler

/// The oldest iOS release generated TipKit code must build for (`--min-ios`).
/// Each release adds TipKit API: groups and `MaxDisplayDuration` need 18, event donation limits 26.
public enum SwiftTarget: Int, CaseIterable, Sendable {
    case iOS17 = 17
    case iOS18 = 18
    case iOS26 = 26

    /// The target for a `--min-ios` value, or nil when TipKit has no such release.
    public init?(minimumIOS text: String) {
        guard let number = Int(text), let target = SwiftTarget(rawValue: number) else { return nil }
        self = target
    }
}

/// Something `emit-swift` cannot carry over to TipKit for the chosen target: an error of
/// `emit-swift`, and a warning of `check` when the program says it targets TipKit.
public struct SwiftEmissionProblem: Hashable, Sendable {
    public var code: DiagnosticCode
    /// Where in the `.tiprules` source: the construct, or the declaration's line.
    public var span: SourceSpan
    public var message: String
    /// What to write instead.
    public var note: String

    public init(_ code: DiagnosticCode, at span: SourceSpan, message: String, note: String) {
        self.code = code
        self.span = span
        self.message = message
        self.note = note
    }

    /// The problem as a diagnostic of `severity`.
    public func diagnostic(severity: Severity) -> Diagnostic {
        Diagnostic(code, message, at: span, severity: severity, notes: note.components(separatedBy: "; ").map { DiagnosticNote($0) })
    }
}

extension CheckedProgram {
    /// The text of a 1-based source line, without its leading and trailing white space: where a
    /// problem about the declaration on that line is shown.
    func span(ofLine line: Int) -> SourceSpan {
        let start = source.offset(of: SourceLocation(line: line, column: 1))
        let end = source.offset(of: SourceLocation(line: line, column: Int.max / 2))
        var first = start, last = end
        while first < last, [UInt8(ascii: " "), UInt8(ascii: "\t")].contains(source.bytes[first]) { first += 1 }
        while last > first, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(source.bytes[last - 1]) { last -= 1 }
        return SourceSpan(start: first, end: last)
    }
}
