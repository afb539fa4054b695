import TipRulesCompiler

/// Merges what several Swift files declare into one program: the first declaration of a name
/// wins (a later one is a diagnostic), ids written as string constants are looked up, events
/// are one per id, events get their DonationInfo fields, each rule input is bound to the
/// parameter or event TipKit would read (`Self.$x` is the tip's own), and rules whose inputs
/// and group members that name nothing imported are dropped with a diagnostic.
struct ImportMerger {
    private(set) var files: [ImportedFile]
    private(set) var program = ImportedProgram()

    /// The merged program and the files with the merge's diagnostics added.
    static func merge(_ files: [ImportedFile]) -> (program: ImportedProgram, files: [ImportedFile]) {
        var merger = ImportMerger(files: files)
        merger.run()
        return (merger.program, merger.files)
    }

    private init(files: [ImportedFile]) {
        self.files = files
    }

    private mutating func run() {
        for index in files.indices {
            if let frequency = files[index].displayFrequency {
                if program.displayFrequency == nil {
                    program.displayFrequency = frequency.value
                } else {
                    report(.importDuplicate, "a second Tips.configure display frequency is not carried over", in: index,
                           at: frequency.span, help: "configure TipKit once; keep the frequency the app uses")
                }
            }
            files[index].parameters.forEach { add($0, to: \.parameters, name: $0.qualifiedName, kind: "parameter", span: $0.span, file: index) }
            for var tip in files[index].tips {
                for rule in tip.rules.indices { tip.rules[rule].file = index }
                add(tip, to: \.tips, name: tip.name, kind: "tip", span: tip.span, file: index)
            }
            files[index].groups.forEach { addGroup($0) }
            files[index].widgets.forEach { add($0, to: \.widgets, name: $0.name, kind: "widget", span: $0.span, file: index) }
        }
        for index in files.indices { files[index].suggestions.forEach { attach($0, file: index) } }
        for index in files.indices { files[index].tipExtensions.forEach { extend(with: $0, file: index) } }
        for index in program.tips.indices { resolveID(ofTip: index) }
        mergeEvents()
        for index in program.events.indices { resolveFields(of: index) }
        for tip in program.tips.indices {
            let name = program.tips[tip].name
            program.tips[tip].rules = program.tips[tip].rules.compactMap { bind($0, inTip: name) }
        }
        for index in program.groups.indices { program.groups[index].members = program.groups[index].members.filter { memberExists($0) } }
        resolveWidgetOwners()
        reportLookalikes()
        if files.allSatisfy(\.isEmpty), !files.isEmpty {
            report(.importNothingFound, "no TipKit tip, parameter, event, group or configuration was found", in: 0,
                   at: .point(0), help: "import the Swift files that declare the app's Tip structs and their inputs")
        }
    }

    /// Where each declaration came from, to report later problems in the right file.
    private var origins: [String: (file: Int, span: SourceSpan)] = [:]

    private mutating func add<Declaration>(_ declaration: Declaration, to list: WritableKeyPath<ImportedProgram, [Declaration]>,
                                           name: String, kind: String, span: SourceSpan, file: Int) {
        let key = kind + " " + name
        if let first = origins[key] {
            let place = first.file == file ? "line \(files[file].source.location(of: first.span.start).line)"
                : files[first.file].source.name
            report(.importDuplicate, "a second \(kind) '\(name)' is not carried over (the first is in \(place))", in: file, at: span,
                   help: "declare each \(kind) once; rename one of them if they differ")
            return
        }
        origins[key] = (file, span)
        program[keyPath: list].append(declaration)
    }

    /// A group under its name, or, when a group already has it (two views that each keep
    /// `@State var tips = TipGroup(…)`), under its view's name before it: TipKit keeps nothing
    /// under a group's name, so only the `.tiprules` name changes.
    private mutating func addGroup(_ group: ImportedGroup) {
        var group = group
        let names = Set(program.groups.map(\.name))
        if names.contains(group.name) {
            let base = (group.owner ?? "") + group.name
            group.name = base
            var number = 2
            while names.contains(group.name) {
                group.name = base + String(number)
                number += 1
            }
        }
        program.groups.append(group)
    }

