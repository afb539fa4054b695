/// Reads a `.tipc` file into program contents: checks the header (magic, version, length,
/// checksum), then decodes every section from untrusted bytes. It checks the structure
/// (counts, lengths, instruction boundaries); the verifier checks the meaning.
enum BytecodeReader {
    /// The program's contents and the format version of the file.
    static func decode(_ bytes: [UInt8]) throws -> (contents: ProgramContents, version: Int) {
        let (payload, version) = try payloadReader(bytes)
        var reader = payload
        reader.part = "source name"
        let sourceName = try reader.string()
        reader.part = "configuration"
        let displayFrequency = try reader.double()
        var app: String?
        var release: Int?
        if version >= FormatConstruct.programIdentity.since {
            app = try reader.optionalString()
            let number = try reader.unsigned()
            release = number == 0 ? nil : number
        }
        reader.part = "constant pool"
        let constants = try readArray(&reader) { try readValue(&$0) }
        reader.part = "parameter table"
        let parameters = try readArray(&reader) { try readParameter(&$0, version: version) }
        reader.part = "event table"
        let events = try readArray(&reader) { try readEvent(&$0) }
        reader.part = "tip table"
        var tips = try readArray(&reader) { try readTip(&$0) }
        reader.part = "group table"
        let groups = try readArray(&reader) { try readGroup(&$0) }
        reader.part = "widget table"
        let widgets = try readArray(&reader) { try readWidget(&$0, version: version) }
        if version >= FormatConstruct.tipActions.since {
            reader.part = "tip actions"
            try readActions(&reader, into: &tips)
        }
        if version >= FormatConstruct.holdout.since {
            reader.part = "tip holdouts"
            try readHoldouts(&reader, into: &tips)
        }
        if version >= FormatConstruct.appTexts.since {
            reader.part = "tip app texts"
            try readAppTexts(&reader, into: &tips)
        }

        var contents = ProgramContents(sourceName: sourceName, displayFrequency: displayFrequency,
                                       constants: constants, parameters: parameters, events: events,
                                       tips: tips, groups: groups, widgets: widgets, app: app, release: release)
        try readDebugSection(&reader, into: &contents)
        guard reader.isAtEnd else { throw BytecodeError.trailingBytes(at: reader.offset) }
        if let newer = contents.formatRequirements.first(where: { $0.version > version }) {
            throw BytecodeError.constructNeedsNewerVersion(newer.construct.description, needs: newer.version, fileVersion: version)
        }
        return (contents, version)
    }

    /// Checks the header and returns a reader positioned at the start of the payload.
    private static func payloadReader(_ bytes: [UInt8]) throws -> (ByteReader, version: Int) {
        let magic = BytecodeFormat.magic
        guard bytes.count >= magic.count, Array(bytes[0..<magic.count]) == magic else {
            throw BytecodeError.badMagic
        }
        var header = ByteReader(bytes: bytes, offset: magic.count, part: "header")
        let version = Int(try header.fixed(UInt16.self))
        guard BytecodeFormat.readableVersions.contains(version) else { throw BytecodeError.unsupportedVersion(version) }
        let flagsOffset = header.offset
        guard try header.fixed(UInt16.self) == 0 else { throw header.malformed("unknown flags", at: flagsOffset) }
        let length = Int(try header.fixed(UInt32.self))
        let expected = try header.fixed(UInt32.self)
        let start = BytecodeFormat.headerSize
        guard length <= BytecodeFormat.maximumFileSize else {
            throw BytecodeError.limitExceeded("the payload is \(length) bytes; the limit is \(BytecodeFormat.maximumFileSize)")
        }
        guard bytes.count - start >= length else {
            throw BytecodeError.truncated(at: bytes.count, while: "payload (the header says \(length) bytes)")
        }
        guard bytes.count - start == length else { throw BytecodeError.trailingBytes(at: start + length) }
        let actual = CRC32.checksum(bytes[start...])
        guard actual == expected else { throw BytecodeError.checksumMismatch(expected: expected, actual: actual) }
        return (ByteReader(bytes: bytes, offset: start, part: "payload"), version)
    }

