import TipRulesCompiler
import TipRulesRuntime

/// Finds the TipKit declarations of one Swift file in its tokens: `@Parameter`s, `Tips.Event`s,
/// `Codable` DonationInfo structs, `Tip` structs, `TipGroup`s and `Tips.configure`, wherever
/// they are. One pass over the tokens, each construct read within its matched brackets, no
/// recursion: arbitrary Swift costs linear time and never fails, it only yields less.
/// Tips are in `+Tips`, rules in `+Rules`, widget relevance functions in `+Widgets`, widget
/// suggestion functions in `+Suggestions`.
struct TipKitRecognizer {
    let stream: SwiftTokenStream
    var file: ImportedFile
    /// The enclosing type declarations at the current token: name and closing-brace index.
    private var scopes: [(name: String, close: Int, kind: String)] = []
    /// While an extension is read: its diagnostics, held back until the merge knows whether it
    /// extends a tip.
    var deferred: [Diagnostic]?

    /// What `source` declares, with a diagnostic for each construct that cannot be carried over.
    static func recognize(_ source: SourceFile) -> ImportedFile {
        let (tokens, truncated) = SwiftLexer.tokenize(source.bytes)
        var recognizer = TipKitRecognizer(stream: SwiftTokenStream(tokens: tokens), file: ImportedFile(source: source))
        if truncated {
            let at = tokens.last.map { SourceSpan(start: $0.start, end: $0.end) } ?? .point(0)
            recognizer.report(.importTooLarge, "the file has more than \(SwiftLexer.maximumTokenCount) tokens; the rest is not read",
                              at: at, help: "split the file, or import only the files that declare tips")
        }
        recognizer.run()
        return recognizer.file
    }

    private init(stream: SwiftTokenStream, file: ImportedFile) {
        self.stream = stream
        self.file = file
    }

    var tokens: [SwiftToken] { stream.tokens }

    /// The types that enclose the type being read, outermost first, with whether each is an
    /// `enum` or an `extension` (the merge keeps them when they are the app's namespaces).
    var enclosingTypes: [ImportedScope] {
        scopes.dropLast().map { ImportedScope(name: $0.name, isEnum: $0.kind == "enum", isExtension: $0.kind == "extension") }
    }

    private mutating func run() {
        var index = 0
        while index < tokens.count {
            while let scope = scopes.last, index > scope.close { scopes.removeLast() }
            let token = tokens[index]
            if token.kind == .attribute && token.text == "@Parameter" {
                parameter(at: index)
            } else if token.kind == .pound && token.text == "#Preview" {
                // A preview is not the app: its tips, groups and state are the canvas's.
                index = previewEnd(at: index)
                continue
            } else if token.kind == .identifier {
                switch token.text {
                case "struct", "enum", "class", "extension", "actor", "protocol": typeDeclaration(at: index)
                case "Event": event(at: index)
                case "configure": configuration(at: index)
                case "TipGroup": group(at: index)
                case "TimelineEntryRelevance": widgetFunction(at: index)
                case "INRelevantShortcut": suggestionFunction(at: index)
                case "let": stringConstant(at: index)
                default: break
                }
            }
            index += 1
        }
    }

    /// The index after `#Preview[(…)] { … }`.
    private func previewEnd(at index: Int) -> Int {
        var cursor = index + 1
        if stream[cursor]?.isSymbol("(") == true { cursor = stream.skipGroup(at: cursor, end: tokens.count) }
        guard stream[cursor]?.isSymbol("{") == true else { return cursor }
        return stream.skipGroup(at: cursor, end: tokens.count)
    }

    // MARK: Types