    // MARK: Identities

    /// The string a constant's name stands for: `Self.tipID`, `Events.opened` or `tipID`, looked
    /// up from the scope it is written in outwards, in every imported file.
    private func resolve(_ string: ImportedString) -> String? {
        switch string {
        case .literal(let value):
            return value
        case .reference(let path, let scope, _):
            let relative = path.hasPrefix("Self.") ? String(path.dropFirst("Self.".count)) : path
            let candidates = (0...scope.count).reversed().map { (scope.prefix($0) + [relative]).joined(separator: ".") }
            return candidates.lazy.compactMap { name in files.lazy.compactMap { $0.stringConstants[name] }.first }.first
        }
    }

    /// `var id: String { Constants.tipID }`: the constant's string, or the tip's name with a warning.
    private mutating func resolveID(ofTip index: Int) {
        guard program.tips[index].id == nil, let reference = program.tips[index].idReference,
              case .reference(let path, _, let span) = reference else { return }
        if let id = resolve(reference) {
            program.tips[index].id = id
            return
        }
        let tip = program.tips[index]
        report(.importText, "the id of tip '\(tip.name)' is '\(path)', which is no string constant of the imported files; the tip is imported with the id '\(tip.name)'",
               in: origins["tip " + tip.name]?.file ?? 0, at: span,
               help: "import the file that declares \(path) as static let … = \"…\", or write the id in the .tiprules tip, so that its stored state stays the tip's")
    }

    /// One event per id (TipKit keeps donations by id: two properties with one id are one
    /// event), named by its property, or `OWNER.NAME` where kept events share a property name.
    private mutating func mergeEvents() {
        var byID: [String: Int] = [:]
        for (file, imported) in files.enumerated() {
            for var event in imported.events {
                let key = (event.owner ?? "") + "|" + event.name
                if let id = event.id, let resolved = resolve(id) {
                    event.resolvedID = resolved
                } else {
                    event.resolvedID = event.name
                    if let id = event.id, case .reference(let path, _, let span) = id {
                        report(.importEventID, "the event '\(event.name)' has the id '\(path)', which is no string constant of the imported files; it is imported with the id '\(event.name)'",
                               in: file, at: span,
                               help: "import the file that declares \(path) as static let … = \"…\", or write the id in the .tiprules event, so that the donations TipKit stored under it stay the event's")
                    }
                }
                if let kept = byID[event.resolvedID] {
                    eventAliases[key] = kept
                    continue
                }
                byID[event.resolvedID] = program.events.count
                eventAliases[key] = program.events.count
                eventFiles.append(file)
                program.events.append(event)
            }
        }
        var counts: [String: Int] = [:]
        for event in program.events { counts[event.name, default: 0] += 1 }
        for index in program.events.indices {
            let event = program.events[index]
            let shared = counts[event.name, default: 0] > 1
            program.events[index].outputName = shared ? event.owner.map { "\($0).\(event.name)" } ?? event.name : event.name
        }
    }

    /// The rule with each input bound to what TipKit reads in tip `tip` (`Self.$x` and `x` its
    /// own, `Type.$x` that type's, `SharedTipInputs.$x` a parameter of no tip; failing that, the
    /// one imported declaration of that name), written as `.tiprules` reads it back; nil, with a
    /// diagnostic, when an input names nothing imported or nothing it can be written as.
    private mutating func bind(_ rule: ImportedRule, inTip tip: String) -> ImportedRule? {
        var rule = rule
        for (position, input) in rule.inputs.enumerated() {
            let owner: String? = switch input.qualifier {
            case nil, "Self"?: tip
            case SwiftEmitter.sharedNamespace?: nil
            case let type?: type
            }
            let text = input.isParameter ? parameterInput(input, owner: owner, tip: tip) : eventInput(input, owner: owner, tip: tip)
            guard let text else {
                reportUnbound(input, in: rule.file)
                return nil
            }
            if text.isEmpty {
                report(.importRule, "the rule input '\(input.written)' names a declaration that tip '\(tip)' hides with its own of that name; the rule is not carried over",
                       in: rule.file, at: input.span, help: "rename one of the two, then import again")
                return nil
            }
            rule.inputs[position].text = text
        }
        return rule
    }

