import TipRulesCompiler

/// Merges what several Swift files declare into one program: the first declaration of a name
/// wins (a later one is a diagnostic), events get their DonationInfo fields, and rules whose
/// inputs and group members that name nothing imported are dropped with a diagnostic.
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
            files[index].parameters.forEach { add($0, to: \.parameters, name: $0.name, kind: "parameter", span: $0.span, file: index) }
            files[index].events.forEach { add($0, to: \.events, name: $0.name, kind: "event", span: $0.span, file: index) }
            for var tip in files[index].tips {
                for rule in tip.rules.indices { tip.rules[rule].file = index }
                add(tip, to: \.tips, name: tip.name, kind: "tip", span: tip.span, file: index)
            }
            files[index].groups.forEach { add($0, to: \.groups, name: $0.name, kind: "group", span: $0.span, file: index) }
            files[index].widgets.forEach { add($0, to: \.widgets, name: $0.name, kind: "widget", span: $0.span, file: index) }
        }
        for index in files.indices { files[index].suggestions.forEach { attach($0, file: index) } }
        for index in files.indices { files[index].tipExtensions.forEach { extend(with: $0, file: index) } }
        for index in program.events.indices { resolveFields(of: index) }
        for index in program.tips.indices { program.tips[index].rules = program.tips[index].rules.filter { inputsExist($0) } }
        for index in program.groups.indices { program.groups[index].members = program.groups[index].members.filter { memberExists($0) } }
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

    /// The event's fields from its DonationInfo struct, looked up from the event's scope outwards.
    private mutating func resolveFields(of index: Int) {
        let event = program.events[index]
        guard let infoType = event.infoType, let origin = origins["event " + event.name] else { return }
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

    private mutating func inputsExist(_ rule: ImportedRule) -> Bool {
        for input in rule.inputs where !program.contains(input) {
            if input.isParameter, files.contains(where: { $0.droppedParameters.contains(input.name) }) {
                report(.importRule, "the rule input '\(input.text)' is a parameter that is not carried over (see its warning); nor is the rule",
                       in: rule.file, at: input.span, help: "give the parameter a .tiprules type and a literal default, then the rule comes with it")
            } else {
                report(.importRule, "the rule input '\(input.text)' names no imported \(input.isParameter ? "parameter" : "event"); the rule is not carried over",
                       in: rule.file, at: input.span, help: "import the file that declares it, or declare it in the .tiprules file")
            }
            return false
        }
        return true
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

    /// Whether the input names a declared parameter or event.
    func contains(_ input: ImportedRuleInput) -> Bool {
        input.isParameter ? parameters.contains { $0.name == input.name } : events.contains { $0.name == input.name }
    }
}