    /// `struct Name: Tip, … {`, a `Codable` struct, or any other type (kept as a scope).
    private mutating func typeDeclaration(at index: Int) {
        guard var name = stream[index + 1], name.kind == .identifier,
              let open = stream.first(from: index + 2, to: min(tokens.count, index + 64), where: { $0.isSymbol("{") }),
              let close = stream.closing[open] else { return }
        // `extension PhotoTips.QuickEdit {`: the scope is the whole path, the type its last name.
        var path = [name.text]
        var cursor = index + 2
        while cursor + 1 < open, tokens[cursor].isSymbol("."), tokens[cursor + 1].kind == .identifier {
            name = tokens[cursor + 1]
            path.append(name.text)
            cursor += 2
        }
        let inheritance = tokens[cursor..<open].filter { $0.kind == .identifier }.map(\.text)
        scopes.append((path.joined(separator: "."), close, tokens[index].text))
        if tokens[index].isWord("enum") {
            file.enums.insert(name.text)
            if inheritance.first == "String" { rawValues(body: open, close: close) }
        }
        let kind = tokens[index].text
        let span = SourceSpan(start: tokens[index].start, end: name.end)
        if kind == "protocol" {
            // `protocol MascotTip: Tip`: a struct conforming to it is a tip.
            // Its body holds requirements; defaults are in `extension MascotTip { … }`.
            file.protocols.append(ImportedProtocol(name: name.text, inherits: inheritance))
            return
        }
        if kind == "extension" {
            // `extension VPNTip: Tip { … }` (often under `@available`) makes VPNTip a tip.
            if inheritance.contains("Tip") {
                tip(named: name.text, at: span, body: open, close: close)
            } else {
                tipExtension(of: name.text, at: span, body: open, close: close, conformances: inheritance)
            }
            return
        }
        guard kind == "struct" || inheritance.contains("Tip") else {
            if kind == "class" || kind == "actor" { tipExtension(of: name.text, at: span, body: open, close: close) }
            return
        }
        guard kind == "struct" else {
            if inheritance.contains("Tip") {
                report(.importTipKind, "the \(kind) '\(name.text)' conforms to Tip; a .tiprules tip is a struct's content and rules, so it is not carried over",
                       at: SourceSpan(start: tokens[index].start, end: name.end),
                       help: kind == "enum" ? "declare one struct per case (one tip each), or write one tip per case in the .tiprules file"
                           : "declare the tip as a struct, or write it in the .tiprules file")
            }
            return
        }
        if inheritance.contains("Tip") {
            tip(named: name.text, at: span, body: open, close: close)
        } else if inheritance.contains("Codable") || (inheritance.contains("Encodable") && inheritance.contains("Decodable")) {
            file.donationInfos[(scopes.map(\.name)).joined(separator: "."), default: []] = storedFields(body: open, close: close)
        } else {
            // A struct whose conformance is elsewhere (`extension X: Tip`), through a protocol of
            // the app's (`struct X: MascotTip`), or not recognized.
            tipExtension(of: name.text, at: span, body: open, close: close, conformances: inheritance)
        }
    }

    /// The `let`/`var NAME: Type` stored properties at the top level of a struct body.
    private func storedFields(body open: Int, close: Int) -> [ImportedField] {
        var fields: [ImportedField] = []
        var index = open + 1
        while index < close {
            let end = stream.statementEnd(from: index, to: close)
            if let keyword = (index..<end).first(where: { tokens[$0].isWord("let") || tokens[$0].isWord("var") }),
               let name = stream[keyword + 1], name.kind == .identifier, stream[keyword + 2]?.isSymbol(":") == true,
               !(keyword..<end).contains(where: { tokens[$0].isSymbol("{") }) {
                let typeEnd = SwiftTokenStream.range(keyword + 3, end).first { tokens[$0].isSymbol("=") } ?? end
                fields.append(ImportedField(name: name.text, type: Self.typeText(text(keyword + 3, typeEnd)),
                                            span: SourceSpan(start: name.start, end: tokens[max(typeEnd - 1, keyword)].end)))
            }
            index = max(end, index + 1)
        }
        return fields
    }

    // MARK: Parameters and events

