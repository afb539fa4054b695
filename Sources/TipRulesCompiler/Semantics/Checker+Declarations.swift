import TipRulesRuntime

/// Declarations: the namespace, parameters, events, configuration, tips, groups and widgets.
extension Checker {
    /// The display frequencies by name with their seconds, from the built-ins table.
    static let displayFrequencies = Builtins.seconds(of: .displayFrequency)
    static let scalarTypes: [String: ScalarKind] = ["Bool": .bool, "Int": .int, "Double": .double, "String": .string, "Date": .date,
                                                    "Version": .version]

    mutating func checkFile(_ file: FileSyntax) -> CheckedProgram {
        declareNames(file)
        var program = CheckedProgram(source: source)
        // Parameters and events first: rules anywhere in the file may use them.
        for case .parameter(let syntax) in file.declarations {
            parameters.append(checkParameter(syntax))
        }
        var eventIDs: [(id: String, span: SourceSpan)] = []
        for case .event(let syntax) in file.declarations {
            let event = checkEvent(syntax)
            events.append(event)
            eventNames.append(event.name)
            eventIDs.append(eventID(syntax))
            program.eventDonationTypes.append(syntax.donationType.flatMap { swiftName($0, what: "an event's donationType") })
        }
        checkEventIDs(eventIDs)
        program.parameters = parameters
        program.events = events
        program.eventIDs = eventIDs.map(\.id)
        var configuration: ConfigureSyntax?
        for declaration in file.declarations {
            switch declaration {
            case .configure(let syntax):
                if let first = configuration {
                    report(.duplicateConfiguration, "only one 'configure' block is allowed", at: syntax.keywordSpan,
                           notes: [DiagnosticNote("the first 'configure' block is here", at: first.keywordSpan)])
                } else {
                    configuration = syntax
                    checkConfigure(syntax, into: &program)
                }
            case .tip(let syntax) where isInFocus(syntax.span): program.tips.append(checkTip(syntax))
            case .group(let syntax) where isInFocus(syntax.span): program.groups.append(checkGroup(syntax))
            case .widget(let syntax) where isInFocus(syntax.span): program.widgets.append(checkWidget(syntax))
            case .tip, .group, .widget: break
            case .parameter, .event: break
            }
        }
        checkTipIDs(program.tips, file)
        return program
    }

    private mutating func declareNames(_ file: FileSyntax) {
        var counts: [String: Int] = [:]
        func next(_ kind: String) -> Int {
            defer { counts[kind, default: 0] += 1 }
            return counts[kind, default: 0]
        }
        for declaration in file.declarations {
            let entry: (NameSyntax, Symbol)
            switch declaration {
            case .configure: continue
            case .parameter(let syntax): entry = (Self.declaredName(syntax.owner, syntax.name), .parameter(next("parameter")))
            case .event(let syntax): entry = (Self.declaredName(syntax.owner, syntax.name), .event(next("event")))
            case .tip(let syntax): entry = (syntax.name, .tip(next("tip")))
            case .group(let syntax): entry = (syntax.name, .group(next("group")))
            case .widget(let syntax): entry = (syntax.name, .widget(next("widget")))
            }
            model.recordName(entry.0.span, entry.1.referent, isDeclaration: true)
            if let previous = symbols.declare(entry.0.text, as: entry.1, at: entry.0.span) {
                report(.duplicateDeclaration, "invalid redeclaration of '\(entry.0.text)'", at: entry.0.span,
                       notes: [DiagnosticNote("'\(entry.0.text)' previously declared here", at: previous)])
            }
        }
    }

    /// The name a parameter or event is declared under, `OWNER.NAME` or `NAME`, spanning both.
    private static func declaredName(_ owner: NameSyntax?, _ name: NameSyntax) -> NameSyntax {
        guard let owner else { return name }
        return NameSyntax("\(owner.text).\(name.text)", span: owner.span.union(name.span))
    }

    /// A type name of a parameter or field.
    /// Other languages' and Foundation's names for the scalar types, for suggestions.
    private static let typeAliases = ["Integer": "Int", "Int64": "Int", "Float": "Double", "CGFloat": "Double",
                                      "TimeInterval": "Double", "Boolean": "Bool", "Str": "String", "Text": "String"]

    private mutating func scalarType(_ name: NameSyntax) -> ScalarKind? {
        if let kind = Self.scalarTypes[name.text] { return kind }
        let suggestion = Self.typeAliases[name.text] ?? Spelling.closest(to: name.text, in: Self.scalarTypes.keys.sorted())
        report(.unknownType, "cannot find type '\(name.text)' in scope", at: name.span,
               notes: [DiagnosticNote("the types are Bool, Int, Double, String, Date and Version")],
               fixes: suggestion.map { [.replace(name.span, with: $0, "replace with '\($0)'", applicability: .maybeIncorrect)] } ?? [])
        return nil
    }

    // MARK: parameters and events

