import TipRulesCompiler

/// A tip's text or image that the app's own Swift makes (`Text(L10n.Tips.sidebar)`,
/// `Text(NSLocalizedString("k", value: "v", comment: "…"))`, `#if` branches, `Image("hero")`):
/// kept as the app wrote it, for `title: swift("…", key: "…", defaultValue: "…")`.
extension TipKitRecognizer {
    /// The names a type's body declares at its top level (`let model`, `static let body`,
    /// `func label()`): Swift that reads them cannot be written outside the app's own struct.
    func memberNames(body open: Int, close: Int) -> Set<String> {
        var names: Set<String> = []
        var index = open + 1
        while index < close {
            let end = stream.statementEnd(from: index, to: close)
            if let keyword = (index..<end).first(where: { ["var", "let", "func"].contains(where: tokens[$0].isWord) }),
               let name = stream[keyword + 1], name.kind == .identifier {
                names.insert(name.text)
            }
            index = max(end, index + 1)
        }
        return names
    }

    /// The text or image of `range` as the app's Swift, with the localization key and default
    /// value its call names; nil when the code reads one of the tip's own `members`
    /// (`Text(model.title)`), which the struct emit-swift writes does not have.
    func appText(_ range: Range<Int>, property: String, members: Set<String>) -> SwiftText? {
        guard !range.isEmpty, !readsMembers(range, members) else { return nil }
        let called = platformBranch(range)
        let named = property == "image" ? (imageName(called), nil) : localization(called)
        return SwiftText(code: swiftCode(range), key: named.0, defaultValue: named.1)
    }

    /// Whether the code names one of `members` unqualified or through `self`/`Self`, also in a
    /// string's interpolations (`"Welcome back, \(name)"`).
    private func readsMembers(_ range: Range<Int>, _ members: Set<String>) -> Bool {
        Self.readsMembers(Array(tokens[range]), members, depth: 0)
    }

    private static func readsMembers(_ tokens: [SwiftToken], _ members: Set<String>, depth: Int) -> Bool {
        tokens.indices.contains { index in
            let token = tokens[index]
            if token.kind == .string, token.stringValue == nil, depth < 4 {
                return interpolations(token.text).contains { readsMembers(SwiftLexer.tokenize(Array($0.utf8)).tokens, members, depth: depth + 1) }
            }
            guard token.kind == .identifier, members.contains(token.text), index + 1 == tokens.count || !tokens[index + 1].isSymbol(":") else { return false }
            guard index > 0, tokens[index - 1].isSymbol(".") else { return true }
            return index >= 2 && (tokens[index - 2].isWord("self") || tokens[index - 2].isWord("Self"))
        }
    }

    /// The code inside each `\(…)` of a string literal's text.
    private static func interpolations(_ literal: String) -> [String] {
        let scalars = Array(literal.unicodeScalars)
        var found: [String] = []
        var index = 0
        while index + 1 < scalars.count {
            guard scalars[index] == "\\", scalars[index + 1] == "(" else { index += scalars[index] == "\\" ? 2 : 1; continue }
            var depth = 1
            var end = index + 2
            while end < scalars.count, depth > 0 {
                if scalars[end] == "(" { depth += 1 } else if scalars[end] == ")" { depth -= 1 }
                end += 1
            }
            var code = String.UnicodeScalarView()
            code.append(contentsOf: scalars[(index + 2)..<max(index + 2, end - 1)])
            found.append(String(code))
            index = end
        }
        return found
    }

    /// The code of `range` as written, its lines after the first moved left as far as the
    /// first line's column allows (so a getter's body reads as it did in the getter).
    private func swiftCode(_ range: Range<Int>) -> String {
        let bytes = file.source.bytes
        let start = tokens[range.lowerBound].start
        var column = 0
        while start - column > 0, bytes[start - column - 1] != UInt8(ascii: "\n") { column += 1 }
        let lines = text(range.lowerBound, range.upperBound).split(separator: "\n", omittingEmptySubsequences: false)
        let indents = lines.dropFirst().filter { $0.contains { !$0.isWhitespace } }.map { $0.prefix { $0 == " " || $0 == "\t" }.count }
        let indent = min(column, indents.min() ?? column)
        let moved = lines.enumerated().map { offset, line -> String in
            let trimmed = offset == 0 ? line : line.dropFirst(min(indent, line.prefix { $0 == " " || $0 == "\t" }.count))
            var text = String(trimmed)
            while text.last?.isWhitespace == true { text.removeLast() }
            return text
        }
        return moved.joined(separator: "\n")
    }

