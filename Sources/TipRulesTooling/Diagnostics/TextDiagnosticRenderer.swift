import TipRulesCompiler

/// Renders diagnostics as text for people, in the style of rustc and swiftc:
///
/// ```
/// app.tiprules:12:30: error[TR0201]: cannot compare 'Bool' with 'Int'
///    |
/// 12 |     #Rule(Self.$isLoggedIn) { $0 == 1 }
///    |                               ^^^^^^^
///    = note: a note without a place
///    = help: replace with 'true'
/// app.tiprules:3:5: note: a note with a place
///    |
///  3 |     var isLoggedIn: Bool = false
///    |     ^^^
/// ```
///
/// Notes without a span and fix-its (`help:`) follow the snippet; notes with a
/// span follow as their own header and snippet. A span that crosses lines is
/// underlined to the end of its first line and marked `...`. Tabs show as four
/// spaces; control and bidirectional-override characters show as U+FFFD.
public struct TextDiagnosticRenderer: Sendable {
    /// Whether to use ANSI colours: bold red errors, yellow warnings, cyan notes.
    public var colored: Bool

    /// A renderer that colours its output when `colored` is true.
    public init(colored: Bool = false) {
        self.colored = colored
    }

    /// Whether diagnostics written to a stream should be coloured: only on a
    /// terminal, never when `NO_COLOR` is set to a non-empty value
    /// (https://no-color.org) or `TERM` is `dumb`.
    public static func shouldColor(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// The diagnostics of `file`, in the order given, separated by blank lines;
    /// empty when there are none.
    public func render(_ diagnostics: [Diagnostic], in file: SourceFile) -> String {
        diagnostics.map { render($0, in: file) }.joined(separator: "\n")
    }

    /// One diagnostic: its header, snippet, notes and fix-its, ending with a newline.
    public func render(_ diagnostic: Diagnostic, in file: SourceFile) -> String {
        let placedNotes = diagnostic.notes.compactMap { note in note.span.map { (note.message, $0) } }
        let shownLines = ([diagnostic.span] + placedNotes.map(\.1)).map { file.location(of: $0.start).line }
        let gutterWidth = String(shownLines.max() ?? 1).count
        var lines = [header(file, diagnostic.span, label: severityLabel(diagnostic), diagnostic.message)]
        lines += snippet(file, diagnostic.span, severity: diagnostic.severity, gutterWidth: gutterWidth)
        let gutterPad = String(repeating: " ", count: gutterWidth)
        for note in diagnostic.notes where note.span == nil {
            lines.append(gutterPad + " = " + paint("note", Style.note) + ": " + note.message)
        }
        for fix in diagnostic.fixes {
            lines.append(gutterPad + " = " + paint("help", Style.help) + ": " + fix.message)
        }
        for (message, span) in placedNotes {
            lines.append(header(file, span, label: paint("note", Style.note), message))
            lines += snippet(file, span, severity: .note, gutterWidth: gutterWidth)
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The closing summary for all diagnostics printed, e.g. `1 error, 2 warnings generated.`;
    /// `nil` when there are neither errors nor warnings.
    public static func summary(of diagnostics: [Diagnostic]) -> String? {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        var parts: [String] = []
        if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(errors) errors") }
        if warnings > 0 { parts.append(warnings == 1 ? "1 warning" : "\(warnings) warnings") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ") + " generated."
    }

    // MARK: Parts

    /// `FILE:LINE:COLUMN: label: message`.
    private func header(_ file: SourceFile, _ span: SourceSpan, label: String, _ message: String) -> String {
        let location = file.location(of: span.start)
        return paint("\(file.name):\(location.line):\(location.column):", Style.bold) + " " + label
            + paint(": " + message, Style.bold)
    }

    /// `error[TR0201]`, `warning[TR0501]` or `note[…]`, coloured by severity.
    private func severityLabel(_ diagnostic: Diagnostic) -> String {
        paint("\(diagnostic.severity.rawValue)[\(diagnostic.code.code)]", Style.color(of: diagnostic.severity))
    }

    /// The source line of the start of `span`, framed by gutters, and the underline.
    private func snippet(_ file: SourceFile, _ span: SourceSpan, severity: Severity, gutterWidth: Int) -> [String] {
        let start = file.location(of: span.start)
        let end = file.location(of: span.end)
        let line = DisplayLine(file, lineIndex: start.line - 1)
        let firstUnit = min(max(start.column - 1, 0), line.unitCount)
        let endUnit = end.line == start.line ? min(max(end.column - 1, firstUnit), line.unitCount) : line.unitCount
        let continues = end.line > start.line + 1 || (end.line == start.line + 1 && end.column > 1)
        let caretStart = line.offsets[firstUnit]
        let caretWidth = max(1, line.offsets[endUnit] - caretStart)
        let carets = String(repeating: "^", count: caretWidth) + (continues ? "..." : "")
        let number = String(start.line)
        let emptyGutter = paint(String(repeating: " ", count: gutterWidth) + " |", Style.gutter)
        let numberGutter = paint(String(repeating: " ", count: max(0, gutterWidth - number.count)) + number + " |",
                                 Style.gutter)
        return [
            emptyGutter,
            numberGutter + (line.text.isEmpty ? "" : " " + line.text),
            emptyGutter + " " + String(repeating: " ", count: caretStart) + paint(carets, Style.color(of: severity)),
        ]
    }

    private func paint(_ text: String, _ style: String) -> String {
        colored ? style + text + Style.reset : text
    }
}

/// ANSI escape sequences for the coloured output.
private enum Style {
    static let reset = "\u{1B}[0m"
    static let bold = "\u{1B}[1m"
    static let gutter = "\u{1B}[1;34m"
    static let note = "\u{1B}[1;36m"
    static let help = "\u{1B}[1;32m"

    static func color(of severity: Severity) -> String {
        switch severity {
        case .error: return "\u{1B}[1;31m"
        case .warning: return "\u{1B}[1;33m"
        case .note: return note
        }
    }
}

/// A source line prepared for display, with the display offset of each column.
///
/// A column is what `SourceFile.location(of:)` counts: a Unicode scalar, or
/// one invalid byte with the continuation bytes that follow it. Tabs become
/// four spaces; control, bidirectional-override and invalid characters
/// become U+FFFD, so nothing in the source can move the terminal's cursor.
private struct DisplayLine {
    /// The text to print.
    private(set) var text = ""
    /// `offsets[i]` is where column `i + 1` starts on screen; the last entry is the width.
    private(set) var offsets = [0]

    /// The number of columns in the line.
    var unitCount: Int { offsets.count - 1 }

    init(_ file: SourceFile, lineIndex: Int) {
        guard lineIndex >= 0 && lineIndex < file.lineStarts.count else { return }
        let start = file.lineStarts[lineIndex]
        let end = file.lineEnd(ofLineIndex: lineIndex)
        var unitStart = start
        while unitStart < end {
            var unitEnd = unitStart + 1
            while unitEnd < end && file.bytes[unitEnd] & 0b1100_0000 == 0b1000_0000 { unitEnd += 1 }
            append(String(decoding: file.bytes[unitStart..<unitEnd], as: UTF8.self).unicodeScalars)
            unitStart = unitEnd
        }
    }

    private mutating func append(_ scalars: String.UnicodeScalarView) {
        let shown: String
        if scalars.first == "\t" {
            shown = "    "
        } else if scalars.count == 1, let scalar = scalars.first,
                  scalar.properties.generalCategory != .control, !scalar.properties.isBidiControl {
            shown = String(scalar)
        } else {
            shown = "\u{FFFD}"
        }
        text += shown
        offsets.append(offsets[offsets.count - 1] + shown.unicodeScalars.count)
    }
}
