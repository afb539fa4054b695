import TipRulesRuntime

/// Name resolution and type checking: turns a parsed file into a `CheckedProgram`,
/// reporting every problem it finds. Declarations are checked in
/// `Checker+Declarations.swift`, expressions in `Checker+Expressions.swift`,
/// operators in `Checker+Operators.swift` and members in `Checker+Members.swift`.
public struct Checker {
    let source: SourceFile
    var diagnostics: [Diagnostic] = []
    var symbols = SymbolTable()
    /// Event names by index, for type spellings in messages.
    var eventNames: [String] = []
    var events: [EventInfo] = []
    var parameters: [ParameterInfo] = []
    /// Names whose declaration had an error; uses of them are not reported again.
    var unusableNames: Set<String> = []
    /// The type of every expression and the referent of every name, recorded as checking goes.
    var model = SemanticModel()
    /// The type an expression that just failed would have had, when its failure does not
    /// decide it (a `filter` whose closure has an error); the model records it.
    var recoveredType: ValueType?
    /// When set, only the tip, group or widget holding this offset is checked (every parameter and event still is).
    var focus: Int?

    init(source: SourceFile) {
        self.source = source
    }

    /// Checks a parsed file. The program holds every declaration that checked: with errors it is
    /// incomplete, fit for the optimizer's diagnostics but not for code generation; the model is
    /// there either way. With `focus`, only the tip, group or widget holding that offset is
    /// checked, for an editor request about one place; the program is then incomplete too.
    public static func check(_ file: FileSyntax, source: SourceFile, focus: Int? = nil)
        -> (program: CheckedProgram, diagnostics: [Diagnostic], model: SemanticModel) {
        var checker = Checker(source: source)
        checker.focus = focus
        let program = checker.checkFile(file)
        checker.model.eventNames = checker.eventNames
        return (program, checker.diagnostics, checker.model)
    }

    func line(of span: SourceSpan) -> Int { source.line(of: span.start) }

    mutating func report(_ code: DiagnosticCode, _ message: String, at span: SourceSpan, severity: Severity? = nil,
                         notes: [DiagnosticNote] = [], fixes: [FixIt] = []) {
        diagnostics.append(Diagnostic(code, message, at: span, severity: severity, notes: notes, fixes: fixes))
    }

    /// How a type is spelled in messages.
    func spell(_ type: ValueType) -> String { type.spelled(eventNames: eventNames) }

    /// Whether a tip, group or widget at `span` is to be checked.
    func isInFocus(_ span: SourceSpan) -> Bool {
        focus.map { span.start <= $0 && $0 <= span.end } ?? true
    }

    /// The source text of a span.
    func text(_ span: SourceSpan) -> String { source.text(of: span) }
}

/// What one name in the file's namespace declares.
enum Symbol: Equatable {
    case parameter(Int), event(Int), tip(Int), group(Int), widget(Int)

    var kindName: String {
        switch self {
        case .parameter: return "parameter"
        case .event: return "event"
        case .tip: return "tip"
        case .group: return "group"
        case .widget: return "widget"
        }
    }

    /// The semantic model's name for the declaration.
    var referent: Referent {
        switch self {
        case .parameter(let index): return .parameter(index)
        case .event(let index): return .event(index)
        case .tip(let index): return .tip(index)
        case .group(let index): return .group(index)
        case .widget(let index): return .widget(index)
        }
    }
}

/// The file's one namespace of parameters, events, tips, groups and widgets.
struct SymbolTable {
    private(set) var symbols: [String: (symbol: Symbol, span: SourceSpan)] = [:]

    /// Declares a name; returns the earlier declaration's span if the name is taken.
    mutating func declare(_ name: String, as symbol: Symbol, at span: SourceSpan) -> SourceSpan? {
        if let existing = symbols[name] { return existing.span }
        symbols[name] = (symbol, span)
        return nil
    }

    func lookup(_ name: String) -> Symbol? { symbols[name]?.symbol }

    /// What the name `name` refers to, if it is declared.
    func referent(_ name: String) -> Referent? { lookup(name)?.referent }

    /// Names of declared symbols matching `filter`, for "did you mean".
    func names(where filter: (Symbol) -> Bool) -> [String] {
        symbols.filter { filter($0.value.symbol) }.map(\.key).sorted()
    }
}

/// What names mean where an expression is checked.
struct Scope {
    /// What a rule binds `$0`, `$1` … to; nil outside `#Rule`.
    var inputs: [RuleInput]?
    /// How many closures enclose the expression; inside one, `$0` is its donation.
    var closureEvents: [Int] = []
    /// How many optional chains enclose the expression.
    var chainDepth = 0
    /// Widget `let` names visible here, with their index, type and the span of their name.
    var locals: [String: (index: Int, type: ValueType, declaration: SourceSpan)] = [:]
    /// `let` names whose value had an error; uses of them are not reported again.
    var unusable: Set<String> = []
    /// The group a `rollout` without `group:` uses: the enclosing tip's id or widget's name.
    var rolloutGroup: String?
    /// The enclosing tip's name: a plain name there means the tip's own `OWNER.NAME` first.
    var owner: String?
}

extension Checker {
    /// `OWNER.NAME` when `owner` declares a parameter or event called `name`, else `name`: inside
    /// a tip, `Self.$x` is the tip's own `x` first, as Swift looks in the type before outside it.
    func ownMember(_ name: String, of owner: String?) -> String {
        guard let owner, symbols.lookup("\(owner).\(name)") != nil else { return name }
        return "\(owner).\(name)"
    }
}