    private mutating func checkParameter(_ syntax: ParameterSyntax) -> ParameterInfo {
        let type = scalarType(syntax.type)
        let line = line(of: syntax.name.span)
        let fallback = (type ?? .bool).zero
        guard let type else {
            unusableNames.insert(syntax.qualifiedName)
            return ParameterInfo(name: syntax.qualifiedName, type: .bool, defaultValue: fallback, line: line,
                                 isTransient: syntax.isTransient)
        }
        guard let defaultSyntax = syntax.defaultValue else {
            let literal = Self.literalSpelling(of: fallback)
            report(.nonConstantDefault, "parameter '\(syntax.qualifiedName)' needs a default value", at: syntax.span,
                   notes: [DiagnosticNote("the default is the value rules see until the app sets one")],
                   fixes: [FixIt("add a default value", edits: [TextEdit(span: .point(syntax.type.span.end), newText: " = \(literal)")], applicability: .maybeIncorrect)])
            return ParameterInfo(name: syntax.qualifiedName, type: type, defaultValue: fallback, line: line,
                                 isTransient: syntax.isTransient)
        }
        let value = constant(defaultSyntax, of: type.valueType, what: "a parameter's default value")
        return ParameterInfo(name: syntax.qualifiedName, type: type, defaultValue: value ?? fallback, line: line,
                             isTransient: syntax.isTransient)
    }

    static func literalSpelling(of value: ScalarValue) -> String {
        switch value {
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .string(let text): return "\"\(text)\""
        case .date(let seconds): return "Date(timeIntervalSince1970: \(seconds))"
        case .duration(let seconds): return ".seconds(\(seconds))"
        }
    }

    /// Checks `syntax` as a compile-time constant of `type` (a number of seconds counts as a `Duration`).
    mutating func constant(_ syntax: ExpressionSyntax, of type: ValueType, what: String) -> ScalarValue? {
        guard let checked = check(syntax, expecting: type, in: Scope()),
              let coerced = coerce(checked, to: type, acceptingSeconds: type == .duration) else { return nil }
        let folded = ConstantFolder.fold(coerced)
        guard case .constant(let value) = folded.kind, let scalar = value.scalarValue else {
            if let failing = ConstantFolder.failingOperation(in: folded) {
                report(.constantEvaluationFails, "\(what) cannot be computed: \(failing.reason)", at: failing.span, severity: .error)
                return nil
            }
            report(.nonConstantDefault, "\(what) must be a constant", at: syntax.span,
                   notes: [DiagnosticNote("write a literal such as 3, 2.5, \"text\", true, .days(2) or Date(timeIntervalSince1970: 0)")])
            return nil
        }
        return scalar
    }

    private mutating func checkEvent(_ syntax: EventSyntax) -> EventInfo {
        var fields: [FieldInfo] = []
        var seen: [String: SourceSpan] = [:]
        for field in syntax.fields {
            if field.name.text == "date" {
                report(.reservedFieldName, "an event field cannot be called 'date'", at: field.name.span,
                       notes: [DiagnosticNote("every donation already has 'date', the moment it was donated")])
            } else if let previous = seen[field.name.text] {
                report(.duplicateField, "duplicate field '\(field.name.text)' in event '\(syntax.name.text)'", at: field.name.span,
                       notes: [DiagnosticNote("'\(field.name.text)' first declared here", at: previous)])
            }
            seen[field.name.text] = seen[field.name.text] ?? field.name.span
            model.recordName(field.name.span, .field(event: events.count, .declared(fields.count)), isDeclaration: true)
            var type = scalarType(field.value) ?? .int
            if type == .version {
                report(.versionField, "an event field cannot be a 'Version'", at: field.value.span,
                       notes: [DiagnosticNote("a version is a parameter, such as 'parameter appVersion: Version = \"1.0\"'; a field may be a 'String'")],
                       fixes: [.replace(field.value.span, with: "String", "replace with 'String'", applicability: .maybeIncorrect)])
                type = .string
            }
            fields.append(FieldInfo(name: field.name.text, type: type))
        }
        var event = EventInfo(name: syntax.qualifiedName, fields: fields, line: line(of: syntax.name.span))
        if let limit = syntax.limit, let span = syntax.limitSpan {
            checkLimit(limit, span: span, into: &event)
        }
        return event
    }

    /// An event's id: its `id: "…"`, a constant string that is not empty, or its name (without
    /// the owner, as TipKit's `Tips.Event(id:)` is written beside the property), with the span
    /// that duplicates point at.
    private mutating func eventID(_ syntax: EventSyntax) -> (id: String, span: SourceSpan) {
        guard let written = syntax.id else { return (syntax.name.text, syntax.name.span) }
        guard case .string(let id)? = constant(written, of: .string, what: "an event's id") else { return (syntax.name.text, written.span) }
        if id.isEmpty {
            report(.invalidEventID, "an event's id cannot be empty", at: written.span,
                   notes: [DiagnosticNote("the id is what the event's donations are stored under; leave 'id:' out to use the name")])
            return (syntax.name.text, written.span)
        }
        return (id, written.span)
    }

    /// Two events with one id would be one event to TipKit (its donations are stored by id).
    private mutating func checkEventIDs(_ ids: [(id: String, span: SourceSpan)]) {
        var seen: [String: SourceSpan] = [:]
        var names = Set<String>()
        for (index, entry) in ids.enumerated() {
            // A name declared twice is TR0301 already.
            guard names.insert(eventNames[index]).inserted else { continue }
            if let previous = seen[entry.id] {
                report(.duplicateEventID, "event '\(eventNames[index])' has the id '\(entry.id)' of another event", at: entry.span,
                       notes: [DiagnosticNote("'\(entry.id)' is already the id of the event declared here", at: previous),
                               DiagnosticNote("TipKit stores donations by id: two events with one id are one event; give each its own 'id:'")])
                continue
            }
            seen[entry.id] = entry.span
        }
    }