    private static func readArray<Element>(_ reader: inout ByteReader,
                                           _ element: (inout ByteReader) throws -> Element) throws -> [Element] {
        let count = try reader.count()
        var elements: [Element] = []
        elements.reserveCapacity(count)
        for _ in 0..<count {
            elements.append(try element(&reader))
        }
        return elements
    }

    private static func readKind(_ reader: inout ByteReader) throws -> ScalarKind {
        let start = reader.offset
        let raw = try reader.byte()
        guard let kind = ScalarKind(rawValue: raw) else { throw reader.malformed("unknown type \(raw)", at: start) }
        return kind
    }

    /// A tagged scalar, as `BytecodeWriter.writeValue` writes it.
    static func readValue(_ reader: inout ByteReader) throws -> ScalarValue {
        let start = reader.offset
        switch try readKind(&reader) {
        case .version: throw reader.malformed("a value is tagged 'Version' (versions are held as strings)", at: start)
        case .bool: return .bool(try reader.bool())
        case .int: return .int(Int(try reader.fixed(Int64.self)))
        case .double: return .double(try reader.double())
        case .string: return .string(try reader.string())
        case .date: return .date(try reader.double())
        case .duration: return .duration(try reader.double())
        }
    }

    /// A parameter entry; from version 2 on it ends with a flags byte (bit 0: transient).
    private static func readParameter(_ reader: inout ByteReader, version: Int) throws -> ParameterInfo {
        let name = try reader.string()
        let type = try readKind(&reader)
        let value = try readValue(&reader)
        let line = try reader.unsigned()
        guard version >= FormatConstruct.transientParameter.since else { return ParameterInfo(name: name, type: type, defaultValue: value, line: line) }
        let flagsOffset = reader.offset
        let flags = try reader.byte()
        guard flags & ~BytecodeFormat.transientParameterFlag == 0 else {
            throw reader.malformed("unknown parameter flags \(flags)", at: flagsOffset)
        }
        return ParameterInfo(name: name, type: type, defaultValue: value, line: line,
                             isTransient: flags & BytecodeFormat.transientParameterFlag != 0)
    }

    private static func readEvent(_ reader: inout ByteReader) throws -> EventInfo {
        let name = try reader.string()
        let fields = try readArray(&reader) { reader -> FieldInfo in
            let fieldName = try reader.string()
            return FieldInfo(name: fieldName, type: try readKind(&reader))
        }
        let maximumCount = try reader.unsigned()
        let maximumAge = try reader.bool() ? try reader.double() : nil
        return EventInfo(name: name, fields: fields, maximumCount: maximumCount, maximumAge: maximumAge,
                         line: try reader.unsigned())
    }

    private static func readTip(_ reader: inout ByteReader) throws -> TipInfo {
        let name = try reader.string()
        reader.part = "tip '\(name)'"
        let id = try reader.string()
        let title = try reader.string()
        let message = try reader.optionalString()
        let image = try reader.optionalString()
        let options = try readOptions(&reader)
        let line = try reader.unsigned()
        let ruleCount = try reader.count()
        var rules: [RuleInfo] = []
        for index in 0..<ruleCount {
            let ruleLine = try reader.unsigned()
            reader.part = "tip '\(name)' rule \(index + 1) (line \(ruleLine))"
            rules.append(RuleInfo(line: ruleLine, code: try readCode(&reader)))
        }
        reader.part = "tip table"
        return TipInfo(name: name, id: id, title: title, message: message, image: image,
                       options: options, rules: rules, line: line)
    }

    /// The actions of the tips that have some: each tip's index (increasing), then its actions.
    private static func readActions(_ reader: inout ByteReader, into tips: inout [TipInfo]) throws {
        try readTipEntries(&reader, tipCount: tips.count) { reader, index in
            let countOffset = reader.offset
            let actions = try readArray(&reader) { TipAction(id: try $0.string(), title: try $0.string()) }
            guard !actions.isEmpty else { throw reader.malformed("a tip listed with no actions", at: countOffset) }
            tips[index].actions = actions
        }
    }

    /// A section of entries of some tips: a count, then each entry's tip index (strictly
    /// increasing, below `tipCount`) followed by what `entry` reads.
    private static func readTipEntries(_ reader: inout ByteReader, tipCount: Int,
                                       _ entry: (inout ByteReader, Int) throws -> Void) throws {
        var previous = -1
        for _ in 0..<(try reader.count()) {
            let start = reader.offset
            let index = try reader.unsigned()
            guard index > previous, index < tipCount else {
                throw reader.malformed("tip index \(index) is out of order or past the \(tipCount) tips", at: start)
            }
            previous = index
            try entry(&reader, index)
        }
    }

