import TipRulesCompiler
import TipRulesToolingCore

/// `textDocument/prepareRename` and `textDocument/rename` for every name the file declares:
/// parameters (with their `$name` uses), events, fields, tips, groups, widgets and `let`s.
/// Keywords and built-ins are refused, and so is a new name that is not an identifier, is
/// a keyword, or would collide with (or shadow) another declaration.
enum Rename {
    /// Words the language gives a meaning; no declaration may be renamed to one.
    static let reservedWords: Set<String> = [
        "parameter", "transient", "event", "tip", "group", "widget", "configure", "options", "relevance", "limit", "let",
        "suggest", "true", "false", "nil", "now", "Self", "Tips", "Date", "Duration", "Int", "Double", "String", "Bool",
    ]

    /// `prepareRename`: the range of the name under the cursor and its text.
    static func prepare(_ params: JSONValue?, in documents: DocumentStore) throws(JSONRPCError) -> JSONValue {
        let (document, offset) = try documents.documentAndOffset(params)
        let found = try renamable(at: offset, in: document.analysis)
        let span = nameSpan(of: found.name, in: document.analysis.source)
        return .object(["range": document.text.range(of: span, encoding: documents.encoding),
                        "placeholder": .string(document.analysis.source.text(of: span))])
    }

    /// `rename`: a `WorkspaceEdit` that renames every occurrence to `params.newName`.
    static func rename(_ params: JSONValue?, in documents: DocumentStore) throws(JSONRPCError) -> JSONValue {
        let (document, offset) = try documents.documentAndOffset(params)
        guard let newName = params?["newName"]?.stringValue else { throw JSONRPCError(.invalidParams, "'newName' must be a string") }
        let analysis = document.analysis
        let found = try renamable(at: offset, in: analysis)
        try check(newName, for: found.name.referent, in: analysis)
        var edits: [JSONValue] = found.all.map { occurrence in
            .object(["range": document.text.range(of: nameSpan(of: occurrence, in: analysis.source), encoding: documents.encoding),
                     "newText": .string(newName)])
        }
        if let keep = keptIdentifier(of: found.name.referent, in: analysis) {
            edits.append(.object(["range": document.text.range(of: .point(keep.offset), encoding: documents.encoding), "newText": .string(keep.text)]))
        }
        return .object(["changes": .object([document.uri: .array(edits)])])
    }

    /// A tip without `id:` is stored under its name: renaming it keeps the old name as its
    /// `id`, so that what the store remembers of it still applies. The insertion after its `{`.
    private static func keptIdentifier(of referent: Referent, in analysis: DocumentAnalysis) -> (offset: Int, text: String)? {
        guard case .tip(let syntax)? = analysis.symbols.declaration(of: referent),
              !syntax.properties.contains(where: { $0.name.text == "id" }) else { return nil }
        let bytes = analysis.source.bytes
        guard let brace = bytes[min(syntax.name.span.end, bytes.count)...].firstIndex(of: UInt8(ascii: "{")) else { return nil }
        return (brace + 1, "\n    id: \"\(syntax.name.text)\"")
    }

    /// The name at `offset` and its occurrences, if the file declares it.
    private static func renamable(at offset: Int, in analysis: DocumentAnalysis) throws(JSONRPCError) -> (name: NameOccurrence, all: [NameOccurrence]) {
        guard let found = References.occurrences(at: offset, in: analysis) else {
            throw JSONRPCError(.requestFailed, "there is no name to rename here")
        }
        guard found.name.referent.isDeclared, found.all.contains(where: \.isDeclaration) else {
            throw JSONRPCError(.requestFailed, "'\(analysis.source.text(of: found.name.span))' is built into the language and cannot be renamed")
        }
        return found
    }

    /// The name itself: `$isLoggedIn` is renamed after its `$`.
    private static func nameSpan(of occurrence: NameOccurrence, in source: SourceFile) -> SourceSpan {
        let span = occurrence.span
        guard span.start < span.end, span.start < source.bytes.count, source.bytes[span.start] == UInt8(ascii: "$") else { return span }
        return SourceSpan(start: span.start + 1, end: span.end)
    }

    /// Refuses a new name that is not an identifier, is a keyword, or is taken where it would clash.
    private static func check(_ newName: String, for referent: Referent, in analysis: DocumentAnalysis) throws(JSONRPCError) {
        let tokens = Lexer.tokenize(SourceFile(name: "newName", text: newName)).tokens
        guard tokens.count == 2, tokens[0].kind == .identifier, tokens[0].text == newName else {
            throw JSONRPCError(.requestFailed, "'\(newName)' is not a valid name: use letters, digits and '_', not starting with a digit")
        }
        guard !reservedWords.contains(newName) else {
            throw JSONRPCError(.requestFailed, "'\(newName)' is a keyword of the language")
        }
        if let clash = clash(newName, for: referent, in: analysis) {
            throw JSONRPCError(.requestFailed, "'\(newName)' is already \(clash)")
        }
    }

    /// What already has `name` where renaming `referent` to it would clash, if anything.
    private static func clash(_ name: String, for referent: Referent, in analysis: DocumentAnalysis) -> String? {
        let symbols = analysis.symbols
        let lets = symbols.declarations.flatMap { declaration -> [String] in
            if case .widget(let widget) = declaration { return widget.lets.map(\.name.text) }
            return []
        }
        switch referent {
        case .field(let event, _):
            let fields = [LanguageReference.donationDate.name] + (symbols.event(event)?.fields.map(\.name.text) ?? [])
            return fields.contains(name) ? "a field of this event" : nil
        case .local:
            if lets.contains(name) { return "a 'let' in a widget" }
            return symbols.lookup(name).map { "the name of a \(kind(of: $0))" }
        default:
            if let declaration = symbols.lookup(name) { return "the name of a \(kind(of: declaration))" }
            return lets.contains(name) ? "a 'let' in a widget, which would hide it" : nil
        }
    }

    private static func kind(of declaration: SymbolIndex.Declaration) -> String {
        switch declaration {
        case .parameter: return "parameter"
        case .event: return "event"
        case .tip: return "tip"
        case .group: return "group"
        case .widget: return "widget"
        }
    }
}
