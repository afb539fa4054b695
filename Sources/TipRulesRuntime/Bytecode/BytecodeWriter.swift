/// Writes a program as a `.tipc` file: the header, then the payload sections in a fixed
/// order (see `docs/bytecode.md`). The same program and version always give the same bytes.
enum BytecodeWriter {
    /// The file in format `version`, which must carry the program (at least
    /// `contents.requiredFormatVersion`, at most `BytecodeFormat.newestVersion`).
    static func encode(_ contents: ProgramContents, version: Int) -> [UInt8] {
        var payload = ByteWriter()
        payload.string(contents.sourceName)
        payload.double(contents.displayFrequency)
        if version >= FormatConstruct.programIdentity.since {
            payload.optionalString(contents.app)
            payload.unsigned(contents.release ?? 0)
        }
        writeConstants(contents.constants, to: &payload)
        writeParameters(contents.parameters, version: version, to: &payload)
        writeEvents(contents.events, to: &payload)
        writeTips(contents.tips, to: &payload)
        writeGroups(contents.groups, to: &payload)
        writeWidgets(contents.widgets, version: version, to: &payload)
        if version >= FormatConstruct.tipActions.since {
            writeActions(contents.tips, to: &payload)
        }
        if version >= FormatConstruct.holdout.since {
            writeHoldouts(contents.tips, to: &payload)
        }
        if version >= FormatConstruct.appTexts.since {
            writeAppTexts(contents.tips, to: &payload)
        }
        for block in contents.locatedCodeBlocks {
            writeDebug(block.code, to: &payload)
        }

        var file = ByteWriter()
        file.append(BytecodeFormat.magic)
        file.fixed(UInt16(version))
        file.fixed(UInt16(0))
        file.fixed(UInt32(clamping: payload.bytes.count))
        file.fixed(CRC32.checksum(payload.bytes))
        file.append(payload.bytes)
        return file.bytes
    }

    /// A tagged scalar: its kind's byte, then the value.
    static func writeValue(_ value: ScalarValue, to writer: inout ByteWriter) {
        writer.byte(value.kind.rawValue)
        switch value {
        case .bool(let flag): writer.bool(flag)
        case .int(let number): writer.fixed(Int64(number))
        case .double(let number), .date(let number), .duration(let number): writer.double(number)
        case .string(let text): writer.string(text)
        }
    }

    private static func writeConstants(_ constants: [ScalarValue], to writer: inout ByteWriter) {
        writer.unsigned(constants.count)
        for constant in constants {
            writeValue(constant, to: &writer)
        }
    }

    private static func writeParameters(_ parameters: [ParameterInfo], version: Int, to writer: inout ByteWriter) {
        writer.unsigned(parameters.count)
        for parameter in parameters {
            writer.string(parameter.name)
            writer.byte(parameter.type.rawValue)
            writeValue(parameter.defaultValue, to: &writer)
            writer.unsigned(parameter.line)
            if version >= FormatConstruct.transientParameter.since {
                writer.byte(parameter.isTransient ? BytecodeFormat.transientParameterFlag : 0)
            }
        }
    }

    private static func writeEvents(_ events: [EventInfo], to writer: inout ByteWriter) {
        writer.unsigned(events.count)
        for event in events {
            writer.string(event.name)
            writer.unsigned(event.fields.count)
            for field in event.fields {
                writer.string(field.name)
                writer.byte(field.type.rawValue)
            }
            writer.unsigned(event.maximumCount)
            writer.bool(event.maximumAge != nil)
            if let age = event.maximumAge { writer.double(age) }
            writer.unsigned(event.line)
        }
    }

    private static func writeTips(_ tips: [TipInfo], to writer: inout ByteWriter) {
        writer.unsigned(tips.count)
        for tip in tips {
            writer.string(tip.name)
            writer.string(tip.id)
            writer.string(tip.title)
            writer.optionalString(tip.message)
            writer.optionalString(tip.image)
            writeOptions(tip.options, to: &writer)
            writer.unsigned(tip.line)
            writer.unsigned(tip.rules.count)
            for rule in tip.rules {
                writer.unsigned(rule.line)
                writeCode(rule.code, to: &writer)
            }
        }
    }

    /// The tips that have actions (count, then each tip's index and its actions), so that a
    /// program without actions adds one byte.
    private static func writeActions(_ tips: [TipInfo], to writer: inout ByteWriter) {
        let withActions = tips.indices.filter { !tips[$0].actions.isEmpty }
        writer.unsigned(withActions.count)
        for index in withActions {
            writer.unsigned(index)
            writer.unsigned(tips[index].actions.count)
            for action in tips[index].actions {
                writer.string(action.id)
                writer.string(action.title)
            }
        }
    }

    /// The tips that have texts the app makes (count, then each tip's index, a byte of which
    /// texts — bit 0 title, 1 message, 2 image — and each one's key and default value).
    private static func writeAppTexts(_ tips: [TipInfo], to writer: inout ByteWriter) {
        let withAppTexts = tips.indices.filter { !tips[$0].appTexts.isEmpty }
        writer.unsigned(withAppTexts.count)
        for index in withAppTexts {
            writer.unsigned(index)
            let texts = TipText.allCases.filter { tips[index].appTexts[$0] != nil }
            writer.byte(UInt8(texts.reduce(0) { $0 | 1 << $1.rawValue }))
            for text in texts {
                writer.optionalString(tips[index].appTexts[text]?.key)
                writer.optionalString(tips[index].appTexts[text]?.defaultValue)
            }
        }
    }