    /// The texts the app makes, of the tips that have some: each tip's index (increasing), a
    /// byte of which texts (bit 0 title, 1 message, 2 image; at least one), each one's key and
    /// default value.
    private static func readAppTexts(_ reader: inout ByteReader, into tips: inout [TipInfo]) throws {
        try readTipEntries(&reader, tipCount: tips.count) { reader, index in
            let maskOffset = reader.offset
            let mask = try reader.byte()
            guard mask != 0, mask < 1 << TipText.allCases.count else {
                throw reader.malformed("app texts flags \(mask)", at: maskOffset)
            }
            for text in TipText.allCases where mask & 1 << text.rawValue != 0 {
                tips[index].appTexts[text] = AppText(key: try reader.optionalString(), defaultValue: try reader.optionalString())
            }
        }
    }

    /// The holdouts of the tips that have one: each tip's index (increasing), its share, group,
    /// line and bucket code.
    private static func readHoldouts(_ reader: inout ByteReader, into tips: inout [TipInfo]) throws {
        try readTipEntries(&reader, tipCount: tips.count) { reader, index in
            let percent = try reader.unsigned()
            let group = try reader.string()
            let line = try reader.unsigned()
            reader.part = "tip '\(tips[index].name)' holdout (line \(line))"
            tips[index].holdout = Holdout(percent: percent, group: group, line: line, bucket: try readCode(&reader))
            reader.part = "tip holdouts"
        }
    }

    private static func readOptions(_ reader: inout ByteReader) throws -> TipOptions {
        let start = reader.offset
        let flags = try reader.byte()
        guard flags & ~OptionFlags.all == 0 else { throw reader.malformed("unknown option flags", at: start) }
        let count = flags & OptionFlags.maxDisplayCount != 0 ? try reader.unsigned() : nil
        let duration = flags & OptionFlags.maxDisplayDuration != 0 ? try reader.double() : nil
        let caps = flags & OptionFlags.frequencyCaps != 0
            ? try readArray(&reader) { FrequencyCap(count: try $0.unsigned(), seconds: try $0.double()) } : []
        let priority = flags & OptionFlags.priority != 0 ? Int(try reader.fixed(Int64.self)) : 0
        return TipOptions(maxDisplayCount: count,
                          ignoresDisplayFrequency: flags & OptionFlags.ignoresDisplayFrequency != 0,
                          maxDisplayDuration: duration, frequencyCaps: caps, priority: priority)
    }

    private static func readGroup(_ reader: inout ByteReader) throws -> GroupInfo {
        let name = try reader.string()
        let kindOffset = reader.offset
        let kind = try reader.byte()
        guard kind <= 2 else { throw reader.malformed("unknown group kind \(kind)", at: kindOffset) }
        let members = try readArray(&reader) { try $0.unsigned() }
        return GroupInfo(name: name, ordered: kind == 1, byPriority: kind == 2, members: members, line: try reader.unsigned())
    }

    /// A widget entry; from version 2 on it ends with its `suggest` windows.
    private static func readWidget(_ reader: inout ByteReader, version: Int) throws -> WidgetInfo {
        let name = try reader.string()
        let line = try reader.unsigned()
        reader.part = "widget '\(name)' score"
        let score = try readCode(&reader)
        reader.part = "widget '\(name)' duration"
        let duration = try readCode(&reader)
        var suggestions: [SuggestionInfo] = []
        if version >= FormatConstruct.widgetSuggestions.since {
            reader.part = "widget '\(name)' suggestions"
            suggestions = try readArray(&reader) { reader in
                let line = try reader.unsigned()
                return SuggestionInfo(from: try readCode(&reader), to: try readCode(&reader), line: line)
            }
        }
        reader.part = "widget table"
        return WidgetInfo(name: name, line: line, score: score, duration: duration, suggestions: suggestions)
    }

