import TipRulesCompiler

/// Compiles a source string and returns its diagnostics, without the lint warnings (TR07xx):
/// the snippets of the checker's tests declare what they need, used or not. `LinterTests`
/// covers the lint.
func diagnostics(of text: String) -> [Diagnostic] {
    Compilation(source: SourceFile(name: "test.tiprules", text: text)).diagnostics.filter { !$0.code.isLint }
}

/// The codes of the diagnostics of a source string, in source order.
func codes(of text: String) -> [DiagnosticCode] {
    diagnostics(of: text).map(\.code)
}

/// The checked program of a source that must have no errors.
func checkedProgram(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> CheckedProgram? {
    Compilation(source: SourceFile(name: "test.tiprules", text: text)).program
}