    /// `@Parameter[(.transient)] [modifiers] var name[: Type] = value`.
    private mutating func parameter(at index: Int) {
        var cursor = index + 1
        var transient = false
        if stream[cursor]?.isSymbol("(") == true {
            let end = stream.skipGroup(at: cursor, end: tokens.count)
            transient = tokens[cursor..<end].contains { $0.isWord("transient") }
            cursor = end
        }
        while let token = stream[cursor], token.kind == .identifier, !token.isWord("var"), cursor < index + 8 { cursor += 1 }
        guard stream[cursor]?.isWord("var") == true, let name = stream[cursor + 1], name.kind == .identifier else { return }
        let end = stream.statementEnd(from: cursor, to: tokens.count)
        let span = SourceSpan(start: tokens[index].start, end: tokens[max(end - 1, cursor)].end)
        let equals = SwiftTokenStream.range(cursor + 2, end).first { tokens[$0].isSymbol("=") }
        let type = stream[cursor + 2]?.isSymbol(":") == true ? Self.typeText(text(cursor + 3, equals ?? end)) : nil
        let initializer = equals.map { text($0 + 1, end) } ?? ""
        if let dictionary = type ?? (initializer.hasPrefix("[") ? initializer : nil), Self.isDictionary(dictionary) {
            report(.importParameterType, "@Parameter '\(name.text)' is a dictionary ('\(dictionary)'), which a .tiprules parameter cannot be: its type is one value, read as a whole by the rules", at: span,
                   help: "declare one parameter per key the rules read ($0[\"sync\"] == true becomes parameter \(name.text)Sync: Bool = false, read as $0 == true), or keep this one in Swift")
            file.droppedParameters.insert(name.text)
            return
        }
        if let written = type, !Self.parameterTypes.contains(written) {
            report(.importParameterType, "@Parameter '\(name.text)' of type '\(written)' cannot be carried over", at: span,
                   help: "a .tiprules parameter is a Bool, Int, Double, String or Date; keep this one in Swift")
            file.droppedParameters.insert(name.text)
            return
        }
        guard let equals, let value = constantValue(equals + 1, end) else {
            report(.importParameterValue, "@Parameter '\(name.text)' has no constant default value", at: span,
                   help: "give it a literal default (true, 42, 0.5, \"text\", Date(timeIntervalSince1970: …)) in the .tiprules file")
            file.droppedParameters.insert(name.text)
            return
        }
        file.parameters.append(ImportedParameter(owner: owner, name: name.text, type: type ?? value.type, value: value.text,
                                                 transient: transient, span: span))
    }

    /// The type declaring a member here, as TipKit keys a parameter by it: the innermost
    /// enclosing type, nil outside any type and in `SharedTipInputs` (emit-swift's home of
    /// the parameters that belong to no tip).
    private var owner: String? {
        guard let path = scopes.last?.name, let name = path.split(separator: ".").last.map(String.init),
              name != SwiftEmitter.sharedNamespace else { return nil }
        return name
    }

    /// `Foundation.Date` → `Date`: emit-swift qualifies the type where a name hides it.
    static func typeText(_ text: String) -> String {
        text.hasPrefix("Foundation.") ? String(text.dropFirst("Foundation.".count)) : text
    }

    /// `case a = "…", b` of an `enum E: String`: each case's raw value, a constant named
    /// `E.a.rawValue` (a case without one has its name).
    private mutating func rawValues(body open: Int, close: Int) {
        let prefix = scopes.map(\.name).joined(separator: ".")
        var index = open + 1
        while index < close {
            let end = stream.statementEnd(from: index, to: close)
            if tokens[index].isWord("case") {
                for entry in split(index + 1..<end) where !entry.isEmpty && tokens[entry.lowerBound].kind == .identifier {
                    let name = tokens[entry.lowerBound].text
                    let value = entry.count == 3 && tokens[entry.lowerBound + 1].isSymbol("=") ? tokens[entry.lowerBound + 2].stringValue : (entry.count == 1 ? name : nil)
                    if let value, file.stringConstants["\(prefix).\(name).rawValue"] == nil { file.stringConstants["\(prefix).\(name).rawValue"] = value }
                }
            }
            index = max(end, index + 1)
        }
    }

    /// `[static] let NAME[: String] = "…"` on one line: a string constant that an id may name.
    private mutating func stringConstant(at index: Int) {
        guard let name = stream[index + 1], name.kind == .identifier else { return }
        var equals = index + 2
        if stream[equals]?.isSymbol(":") == true, stream[equals + 1].map({ ["String", "LocalizedStringKey"].contains($0.text) }) == true { equals += 2 }
        guard stream[equals]?.isSymbol("=") == true, let value = stream[equals + 1], value.kind == .string,
              let string = value.stringValue, stream.statementEnd(from: equals + 1, to: tokens.count) == equals + 2 else { return }
        let key = (scopes.map(\.name) + [name.text]).joined(separator: ".")
        if file.stringConstants[key] == nil { file.stringConstants[key] = string }
    }