    /// A parameter input as `.tiprules` writes it in tip `tip`; nil when it names nothing
    /// imported, "" when the tip's own parameter of that name would hide it.
    private func parameterInput(_ input: ImportedRuleInput, owner: String?, tip: String) -> String? {
        let exact = program.parameters.first { $0.owner == owner && $0.name == input.name }
        let sameName = program.parameters.filter { $0.name == input.name }
        guard let parameter = exact ?? (sameName.count == 1 ? sameName.first : nil) else { return nil }
        switch parameter.owner {
        case tip?: return "Self.$\(input.name)"
        case let other?: return "\(other).$\(input.name)"
        case nil: return program.parameters.contains { $0.owner == tip && $0.name == input.name } ? "" : "Self.$\(input.name)"
        }
    }

    /// An event input as `.tiprules` writes it in tip `tip` (see `parameterInput`).
    private func eventInput(_ input: ImportedRuleInput, owner: String?, tip: String) -> String? {
        let exact = eventAliases[(owner ?? "") + "|" + input.name]
        let sameName = Set(eventAliases.filter { $0.key.hasSuffix("|" + input.name) }.values)
        guard let index = exact ?? (sameName.count == 1 ? sameName.first : nil) else { return nil }
        let name = program.events[index].outputName
        if name == "\(tip).\(input.name)" { return "Self.\(input.name)" }
        if name.contains(".") { return name }
        return program.events.contains { $0.outputName == "\(tip).\(name)" } ? "" : "Self.\(name)"
    }

    /// Widget expressions name a parameter or event through the type that declares it in Swift:
    /// `.tiprules` keeps the type where it owns the member (`VPNTip.isTipPresented`), else drops it.
    private mutating func resolveWidgetOwners() {
        let owned = Set(program.parameters.filter { $0.owner != nil }.map(\.qualifiedName)
            + program.events.map(\.outputName).filter { $0.contains(".") })
        let resolve = { (text: String) in SwiftExpressionRewriter.resolvingOwners(text, owned: owned) }
        for index in program.widgets.indices {
            program.widgets[index].lets = program.widgets[index].lets.map { ($0.0, resolve($0.1)) }
            program.widgets[index].score = resolve(program.widgets[index].score)
            program.widgets[index].duration = resolve(program.widgets[index].duration)
            program.widgets[index].suggestions = program.widgets[index].suggestions.map { (resolve($0.from), resolve($0.to)) }
        }
    }

    /// Types with a tip's members whose conformance to `Tip` was not recognized: a warning each,
    /// since their tips are not carried over.
    private mutating func reportLookalikes() {
        for (file, imported) in files.enumerated() {
            for lookalike in imported.tipLookalikes where !program.tips.contains(where: { $0.name == lookalike.value }) {
                report(.importUnrecognizedTip, "'\(lookalike.value)' has a tip's rules, or its title and message or image, but no conformance to Tip that import recognizes; it is not carried over",
                       in: file, at: lookalike.span,
                       help: "import the file where '\(lookalike.value)' conforms to Tip (struct \(lookalike.value): Tip, or extension \(lookalike.value): Tip), or write the tip in the .tiprules file")
            }
        }
    }

    /// Events by `OWNER|NAME` (the property and its innermost type) to their index in the
    /// program: an event whose id another event has is that event.
    private var eventAliases: [String: Int] = [:]
    /// The file each of the program's events came from.
    private var eventFiles: [Int] = []

