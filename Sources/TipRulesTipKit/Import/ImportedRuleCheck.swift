import TipRulesCompiler

/// Keeps the imported program free of errors in its rules: a rule whose body `.tiprules` cannot
/// compile (it calls a function the language does not have, reads a property of a type it does
/// not know, …) is taken out with a warning at the Swift rule that names the compiler's
/// reason (TR0818). Every rule with an error goes at once, and the program is checked again
/// until no rule has one (in practice two compilations, whatever the number of rules).
enum ImportedRuleCheck {
    /// The program without the rules that do not compile; their files get the diagnostics.
    static func run(_ program: ImportedProgram, files: inout [ImportedFile], fileNames: [String]) -> ImportedProgram {
        var program = program
        while true {
            let text = TiprulesWriter.write(program, from: fileNames)
            let source = SourceFile(name: "<imported>.tiprules", text: text)
            let errors = Compilation(source: source).diagnostics.filter { $0.severity == .error }
            let failing = rules(with: errors, in: program, text: text, source: source)
            guard !failing.isEmpty else { return program }
            for (tip, rule, error) in failing.reversed() {
                let dropped = program.tips[tip].rules.remove(at: rule)
                files[dropped.file].diagnostics.add(
                    .importRuleConstruct, "this rule is not carried over: \(error.message)", at: dropped.span,
                    fixes: [FixIt("write the rule with what .tiprules has (docs/language.md), or keep the tip in Swift", edits: [])])
            }
        }
    }

    /// Each rule (tip and rule index, in program order) whose lines hold one of `errors`, with
    /// the first such error.
    private static func rules(with errors: [Diagnostic], in program: ImportedProgram, text: String,
                              source: SourceFile) -> [(Int, Int, Diagnostic)] {
        guard !errors.isEmpty else { return [] }
        let errorLines = errors.map { (source.location(of: $0.span.start).line, $0) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var found: [(Int, Int, Diagnostic)] = []
        var next = 0
        for (tipIndex, tip) in program.tips.enumerated() {
            for (ruleIndex, rule) in tip.rules.enumerated() {
                let written = TiprulesWriter.ruleText(rule).split(separator: "\n", omittingEmptySubsequences: false)
                guard let start = (next..<max(next, lines.count - written.count + 1)).first(where: { start in
                    written.indices.allSatisfy { lines[start + $0] == written[$0] }
                }) else { continue }
                next = start + written.count
                let range = start + 1...start + written.count
                if let error = errorLines.first(where: { range.contains($0.0) }) {
                    found.append((tipIndex, ruleIndex, error.1))
                }
            }
        }
        return found
    }
}