    private mutating func checkLimit(_ arguments: [ArgumentSyntax], span: SourceSpan, into event: inout EventInfo) {
        if arguments.isEmpty {
            report(.invalidEventLimit, "'limit' needs 'maximumCount:', 'maximumAge:' or both", at: span)
        }
        var seen = Set<String>()
        for argument in arguments {
            let label = argument.label ?? ""
            let labelSpan = argument.labelSpan ?? argument.value.span
            guard seen.insert(label).inserted else {
                report(.invalidEventLimit, "'\(label)' is given twice", at: labelSpan)
                continue
            }
            switch label {
            case "maximumCount":
                if case .int(let count)? = constant(argument.value, of: .int, what: "'maximumCount'") {
                    if count < 0 {
                        report(.invalidEventLimit, "'maximumCount' must not be negative", at: argument.value.span)
                    } else {
                        event.maximumCount = count
                    }
                }
            case "maximumAge":
                if case .duration(let age)? = constant(argument.value, of: .duration, what: "'maximumAge'") {
                    if age < 0 || !age.isFinite {
                        report(.invalidEventLimit, "'maximumAge' must not be negative", at: argument.value.span)
                    } else {
                        event.maximumAge = age
                    }
                }
            default:
                let aliases = ["maxCount": "maximumCount", "count": "maximumCount", "maxAge": "maximumAge", "age": "maximumAge"]
                let suggestion = aliases[label] ?? Spelling.closest(to: label, in: ["maximumCount", "maximumAge"])
                report(.invalidEventLimit, label.isEmpty ? "'limit' arguments need a label" : "unknown 'limit' argument '\(label)'",
                       at: labelSpan,
                       notes: [DiagnosticNote("write 'limit(maximumCount: 50, maximumAge: .days(30))'; either may be left out")],
                       fixes: suggestion.map { [.replace(labelSpan, with: $0, "replace with '\($0)'", applicability: .maybeIncorrect)] } ?? [])
            }
        }
    }

    // MARK: configure

    /// The entries of `configure { … }`.
    static let configurationEntries = ["displayFrequency", "app", "release", "tipKit"]
    /// The iOS releases `tipKit(minimumIOS:)` takes: those whose TipKit differs.
    static let tipKitReleases = [17, 18, 26]
    /// The longest app identifier, in UTF-8 bytes (a bundle identifier is at most 255).
    static let maximumAppLength = 255

    private mutating func checkConfigure(_ syntax: ConfigureSyntax, into program: inout CheckedProgram) {
        var seen: [String: SourceSpan] = [:]
        for entry in syntax.entries {
            let name = entry.name
            var key = name.text
            if key == "DisplayFrequency" && entry.prefix == nil && !entry.leadingDot {
                report(.betaDisplayFrequency, "'DisplayFrequency' was renamed 'displayFrequency'", at: name.span,
                       notes: [DiagnosticNote("this is the spelling of TipKit's first beta")],
                       fixes: [.replace(name.span, with: "displayFrequency", "replace with 'displayFrequency'", applicability: .machineApplicable)])
                key = "displayFrequency"
            } else if key == "displayFrequency" && entry.leadingDot {
                reportPastedConfigurationDot(entry)
            } else if !Self.configurationEntries.contains(key) {
                let suggestion = Spelling.closest(to: key, in: Self.configurationEntries)
                report(.unknownConfiguration, "unknown configuration '\(key)'", at: name.span,
                       notes: [DiagnosticNote("'configure' takes 'displayFrequency(…)', 'app(…)', 'release(…)' and 'tipKit(minimumIOS:)'")],
                       fixes: suggestion.map { [.replace(name.span, with: $0, "replace with '\($0)'", applicability: .maybeIncorrect)] } ?? [])
                continue
            }
            if let first = seen[key] {
                let what = key == "displayFrequency" ? "the display frequency" : "'\(key)'"
                report(.duplicateConfiguration, "\(what) is set twice", at: entry.span,
                       notes: [DiagnosticNote("first set here", at: first)])
                continue
            }
            seen[key] = entry.span
            if key == "tipKit" {
                program.tipKitMinimumIOS = tipKitTarget(entry)
                continue
            }
            guard entry.arguments.count == 1, let argument = entry.arguments.first, argument.label == nil else {
                let example = ["displayFrequency": "one value, such as '.daily' or a number of seconds",
                               "app": "one string, the app's bundle identifier, such as 'app(\"com.example.birds\")'",
                               "release": "one whole number, the release of these rules, such as 'release(12)'"]
                report(.wrongArguments, "'\(key)' takes \(example[key] ?? "one value")", at: entry.span)
                continue
            }
            switch key {
            case "app": program.app = app(argument.value)
            case "release": program.release = release(argument.value)
            default: if let value = displayFrequency(argument.value) { program.displayFrequency = value }
            }
        }
    }

