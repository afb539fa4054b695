/// The sizes a verified program needs at run time, so the VM can allocate once.
struct ExecutionLimits: Hashable, Sendable {
    /// The largest stack of any code block, in slots.
    var stackSlots = 0
    /// The most locals of any code block.
    var locals = 0
    /// The deepest loop nesting of any code block.
    var loopDepth = 0
}

/// Verifies a whole program before it may run: the symbol tables are consistent and every
/// code block passes `CodeVerifier`. Every failure is `BytecodeError.verificationFailed`
/// naming the block and the byte offset of the instruction.
enum Verifier {
    static func verify(_ contents: ProgramContents) throws -> ExecutionLimits {
        try verifySymbols(contents)
        var limits = ExecutionLimits()
        for tip in contents.tips {
            for (index, rule) in tip.rules.enumerated() {
                try verify(rule.code, result: .bool, in: contents, limits: &limits,
                           name: "tip '\(tip.name)' rule \(index + 1) (line \(rule.line))")
            }
            if let holdout = tip.holdout {
                guard Holdout.percentRange.contains(holdout.percent) else {
                    throw BytecodeError.verificationFailed("tip '\(tip.name)' holds out \(holdout.percent) %, not 1 to 50")
                }
                try verify(holdout.bucket, result: .double, in: contents, limits: &limits,
                           name: "tip '\(tip.name)' holdout (line \(holdout.line))")
            }
        }
        for widget in contents.widgets {
            try verify(widget.score, result: .double, in: contents, limits: &limits, name: "widget '\(widget.name)' score")
            try verify(widget.duration, result: .duration, in: contents, limits: &limits,
                       name: "widget '\(widget.name)' duration")
            for (index, suggestion) in widget.suggestions.enumerated() {
                for (end, code) in [("from", suggestion.from), ("to", suggestion.to)] {
                    try verify(code, result: .date, in: contents, limits: &limits,
                               name: "widget '\(widget.name)' suggestion \(index + 1) \(end)")
                }
            }
        }
        return limits
    }

    private static func verify(_ code: CodeBlock, result: BytecodeType.Base, in contents: ProgramContents,
                               limits: inout ExecutionLimits, name: @autoclosure () -> String) throws {
        let verifier = CodeVerifier(code: code, result: BytecodeType(result), constants: contents.constants,
                                    parameters: contents.parameters, events: contents.events)
        do {
            let needs = try verifier.verify()
            limits.stackSlots = max(limits.stackSlots, needs.stackSlots)
            limits.loopDepth = max(limits.loopDepth, needs.loopDepth)
            limits.locals = max(limits.locals, code.locals.count)
        } catch let problem as VerificationProblem {
            let offsets = InstructionCoding.offsets(of: code.instructions)
            let offset = offsets[min(max(problem.instruction, 0), offsets.count - 1)]
            let opcode = code.instructions.indices.contains(problem.instruction)
                ? " (\(code.instructions[problem.instruction].opcode.mnemonic))" : ""
            throw BytecodeError.verificationFailed("\(name()): at \(offset)\(opcode): \(problem.message)")
        }
    }

    private static func verifySymbols(_ contents: ProgramContents) throws {
        func fail(_ message: String) -> BytecodeError { .verificationFailed(message) }
        guard isInterval(contents.displayFrequency) else { throw fail("display frequency must be a finite, non-negative number") }
        for count in [contents.constants.count, contents.parameters.count, contents.events.count,
                      contents.tips.count, contents.groups.count, contents.widgets.count]
        where count > BytecodeFormat.maximumEntries {
            throw fail("more than \(BytecodeFormat.maximumEntries) entries in a table")
        }
        try verifyUniqueNames(contents)
        let codeBlocks = contents.locatedCodeBlocks
        guard codeBlocks.count <= BytecodeFormat.maximumCodeBlocks else {
            throw fail("more than \(BytecodeFormat.maximumCodeBlocks) rules, scores and durations")
        }
        let instructions = codeBlocks.reduce(0) { $0 + $1.code.instructions.count }
        guard instructions <= BytecodeFormat.maximumTotalInstructions else {
            throw fail("more than \(BytecodeFormat.maximumTotalInstructions) instructions in the program")
        }
        let lines = contents.parameters.map(\.line) + contents.events.map(\.line) + contents.tips.map(\.line)
            + contents.tips.flatMap { $0.rules.map(\.line) } + contents.groups.map(\.line) + contents.widgets.map(\.line)
        guard lines.allSatisfy({ $0 >= 0 }) else { throw fail("a declaration has a negative line number") }
        for parameter in contents.parameters where !parameter.type.accepts(parameter.defaultValue) {
            let found = parameter.defaultValue.kind == .string ? "not a valid version" : "a \(parameter.defaultValue.kind)"
            throw fail("parameter '\(parameter.name)' is a \(parameter.type) but its default is \(found)")
        }
        for event in contents.events {
            guard event.maximumCount >= 0 else { throw fail("event '\(event.name)' has a negative maximum count") }
            if let age = event.maximumAge, !isInterval(age) {
                throw fail("event '\(event.name)' has an invalid maximum age")
            }
        }
        for tip in contents.tips {
            if let count = tip.options.maxDisplayCount, count < 0 {
                throw fail("tip '\(tip.name)' has a negative MaxDisplayCount")
            }
            if let duration = tip.options.maxDisplayDuration, duration.isNaN {
                throw fail("tip '\(tip.name)' has an invalid MaxDisplayDuration")
            }
            // A cap of 0 displays would read before a tip's first display date.
            for cap in tip.options.frequencyCaps where cap.count < 1 || !(cap.seconds > 0 && cap.seconds.isFinite) {
                throw fail("tip '\(tip.name)' has a FrequencyCap of \(cap.count) per \(cap.seconds) s: "
                           + "a cap allows at least 1 display in a window longer than 0")
            }
        }
        for group in contents.groups {
            for member in group.members where !(0..<contents.tips.count).contains(member) {
                throw fail("group '\(group.name)' has member \(member), but \(contents.tips.count) tips are declared")
            }
        }
    }

    /// Names the runtime looks things up by must be unique: parameters, events and the fields of
    /// each event; tips by name and by id; groups; widgets.
    private static func verifyUniqueNames(_ contents: ProgramContents) throws {
        func checkUnique(_ names: [String], _ what: String) throws {
            var seen = Set<String>()
            for name in names where !seen.insert(name).inserted {
                throw BytecodeError.verificationFailed("two \(what) are named '\(name)'")
            }
        }
        try checkUnique(contents.parameters.map(\.name), "parameters")
        try checkUnique(contents.events.map(\.name), "events")
        for event in contents.events {
            try checkUnique(["date"] + event.fields.map(\.name), "fields of event '\(event.name)'")
        }
        try checkUnique(contents.tips.map(\.name), "tips")
        try checkUnique(contents.tips.map(\.id), "tips (by id)")
        try checkUnique(contents.groups.map(\.name), "groups")
        try checkUnique(contents.widgets.map(\.name), "widgets")
    }

    private static func isInterval(_ value: Double) -> Bool {
        value.isFinite && value >= 0
    }
}