    /// The tips that have a holdout (count, then each tip's index, its share, group, line and
    /// bucket code), so that a program without holdouts adds one byte.
    private static func writeHoldouts(_ tips: [TipInfo], to writer: inout ByteWriter) {
        let withHoldouts = tips.indices.filter { tips[$0].holdout != nil }
        writer.unsigned(withHoldouts.count)
        for index in withHoldouts {
            guard let holdout = tips[index].holdout else { continue }
            writer.unsigned(index)
            writer.unsigned(holdout.percent)
            writer.string(holdout.group)
            writer.unsigned(holdout.line)
            writeCode(holdout.bucket, to: &writer)
        }
    }

    private static func writeOptions(_ options: TipOptions, to writer: inout ByteWriter) {
        var flags: UInt8 = 0
        if options.maxDisplayCount != nil { flags |= OptionFlags.maxDisplayCount }
        if options.ignoresDisplayFrequency { flags |= OptionFlags.ignoresDisplayFrequency }
        if options.maxDisplayDuration != nil { flags |= OptionFlags.maxDisplayDuration }
        if !options.frequencyCaps.isEmpty { flags |= OptionFlags.frequencyCaps }
        if options.priority != 0 { flags |= OptionFlags.priority }
        writer.byte(flags)
        if let count = options.maxDisplayCount { writer.unsigned(count) }
        if let duration = options.maxDisplayDuration { writer.double(duration) }
        if !options.frequencyCaps.isEmpty {
            writer.unsigned(options.frequencyCaps.count)
            for cap in options.frequencyCaps {
                writer.unsigned(cap.count)
                writer.double(cap.seconds)
            }
        }
        if options.priority != 0 { writer.fixed(Int64(options.priority)) }
    }

    private static func writeGroups(_ groups: [GroupInfo], to writer: inout ByteWriter) {
        writer.unsigned(groups.count)
        for group in groups {
            writer.string(group.name)
            // 0 `.firstAvailable`, 1 `.ordered` (a Bool before version 3), 2 `.priority`.
            writer.byte(group.byPriority ? 2 : group.ordered ? 1 : 0)
            writer.unsigned(group.members.count)
            for member in group.members {
                writer.unsigned(member)
            }
            writer.unsigned(group.line)
        }
    }

    private static func writeWidgets(_ widgets: [WidgetInfo], version: Int, to writer: inout ByteWriter) {
        writer.unsigned(widgets.count)
        for widget in widgets {
            writer.string(widget.name)
            writer.unsigned(widget.line)
            writeCode(widget.score, to: &writer)
            writeCode(widget.duration, to: &writer)
            guard version >= FormatConstruct.widgetSuggestions.since else { continue }
            writer.unsigned(widget.suggestions.count)
            for suggestion in widget.suggestions {
                writer.unsigned(suggestion.line)
                writeCode(suggestion.from, to: &writer)
                writeCode(suggestion.to, to: &writer)
            }
        }
    }

    /// Locals, code and line table (byte offsets, delta-encoded).
    private static func writeCode(_ code: CodeBlock, to writer: inout ByteWriter) {
        writer.unsigned(code.locals.count)
        for local in code.locals {
            writer.unsigned(typeCode(local))
        }
        let offsets = InstructionCoding.offsets(of: code.instructions)
        writer.unsigned(offsets[offsets.count - 1])
        InstructionCoding.encode(code.instructions, offsets: offsets, to: &writer)
        writer.unsigned(code.lines.count)
        var previous = 0
        for entry in code.lines {
            let offset = byteOffset(ofInstruction: entry.start, offsets: offsets)
            writer.unsigned(offset - previous)
            writer.unsigned(entry.line)
            previous = offset
        }
    }

    /// The debug part of a code block: its summary and comparison notes.
    private static func writeDebug(_ code: CodeBlock, to writer: inout ByteWriter) {
        let offsets = InstructionCoding.offsets(of: code.instructions)
        writer.string(code.summary)
        writer.unsigned(code.notes.count)
        var previous = 0
        for note in code.notes {
            let offset = byteOffset(ofInstruction: note.instruction, offsets: offsets)
            writer.unsigned(offset - previous)
            previous = offset
            var flags: UInt8 = 0
            if note.mirrored { flags |= NoteFlags.mirrored }
            if note.negated { flags |= NoteFlags.negated }
            if note.other != nil { flags |= NoteFlags.hasOther }
            writer.byte(flags)
            writer.string(note.subject)
            if let other = note.other { writer.string(other) }
        }
    }

    /// A local's type: its base code times two, plus one when optional.
    static func typeCode(_ type: BytecodeType) -> Int {
        type.base.code &* 2 &+ (type.isOptional ? 1 : 0)
    }

    private static func byteOffset(ofInstruction index: Int, offsets: [Int]) -> Int {
        index >= 0 && index < offsets.count ? offsets[index] : offsets[offsets.count - 1]
    }
}

/// The bits of a tip's option byte.
enum OptionFlags {
    static let maxDisplayCount: UInt8 = 1
    static let ignoresDisplayFrequency: UInt8 = 2
    static let maxDisplayDuration: UInt8 = 4
    /// Format version 3: the tip's frequency caps follow.
    static let frequencyCaps: UInt8 = 8
    /// Format version 3: the tip's priority follows.
    static let priority: UInt8 = 16
    static let all: UInt8 = 31
}

/// The bits of a comparison note's flag byte.
enum NoteFlags {
    static let mirrored: UInt8 = 1
    static let negated: UInt8 = 2
    static let hasOther: UInt8 = 4
    static let all: UInt8 = 7
}