    /// A string argument: a literal, or the name of a constant (`Self.tipID`, `Events.opened`,
    /// `tipID`); nil for anything else.
    func stringArgument(_ range: Range<Int>) -> ImportedString? {
        guard let first = stream[range.lowerBound], range.count >= 1 else { return nil }
        if range.count == 1, first.kind == .string { return first.stringValue.map(ImportedString.literal) }
        let isName = range.enumerated().allSatisfy { offset, index in
            offset % 2 == 0 ? tokens[index].kind == .identifier : tokens[index].isSymbol(".")
        }
        guard isName, range.count % 2 == 1 else { return nil }
        let span = SourceSpan(start: first.start, end: tokens[range.upperBound - 1].end)
        return .reference(range.map { tokens[$0].text }.joined(), scope: scopes.map(\.name), span: span)
    }

    /// Whether a type or value is a dictionary: `[String: Bool]`, `[String: Bool]()`, `[:]`.
    static func isDictionary(_ written: String) -> Bool {
        guard written.hasPrefix("[") else { return false }
        var depth = 0
        for character in written {
            if character == "[" || character == "(" { depth += 1 } else if character == "]" || character == ")" { depth -= 1 }
            if character == ":" && depth == 1 { return true }
        }
        return false
    }

    /// The types a `.tiprules` parameter (and event field) may have.
    static let parameterTypes: Set<String> = ["Bool", "Int", "Double", "String", "Date"]

    /// A literal default value: its `.tiprules` text and the type it implies.
    private func constantValue(_ start: Int, _ end: Int) -> (text: String, type: String)? {
        let value = Array(tokens[min(start, end)..<end])
        if value.count == 1, let token = value.first {
            if token.isWord("true") || token.isWord("false") { return (token.text, "Bool") }
            if token.kind == .number { return (token.text, token.text.contains(".") ? "Double" : "Int") }
            if token.kind == .string, let string = token.stringValue { return (ValueFormatting.quoted(string), "String") }
        }
        if value.count == 2, value[0].isSymbol("-"), value[1].kind == .number {
            return ("-" + value[1].text, value[1].text.contains(".") ? "Double" : "Int")
        }
        // `Foundation.Date(timeIntervalSince1970: …)` as emit-swift writes it where a name hides `Date`.
        let date = value.count == 8 && value[0].isWord("Foundation") && value[1].isSymbol(".") ? Array(value.dropFirst(2)) : value
        if date.count == 6, date[0].isWord("Date"), date[2].isWord("timeIntervalSince1970"), date[4].kind == .number {
            return ("Date(timeIntervalSince1970: \(date[4].text))", "Date")
        }
        return nil
    }

