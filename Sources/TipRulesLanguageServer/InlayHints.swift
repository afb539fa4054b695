import TipRulesCompiler
import TipRulesToolingCore

/// `textDocument/inlayHint`: what each `$N` of a rule is bound to (`isLoggedIn:` before it),
/// the donation type of `$0` in a closure, and the type of each widget `let`, as the checker found them.
enum InlayHints {
    /// LSP `InlayHintKind`s.
    private enum Kind: Int {
        case type = 1, parameter = 2
    }

    /// The `InlayHint[]` answering `params` (`InlayHintParams`: a document and a range).
    static func hints(_ params: JSONValue?, in documents: DocumentStore) throws(JSONRPCError) -> JSONValue {
        let document = try documents.document(params)
        let range = try document.text.byteRange(of: params?["range"], encoding: documents.encoding)
        let analysis = document.analysis
        var hints: [JSONValue] = []
        func hint(at offset: Int, _ label: String, _ kind: Kind, tooltip: String) {
            hints.append(.object(["position": document.text.position(of: offset, encoding: documents.encoding).json,
                                  "label": .string(label), "kind": .integer(kind.rawValue), "tooltip": .string(tooltip)]))
        }
        for occurrence in analysis.model.names where range.lowerBound <= occurrence.span.start && occurrence.span.end <= range.upperBound {
            switch occurrence.referent {
            case .ruleInput(let index, let input):
                let name: String?
                switch input {
                case .parameter(let parameter): name = analysis.symbols.declaration(of: .parameter(parameter))?.name.text
                case .event(let event): name = analysis.symbols.event(event)?.name.text
                }
                guard let name else { continue }
                hint(at: occurrence.span.start, "\(name):", .parameter, tooltip: "$\(index) is the rule's input '\(name)'")
            case .closureArgument(let event):
                hint(at: occurrence.span.end, ": " + analysis.model.spell(.donation(event: event)), .type,
                     tooltip: "$0 is one donation of the collection")
            case .local where occurrence.isDeclaration:
                guard let binding = analysis.symbols.letBinding(declaredAt: occurrence.span),
                      let type = analysis.model.expression(at: binding.value.span)?.type else { continue }
                hint(at: occurrence.span.end, ": " + analysis.model.spell(type), .type, tooltip: "the type of '\(binding.name.text)'")
            default:
                continue
            }
        }
        return .array(hints)
    }
}
