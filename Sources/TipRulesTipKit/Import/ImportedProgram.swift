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
    /// String constants (`static let tipID = "…"`, a top-level `let`), by qualified name
    /// (`Events.opened`, `VPNTip.tipID`, `tipID`): what an event's or a tip's id may name.
    var stringConstants: [String: String] = [:]
    /// Types whose members look like a tip's (a title and rules, a message or an image) but
    /// that do not conform to `Tip` as far as the importer sees, with where they are declared.
    var tipLookalikes: [ImportedItem<String>] = []
    /// The `enum`s declared (an `extension` of one is a namespace too).
    var enums: Set<String> = []
    /// `protocol NAME: …` declarations: a struct conforming to one that refines `Tip` is a tip.
    var protocols: [ImportedProtocol] = []
    var diagnostics = DiagnosticList()

    init(source: SourceFile) {
        self.source = source
    }

    /// Whether the file declared anything the importer carries over.
    var isEmpty: Bool {
        displayFrequency == nil && parameters.isEmpty && events.isEmpty && tips.isEmpty && groups.isEmpty && widgets.isEmpty
    }
}

/// A type that encloses a declaration.
struct ImportedScope {
    var name: String
    var isEnum: Bool
    var isExtension: Bool
}

/// `protocol Name: Inherited, … { … }`.
struct ImportedProtocol {
    var name: String
    var inherits: [String]
}

extension ImportedString {
    /// The string of a literal; nil for a constant's name.
    var literal: String? {
        if case .literal(let value) = self { return value }
        return nil
    }
}

/// A value with the span of Swift source it came from.
struct ImportedItem<Value> {
    var value: Value
    var span: SourceSpan
}

/// `@Parameter static var name: Type = value`.
struct ImportedParameter {
    /// The type that declares it (TipKit keys a parameter by it); nil in `SharedTipInputs` or
    /// outside any type.
    var owner: String?
    var name: String
    var type: String
    /// The default value as `.tiprules` text.
    var value: String
    var transient: Bool
    var span: SourceSpan

    /// The `.tiprules` name and identity: `OWNER.NAME` or `NAME`.
    var qualifiedName: String { owner.map { "\($0).\(name)" } ?? name }
}

/// A string as Swift writes it where the importer needs a constant: a literal, or the name of
/// a string constant (`Self.tipID`, `Events.opened`) resolved when the files are merged.
enum ImportedString {
    case literal(String)
    /// The name as written (`Events.opened`), the enclosing types where it is written
    /// (outermost first), and where.
    case reference(String, scope: [String], span: SourceSpan)
}

/// `static let name = Tips.Event<Info>(id: "…", donationLimit: …)`.
struct ImportedEvent {
    var name: String
    /// The innermost type that declares it (it only scopes the name).
    var owner: String?
    /// Whether that type is an `enum` (a namespace of the app's, which emit-swift can declare).
    var ownerIsNamespace = false
    /// The DonationInfo struct's name as found (`QuickEditTip.PhotoEditedInfo`), set by the merge.
    var donationType: String?
    /// The id as written; resolved by the merge into `resolvedID`.
    var id: ImportedString?
    /// The id TipKit keeps its donations under (the property name when none could be read).
    var resolvedID: String = ""
    /// The `.tiprules` name: the property name, or `OWNER.NAME` where several events share it.
    var outputName: String = ""
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
    /// `var id: String { Constants.tipID }`: resolved into `id` by the merge.
    var idReference: ImportedString?
    var title: String?
    var message: String?
    var image: String?
    /// `title: Text(titleValue)`, `Text("a ") + Text(Self.b)`: a text with string constants in it,
    /// resolved by the merge.
    /// Where no imported file declares a constant, the app's Swift is kept (`fallback`).
    var textReferences: [(property: String, pieces: [ImportedString], span: SourceSpan, fallback: SwiftText?)] = []
    /// The texts (and image) the app's own Swift makes: `title`, `message`, `image`.
    var swiftTexts: [String: SwiftText] = [:]
    /// The texts declared as stored properties without a value (`var title: Text`): each place
    /// that creates the tip supplies them (`title`, `message`, `image`).
    var supplied: Set<String> = []
    /// The types the tip is declared in, outermost first.
    var enclosing: [ImportedScope] = []
    /// The Swift type's path where it is not the `.tiprules` name (`TaggingTips.Date`), set by the merge.
    var swiftName: String?
    var rules: [ImportedRule] = []
    /// Option entries as `.tiprules` text (`Tips.MaxDisplayCount(5)`).
    var options: [String] = []
    var actions: [ImportedAction] = []
    var span: SourceSpan

    /// Whether any member was read (an extension with none is not about a tip).
    var declaresSomething: Bool {
        id != nil || idReference != nil || title != nil || message != nil || image != nil || !textReferences.isEmpty
            || !swiftTexts.isEmpty || !supplied.isEmpty || !rules.isEmpty || !options.isEmpty || !actions.isEmpty
    }
}

extension ImportedTip {
    /// `title` or `message`.
    func text(_ property: String) -> String? {
        property == "title" ? title : message
    }

    mutating func setText(_ property: String, _ value: String?) {
        if property == "title" { title = value } else { message = value }
    }
}

/// `extension Name { … }` members of a tip, and what reading them reported.
struct ImportedTipExtension {
    var members: ImportedTip
    var diagnostics: [Diagnostic]
    /// The protocols the type declares it conforms to here (`struct WelcomeTip: MascotTip`).
    var conformances: [String] = []
    /// The types that enclose the declaration, outermost first.
    var enclosing: [ImportedScope] = []
}

/// `Action(id: "…", title: "…")`.
struct ImportedAction {
    var id: String
    var title: String
    /// `Action(id: ActionID.learnMore.rawValue, …)`: the id's constant, looked up by the merge
    /// (an enum's raw value is one), with the action as written and where.
    var idReference: (constant: ImportedString, written: String, span: SourceSpan)? = nil
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

/// A rule input: `Self.$name` (a parameter) or `Self.name` (an event), or through another type.
struct ImportedRuleInput {
    var name: String
    var isParameter: Bool
    var span: SourceSpan
    /// The type written before the name (`Self`, `VPNTip`, `SharedTipInputs`), if any.
    var qualifier: String?
    /// The input as `.tiprules` writes it, once the merge has resolved what it names.
    var text: String = ""

    /// The input as Swift wrote it, for messages.
    var written: String { (qualifier.map { $0 + "." } ?? "") + (isParameter ? "$" : "") + name }
}

/// `TipGroup(.ordered) { A(); B() }`, named after where it is kept.
struct ImportedGroup {
    var name: String
    /// The innermost type where the group is kept (a view), which names it when names collide.
    var owner: String?
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