    /// `[static] let name[: Type] = [TipKit.][Tips.|Tip.]Event[<Info>](id: "…"[, donationLimit: Tips.DonationLimit(…)])`,
    /// the `DonationInfo` type from the initializer or the annotation (`: Tips.Event<Info>`).
    private mutating func event(at index: Int) {
        var cursor = index + 1
        var infoType: String?
        if stream[cursor]?.isSymbol("<") == true, let close = genericClose(after: cursor) {
            infoType = text(cursor + 1, close)
            cursor = close + 1
        }
        var start = index
        while start >= 2, tokens[start - 1].isSymbol("."), ["Tips", "Tip", "TipKit"].contains(tokens[start - 2].text) { start -= 2 }
        let keyword: Int
        if stream[cursor]?.isSymbol("=") == true, stream[cursor + 1]?.isSymbol(".") == true, stream[cursor + 2]?.isWord("init") == true,
           stream[cursor + 3]?.isSymbol("(") == true {
            // `let e: Tips.Event<Info> = .init(id: "…")`: the annotation names the type.
            guard start >= 3, tokens[start - 1].isSymbol(":"), tokens[start - 2].kind == .identifier,
                  tokens[start - 3].isWord("let") || tokens[start - 3].isWord("var") else { return }
            keyword = start - 3
            cursor += 3
        } else {
            guard stream[cursor]?.isSymbol("(") == true, start >= 1, tokens[start - 1].isSymbol("="),
                  let found = stride(from: start - 2, through: max(0, start - 18), by: -1).first(where: {
                      tokens[$0].isWord("let") || tokens[$0].isWord("var")
                  }),
                  SwiftTokenStream.range(found + 2, start - 1).allSatisfy({ tokens[$0].kind == .identifier || [":", ".", "<", ">"].contains(tokens[$0].text) })
            else { return }
            keyword = found
        }
        guard let close = stream.closing[cursor], let name = stream[keyword + 1], name.kind == .identifier else { return }
        if infoType == nil, stream[keyword + 2]?.isSymbol(":") == true,
           let open = SwiftTokenStream.range(keyword + 3, start - 1).first(where: { tokens[$0].isSymbol("<") }),
           let end = genericClose(after: open) {
            infoType = text(open + 1, end)
        }
        let span = SourceSpan(start: name.start, end: tokens[close].end)
        var event = ImportedEvent(name: name.text, owner: owner, infoType: infoType, scope: scopes.map(\.name), span: span)
        event.ownerIsNamespace = scopes.last?.kind == "enum"
        if let label = (cursor + 1..<close).first(where: { tokens[$0].isWord("id") && tokens[$0 + 1].isSymbol(":") }),
           let id = stream[label + 2] {
            let end = stream.first(from: label + 2, to: close) { $0.isSymbol(",") } ?? close
            event.id = stringArgument(label + 2..<end) ?? typeNameID(label + 2..<end)
            if event.id == nil {
                report(.importEventID, "the event '\(name.text)' has the id '\(text(label + 2, end))', which is neither a string literal nor a string constant; it is imported with the id '\(name.text)'",
                       at: SourceSpan(start: id.start, end: tokens[max(label + 2, end - 1)].end),
                       help: "write the id as a string literal, or as a constant declared as static let NAME = \"…\" in the imported files, so that the donations TipKit stored under it stay the event's")
            }
        }
        if let limit = (cursor + 1..<close).first(where: { tokens[$0].isWord("DonationLimit") }),
           stream[limit + 1]?.isSymbol("(") == true, let limitClose = stream.closing[limit + 1] {
            event.limit = text(limit + 2, limitClose)
        }
        file.events.append(event)
    }

    /// `String(describing: Self.self)` (or `T.self`): the name of the type, which is the string
    /// TipKit computes at run time.
    private func typeNameID(_ range: Range<Int>) -> ImportedString? {
        let written = tokens[range].map(\.text)
        guard written.count >= 8, written.prefix(4) == ["String", "(", "describing", ":"], written.suffix(3) == [".", "self", ")"] else { return nil }
        let type = Array(written[4..<(written.count - 3)])
        guard type.enumerated().allSatisfy({ $0.offset % 2 == 0 ? $0.element != "." : $0.element == "." }), let last = type.last else { return nil }
        let name = last == "Self" ? scopes.last?.name.split(separator: ".").last.map(String.init) : last
        return name.map(ImportedString.literal)
    }

    /// The `>` that closes the generic argument list opened by the `<` at `open` (a `>` may be
    /// lexed together with what follows it, as in `>(`), within a few tokens.
    private func genericClose(after open: Int) -> Int? {
        (open + 1..<min(tokens.count, open + 16)).first { tokens[$0].text.hasPrefix(">") }
    }

    // MARK: Configuration, groups, widgets