    /// The `#else` branch of a getter written as `#if … #else … #endif` (what the program's
    /// own runtime, on no Apple platform, stands for), else the whole range.
    private func platformBranch(_ range: Range<Int>) -> Range<Int> {
        guard tokens[range.lowerBound].kind == .pound, tokens[range.lowerBound].text == "#if",
              let otherwise = range.last(where: { tokens[$0].kind == .pound && tokens[$0].text == "#else" }),
              let end = range.last(where: { tokens[$0].kind == .pound && tokens[$0].text == "#endif" }), otherwise < end else { return range }
        return otherwise + 1..<end
    }

    /// The key and default value a text's call names: `Text("k")`, `NSLocalizedString("k",
    /// value: "v", comment: …)`, `String(localized: "k", defaultValue: "v")`,
    /// `LocalizedStringResource("k", defaultValue: "v")`, in `Text(…)` or `.init(…)` or alone.
    func localization(_ range: Range<Int>) -> (String?, String?) {
        var value = valueRange(range)
        if let inner = call(value, named: ["Text", "init"]), let first = split(inner).first, !first.isEmpty { value = first }
        if value.count == 1, let key = tokens[value.lowerBound].stringValue { return (key, nil) }
        guard let arguments = call(value, named: ["NSLocalizedString", "String", "LocalizedStringResource"]).map({ split($0) }),
              let first = arguments.first else { return (helperKey(value), nil) }
        let keyArgument = tokens[value.lowerBound].isWord("String") ? labeled(first, "localized") : first
        let defaultValue = arguments.dropFirst().lazy.compactMap { self.labeled($0, "value") ?? self.labeled($0, "defaultValue") }.first
        return (keyArgument.flatMap(literal), defaultValue.flatMap(literal))
    }

    /// The key given to the app's own localization helper, `L10n.t("k")`, `tr("k")`: a name,
    /// or names joined by `.`, called with one string literal.
    private func helperKey(_ range: Range<Int>) -> String? {
        guard let open = range.first(where: { tokens[$0].isSymbol("(") }), open > range.lowerBound,
              (range.lowerBound..<open).allSatisfy({ ($0 - range.lowerBound) % 2 == 0 ? tokens[$0].kind == .identifier : tokens[$0].isSymbol(".") }),
              (open - range.lowerBound) % 2 == 1, stream.closing[open] == range.upperBound - 1 else { return nil }
        return literal(open + 1..<range.upperBound - 1)
    }

    /// The asset an image names: `Image("hero")`, `Image(decorative: "hero")`,
    /// `Image(uiImage: UIImage(named: "hero")!)`, `.init(…)` likewise.
    private func imageName(_ range: Range<Int>) -> String? {
        guard let inner = call(valueRange(range), named: ["Image", "init"]), let first = split(inner).first, !first.isEmpty else { return nil }
        if let name = literal(first) ?? labeled(first, "decorative").flatMap(literal) { return name }
        guard let wrapped = labeled(first, "uiImage") ?? labeled(first, "nsImage"),
              let named = call(wrapped.lowerBound..<(wrapped.upperBound), named: ["UIImage", "NSImage"], trailing: true),
              let argument = split(named).first else { return nil }
        return labeled(argument, "named").flatMap(literal)
    }

    /// The range without a leading `return`.
    private func valueRange(_ range: Range<Int>) -> Range<Int> {
        !range.isEmpty && tokens[range.lowerBound].isWord("return") ? range.lowerBound + 1..<range.upperBound : range
    }

    /// The arguments' range of `NAME(…)` or `.NAME(…)` filling `range` (with anything after the
    /// parenthesis when `trailing`, as `UIImage(named: "x")!`).
    private func call(_ range: Range<Int>, named names: Set<String>, trailing: Bool = false) -> Range<Int>? {
        var name = range.lowerBound
        if name < range.upperBound, tokens[name].isSymbol(".") { name += 1 }
        guard name < range.upperBound, names.contains(tokens[name].text), tokens[name].kind == .identifier,
              stream[name + 1]?.isSymbol("(") == true, let close = stream.closing[name + 1],
              close < range.upperBound, trailing || close == range.upperBound - 1 else { return nil }
        return name + 2..<close
    }

    /// The value of an argument labeled `label`.
    private func labeled(_ argument: Range<Int>, _ label: String) -> Range<Int>? {
        guard argument.count >= 3, tokens[argument.lowerBound].isWord(label), tokens[argument.lowerBound + 1].isSymbol(":") else { return nil }
        return argument.lowerBound + 2..<argument.upperBound
    }

    /// A constant string literal filling the range.
    private func literal(_ range: Range<Int>) -> String? {
        range.count == 1 ? tokens[range.lowerBound].stringValue : nil
    }
}