    /// The event's fields from its DonationInfo struct, looked up from the event's scope outwards.
    private mutating func resolveFields(of index: Int) {
        let event = program.events[index]
        let origin = (file: eventFiles[index], span: event.span)
        guard let infoType = event.infoType else { return }
        let candidates = (0...event.scope.count).reversed().map { depth in
            (event.scope.prefix(depth) + [infoType]).joined(separator: ".")
        }
        let infos = files.map(\.donationInfos)
        let found = candidates.lazy.compactMap { name in infos.lazy.compactMap { $0[name] }.first }.first
        guard let fields = found else {
            report(.importDonationInfo, "the DonationInfo type '\(infoType)' of '\(event.name)' was not found; the event is imported without fields",
                   in: origin.file, at: event.span, help: "import the file that declares \(infoType), a Codable struct of stored fields")
            return
        }
        for field in fields {
            if TipKitRecognizer.parameterTypes.contains(field.type) {
                program.events[index].fields.append(field)
            } else {
                report(.importDonationInfo, "the field '\(field.name): \(field.type)' of '\(event.name)' is not carried over",
                       in: origin.file, at: event.span,
                       help: "a .tiprules event field is an Int, Double, String, Bool or Date; group donations by one of those")
            }
        }
    }

    private mutating func reportUnbound(_ input: ImportedRuleInput, in file: Int) {
        if input.isParameter, files.contains(where: { $0.droppedParameters.contains(input.name) }) {
            report(.importRule, "the rule input '\(input.written)' is a parameter that is not carried over (see its warning); nor is the rule",
                   in: file, at: input.span, help: "give the parameter a .tiprules type and a literal default, then the rule comes with it")
        } else {
            report(.importRule, "the rule input '\(input.written)' names no imported \(input.isParameter ? "parameter" : "event"); the rule is not carried over",
                   in: file, at: input.span, help: "import the file that declares it, or declare it in the .tiprules file")
        }
    }

    private mutating func memberExists(_ member: ImportedItem<String>) -> Bool {
        if program.tips.contains(where: { $0.name == member.value }) { return true }
        guard let file = files.firstIndex(where: { $0.groups.contains { $0.members.contains { $0.span == member.span } } }) else {
            return false
        }
        report(.importGroupMember, "the group member '\(member.value)' is no imported tip", in: file, at: member.span,
               help: "import the file that declares the tip")
        return false
    }

    /// Adds an extension's members to the tip it extends; an extension of anything else adds nothing.
    private mutating func extend(with tipExtension: ImportedTipExtension, file: Int) {
        guard let tip = program.tips.firstIndex(where: { $0.name == tipExtension.members.name }) else { return }
        files[file].diagnostics.append(contentsOf: tipExtension.diagnostics)
        let members = tipExtension.members
        program.tips[tip].id = program.tips[tip].id ?? members.id
        program.tips[tip].idReference = program.tips[tip].idReference ?? members.idReference
        program.tips[tip].title = program.tips[tip].title ?? members.title
        program.tips[tip].message = program.tips[tip].message ?? members.message
        program.tips[tip].image = program.tips[tip].image ?? members.image
        program.tips[tip].rules += members.rules.map { rule in
            var rule = rule
            rule.file = file
            return rule
        }
        program.tips[tip].options += members.options
        program.tips[tip].actions += members.actions
    }

    /// Adds suggestion windows to the widget they name, or reports that there is none.
    private mutating func attach(_ suggestions: ImportedSuggestions, file: Int) {
        guard let widget = program.widgets.firstIndex(where: { $0.name == suggestions.widget }) else {
            report(.importWidgetFunction, "suggestions for widget '\(suggestions.widget)', whose relevance function is not imported, are not carried over",
                   in: file, at: suggestions.span, help: "import the file with its relevance function too")
            return
        }
        program.widgets[widget].suggestions += suggestions.windows
    }

    private mutating func report(_ code: DiagnosticCode, _ message: String, in file: Int, at span: SourceSpan, help: String) {
        files[file].diagnostics.add(code, message, at: span, fixes: [FixIt(help, edits: [])])
    }
}

/// The merged declarations of every imported file, ready to be written as `.tiprules`.
struct ImportedProgram {
    var displayFrequency: String?
    var parameters: [ImportedParameter] = []
    var events: [ImportedEvent] = []
    var tips: [ImportedTip] = []
    var groups: [ImportedGroup] = []
    var widgets: [ImportedWidget] = []
}
