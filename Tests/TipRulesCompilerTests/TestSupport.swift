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

/// The repository's root folder, found from this file's path.
let repositoryRoot: String = {
    var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast(3)
    return components.joined(separator: "/")
}()

/// A small deterministic random generator (SplitMix64) so robustness tests are repeatable.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
