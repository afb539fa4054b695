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

    /// How much of a long line is shown around a span, in bytes (about as many columns).
    static let excerptBefore = 80
    static let excerptWidth = 200

    /// The source line of the start of `span`, framed by gutters, and the underline. A long line
    /// is cut to an excerpt around the span, with `…` where text is left out.
    private func snippet(_ file: SourceFile, _ span: SourceSpan, severity: Severity, gutterWidth: Int) -> [String] {
        let start = file.location(of: span.start)
        let lineIndex = start.line - 1
        let hasLine = lineIndex >= 0 && lineIndex < file.lineStarts.count
        let lineStart = hasLine ? file.lineStarts[lineIndex] : file.bytes.count
        let lineEnd = hasLine ? file.lineEnd(ofLineIndex: lineIndex) : file.bytes.count
        let spanStart = min(max(span.start, lineStart), lineEnd)
        let spanEnd = min(max(span.end, spanStart), lineEnd)
        let excerptStart = max(lineStart, spanStart - Self.excerptBefore)
        let excerptEnd = min(lineEnd, excerptStart + Self.excerptWidth)
        let line = DisplayLine(file, from: excerptStart, to: excerptEnd, lineStart: lineStart, lineEnd: lineEnd)
        let caretStart = line.offset(atByte: spanStart)
        let caretWidth = max(1, line.offset(atByte: min(spanEnd, excerptEnd)) - caretStart)
        let end = file.location(of: span.end)
        let continues = end.line > start.line + 1 || (end.line == start.line + 1 && end.column > 1)
            || (span.end > excerptEnd && excerptEnd < lineEnd)
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

/// An excerpt of a source line prepared for display, with the display offset of each column.
///
/// A column is what `SourceFile.location(of:)` counts: a Unicode scalar, or
/// one invalid byte with the continuation bytes that follow it. Tabs become
/// four spaces; control, bidirectional-override and invalid characters
/// become U+FFFD, so nothing in the source can move the terminal's cursor.
/// Text left out before or after the excerpt is shown as `…`.
private struct DisplayLine {
    /// The text to print.
    private(set) var text = ""
    /// `offsets[i]` is where column `i` of the excerpt starts on screen; the last entry is the end.
    private var offsets: [Int] = []
    /// `byteStarts[i]` is the byte offset in the file where column `i` of the excerpt starts.
    private var byteStarts: [Int] = []

    /// The bytes `from..<to` of the line `lineStart..<lineEnd`.
    init(_ file: SourceFile, from: Int, to: Int, lineStart: Int, lineEnd: Int) {
        var unitStart = from
        // Start on a whole column: skip continuation bytes of a character cut by the excerpt.
        while unitStart > lineStart && unitStart < to && file.bytes[unitStart] & 0b1100_0000 == 0b1000_0000 { unitStart += 1 }
        if unitStart > lineStart { text = "…" }
        offsets = [text.unicodeScalars.count]
        while unitStart < to {
            var unitEnd = unitStart + 1
            while unitEnd < lineEnd && file.bytes[unitEnd] & 0b1100_0000 == 0b1000_0000 { unitEnd += 1 }
            byteStarts.append(unitStart)
            append(String(decoding: file.bytes[unitStart..<unitEnd], as: UTF8.self).unicodeScalars)
            unitStart = unitEnd
        }
        byteStarts.append(unitStart)
        if unitStart < lineEnd { text += "…" }
    }

    /// The display offset of the column that holds byte `byte` (the end of the excerpt past it).
    func offset(atByte byte: Int) -> Int {
        var low = 0
        var high = byteStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if byteStarts[middle] <= byte { low = middle } else { high = middle - 1 }
        }
        return offsets[min(low, offsets.count - 1)]
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