    /// `[try[?]] Tips.configure([.displayFrequency(.daily), …])`, also with the options' full names
    /// (`Tips.ConfigurationOption.displayFrequency(…)`) or the first beta's builder
    /// (`Tips.configure { DisplayFrequency(.daily) … }`).
    private mutating func configuration(at index: Int) {
        guard index >= 2, tokens[index - 1].isSymbol("."), tokens[index - 2].isWord("Tips"),
              let open = stream[index + 1], open.isSymbol("(") || open.isSymbol("{"),
              let close = stream.closing[index + 1] else { return }
        var entries = index + 2..<close
        if open.isSymbol("("), stream[entries.lowerBound]?.isSymbol("[") == true, let end = stream.closing[entries.lowerBound] {
            entries = entries.lowerBound + 1..<end
        }
        for entry in split(entries, atLineStarts: open.isSymbol("{")) where !entry.isEmpty {
            let span = SourceSpan(start: tokens[entry.lowerBound].start, end: tokens[entry.upperBound - 1].end)
            let entryText = text(entry.lowerBound, entry.upperBound)
            let plain = optionText(entry)
            let frequency = ["immediate", "hourly", "daily", "weekly", "monthly"].first {
                plain == ".displayFrequency(.\($0))" || plain == "DisplayFrequency(.\($0))"
            }
            // TipKit's own default store: nothing to carry over, nothing lost.
            if plain == ".datastoreLocation(.applicationDefault)" { continue }
            guard let frequency else {
                report(.importConfiguration, "the configuration '\(entryText)' is not carried over", at: span,
                       help: ".tiprules configures only displayFrequency(.immediate | .hourly | .daily | .weekly | .monthly); keep the rest in the app's Tips.configure call")
                continue
            }
            if file.displayFrequency != nil {
                report(.importDuplicate, "a second display frequency is not carried over", at: span,
                       help: "configure TipKit once; keep the frequency the app uses")
            } else {
                file.displayFrequency = ImportedItem(value: "." + frequency, span: span)
            }
        }
    }

    /// A configuration entry's tokens without the qualifiers `Tips.ConfigurationOption.` and the
    /// `DisplayFrequency` of `(DisplayFrequency.daily)`.
    private func optionText(_ entry: Range<Int>) -> String {
        var parts: [String] = []
        var index = entry.lowerBound
        while index < entry.upperBound {
            let token = tokens[index]
            let dotFollows = stream[index + 1]?.isSymbol(".") == true
            if dotFollows && (token.isWord("Tips") || token.isWord("ConfigurationOption")) {
                index += 2
                continue
            }
            if dotFollows && token.isWord("DisplayFrequency") && index > entry.lowerBound && tokens[index - 1].isSymbol("(") {
                index += 1
                continue
            }
            parts.append(token.text)
            index += 1
        }
        return parts.joined()
    }

    /// `TipGroup[(.ordered)] { A(); B() }`, named after the function or property that holds it.
    private mutating func group(at index: Int) {
        // `-> TipGroup {` and `: TipGroup` name the type, not a group.
        guard index == 0 || !(tokens[index - 1].isSymbol("->") || tokens[index - 1].isSymbol(":")) else { return }
        var cursor = index + 1
        var kind: String?
        if stream[cursor]?.isSymbol("(") == true, let close = stream.closing[cursor] {
            let argument = text(cursor + 1, close)
            kind = argument == ".ordered" || argument == ".firstAvailable" ? argument : nil
            cursor = close + 1
        }
        guard stream[cursor]?.isSymbol("{") == true, let close = stream.closing[cursor] else { return }
        let span = SourceSpan(start: tokens[index].start, end: tokens[close].end)
        var members: [ImportedItem<String>] = []
        for member in entries(in: cursor + 1..<close) {
            let memberSpan = SourceSpan(start: tokens[member.lowerBound].start, end: tokens[member.upperBound - 1].end)
            if let tip = groupMember(member, at: index) {
                members.append(ImportedItem(value: tip, span: memberSpan))
            } else {
                report(.importGroupMember, "the group member '\(text(member.lowerBound, member.upperBound))' is not a tip's initializer",
                       at: memberSpan, help: "write the member as TipName() in the TipGroup, or add the tip by name in the .tiprules group")
            }
        }
        file.groups.append(ImportedGroup(name: groupName(before: index), owner: owner, kind: kind, members: members, span: span))
    }

