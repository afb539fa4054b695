import TipRulesCompiler

/// Rewrites the tokens of a Swift expression as `.tiprules` text, keeping the source's spacing
/// and comments: what emit-swift and TipKit code write that `.tiprules` spells otherwise.
///
/// - named closure parameters (`{ isPro in isPro }`, `{ d0 in d0.minutes > 60 }`) → `$0`, `$1`;
/// - `starts(with: x)` → `hasPrefix(x)`; `Date.now` → `now`;
/// - a type qualifying a parameter or event (`SharedTipInputs.goal`) → `goal`;
/// - `.map(\.f).reduce(0, +)`, `.map(\.f).min()`, `.max()` → `.sum(of: \.f)`, `.min(of: \.f)`, `.max(of: \.f)`;
/// - `x.map { c0 in c0.f }`, `x.flatMap { $0.f }` (what emit-swift writes in a rule) → `x?.f`;
/// - `a.timeIntervalSince(b)` → `(a - b)`, `a.addingTimeInterval(b)` → `(a + b)`; in a rule only
///   `a.addingTimeInterval(-(b))` → `(a - (b))`.
struct SwiftExpressionRewriter {
    let stream: SwiftTokenStream
    let source: SourceFile
    /// Text replacing a token (an empty string drops it).
    private var replacements: [Int: String] = [:]
    /// Text written before a token.
    private var prefixes: [Int: String] = [:]
    /// Tokens whose preceding gap (spaces, comments) is dropped.
    private var dropsGap: Set<Int> = []

    /// Types that stay when they qualify a name (`Double.pi` is not an input).
    private static let keptTypes: Set<String> = ["Date", "Double", "Int", "String", "Bool", "Float", "TimeInterval", "Tips"]

    init(stream: SwiftTokenStream, source: SourceFile) {
        self.stream = stream
        self.source = source
    }

    private var tokens: [SwiftToken] { stream.tokens }

    /// The `.tiprules` text of `range`, where `closureNames` (a rule's `{ a, b in` names) are `$0`, `$1`, ….
    /// In a rule (`inRule`), `Date.now` and `addingTimeInterval(_:)` stay: `.tiprules` has both,
    /// and TipKit's rules write them so.
    mutating func rewrite(_ range: Range<Int>, closureNames: [String: Int] = [:], inRule: Bool = false) -> String {
        for index in range {
            let token = tokens[index]
            let afterDot = index > range.lowerBound && tokens[index - 1].isSymbol(".")
            if token.kind == .identifier, !afterDot, let position = closureNames[token.text] {
                replacements[index] = "$\(position)"
            }
            rewriteStartsWith(at: index)
            rewriteQualifier(at: index, afterDot: afterDot, keepsDateNow: inRule)
            rewriteAggregate(at: index)
            rewriteOptionalMap(at: index, end: range.upperBound)
            rewriteClosure(at: index, end: range.upperBound)
            rewriteDateArithmetic(at: index, in: range, onlySubtraction: inRule)
        }
        var text = ""
        for index in range {
            if index > range.lowerBound && !dropsGap.contains(index) {
                text += source.text(of: SourceSpan(start: tokens[index - 1].end, end: tokens[index].start))
            }
            text += prefixes[index] ?? ""
            text += replacements[index] ?? source.text(of: SourceSpan(start: tokens[index].start, end: tokens[index].end))
        }
        return text
    }

    private func matches(_ index: Int, _ pattern: [String]) -> Bool {
        pattern.enumerated().allSatisfy { offset, text in stream[index + offset].map { $0.text == text } ?? false }
    }

    /// Replaces the tokens at `index…` with `text`, then nothing, dropping their gaps.
    private mutating func replace(_ range: ClosedRange<Int>, with text: String) {
        replacements[range.lowerBound] = text
        for index in range.dropFirst() {
            replacements[index] = ""
            dropsGap.insert(index)
        }
    }

    /// `.starts(with: x)` → `.hasPrefix(x)`.
    private mutating func rewriteStartsWith(at index: Int) {
        guard matches(index, [".", "starts", "(", "with", ":"]) else { return }
        replacements[index + 1] = "hasPrefix"
        replace(index + 3...index + 4, with: "")
        dropsGap.insert(index + 5)
    }

    /// `SharedTipInputs.goal` → `goal`; `Date.now` → `now`.
    private mutating func rewriteQualifier(at index: Int, afterDot: Bool, keepsDateNow: Bool) {
        let token = tokens[index]
        guard token.kind == .identifier, !afterDot, token.text.first?.isUppercase == true,
              stream[index + 1]?.isSymbol(".") == true, let name = stream[index + 2], name.kind == .identifier,
              name.text.first?.isLowercase == true else { return }
        if token.text == "Date" && name.text == "now" {
            if !keepsDateNow { replace(index...index + 2, with: "now") }
        } else if !Self.keptTypes.contains(token.text) {
            replace(index...index + 1, with: "")
            dropsGap.insert(index + 2)
        }
    }