    /// `app("com.example.birds")`: letters, digits, '.', '-' and '_', as bundle identifiers and
    /// package names are written.
    private mutating func app(_ syntax: ExpressionSyntax) -> String? {
        guard case .string(let text)? = constant(syntax, of: .string, what: "the app") else { return nil }
        let allowed = text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2E || byte == 0x2D || byte == 0x5F
        }
        guard !text.isEmpty, text.utf8.count <= Self.maximumAppLength, allowed else {
            report(.invalidAppIdentifier, "'\(text)' is not an app identifier", at: syntax.span,
                   notes: [DiagnosticNote("write the app's bundle identifier: 1 to \(Self.maximumAppLength) letters, digits, '.', '-' or '_', such as \"com.example.birds\""),
                           DiagnosticNote("an app's runtime refuses rules whose app is not its own")])
            return nil
        }
        return text
    }

    /// `tipKit(minimumIOS: 17)`: the oldest iOS the app's TipKit Swift must run on.
    private mutating func tipKitTarget(_ entry: CallEntrySyntax) -> Int? {
        let releases = Self.tipKitReleases.dropLast().map(String.init).joined(separator: ", ")
            + " or \(Self.tipKitReleases.last ?? 0)"
        guard entry.arguments.count == 1, let argument = entry.arguments.first, argument.label == "minimumIOS" else {
            report(.wrongArguments, "'tipKit' takes the oldest iOS the app supports, such as 'tipKit(minimumIOS: 17)'", at: entry.span)
            return nil
        }
        guard case .int(let release)? = constant(argument.value, of: .int, what: "the iOS release") else { return nil }
        guard Self.tipKitReleases.contains(release) else {
            report(.invalidOptionValue, "'minimumIOS' must be one of \(releases)", at: argument.value.span,
                   notes: [DiagnosticNote("TipKit's features differ at iOS \(releases); give the release at or below the app's oldest")])
            return nil
        }
        return release
    }

    /// `release(12)`: a whole number from 1, which only grows from one update to the next.
    private mutating func release(_ syntax: ExpressionSyntax) -> Int? {
        guard case .int(let number)? = constant(syntax, of: .int, what: "the release") else { return nil }
        guard number >= 1 && number <= Self.maximumRelease else {
            report(.invalidRelease, "the release must be a whole number from 1 to \(Self.maximumRelease)", at: syntax.span,
                   notes: [DiagnosticNote("an app's runtime refuses an update to a lower release than the one in force")])
            return nil
        }
        return number
    }

    /// The largest release number (it is written as an unsigned LEB128 in the bytecode).
    static let maximumRelease = Int(UInt32.max)

    private mutating func displayFrequency(_ syntax: ExpressionSyntax) -> Double? {
        if case .implicitMember(let name, let nameSpan) = syntax.kind, Self.durationUnits[name] == nil {
            if let seconds = Self.displayFrequencies[name] { return seconds }
            let choices = Self.displayFrequencies.keys.sorted()
            let suggestion = Spelling.closest(to: name, in: choices)
            report(.unknownDisplayFrequency, "unknown display frequency '.\(name)'", at: syntax.span,
                   notes: [DiagnosticNote("use .immediate, .hourly, .daily, .weekly, .monthly or a number of seconds")],
                   fixes: suggestion.map { [.replace(nameSpan, with: $0, "replace with '.\($0)'", applicability: .maybeIncorrect)] } ?? [])
            return nil
        }
        guard case .duration(let seconds)? = constant(syntax, of: .duration, what: "the display frequency") else { return nil }
        guard seconds >= 0 && seconds.isFinite else {
            report(.invalidOptionValue, "the display frequency must not be negative", at: syntax.span)
            return nil
        }
        return seconds
    }

    // MARK: tips

    private static let tipProperties = ["title", "message", "image", "id", "swiftName"]

    /// The texts a tip may leave to the app (`title: supplied`).
    private static let suppliableProperties: Set<String> = ["title", "message", "image"]

    /// A constant string that is a Swift type's name, or dotted names (`TaggingTips.Date`,
    /// `PhotoEditedInfo`), for emit-swift; nil with TR0313 otherwise.
    private mutating func swiftName(_ syntax: ExpressionSyntax, what: String) -> String? {
        guard case .string(let name)? = constant(syntax, of: .string, what: what) else { return nil }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        let valid = parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
            return part.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        }
        guard valid else {
            report(.invalidSwiftName, "'\(name)' is not a Swift type name", at: syntax.span,
                   notes: [DiagnosticNote("write a type name, or names joined by '.' (\"TaggingTips.Date\")")])
            return nil
        }
        return name
    }

    private mutating func checkTip(_ syntax: TipSyntax) -> TipSymbol {
        var texts: [String: String] = [:]
        var supplied: Set<String> = []
        var swiftTexts: [String: SwiftText] = [:]
        var swiftName: String?
        var seen: [String: SourceSpan] = [:]
        for property in syntax.properties {
            let name = property.name
            var key = name.text
            if !Self.tipProperties.contains(key) {
                let suggestion = Spelling.closest(to: key, in: Self.tipProperties)
                report(.unknownTipProperty, "unknown tip property '\(key)'", at: name.span,
                       notes: [DiagnosticNote("a tip has 'title:', 'message:', 'image:', 'id:' and 'swiftName:'")],
                       fixes: suggestion.map { [.replace(name.span, with: $0, "replace with '\($0)'", applicability: .maybeIncorrect)] } ?? [])
                // Go on as if it were spelled right, so a misspelled title is not also a missing one.
                guard let suggestion else { continue }
                key = suggestion
            }
            if let previous = seen[key] {
                report(.duplicateTipProperty, "'\(key)' is given twice", at: name.span,
                       notes: [DiagnosticNote("first given here", at: previous)])
                continue
            }
            seen[key] = name.span
            if Self.suppliableProperties.contains(key), case .identifier("supplied") = property.value.kind {
                supplied.insert(key)
                continue
            }
            if Self.suppliableProperties.contains(key), Self.isSwiftText(property.value) {
                swiftTexts[key] = swiftText(property.value, property: key)
                continue
            }
            if key == "swiftName" {
                swiftName = self.swiftName(property.value, what: "a tip's swiftName")
                continue
            }
            if case .string(let text)? = constant(property.value, of: .string, what: "'\(key)'") {
                texts[key] = text
            }
        }
        if seen["title"] == nil {
            report(.missingTitle, "tip '\(syntax.name.text)' has no title", at: syntax.name.span,
                   notes: [DiagnosticNote("every tip needs 'title: \"…\"', the text people see")],
                   fixes: [FixIt("add a title", edits: [TextEdit(span: .point(bodyStart(of: syntax)),
                                                                 newText: "\n    title: \"\(syntax.name.text)\"")], applicability: .maybeIncorrect)])
        }
        if syntax.options.count > 1 {
            report(.duplicateOption, "a tip has at most one 'options' block", at: syntax.options[1].keywordSpan,
                   notes: [DiagnosticNote("the first 'options' block is here", at: syntax.options[0].keywordSpan)])
        }
        var rules: [CheckedRule] = []
        let id = texts["id"] ?? syntax.name.text
        for rule in syntax.rules { if let checked = checkRule(rule, rolloutGroup: id, owner: syntax.name.text) { rules.append(checked) } }
        let options = checkOptions(syntax.options.first?.entries ?? [])
        if syntax.actions.count > 1 {
            report(.duplicateActions, "a tip has at most one 'actions' block", at: syntax.actions[1].keywordSpan,
                   notes: [DiagnosticNote("the first 'actions' block is here", at: syntax.actions[0].keywordSpan)])
        }
        let actions = checkActions(syntax.actions.first?.entries ?? [])
        // A text the app makes stands in results as what it shows without a translation.
        return TipSymbol(name: syntax.name.text, id: id, title: texts["title"] ?? swiftTexts["title"]?.fallback ?? "",
                         message: texts["message"] ?? swiftTexts["message"]?.fallback, image: texts["image"], rules: rules, options: options,
                         actions: actions, line: line(of: syntax.name.span), swiftName: swiftName, suppliedTexts: supplied,
                         swiftTexts: swiftTexts,
                         holdout: checkHoldouts(syntax.holdouts, tipID: id, owner: syntax.name.text))
    }

    /// The offset just after a tip's `{`.
    private func bodyStart(of syntax: TipSyntax) -> Int {
        var offset = syntax.name.span.end
        while offset < source.bytes.count && source.bytes[offset] != UInt8(ascii: "{") { offset += 1 }
        return min(offset + 1, source.bytes.count)
    }

    private mutating func checkTipIDs(_ tips: [TipSymbol], _ file: FileSyntax) {
        var seen: [String: String] = [:]
        var spans: [String: SourceSpan] = [:]
        for case .tip(let syntax) in file.declarations { spans[syntax.name.text] = syntax.name.span }
        for tip in tips {
            if let other = seen[tip.id], other != tip.name, let span = spans[tip.name] {
                report(.duplicateTipID, "tips '\(other)' and '\(tip.name)' have the same id '\(tip.id)'", at: span,
                       notes: [DiagnosticNote("'\(other)' is declared here", at: spans[other])])
            }
            seen[tip.id] = seen[tip.id] ?? tip.name
        }
    }

    private mutating func checkRule(_ syntax: RuleSyntax, rolloutGroup: String, owner: String) -> CheckedRule? {
        var inputs: [RuleInput] = []
        for input in syntax.inputs {
            guard let resolved = ruleInput(input, owner: owner) else { continue }
            inputs.append(resolved)
        }
        guard inputs.count == syntax.inputs.count else { return nil }
        guard let body = check(syntax.body, expecting: .bool, in: Scope(inputs: inputs, rolloutGroup: rolloutGroup, owner: owner)) else { return nil }
        guard body.type == .bool else {
            if case .event = body.type {
                reportEventNotAValue(body.span)
                return nil
            }
            report(.ruleNotBool, "a rule's body must be a 'Bool', not '\(spell(body.type))'", at: syntax.body.span,
                   notes: [DiagnosticNote("the rule holds when its body is true")])
            return nil
        }
        return CheckedRule(line: line(of: syntax.keywordSpan), body: body)
    }

    /// `Self.$parameter`, `$parameter`, `Self.event` or `event` (the tip's own `OWNER.NAME` first,
    /// then `NAME`), or `Owner.$parameter`, `Owner.event` for another type's.
    private mutating func ruleInput(_ syntax: ExpressionSyntax, owner: String) -> RuleInput? {
        var name: String
        let span: SourceSpan
        let projected: Bool
        switch syntax.kind {
        case .identifier(let text): (name, span, projected) = (ownMember(text, of: owner), syntax.span, false)
        case .projectedParameter(let text): (name, span, projected) = (ownMember(text, of: owner), syntax.span, true)
        case .member(let base, let text, let nameSpan, false) where base.identifierText != nil:
            let type = base.identifierText ?? "Self"
            // `Self.$name` is the member `$name`.
            projected = text.utf8.first == UInt8(ascii: "$")
            let member = projected ? String(decoding: text.utf8.dropFirst(), as: UTF8.self) : text
            span = nameSpan
            if type == "Self" {
                name = ownMember(member, of: owner)
            } else if symbols.lookup("\(type).\(member)") != nil {
                name = "\(type).\(member)"
            } else {
                // TipKit Swift names an input through the type declaring it; here that type is not an owner.
                report(.pastedQualifiedInput, "a rule input is written 'Self.\(text)', whichever type declares it in Swift", at: base.span,
                       fixes: [.replace(base.span, with: "Self", "replace '\(type)' with 'Self'", applicability: .machineApplicable)])
                name = ownMember(member, of: owner)
            }
        case .error: return nil
        default:
            report(.invalidRuleInput, "a rule's input must be 'Self.$parameter' or 'Self.event'", at: syntax.span,
                   notes: [DiagnosticNote("the body reads the inputs as $0, $1, …")])
            return nil
        }
        let symbol = symbols.lookup(name)
        if let symbol { model.recordName(span, symbol.referent) }
        if unusableNames.contains(name) { return nil }
        switch symbol {
        case .parameter(let index)?:
            if projected { return .parameter(index) }
            report(.wrongRuleInputKind, "'\(name)' is a parameter; a parameter input is written 'Self.$\(name)'", at: span,
                   fixes: [FixIt("insert '$'", edits: [TextEdit(span: .point(span.start), newText: "$")], applicability: .machineApplicable)])
        case .event(let index)?:
            if !projected { return .event(index) }
            report(.wrongRuleInputKind, "'\(name)' is an event; an event input is written 'Self.\(name)' without '$'", at: span,
                   fixes: [.replace(SourceSpan(start: span.start, end: span.start + 1), with: "", "remove '$'", applicability: .machineApplicable)])
        case let symbol?:
            report(.wrongRuleInputKind, "'\(name)' is a \(symbol.kindName); a rule's input must be a parameter or an event", at: span)
        case nil:
            let candidates = symbols.names { symbol in
                if case .parameter = symbol { return projected }
                if case .event = symbol { return !projected }
                return false
            }
            // The tip's own members are written without their owner.
            let own = candidates.compactMap { $0.hasPrefix(owner + ".") ? String($0.dropFirst(owner.count + 1)) : nil }
            let suggestion = Spelling.closest(to: name, in: candidates + own)
            let offset = projected ? 1 : 0
            let nameSpan = SourceSpan(start: span.start + offset, end: span.end)
            report(.unknownName, "cannot find \(projected ? "parameter" : "event") '\(name)' in scope", at: span,
                   notes: suggestion.map { [DiagnosticNote("did you mean '\($0)'?")] } ?? [],
                   fixes: suggestion.map { [.replace(nameSpan, with: $0, "replace with '\($0)'", applicability: .maybeIncorrect)] } ?? [])
        }
        return nil
    }

    // MARK: actions

    /// `Action(id: "…", title: "…")` entries (also `Tips.Action`), each id once.
    private mutating func checkActions(_ entries: [CallEntrySyntax]) -> [TipAction] {
        var actions: [TipAction] = []
        var seen: [String: SourceSpan] = [:]
        for entry in entries {
            let prefix = entry.prefix?.text
            guard entry.name.text == "Action", !entry.leadingDot, prefix == nil || prefix == "Tips" else {
                report(.invalidAction, "unknown action entry '\(entry.prefix.map { $0.text + "." } ?? "")\(entry.name.text)'",
                       at: entry.name.span, notes: [DiagnosticNote("an action is written 'Action(id: \"learn-more\", title: \"Learn more\")'")])
                continue
            }
            let labels = entry.arguments.map(\.label)
            guard labels == ["id", "title"] else {
                report(.invalidAction, "an action takes 'id:' and 'title:', in that order", at: entry.span,
                       notes: [DiagnosticNote("write 'Action(id: \"learn-more\", title: \"Learn more\")'; the app tells the tip's actions apart by id")])
                continue
            }
            guard case .string(let id)? = constant(entry.arguments[0].value, of: .string, what: "an action's id"),
                  case .string(let title)? = constant(entry.arguments[1].value, of: .string, what: "an action's title") else { continue }
            guard !id.isEmpty, !title.isEmpty else {
                let empty = id.isEmpty ? entry.arguments[0] : entry.arguments[1]
                report(.emptyAction, "an action's \(id.isEmpty ? "id" : "title") must not be empty", at: empty.value.span,
                       notes: [DiagnosticNote(id.isEmpty ? "the app tells the tip's actions apart by id" : "the title is the button's text")])
                continue
            }
            if let previous = seen[id] {
                report(.duplicateActionID, "the tip has two actions with the id '\(id)'", at: entry.arguments[0].value.span,
                       notes: [DiagnosticNote("the first is here", at: previous)])
                continue
            }
            seen[id] = entry.arguments[0].value.span
            actions.append(TipAction(id: id, title: title))
        }
        return actions
    }

    // MARK: options

    private mutating func checkOptions(_ entries: [CallEntrySyntax]) -> TipOptions {
        var options = TipOptions()
        // By name: a dictionary keyed by `TipOption` costs its first user a search of the
        // process's conformances (docs/performance.md).
        var seen: [String: SourceSpan] = [:]
        let known = Builtins.members(of: .option).map(\.name)
        for entry in entries {
            var name = entry.name.text
            if entry.leadingDot {
                let dotSpan = SourceSpan(start: entry.span.start, end: entry.name.span.end)
                switch name {
                case "maxDisplayCount":
                    report(.betaMaxDisplayCount, "'.maxDisplayCount' was renamed 'MaxDisplayCount'", at: dotSpan,
                           notes: [DiagnosticNote("this is the spelling of TipKit's first beta")],
                           fixes: [.replace(dotSpan, with: "MaxDisplayCount", "replace with 'MaxDisplayCount'", applicability: .machineApplicable)])
                    name = TipOption.maxDisplayCount.name
                case "ignoresDisplayFrequency":
                    report(.betaIgnoresDisplayFrequency, "'.ignoresDisplayFrequency' was renamed 'IgnoresDisplayFrequency'", at: dotSpan,
                           notes: [DiagnosticNote("this is the spelling of TipKit's first beta")],
                           fixes: [.replace(dotSpan, with: "IgnoresDisplayFrequency", "replace with 'IgnoresDisplayFrequency'", applicability: .machineApplicable)])
                    name = TipOption.ignoresDisplayFrequency.name
                default:
                    name = "." + name
                }
            }
            if let prefix = entry.prefix, prefix.text != "Tips" {
                report(.unknownOption, "unknown option prefix '\(prefix.text)'", at: prefix.span,
                       notes: [DiagnosticNote("options are written 'Tips.MaxDisplayCount(3)' or 'MaxDisplayCount(3)'")],
                       fixes: [.replace(prefix.span, with: "Tips", "replace with 'Tips'", applicability: .machineApplicable)])
                continue
            }
            guard let builtin = Builtins.member(name, of: .option), case .option(let option) = builtin.lowering else {
                let suggestion = Spelling.closest(to: name, in: known)
                report(.unknownOption, "unknown option '\(name)'", at: entry.name.span,
                       notes: [DiagnosticNote("the options are " + Spelling.list(Builtins.optionUsages, "and"))],
                       fixes: suggestion.map { [.replace(entry.name.span, with: $0, "replace with '\($0)'", applicability: .maybeIncorrect)] } ?? [])
                continue
            }
            switch option {
            case .frequencyCap:
                // A tip may have several caps (once a day and three times a week).
                if let cap = frequencyCap(entry) { options.frequencyCaps.append(cap) }
            case .maxDisplayCount:
                guard let argument = onlyValue(of: entry, option, seen: &seen) else { continue }
                if case .int(let count)? = constant(argument, of: .int, what: "'\(name)'") {
                    if count < 0 {
                        report(.invalidOptionValue, "'\(name)' must not be negative", at: argument.span)
                    } else {
                        options.maxDisplayCount = count
                    }
                }
            case .ignoresDisplayFrequency:
                guard let argument = onlyValue(of: entry, option, seen: &seen) else { continue }
                if case .bool(let flag)? = constant(argument, of: .bool, what: "'\(name)'") {
                    options.ignoresDisplayFrequency = flag
                }
            case .priority:
                guard let argument = onlyValue(of: entry, option, seen: &seen) else { continue }
                if case .int(let priority)? = constant(argument, of: .int, what: "'\(name)'") {
                    options.priority = priority
                }
            case .maxDisplayDuration:
                guard let argument = onlyValue(of: entry, option, seen: &seen) else { continue }
                if case .duration(let seconds)? = constant(argument, of: .duration, what: "'\(name)'") {
                    if seconds < 0 || !seconds.isFinite {
                        report(.invalidOptionValue, "'\(name)' must not be negative", at: argument.span)
                    } else {
                        options.maxDisplayDuration = seconds
                    }
                }
            }
        }
        return options
    }

    /// The one unlabeled value of an option given once; nil (reported) when it is given twice or
    /// with other arguments.
    private mutating func onlyValue(of entry: CallEntrySyntax, _ option: TipOption,
                                    seen: inout [String: SourceSpan]) -> ExpressionSyntax? {
        if let previous = seen[option.name] {
            report(.duplicateOption, "option '\(option.name)' is given twice", at: entry.span,
                   notes: [DiagnosticNote("first given here", at: previous)])
            return nil
        }
        seen[option.name] = entry.span
        guard entry.arguments.count == 1, let argument = entry.arguments.first, argument.label == nil else {
            report(.wrongArguments, "'\(option.name)' takes one value", at: entry.span)
            return nil
        }
        return argument.value
    }

    // MARK: groups and widgets

    private mutating func checkGroup(_ syntax: GroupSyntax) -> GroupSymbol {
        var ordered = false
        var byPriority = false
        if let kind = syntax.kind {
            switch kind.kind {
            case .implicitMember(let name, _) where Builtins.member(name, of: .groupKind) != nil:
                ordered = Builtins.member(name, of: .groupKind)?.lowering == .groupKind(ordered: true)
                byPriority = Builtins.member(name, of: .groupKind)?.lowering == .priorityGroup
            case .error: break
            default:
                let written: String
                if case .implicitMember(let name, _) = kind.kind { written = name } else { written = text(kind.span) }
                let suggestion = Spelling.closest(to: written, in: Builtins.members(of: .groupKind).map(\.name))
                report(.unknownGroupKind, "unknown group kind '\(text(kind.span))'", at: kind.span,
                       notes: [DiagnosticNote("a group is '.ordered', '.priority' or '.firstAvailable' (the default)")],
                       fixes: suggestion.map { [.replace(kind.span, with: ".\($0)", "replace with '.\($0)'", applicability: .maybeIncorrect)] } ?? [])
            }
        }
        var members: [Int] = []
        var seen: [String: SourceSpan] = [:]
        for member in syntax.members {
            if let previous = seen[member.text] {
                report(.duplicateGroupMember, "tip '\(member.text)' is listed twice in group '\(syntax.name.text)'", at: member.span,
                       notes: [DiagnosticNote("first listed here", at: previous)],
                       fixes: [.replace(member.span, with: "", "remove the second '\(member.text)'", applicability: .machineApplicable)])
                continue
            }
            seen[member.text] = member.span
            if let referent = symbols.referent(member.text) { model.recordName(member.span, referent) }
            switch symbols.lookup(member.text) {
            case .tip(let index)?:
                members.append(index)
            case let symbol?:
                report(.groupMemberNotTip, "'\(member.text)' is a \(symbol.kindName), not a tip", at: member.span,
                       notes: [DiagnosticNote("a group lists tips")])
            case nil:
                let suggestion = Spelling.closest(to: member.text, in: symbols.names { if case .tip = $0 { return true } else { return false } })
                report(.unknownName, "cannot find tip '\(member.text)' in scope", at: member.span,
                       notes: suggestion.map { [DiagnosticNote("did you mean '\($0)'?")] } ?? [],
                       fixes: suggestion.map { [.replace(member.span, with: $0, "replace with '\($0)'", applicability: .maybeIncorrect)] } ?? [])
            }
        }
        return GroupSymbol(name: syntax.name.text, ordered: ordered, byPriority: byPriority, members: members,
                           line: line(of: syntax.name.span))
    }

    private mutating func checkWidget(_ syntax: WidgetSyntax) -> WidgetSymbol {
        var scope = Scope(rolloutGroup: syntax.name.text)
        var lets: [CheckedExpression] = []
        var letSpans: [String: SourceSpan] = [:]
        for binding in syntax.lets {
            let name = binding.name.text
            if let previous = letSpans[name] {
                report(.duplicateLet, "invalid redeclaration of '\(name)'", at: binding.name.span,
                       notes: [DiagnosticNote("'\(name)' previously declared here", at: previous)])
                continue
            }
            letSpans[name] = binding.name.span
            model.recordName(binding.name.span, .local(declaredAt: binding.name.span), isDeclaration: true)
            guard let value = check(binding.value, expecting: nil, in: scope) else {
                scope.unusable.insert(name)
                continue
            }
            if case .event = value.type {
                reportEventNotAValue(value.span)
                scope.unusable.insert(name)
                continue
            }
            scope.locals[name] = (lets.count, value.type, binding.name.span)
            lets.append(value)
        }
        var score: CheckedExpression?
        var duration: CheckedExpression?
        var seen: [String: SourceSpan] = [:]
        for entry in syntax.entries {
            guard let name = entryName(entry.name, among: ["score", "duration"], seen: &seen,
                                       unknown: (.unknownRelevanceEntry, "relevance entry", "relevance has 'score:' and 'duration:'"))
            else { continue }
            let expected: ValueType = name == "score" ? .double : .duration
            guard let value = check(entry.value, expecting: expected, in: scope),
                  let coerced = coerce(value, to: expected, acceptingSeconds: true) else { continue }
            if name == "score" { score = coerced } else { duration = coerced }
        }
        if score == nil && seen["score"] == nil {
            report(.missingScore, "widget '\(syntax.name.text)' has no 'score:'", at: syntax.relevanceSpan ?? syntax.name.span,
                   notes: [DiagnosticNote("relevance needs 'score: EXPRESSION'; a score of 0 or less means not relevant")])
        }
        let zero = SourceSpan.point(syntax.name.span.end)
        return WidgetSymbol(name: syntax.name.text, lets: lets,
                            score: score ?? CheckedExpression(.constant(.double(0)), type: .double, span: zero),
                            duration: duration ?? CheckedExpression(.constant(.duration(0)), type: .duration, span: zero),
                            line: line(of: syntax.name.span),
                            suggestions: syntax.suggestions.compactMap { checkSuggestion($0, in: scope) })
    }

    /// The name of a `name: value` entry of a block that allows `names`: an unknown name is
    /// reported (with a fix-it to the closest allowed one, which is then used), and a name given
    /// again is reported and gives nil.
    private mutating func entryName(_ name: NameSyntax, among names: [String], seen: inout [String: SourceSpan],
                                    unknown: (code: DiagnosticCode, what: String, note: String)) -> String? {
        var resolved = name.text
        if !names.contains(resolved) {
            let suggestion = Spelling.closest(to: resolved, in: names)
            report(unknown.code, "unknown \(unknown.what) '\(resolved)'", at: name.span,
                   notes: [DiagnosticNote(unknown.note)],
                   fixes: suggestion.map { [.replace(name.span, with: $0, "replace with '\($0)'", applicability: .maybeIncorrect)] } ?? [])
            guard let suggestion else { return nil }
            resolved = suggestion
        }
        if let previous = seen[resolved] {
            report(.duplicateTipProperty, "'\(resolved)' is given twice", at: name.span,
                   notes: [DiagnosticNote("first given here", at: previous)])
            return nil
        }
        seen[resolved] = name.span
        return resolved
    }

    /// `suggest { from: DATE  to: DATE }`: both entries, once each, of type `Date`; the relevance's
    /// lets are in scope.
    private mutating func checkSuggestion(_ syntax: SuggestSyntax, in scope: Scope) -> CheckedSuggestion? {
        var values: [String: CheckedExpression] = [:]
        var seen: [String: SourceSpan] = [:]
        var complete = true
        for entry in syntax.entries {
            guard let name = entryName(entry.name, among: ["from", "to"], seen: &seen,
                                       unknown: (.unknownSuggestEntry, "suggestion entry", "a suggestion has 'from:' and 'to:', two dates"))
            else { complete = false; continue }
            guard let value = check(entry.value, expecting: .date, in: scope),
                  let coerced = coerce(value, to: .date, acceptingSeconds: false) else { complete = false; continue }
            values[name] = coerced
        }
        let missing = ["from", "to"].filter { seen[$0] == nil }
        if !missing.isEmpty {
            report(.incompleteSuggestion, "the suggestion has no " + missing.map { "'\($0):'" }.joined(separator: " and no "),
                   at: syntax.keywordSpan,
                   notes: [DiagnosticNote("a suggestion is a window of two dates: 'suggest { from: DATE  to: DATE }'")])
            return nil
        }
        guard complete, let from = values["from"], let to = values["to"] else { return nil }
        return CheckedSuggestion(from: from, to: to, line: line(of: syntax.keywordSpan))
    }
}