    /// The tip a group member makes: `Name(…)` or `Namespace.Name(…)`, or a parameter of the
    /// factory function the group is in (`func makeG(popoverTip: PopoverTip)`, as emit-swift
    /// writes it for a tip whose texts the app supplies).
    private func groupMember(_ member: Range<Int>, at group: Int) -> String? {
        var name = member.lowerBound
        guard tokens[name].kind == .identifier else { return nil }
        if member.count == 1 {
            let signature = stride(from: group - 1, through: max(0, group - 48), by: -1)
            guard let label = signature.first(where: { tokens[$0].isWord(tokens[name].text) && stream[$0 + 1]?.isSymbol(":") == true }),
                  signature.contains(where: { tokens[$0].isWord("func") && $0 < label }) else { return nil }
            var type = label + 2
            while stream[type + 1]?.isSymbol(".") == true, stream[type + 2]?.kind == .identifier { type += 2 }
            return stream[type]?.kind == .identifier ? tokens[type].text : nil
        }
        while name + 2 < member.upperBound, tokens[name + 1].isSymbol("."), tokens[name + 2].kind == .identifier { name += 2 }
        guard stream[name + 1]?.isSymbol("(") == true, stream.skipGroup(at: name + 1, end: member.upperBound) == member.upperBound else { return nil }
        return tokens[name].text
    }

    /// `makeOnboarding()` → `Onboarding`, `@State var tips = TipGroup(…)` and `var tips: TipGroup
    /// { TipGroup(…) }` → `Tips`; else `Group` and its position.
    private func groupName(before index: Int) -> String {
        for back in stride(from: 1, through: min(12, index), by: 1) {
            let token = tokens[index - back]
            // `var tips: TipGroup { TipGroup(…) { … } }` names the property too.
            if token.isSymbol("{"), index - back >= 4, tokens[index - back - 1].isWord("TipGroup"), tokens[index - back - 2].isSymbol(":"),
               tokens[index - back - 3].kind == .identifier, tokens[index - back - 4].isWord("var") {
                return Self.typeName(tokens[index - back - 3].text)
            }
            if token.isSymbol("="), index - back >= 1, tokens[index - back - 1].kind == .identifier {
                // `var tips: TipGroup = TipGroup(…)` names the property, not its type.
                var name = tokens[index - back - 1]
                let declaration = stride(from: index - back - 1, through: max(0, index - back - 8), by: -1)
                    .first { (tokens[$0].isWord("var") || tokens[$0].isWord("let")) }
                if let declaration, let property = stream[declaration + 1], property.kind == .identifier { name = property }
                return Self.typeName(name.text)
            }
            if token.isWord("func"), let name = stream[index - back + 1], name.kind == .identifier {
                let base = name.text.hasPrefix("make") && name.text.count > 4 ? String(name.text.dropFirst(4)) : name.text
                return Self.typeName(base)
            }
        }
        return "Group\(file.groups.count + 1)"
    }

    // MARK: Helpers

    /// Ranges of `range` cut at top-level `separators` (commas and semicolons unless told) and
    /// line starts, when asked.
    func split(_ range: Range<Int>, separators: Set<String> = [",", ";"], atLineStarts: Bool = false) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            let token = tokens[index]
            if token.kind == .symbol && separators.contains(token.text) {
                parts.append(start..<index)
                start = index + 1
                index += 1
                continue
            }
            if atLineStarts && token.startsLine && index > start && !token.isSymbol(".") {
                parts.append(start..<index)
                start = index
            }
            index = stream.closing[index] != nil ? stream.skipGroup(at: index, end: range.upperBound) : index + 1
        }
        parts.append(start..<range.upperBound)
        return parts
    }

    /// The source text from token `start` up to token `end` (exclusive), as written.
    func text(_ start: Int, _ end: Int) -> String {
        guard start < end, end <= tokens.count else { return "" }
        return file.source.text(of: SourceSpan(start: tokens[start].start, end: tokens[end - 1].end))
    }

    mutating func report(_ code: DiagnosticCode, _ message: String, at span: SourceSpan, help: String) {
        let diagnostic = Diagnostic(code, message, at: span, fixes: [FixIt(help, edits: [], applicability: .maybeIncorrect)])
        if deferred != nil {
            deferred?.append(diagnostic)
        } else {
            file.diagnostics.add(diagnostic)
        }
    }

    /// A Swift property or function name as a `.tiprules` type-like name: its first letter upper-cased.
    static func typeName(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }
}