    /// `.map(\.f).reduce(0, +)` → `.sum(of: \.f)`; `.map(\.f).min()` / `.max()` → `.min(of: \.f)` / `.max(of: \.f)`.
    private mutating func rewriteAggregate(at index: Int) {
        guard matches(index, [".", "map", "(", "\\", "."]), let field = stream[index + 5], field.kind == .identifier,
              matches(index + 6, [")", "."]) else { return }
        if matches(index + 8, ["reduce", "(", "0", ",", "+", ")"]) {
            replace(index + 1...index + 13, with: "sum(of: \\.\(field.text))")
        } else if matches(index + 8, ["min", "(", ")"]) || matches(index + 8, ["max", "(", ")"]) {
            replace(index + 1...index + 10, with: "\(tokens[index + 8].text)(of: \\.\(field.text))")
        }
    }

    /// `x.map { c0 in c0.f }`, `x.flatMap { $0.f }` → `x?.f`.
    private mutating func rewriteOptionalMap(at index: Int, end: Int) {
        guard matches(index, [".", "map", "{"]) || matches(index, [".", "flatMap", "{"]),
              let close = stream.closing[index + 2], close < end, let first = stream[index + 3] else { return }
        let argumentEnd: Int
        if first.kind == .identifier, stream[index + 4]?.isWord("in") == true, stream[index + 5]?.text == first.text {
            argumentEnd = index + 5
        } else if first.text == "$0" {
            argumentEnd = index + 3
        } else {
            return
        }
        guard stream[argumentEnd + 1]?.isSymbol(".") == true else { return }
        replace(index...argumentEnd, with: "?")
        replacements[close] = ""
        dropsGap.insert(close)
    }

    /// `{ d0 in d0.minutes > 60 }` → `{ $0.minutes > 60 }` (not the `.map { c0 in c0.f }` above).
    private mutating func rewriteClosure(at index: Int, end: Int) {
        guard tokens[index].isSymbol("{"), !(index >= 1 && (tokens[index - 1].isWord("map") || tokens[index - 1].isWord("flatMap"))),
              let name = stream[index + 1], name.kind == .identifier, stream[index + 2]?.isWord("in") == true,
              let close = stream.closing[index], close < end else { return }
        replace(index + 1...index + 2, with: "")
        dropsGap.insert(index + 3)
        for position in index + 3..<close where tokens[position].kind == .identifier && tokens[position].text == name.text
            && !tokens[position - 1].isSymbol(".") {
            replacements[position] = "$0"
        }
    }

    /// `a.timeIntervalSince(b)` → `(a - b)`, `a.addingTimeInterval(b)` → `(a + b)`, `a` the postfix
    /// chain before the dot (`x.date`, `x?.date`, `f(y)`, `x.map { … }`, `( … )`). With
    /// `onlySubtraction` (in a rule, where `.tiprules` has `addingTimeInterval` as it is), only
    /// `a.addingTimeInterval(-(b))` → `(a - (b))`, which is how emit-swift writes `a - b`.
    private mutating func rewriteDateArithmetic(at index: Int, in range: Range<Int>, onlySubtraction: Bool) {
        let start = range.lowerBound
        guard tokens[index].isSymbol("."), let method = stream[index + 1],
              method.text == "timeIntervalSince" || method.text == "addingTimeInterval",
              stream[index + 2]?.isSymbol("(") == true, let close = stream.closing[index + 2], close < range.upperBound,
              index > start else { return }
        // `addingTimeInterval(-(b))`: a minus before one parenthesized group, as emit-swift writes `a - b`.
        let negated = method.text == "addingTimeInterval" && stream[index + 3]?.isSymbol("-") == true
            && stream[index + 4]?.isSymbol("(") == true && stream.closing[index + 4] == close - 1
        guard !onlySubtraction || negated else { return }
        let receiver = receiverStart(endingAt: index - 1, from: start)
        prefixes[receiver, default: ""] += "("
        if negated && onlySubtraction {
            replace(index...index + 3, with: " - ")
        } else {
            replace(index...index + 2, with: method.text == "timeIntervalSince" ? " - " : " + ")
        }
        replacements[close] = ")"
    }

    /// The first token of the postfix chain (names, `.member`, `?`, `!`, calls, subscripts,
    /// trailing closures, a parenthesized expression) that ends at `end`, not before `start`.
    private func receiverStart(endingAt end: Int, from start: Int) -> Int {
        var last = end
        while last >= start {
            let token = tokens[last]
            if token.isSymbol(")") || token.isSymbol("]") || token.isSymbol("}") {
                guard let open = opener(of: last, from: start) else { return last }
                guard open > start, isChainEnd(tokens[open - 1]) else { return open }
                last = open - 1
            } else if token.isSymbol("?") || token.isSymbol("!") {
                last -= 1
            } else if token.kind == .identifier {
                guard last - 1 > start, tokens[last - 1].isSymbol(".") else { return last }
                last -= 2
            } else {
                return last + 1
            }
        }
        return start
    }

    /// Whether a bracket after `token` is a call, subscript or trailing closure on it.
    private func isChainEnd(_ token: SwiftToken) -> Bool {
        token.kind == .identifier || token.isSymbol(")") || token.isSymbol("]") || token.isSymbol("}")
            || token.isSymbol("?") || token.isSymbol("!")
    }

    /// The opening bracket of the closer at `close`, searched back to `start` (at most 4,096
    /// tokens, so a long expression costs linear time).
    private func opener(of close: Int, from start: Int) -> Int? {
        stride(from: close - 1, through: max(start, close - 4096), by: -1).first { stream.closing[$0] == close }
    }
}