    /// Locals, code and line table; the debug part comes later, in the debug section.
    private static func readCode(_ reader: inout ByteReader) throws -> CodeBlock {
        reader.codeBlocksRead += 1
        guard reader.codeBlocksRead <= BytecodeFormat.maximumCodeBlocks else {
            throw BytecodeError.limitExceeded("more than \(BytecodeFormat.maximumCodeBlocks) rules, scores and durations")
        }
        var locals: [BytecodeType] = []
        for _ in 0..<(try reader.count(limit: BytecodeFormat.maximumLocals)) {
            let start = reader.offset
            let code = try reader.unsigned(limit: Int(Int32.max))
            guard let base = BytecodeType.Base(code: code / 2) else {
                throw reader.malformed("unknown type \(code)", at: start)
            }
            locals.append(BytecodeType(base, optional: code % 2 == 1))
        }
        let length = try reader.count(limit: BytecodeFormat.maximumFileSize)
        let (instructions, offsets) = try InstructionCoding.decode(&reader, length: length)
        var lines: [LineEntry] = []
        var offset = 0
        for index in 0..<(try reader.count(minimumSize: 2)) {
            let instruction = try readInstructionDelta(&reader, index: index, offset: &offset, offsets: offsets, what: "line entry")
            lines.append(LineEntry(start: instruction, line: try reader.unsigned()))
        }
        return CodeBlock(instructions: instructions, locals: locals, lines: lines)
    }

    /// A delta-encoded byte offset (increasing after the first entry of a table), as the
    /// index of the instruction that starts there.
    private static func readInstructionDelta(_ reader: inout ByteReader, index: Int, offset: inout Int,
                                             offsets: [Int], what: String) throws -> Int {
        let start = reader.offset
        let delta = try reader.unsigned()
        guard index == 0 || delta > 0 else { throw reader.malformed("\(what)s out of order", at: start) }
        let (next, overflow) = offset.addingReportingOverflow(delta)
        guard !overflow else { throw reader.malformed("\(what) offset overflows", at: start) }
        offset = next
        return try instructionIndex(at: offset, offsets: offsets, reader: reader, what: what)
    }

    /// Each code block's summary and comparison notes, in `ProgramContents.codeBlocks` order.
    private static func readDebugSection(_ reader: inout ByteReader, into contents: inout ProgramContents) throws {
        reader.part = "debug section"
        for tip in contents.tips.indices {
            for rule in contents.tips[tip].rules.indices {
                try readDebug(&reader, into: &contents.tips[tip].rules[rule].code)
            }
            if var holdout = contents.tips[tip].holdout {
                try readDebug(&reader, into: &holdout.bucket)
                contents.tips[tip].holdout = holdout
            }
        }
        for widget in contents.widgets.indices {
            try readDebug(&reader, into: &contents.widgets[widget].score)
            try readDebug(&reader, into: &contents.widgets[widget].duration)
            for suggestion in contents.widgets[widget].suggestions.indices {
                try readDebug(&reader, into: &contents.widgets[widget].suggestions[suggestion].from)
                try readDebug(&reader, into: &contents.widgets[widget].suggestions[suggestion].to)
            }
        }
    }

    private static func readDebug(_ reader: inout ByteReader, into code: inout CodeBlock) throws {
        let offsets = InstructionCoding.offsets(of: code.instructions)
        code.summary = try reader.string()
        var offset = 0
        for index in 0..<(try reader.count(minimumSize: 3)) {
            let instruction = try readInstructionDelta(&reader, index: index, offset: &offset, offsets: offsets, what: "note")
            let flagsOffset = reader.offset
            let flags = try reader.byte()
            guard flags & ~NoteFlags.all == 0 else { throw reader.malformed("unknown note flags", at: flagsOffset) }
            let subject = try reader.string()
            let other = flags & NoteFlags.hasOther != 0 ? try reader.string() : nil
            code.notes.append(ComparisonNote(instruction: instruction, subject: subject, other: other,
                                             mirrored: flags & NoteFlags.mirrored != 0,
                                             negated: flags & NoteFlags.negated != 0))
        }
    }

    private static func instructionIndex(at offset: Int, offsets: [Int], reader: ByteReader, what: String) throws -> Int {
        guard let index = InstructionCoding.instructionIndex(atOffset: offset, offsets: offsets) else {
            throw reader.malformed("\(what) at code offset \(offset) is not the start of an instruction")
        }
        return index
    }
}
