/// A readable listing of a program: symbol tables, then each rule, score and duration with
/// byte offsets, source lines, mnemonics and operands (constants and names shown in comments).
/// With `sourceLines` (the program's source, one string a line), each new line's text is quoted.
public func disassemble(_ program: Program, sourceLines: [String] = []) -> String {
    Disassembler(program: program, sourceLines: sourceLines).listing()
}

private struct Disassembler {
    let program: Program
    let sourceLines: [String]

    func listing() -> String {
        var lines = ["; tiprulec bytecode, format version \(program.formatVersion)" + formatVersionReason(),
                     "; source: \(program.sourceName)"]
        if let app = program.app { lines.append("; app: \(ValueFormatting.quoted(app))") }
        if let release = program.release { lines.append("; release: \(release)") }
        lines += [
                     "; display frequency: " + (program.displayFrequency == 0 ? "immediate"
                                                : ValueFormatting.duration(program.displayFrequency))]
        lines.append("constants:")
        for (index, constant) in program.constants.enumerated() {
            lines.append("  #\(index)  \(constant.kind)  \(ValueFormatting.describe(constant))")
        }
        lines.append("parameters:")
        for (index, parameter) in program.parameters.enumerated() {
            lines.append("  \(index)  \(parameter.isTransient ? "transient " : "")\(parameter.name): \(parameter.type) = \(ValueFormatting.describe(parameter.defaultValue))"
                         + "  ; line \(parameter.line)")
        }
        lines.append("events:")
        for (index, event) in program.events.enumerated() {
            let fields = event.fields.map { "\($0.name): \($0.type)" }.joinedText(separator: ", ")
            let age = event.maximumAge.map { ", maximumAge: \(ValueFormatting.duration($0))" } ?? ""
            lines.append("  \(index)  \(event.name)(\(fields)) limit(maximumCount: \(event.maximumCount)\(age))"
                         + "  ; line \(event.line)")
        }
        for tip in program.tips {
            lines.append("tip \(tip.name)  id \(ValueFormatting.quoted(tip.id))  ; line \(tip.line)")
            lines.append("  options: " + options(tip.options))
            for text in TipText.allCases {
                if let appText = tip.appTexts[text] { lines.append("  \(text): \(appText)") }
            }
            if !tip.actions.isEmpty {
                lines.append("  actions: " + tip.actions.map { "Action(id: \(ValueFormatting.quoted($0.id)), title: \(ValueFormatting.quoted($0.title)))" }
                    .joinedText(separator: ", "))
            }
            for (index, rule) in tip.rules.enumerated() {
                lines.append("  rule \(index + 1), line \(rule.line)" + (rule.code.summary.isEmpty ? "" : ": \(rule.code.summary)"))
                lines += code(rule.code)
            }
            if let holdout = tip.holdout {
                lines.append("  holdout \(holdout.percent) %, group \(ValueFormatting.quoted(holdout.group)), line \(holdout.line): bucket"
                             + (holdout.bucket.summary.isEmpty ? "" : " of \(holdout.bucket.summary)"))
                lines += code(holdout.bucket)
            }
        }
        for group in program.groups {
            let members = group.members.map { program.tips.indices.contains($0) ? program.tips[$0].name : "?" }
            lines.append("group \(group.name) (\(group.ordered ? ".ordered" : ".firstAvailable")): "
                         + members.joinedText(separator: ", ") + "  ; line \(group.line)")
        }
        for widget in program.widgets {
            lines.append("widget \(widget.name)  ; line \(widget.line)")
            lines.append("  score:")
            lines += code(widget.score)
            lines.append("  duration:")
            lines += code(widget.duration)
            for suggestion in widget.suggestions {
                lines.append("  suggest from:  ; line \(suggestion.line)")
                lines += code(suggestion.from)
                lines.append("  suggest to:")
                lines += code(suggestion.to)
            }
        }
        return lines.joinedText(separator: "\n") + "\n"
    }

    /// Why the file is of its version: the first construct that needs the version the program
    /// needs, and its line; or that the program needs no more than version 1.
    private func formatVersionReason() -> String {
        let needed = program.requiredFormatVersion
        guard let first = program.formatRequirements.first(where: { $0.version == needed }) else {
            return program.formatVersion == needed ? " (the oldest; the program needs nothing newer)"
                : " (the program needs only version \(needed))"
        }
        let line = program.line(of: first.location).map { ", line \($0)" } ?? ""
        return " (the program needs version \(needed) for \(first.construct)\(line))"
    }

