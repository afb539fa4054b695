import TipRulesRuntime

/// The front end in one call: lex, parse, resolve, type-check, optimize and lint a source file.
public struct Compilation: Sendable {
    /// Sources larger than this are refused with a diagnostic.
    public static let maximumSourceSize = 8 * 1024 * 1024

    public let source: SourceFile
    public let syntax: FileSyntax
    /// The checked program, as written; nil when there are errors.
    public let program: CheckedProgram?
    /// The optimizer's output, for the code generator; nil when there are errors.
    public let optimizedProgram: CheckedProgram?
    /// Every diagnostic, in source order.
    public let diagnostics: [Diagnostic]
    /// The checker's types and referents, recorded even when the file has errors.
    public let model: SemanticModel

    /// Checks `source`.
    public init(source: SourceFile) {
        self.init(source: source, focus: nil)
    }

    /// Checks `source`; with `focus`, only the parameters, the events and the tip, group or
    /// widget holding that offset, for an editor request about one place (the program is nil).
    public init(source: SourceFile, focus: Int?) {
        self.source = source
        guard source.bytes.count <= Self.maximumSourceSize else {
            syntax = FileSyntax(declarations: [])
            program = nil
            optimizedProgram = nil
            model = SemanticModel()
            diagnostics = [Diagnostic(.sourceTooLarge, "source file is too large (more than \(Self.maximumSourceSize) bytes)",
                                      at: .point(0), notes: [DiagnosticNote("the limit is \(Self.maximumSourceSize) bytes")])]
            return
        }
        if let binary = BinaryInput.describe(source.bytes) {
            syntax = FileSyntax(declarations: [])
            program = nil
            optimizedProgram = nil
            model = SemanticModel()
            diagnostics = [binary]
            return
        }
        let parsed = Parser.parse(source)
        let checked = Checker.check(parsed.file, source: source, focus: focus)
        var list = DiagnosticList()
        list.append(contentsOf: parsed.diagnostics)
        list.append(contentsOf: checked.diagnostics)
        let complete = !list.hasErrors && focus == nil
        // Optimized even when incomplete, for its diagnostics about the rules that checked.
        let optimized = focus == nil ? Optimizer.optimize(checked.program) : nil
        list.append(contentsOf: optimized?.diagnostics ?? [])
        if complete, let optimized {
            list.append(contentsOf: Linter.lint(parsed.file, checked.program, optimized: optimized.program))
        }
        syntax = parsed.file
        model = checked.model
        diagnostics = list.sorted
        program = complete ? checked.program : nil
        optimizedProgram = complete ? optimized?.program : nil
    }

    /// Checks UTF-8 bytes read from `name`.
    public init(name: String, bytes: [UInt8]) {
        self.init(source: SourceFile(name: name, bytes: bytes))
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
