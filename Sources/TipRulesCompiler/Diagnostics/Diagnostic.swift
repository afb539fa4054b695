/// How serious a diagnostic is.
public enum Severity: String, Sendable, Comparable {
    case error, warning, note

    private var rank: Int {
        switch self {
        case .error: return 0
        case .warning: return 1
        case .note: return 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// One replacement of source text: the bytes of `span` become `newText`.
public struct TextEdit: Hashable, Sendable {
    public var span: SourceSpan
    public var newText: String

    public init(span: SourceSpan, newText: String) {
        self.span = span
        self.newText = newText
    }
}

/// Whether a fix-it can change what a program means (rustc's `Applicability`). `check --fix`
/// applies only the machine-applicable ones unless asked for the others.
public enum FixApplicability: String, Hashable, Sendable {
    /// The fixed program means what the source meant: a renamed spelling, punctuation, a
    /// conversion that keeps the value (`Double(count)`), a repeated rule removed.
    case machineApplicable
    /// The fix is a guess or changes a value: a name spelled nearly alike, a number truncated, a
    /// default or a placeholder chosen, a declaration removed. Review it before applying.
    case maybeIncorrect
}

/// A suggested fix: a message, the edits that apply it, and whether applying it is safe.
public struct FixIt: Hashable, Sendable {
    public var message: String
    public var edits: [TextEdit]
    public var applicability: FixApplicability

    public init(_ message: String, edits: [TextEdit], applicability: FixApplicability) {
        self.message = DiagnosticText.shortened(message)
        self.edits = edits
        self.applicability = applicability
    }

    /// A fix that replaces one span.
    public static func replace(_ span: SourceSpan, with text: String, _ message: String,
                               applicability: FixApplicability) -> FixIt {
        FixIt(message, edits: [TextEdit(span: span, newText: text)], applicability: applicability)
    }
}

/// Extra information attached to a diagnostic, optionally pointing at another place.
public struct DiagnosticNote: Hashable, Sendable {
    public var message: String
    public var span: SourceSpan?

    public init(_ message: String, at span: SourceSpan? = nil) {
        self.message = DiagnosticText.shortened(message)
        self.span = span
    }
}

/// A problem found in a source file: a stable code, a primary span, notes and fix-its.
public struct Diagnostic: Hashable, Sendable {
    public var code: DiagnosticCode
    public var severity: Severity
    public var message: String
    public var span: SourceSpan
    public var notes: [DiagnosticNote]
    public var fixes: [FixIt]

    public init(_ code: DiagnosticCode, _ message: String, at span: SourceSpan,
                severity: Severity? = nil, notes: [DiagnosticNote] = [], fixes: [FixIt] = []) {
        self.code = code
        self.severity = severity ?? code.defaultSeverity
        self.message = DiagnosticText.shortened(message)
        self.span = span
        self.notes = notes
        self.fixes = fixes
    }
}

/// The diagnostics of one file, in source order.
public struct DiagnosticList: Sendable {
    public private(set) var items: [Diagnostic] = []

    /// The most diagnostics one file keeps, whatever its content; the text format shows fewer
    /// (`--error-limit`). Past it, further diagnostics are dropped, so time and memory stay
    /// bounded for any input.
    public static let maximumCount = 1000

    public init() {}

    public mutating func add(_ diagnostic: Diagnostic) {
        if items.count < Self.maximumCount { items.append(diagnostic) }
    }

    public mutating func add(_ code: DiagnosticCode, _ message: String, at span: SourceSpan,
                             notes: [DiagnosticNote] = [], fixes: [FixIt] = []) {
        add(Diagnostic(code, message, at: span, notes: notes, fixes: fixes))
    }

    public mutating func append(contentsOf other: [Diagnostic]) {
        for diagnostic in other { add(diagnostic) }
    }

    public var hasErrors: Bool { items.contains { $0.severity == .error } }

    /// The diagnostics sorted by position, then by code, with exact duplicates removed.
    public var sorted: [Diagnostic] {
        var seen = Set<Diagnostic>()
        return items.enumerated()
            .sorted { ($0.element.span.start, $0.offset) < ($1.element.span.start, $1.offset) }
            .map(\.element)
            .filter { seen.insert($0).inserted }
    }
}

/// Keeps messages readable whatever the source holds: a message that quotes a huge name or
/// literal keeps its start and end, with `…` in place of the middle.
enum DiagnosticText {
    static let maximumLength = 240

    static func shortened(_ message: String) -> String {
        guard message.utf8.count > maximumLength else { return message }
        let characters = Array(message)
        guard characters.count > maximumLength else { return message }
        let tail = 60
        return String(characters[..<(maximumLength - tail)]) + "…" + String(characters[(characters.count - tail)...])
    }
}
