import TipRulesCompiler

/// Finds `.tiprules` names the generated Swift cannot use as they are: Swift keywords,
/// and type names that would clash with TipKit, SwiftUI, WidgetKit or generated types.
/// (Group and widget names only ever appear inside `makeNAME` and `nameRelevance`.)
enum SwiftNameCheck {
    /// Swift's reserved words (declarations, statements, expressions and types).
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "precedencegroup",
        "private", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
        "if", "in", "repeat", "return", "switch", "throw", "where", "while", "Any", "as", "await", "false",
        "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
    ]

    /// Type names the generated file uses or declares itself.
    static let reservedTypeNames: Set<String> = [
        "Tip", "Tips", "Rule", "TipGroup", "TipOption", "Parameter", "Text", "Image", "Date", "TimeInterval",
        "TimelineEntryRelevance", "Double", "Float", "Int", "String", "Bool", SwiftEmitter.sharedNamespace,
    ]

    /// One problem per unusable name.
    static func problems(in program: CheckedProgram) -> [SwiftEmissionProblem] {
        var problems: [SwiftEmissionProblem] = []
        func keyword(_ name: String, line: Int) {
            guard keywords.contains(name) else { return }
            problems.append(SwiftEmissionProblem(line: line, message: "'\(name)' is a Swift keyword",
                                                 note: "rename it in the .tiprules file"))
        }
        let donationTypes = Set(program.events.filter { !$0.fields.isEmpty }.map { SwiftSpelling.donationTypeName(event: $0.name) })
        func typeName(_ name: String, line: Int) {
            keyword(name, line: line)
            guard reservedTypeNames.contains(name) || donationTypes.contains(name) else { return }
            problems.append(SwiftEmissionProblem(line: line, message: "the Swift type '\(name)' would clash with a type the generated code uses",
                                                 note: "rename it in the .tiprules file"))
        }
        program.parameters.forEach { keyword($0.name, line: $0.line) }
        for event in program.events {
            keyword(event.name, line: event.line)
            event.fields.forEach { keyword($0.name, line: event.line) }
        }
        program.tips.forEach { typeName($0.name, line: $0.line) }
        return problems
    }
}
