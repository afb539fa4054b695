import TipRulesRuntime

/// Recognizes input that is not source text at all — compiled bytecode, or a binary file — so
/// that it gets one clear diagnostic (TR0603) instead of thousands of lexer errors.
enum BinaryInput {
    /// How much of the start of a file is looked at.
    static let sampleSize = 4096

    /// The diagnostic for `bytes` if they are bytecode or look binary; nil for text.
    static func describe(_ bytes: [UInt8]) -> Diagnostic? {
        if bytes.starts(with: BytecodeFormat.magic) {
            return Diagnostic(.binaryInput, "this is compiled bytecode (a .tipc file), not .tiprules source",
                              at: .point(0),
                              notes: [DiagnosticNote("check and compile take the .tiprules source; eval and disasm also take a .tipc")])
        }
        let sample = bytes.prefix(sampleSize)
        guard let nul = sample.firstIndex(of: 0) else { return nil }
        return Diagnostic(.binaryInput, "this looks like a binary file, not .tiprules source (a NUL byte at offset \(nul))",
                          at: .point(0),
                          notes: [DiagnosticNote("a .tiprules file is UTF-8 text; was another file passed by mistake?")])
    }
}
