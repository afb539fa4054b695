import TipRulesCompiler

/// What the importer recognized in one Swift file, with the diagnostics for what it could not
/// carry over. Names and text are already `.tiprules` spellings.
struct ImportedFile {
    var source: SourceFile
    var displayFrequency: ImportedItem<String>?
    var parameters: [ImportedParameter] = []
    var events: [ImportedEvent] = []
    /// `Codable` structs of stored fields, by qualified name (`FavoriteTip.DonationInfo`).
    var donationInfos: [String: [ImportedField]] = [:]
    var tips: [ImportedTip] = []
    /// Tip members declared in extensions, joined to their tips when the files are merged.
    var tipExtensions: [ImportedTipExtension] = []
    var groups: [ImportedGroup] = []
    var widgets: [ImportedWidget] = []
    /// Suggestion windows, joined to their widgets when the files are merged.
    var suggestions: [ImportedSuggestions] = []
    /// The `@Parameter`s that were left out (TR0801, TR0802), so that a rule reading one says so.
    var droppedParameters: Set<String> = []
    var diagnostics = DiagnosticList()

    init(source: SourceFile) {
        self.source = source
    }

    /// Whether the file declared anything the importer carries over.
    var isEmpty: Bool {
        displayFrequency == nil && parameters.isEmpty && events.isEmpty && tips.isEmpty && groups.isEmpty && widgets.isEmpty
    }
}

/// A value with the span of Swift source it came from.
struct ImportedItem<Value> {
    var value: Value
    var span: SourceSpan
}

/// `@Parameter static var name: Type = value`.
struct ImportedParameter {
    var name: String
    var type: String
    /// The default value as `.tiprules` text.
    var value: String
    var transient: Bool
    var span: SourceSpan
}

/// `static let name = Tips.Event<Info>(id: "…", donationLimit: …)`.
struct ImportedEvent {
    var name: String
    /// The DonationInfo type as written, and the enclosing types of the declaration (outermost
    /// first), for looking the type up as Swift would.
    var infoType: String?
    var scope: [String]
    var fields: [ImportedField] = []
    /// `limit(…)` arguments as `.tiprules` text, from `Tips.DonationLimit(…)`.
    var limit: String?
    var span: SourceSpan
}

/// A stored field of a DonationInfo struct.
struct ImportedField {
    var name: String
    var type: String
    var span: SourceSpan
}

/// `struct Name: Tip { … }`.
struct ImportedTip {
    var name: String
    var id: String?
    var title: String?
    var message: String?
    var image: String?
    var rules: [ImportedRule] = []
    /// Option entries as `.tiprules` text (`Tips.MaxDisplayCount(5)`).
    var options: [String] = []
    var actions: [ImportedAction] = []
    var span: SourceSpan

    /// Whether any member was read (an extension with none is not about a tip).
    var declaresSomething: Bool {
        id != nil || title != nil || message != nil || image != nil || !rules.isEmpty || !options.isEmpty || !actions.isEmpty
    }
}

/// `extension Name { … }` members of a tip, and what reading them reported.
struct ImportedTipExtension {
    var members: ImportedTip
    var diagnostics: [Diagnostic]
}

/// `Action(id: "…", title: "…")`.
struct ImportedAction {
    var id: String
    var title: String
}

/// One `#Rule(inputs) { body }`.
struct ImportedRule {
    /// The index of the Swift file it is in, set when the files are merged.
    var file = 0
    /// Each input: the parameter or event name, and whether it is a parameter (`$name`).
    var inputs: [ImportedRuleInput]
    /// The body as `.tiprules` text, formatted for a rule at the usual indentation, without braces.
    var body: String
    var span: SourceSpan
}

/// A rule input: `Self.$name` (a parameter) or `Self.name` (an event).
struct ImportedRuleInput {
    var name: String
    var isParameter: Bool
    var span: SourceSpan

    /// The input as `.tiprules` writes it.
    var text: String { isParameter ? "Self.$\(name)" : "Self.\(name)" }
}

/// `TipGroup(.ordered) { A(); B() }`, named after where it is kept.
struct ImportedGroup {
    var name: String
    /// `.ordered` or `.firstAvailable`; nil when the Swift gives none.
    var kind: String?
    var members: [ImportedItem<String>]
    var span: SourceSpan
}

/// A widget from the relevance function emit-swift writes for it.
struct ImportedWidget {
    var name: String
    /// `let` names and values, in order, as `.tiprules` text.
    var lets: [(String, String)]
    var score: String
    var duration: String
    /// `suggest { from: …  to: … }` windows, as `.tiprules` text.
    var suggestions: [(from: String, to: String)] = []
    var span: SourceSpan
}

/// The suggestion windows of the function emit-swift writes for a widget's `suggest` blocks.
struct ImportedSuggestions {
    var widget: String
    var windows: [(from: String, to: String)]
    var span: SourceSpan
}