    private func options(_ options: TipOptions) -> String {
        var parts: [String] = []
        if let count = options.maxDisplayCount { parts.append("\(TipOption.maxDisplayCount.name)(\(count))") }
        if options.ignoresDisplayFrequency { parts.append("\(TipOption.ignoresDisplayFrequency.name)(true)") }
        if let duration = options.maxDisplayDuration {
            parts.append("\(TipOption.maxDisplayDuration.name)(\(ValueFormatting.duration(duration)))")
        }
        return parts.isEmpty ? "none" : parts.joinedText(separator: " ")
    }

    private func code(_ block: CodeBlock) -> [String] {
        var lines: [String] = []
        if !block.locals.isEmpty {
            lines.append("    locals: " + block.locals.enumerated().map { "\($0)=\(typeName($1))" }.joinedText(separator: " "))
        }
        let offsets = InstructionCoding.offsets(of: block.instructions)
        let notes = block.notesByInstruction
        var previousLine = -1
        var quoted = Set<Int>()
        for (index, instruction) in block.instructions.enumerated() {
            let line = block.line(at: index)
            let lineColumn = line == previousLine ? "" : "line \(line)"
            if line != previousLine, sourceLines.indices.contains(line - 1), quoted.insert(line).inserted {
                let text = sourceLines[line - 1].drop { $0 == " " || $0 == "\t" }
                if !text.isEmpty { lines.append("    ; \(line) | \(text)") }
            }
            previousLine = line
            var operands: [String] = []
            var comments: [String] = []
            for (position, kind) in instruction.opcode.operands.enumerated() {
                let value = instruction.operand(position)
                operands.append(operandText(kind, value, offsets: offsets))
                if let comment = comment(kind, value, instruction: instruction, block: block) { comments.append(comment) }
            }
            if let note = notes[index] { comments.append("explains: \(note.subject)") }
            var text = "    " + padded(offsetText(offsets[index]), 6) + padded(lineColumn, 10)
                + padded(instruction.opcode.mnemonic, 18) + operands.joinedText(separator: " ")
            if comments.isEmpty {
                while text.last == " " { text.removeLast() }
            } else {
                text = padded(text, 64) + "; " + comments.joinedText(separator: ", ")
            }
            lines.append(text)
        }
        return lines
    }

    private func operandText(_ kind: OperandKind, _ value: Int, offsets: [Int]) -> String {
        switch kind {
        case .constant: return "#\(value)"
        case .target: return "-> " + (offsets.indices.contains(value) ? offsetText(offsets[value]) : "?")
        case .comparison: return ComparisonOperator(rawValue: UInt8(clamping: max(0, value)))?.description ?? "?\(value)"
        case .type: return BytecodeType.Base(code: value).map { typeName(BytecodeType($0)) } ?? "?\(value)"
        case .component: return CalendarComponent(rawValue: UInt8(clamping: max(0, value))).map { ".\($0)" } ?? "?\(value)"
        default: return String(value)
        }
    }

    private func comment(_ kind: OperandKind, _ value: Int, instruction: Instruction, block: CodeBlock) -> String? {
        switch kind {
        case .constant:
            return program.constants.indices.contains(value) ? ValueFormatting.describe(program.constants[value]) : nil
        case .parameter:
            return program.parameters.indices.contains(value) ? program.parameters[value].name : nil
        case .event:
            return eventName(value)
        case .field:
            let event = instruction.operand(0)
            guard program.events.indices.contains(event) else { return nil }
            let fields = program.events[event].fields
            return value == 0 ? "date" : fields.indices.contains(value - 1) ? fields[value - 1].name : nil
        case .local:
            return block.locals.indices.contains(value) ? "local \(value): \(typeName(block.locals[value]))" : nil
        case .target, .comparison, .type, .component:
            return nil
        }
    }

    private func eventName(_ index: Int) -> String? {
        program.events.indices.contains(index) ? program.events[index].name : nil
    }

    /// A type with event names in place of event indices.
    private func typeName(_ type: BytecodeType) -> String {
        let suffix = type.isOptional ? "?" : ""
        switch type.base {
        case .donation(let event): return "Donation<\(eventName(event) ?? String(event))>" + suffix
        case .donations(let event): return "Donations<\(eventName(event) ?? String(event))>" + suffix
        default: return type.description
        }
    }

    /// A byte offset, zero-padded to four decimal digits.
    private func offsetText(_ value: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
