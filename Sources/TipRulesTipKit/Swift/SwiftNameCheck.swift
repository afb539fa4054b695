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
            problems.append(SwiftEmissionProblem(.tipKitSwiftName, at: program.span(ofLine: line), message: "'\(name)' is a Swift keyword",
                                                 note: "rename it in the .tiprules file"))
        }
        let donationTypes = Set(program.events.indices.filter { !program.events[$0].fields.isEmpty }
            .map { SwiftSpelling.donationType(of: $0, in: program) })
        func typeName(_ name: String, line: Int) {
            keyword(name, line: line)
            guard reservedTypeNames.contains(name) || donationTypes.contains(name) else { return }
            problems.append(SwiftEmissionProblem(.tipKitSwiftName, at: program.span(ofLine: line), message: "the Swift type '\(name)' would clash with a type the generated code uses",
                                                 note: "rename it in the .tiprules file"))
        }
        let tips = Set(program.tips.map(\.name))
        for (name, line) in program.parameters.map({ ($0.name, $0.line) }) + program.events.map({ ($0.name, $0.line) }) {
            keyword(SwiftHomes.member(of: name), line: line)
            // `parameter Settings.x` declares `enum Settings`.
            if let owner = SwiftHomes.owner(of: name), !tips.contains(owner) { typeName(owner, line: line) }
        }
        for event in program.events {
            event.fields.forEach { keyword($0.name, line: event.line) }
        }
        for tip in program.tips {
            let path = tip.swiftPath
            path.dropLast().forEach { typeName($0, line: tip.line) }
            // Inside an enum the tip hides `Date` only in its own scope, where emit-swift then
            // writes `Foundation.Date`.
            if path.count > 1 && tip.swiftTypeName == "Date" { continue }
            typeName(tip.swiftTypeName, line: tip.line)
        }
        return problems
    }
}
