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
        refinements = tipProtocols()
        for index in files.indices { files[index].tipExtensions.forEach { adopt($0, file: index, tipProtocols: refinements) } }
        for index in files.indices { files[index].tipExtensions.forEach { extend(with: $0, file: index) } }
        applyProtocolDefaults(refinements)
        nameSwiftTypes()
        for index in program.tips.indices {
            resolveID(ofTip: index)
            resolveTexts(ofTip: index)
            resolveActions(ofTip: index)
        }
        mergeEvents()
        for index in program.events.indices { resolveFields(of: index) }
        for tip in program.tips.indices {
            let name = program.tips[tip].name
            program.tips[tip].rules = program.tips[tip].rules.compactMap { bind($0, inTip: name) }
        }
        for index in program.groups.indices { program.groups[index].members = program.groups[index].members.filter { memberExists($0) } }
        resolveWidgetOwners()
        reportLookalikes()
        program.minimumIOS = minimumIOS()
        if files.allSatisfy(\.isEmpty), program.tips.isEmpty, !files.isEmpty {
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

    // MARK: Tips through the app's protocols

    /// The protocols that refine `Tip` (see `tipProtocols()`): their extensions are defaults, not tips.
    private var refinements: [String: [String]] = [:]

    /// The protocols of the imported files that refine `Tip`, directly or through one another,
    /// each with the protocols it inherits (itself first, the nearest next, at most
    /// `maximumProtocolDepth`), found breadth first from those that name `Tip`: linear time.
    private func tipProtocols() -> [String: [String]] {
        let declared = Dictionary(files.flatMap(\.protocols).map { ($0.name, $0.inherits) }, uniquingKeysWith: { first, _ in first })
        var children: [String: [String]] = [:]
        for (name, inherits) in declared { for parent in inherits { children[parent, default: []].append(name) } }
        var refining: [String: [String]] = [:]
        var queue = (children["Tip"] ?? []).filter { declared[$0] != nil }
        for name in queue { refining[name] = [name] }
        var next = 0
        while next < queue.count {
            let parent = queue[next]
            next += 1
            for child in children[parent] ?? [] where refining[child] == nil {
                refining[child] = [child] + (refining[parent] ?? []).prefix(Self.maximumProtocolDepth - 1)
                queue.append(child)
            }
        }
        return refining
    }

    /// How many protocols up a tip's defaults are looked for (apps use one or two).
    private static let maximumProtocolDepth = 16

    /// A struct (or an extension of one) that conforms to a protocol refining `Tip` is a tip.
    private mutating func adopt(_ tipExtension: ImportedTipExtension, file: Int, tipProtocols: [String: [String]]) {
        let name = tipExtension.members.name
        guard tipProtocols[name] == nil, tipExtension.conformances.contains(where: { tipProtocols[$0] != nil }),
              origins["tip " + name] == nil else { return }
        var tip = ImportedTip(name: name, span: tipExtension.members.span)
        tip.enclosing = tipExtension.enclosing
        add(tip, to: \.tips, name: name, kind: "tip", span: tip.span, file: file)
    }

    /// Each member a tip does not declare itself, from the extensions of the protocols it conforms
    /// to (the nearest first), as Swift's protocol extensions give it.
    private mutating func applyProtocolDefaults(_ tipProtocols: [String: [String]]) {
        let extensions = Dictionary(grouping: files.indices.flatMap { file in files[file].tipExtensions.map { ($0, file) } },
                                    by: \.0.members.name)
        for index in program.tips.indices {
            let conformances = (extensions[program.tips[index].name] ?? []).flatMap(\.0.conformances)
            var protocols: [String] = []
            for name in conformances.flatMap({ tipProtocols[$0] ?? [] }) where !protocols.contains(name) { protocols.append(name) }
            for (defaults, file) in protocols.flatMap({ extensions[$0] ?? [] }) {
                let members = defaults.members
                var tip = program.tips[index]
                if tip.id == nil && tip.idReference == nil { tip.id = members.id; tip.idReference = members.idReference }
                for property in ["title", "message"] where tip.text(property) == nil && !tip.supplied.contains(property)
                    && tip.swiftTexts[property] == nil && !tip.textReferences.contains(where: { $0.property == property }) {
                    tip.setText(property, members.text(property))
                    tip.swiftTexts[property] = members.swiftTexts[property]
                    tip.textReferences += members.textReferences.filter { $0.property == property }
                }
                if tip.image == nil && !tip.supplied.contains("image") && tip.swiftTexts["image"] == nil {
                    tip.image = members.image
                    tip.swiftTexts["image"] = members.swiftTexts["image"]
                }
                if tip.rules.isEmpty { tip.rules = members.rules.map { var rule = $0; rule.file = file; return rule } }
                if tip.options.isEmpty { tip.options = members.options }
                if tip.actions.isEmpty { tip.actions = members.actions }
                program.tips[index] = tip
                files[file].diagnostics.append(contentsOf: defaults.diagnostics.filter { !files[file].diagnostics.items.contains($0) })
            }
        }
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

    /// `Action(id: ActionID.learnMore.rawValue, …)`: the ids with their constants looked up; an
    /// action whose id is no constant of the imported files is left out with a warning.
    private mutating func resolveActions(ofTip index: Int) {
        let file = origins["tip " + program.tips[index].name]?.file ?? 0
        program.tips[index].actions = program.tips[index].actions.compactMap { action in
            guard let reference = action.idReference else { return action }
            guard let id = resolve(reference.constant) else {
                report(.importActions, "the action '\(reference.written)' is not carried over: it has no constant id", in: file, at: reference.span,
                       help: "give it Action(id: \"…\", title: \"…\") with string literals, or import the file that declares its id; .tiprules tells a tip's actions apart by id")
                return nil
            }
            return ImportedAction(id: id, title: action.title)
        }
    }

    /// `title: Text(titleValue)`, `Text("a ") + Text(Self.b)`: the texts with their constants
    /// looked up, or left out with a warning naming the constant.
    private mutating func resolveTexts(ofTip index: Int) {
        for reference in program.tips[index].textReferences {
            let strings = reference.pieces.map(resolve)
            if strings.allSatisfy({ $0 != nil }) {
                program.tips[index].setText(reference.property, strings.compactMap { $0 }.joined())
                continue
            }
            // A constant of the app's other files (`L10n.Tips.title`): the app's Swift, as written.
            if let fallback = reference.fallback {
                program.tips[index].swiftTexts[reference.property] = fallback
                continue
            }
            let missing = zip(reference.pieces, strings).compactMap { piece, string -> String? in
                guard string == nil, case .reference(let path, _, _) = piece else { return nil }
                return path
            }
            let tip = program.tips[index]
            report(.importText, "the \(reference.property) of tip '\(tip.name)' uses '\(missing.joined(separator: "', '"))', which is no string constant of the imported files; the \(reference.property) is not carried over",
                   in: origins["tip " + tip.name]?.file ?? 0, at: reference.span,
                   help: "import the file that declares it as static let … = \"…\", or write the \(reference.property) in the .tiprules tip")
        }
        program.tips[index].textReferences = []
    }

    /// Names the `.tiprules` expressions give a meaning of their own (`Date.now`): a tip called
    /// so is renamed after its enums (`TaggingTips.Date` becomes `TaggingTipsDate`).
    private static let builtinNames: Set<String> = ["Self", "Date", "Duration", "Int", "Double", "String", "Bool", "Tips", "Version", "Calendar"]

    /// Each tip's Swift type where the `.tiprules` name does not say it: declared in the app's
    /// enums, or renamed; the tip keeps the id TipKit gives it, its Swift type's name.
    private mutating func nameSwiftTypes() {
        let names = Set(program.tips.map(\.name))
        let enums = files.reduce(into: Set<String>()) { $0.formUnion($1.enums) }
        for index in program.tips.indices {
            let tip = program.tips[index]
            // Enums of the app's, and extensions of them (`enum TaggingTips {}` in one file,
            // `extension TaggingTips { struct Date: Tip … }` in another), are namespaces that
            // emit-swift can declare; a tip in a view or another type stays at the top level.
            let isNamespaced = !tip.enclosing.isEmpty && tip.enclosing.allSatisfy { scope in
                scope.isEnum || (scope.isExtension && enums.contains(String(scope.name.split(separator: ".").last ?? "")))
            }
            let namespaces = isNamespaced ? tip.enclosing.flatMap { $0.name.split(separator: ".").map(String.init) } : []
            let path = (namespaces + [tip.name]).joined(separator: ".")
            if Self.builtinNames.contains(tip.name) {
                var renamed = namespaces.isEmpty ? tip.name + "Tip" : namespaces.joined() + tip.name
                while names.contains(renamed) { renamed += "Tip" }
                program.tips[index].name = renamed
                renamedTips[tip.name] = renamed
                if tip.id == nil && tip.idReference == nil { program.tips[index].id = tip.name }
            }
            if path != program.tips[index].name { program.tips[index].swiftName = path }
        }
        for index in program.parameters.indices {
            program.parameters[index].owner = program.parameters[index].owner.map { renamedTips[$0] ?? $0 }
        }
        for group in program.groups.indices {
            for member in program.groups[group].members.indices {
                program.groups[group].members[member].value = renamedTips[program.groups[group].members[member].value]
                    ?? program.groups[group].members[member].value
            }
        }
    }

    /// Tips renamed by `nameSwiftTypes`: their Swift name to their `.tiprules` name.
    private var renamedTips: [String: String] = [:]

    /// The oldest iOS whose TipKit has what the imported code uses: `TipGroup` and
    /// `MaxDisplayDuration` came with 18, donation limits with 26; nil for 17.
    private func minimumIOS() -> Int? {
        if program.events.contains(where: { $0.limit != nil }) { return 26 }
        let durations = program.tips.contains { $0.options.contains { $0.contains("MaxDisplayDuration") } }
        return !program.groups.filter({ !$0.members.isEmpty }).isEmpty || durations ? 18 : nil
    }

    /// One event per id (TipKit keeps donations by id: two properties with one id are one
    /// event), named by its property, or `OWNER.NAME` where kept events share a property name.
    private mutating func mergeEvents() {
        var byID: [String: Int] = [:]
        for (file, imported) in files.enumerated() {
            for var event in imported.events {
                event.owner = event.owner.map { renamedTips[$0] ?? $0 }
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
        let readers = eventReaders()
        let tips = Set(program.tips.map(\.name))
        for index in program.events.indices {
            let event = program.events[index]
            let shared = counts[event.name, default: 0] > 1
            // The app's `QuickEditTip.photoEdited` stays there: emit-swift declares an event
            // without an owner in the one tip that reads it, else in SharedTipInputs.
            let keepsOwner = event.owner.map { owner in
                (tips.contains(owner) || event.ownerIsNamespace) && readers[index, default: []] != [owner]
            } ?? false
            program.events[index].outputName = shared || keepsOwner ? event.owner.map { "\($0).\(event.name)" } ?? event.name : event.name
        }
    }

    /// The tips whose rules read each event, by the event's index.
    private func eventReaders() -> [Int: Set<String>] {
        var readers: [Int: Set<String>] = [:]
        for tip in program.tips {
            for input in tip.rules.flatMap(\.inputs) where !input.isParameter {
                if let index = eventIndex(input, owner: owner(of: input, inTip: tip.name)) { readers[index, default: []].insert(tip.name) }
            }
        }
        return readers
    }

    /// The type a rule input in tip `tip` names its declaration through (nil: `SharedTipInputs`).
    private func owner(of input: ImportedRuleInput, inTip tip: String) -> String? {
        switch input.qualifier {
        case nil, "Self"?: tip
        case SwiftEmitter.sharedNamespace?: nil
        case let type?: renamedTips[type] ?? type
        }
    }

    /// The event a rule input names: the one of its owner, or the one imported event of its name.
    private func eventIndex(_ input: ImportedRuleInput, owner: String?) -> Int? {
        let exact = eventAliases[(owner ?? "") + "|" + input.name]
        let sameName = Set(eventAliases.filter { $0.key.hasSuffix("|" + input.name) }.values)
        return exact ?? (sameName.count == 1 ? sameName.first : nil)
    }

    /// The rule with each input bound to what TipKit reads in tip `tip` (`Self.$x` and `x` its
    /// own, `Type.$x` that type's, `SharedTipInputs.$x` a parameter of no tip; failing that, the
    /// one imported declaration of that name), written as `.tiprules` reads it back; nil, with a
    /// diagnostic, when an input names nothing imported or nothing it can be written as.
    private mutating func bind(_ rule: ImportedRule, inTip tip: String) -> ImportedRule? {
        var rule = rule
        for (position, input) in rule.inputs.enumerated() {
            let owner = owner(of: input, inTip: tip)
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
        guard let index = eventIndex(input, owner: owner) else { return nil }
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
            for lookalike in imported.tipLookalikes
            where !program.tips.contains(where: { $0.name == lookalike.value }) && refinements[lookalike.value] == nil {
                report(.importUnrecognizedTip, "'\(lookalike.value)' has a tip's rules, or its title and message or image, but no conformance to Tip that import recognizes; it is not carried over",
                       in: file, at: lookalike.span,
                       help: "import, in the same import, the file where '\(lookalike.value)' conforms to Tip (struct \(lookalike.value): Tip, extension \(lookalike.value): Tip, or a protocol of the app's that refines Tip), or write the tip in the .tiprules file")
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
        let found = candidates.lazy.compactMap { name in infos.lazy.compactMap { $0[name] }.first.map { (name, $0) } }.first
        program.events[index].donationType = found?.0
        guard let fields = found?.1 else {
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
        program.tips[tip].textReferences += members.textReferences
        program.tips[tip].swiftTexts.merge(members.swiftTexts) { first, _ in first }
        program.tips[tip].supplied.formUnion(members.supplied)
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
        files[file].diagnostics.add(code, message, at: span, fixes: [FixIt(help, edits: [], applicability: .maybeIncorrect)])
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
    /// The oldest iOS the imported TipKit code needs, when newer than 17.
    var minimumIOS: Int?
}
