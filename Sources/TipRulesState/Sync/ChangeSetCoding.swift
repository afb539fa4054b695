import TipRulesRuntime

/// A change set's bytes: the saved state's frame (`StateFormat`: the magic `TIPX`, a 2-byte
/// format version, the payload's length and CRC-32) around a payload of
///
/// - the app (a flag, then the string);
/// - the names table (events, tips, parameters, fields), then the installs table (16 bytes each);
/// - in version 2 only, the baseline: a flag, then a version vector (`ChangeSet.baseline`).
///   Version 2 is written for a change set with a baseline or an exposure, version 1 otherwise;
/// - runs: an install (index), its first number and the count of operations, then each
///   operation: its date, a kind byte and the kind's values, names as table indices.
///
/// Names are written once, so that a day of donations costs a few bytes each. Every count is
/// checked against the bytes left, every value is within its bounds (`OperationBounds`), and
/// nothing is left unread.
enum ChangeSetCoding {
    static let magic: [UInt8] = Array("TIPX".utf8)

    /// The kinds' bytes.
    private enum Kind: UInt8 {
        case donate = 1, displays, invalidate, resetEligibility, setParameter, deleteDonations, lastDisplayDate, exposure
    }

    static func encode(_ changeSet: ChangeSet) -> [UInt8] {
        var names = Table<String>()
        var installs = Table<InstallID>()
        // Version 2 for what a library that reads only version 1 must not take as damage: a
        // baseline, or an exposure (a kind such a library does not know) — it refuses the whole
        // change set as newer than itself.
        let version = changeSet.baseline != nil || changeSet.operations.contains { $0.change.key.isExposure } ? 2 : 1
        var baseline = ByteWriter()
        if version >= 2 { baseline.bool(changeSet.baseline != nil) }
        if let vector = changeSet.baseline { write(vector, to: &baseline, installs: &installs) }
        var body = ByteWriter()
        var runs: [(install: InstallID, first: Int, operations: ArraySlice<StampedOperation>)] = []
        var start = 0
        let operations = changeSet.operations
        for index in operations.indices where index + 1 == operations.count
            || operations[index + 1].install != operations[index].install
            || operations[index + 1].sequence != operations[index].sequence + 1 {
            runs.append((operations[start].install, operations[start].sequence, operations[start...index]))
            start = index + 1
        }
        body.unsigned(runs.count)
        for run in runs {
            body.unsigned(installs.index(run.install))
            body.unsigned(run.first)
            body.unsigned(run.operations.count)
            for operation in run.operations { write(operation, to: &body, names: &names, installs: &installs) }
        }
        var writer = ByteWriter()
        writer.optionalString(changeSet.app)
        writer.strings(names.values)
        writer.unsigned(installs.values.count)
        for install in installs.values {
            writer.fixed(install.high)
            writer.fixed(install.low)
        }
        writer.append(baseline.bytes)
        writer.append(body.bytes)
        return StateFormat.framed(writer.bytes, magic: magic, version: version)
    }

    private static func write(_ operation: StampedOperation, to writer: inout ByteWriter,
                              names: inout Table<String>, installs: inout Table<InstallID>) {
        writer.double(operation.date)
        switch operation.change {
        case .donate(let event, let fields):
            writer.byte(Kind.donate.rawValue)
            writer.unsigned(names.index(event))
            writer.unsigned(fields.count)
            for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
                writer.unsigned(names.index(name))
                writer.taggedScalar(value)
            }
        case .displays(let tip, let count, let duration, let dates):
            writer.byte(Kind.displays.rawValue)
            writer.unsigned(names.index(tip))
            writer.unsigned(count)
            writer.double(duration)
            writer.unsigned(dates.count)
            for date in dates { writer.double(date) }
        case .invalidate(let tip, let reason):
            writer.byte(Kind.invalidate.rawValue)
            writer.unsigned(names.index(tip))
            writer.byte(InvalidationCode.code(reason))
        case .resetEligibility(let tip, let seen):
            writer.byte(Kind.resetEligibility.rawValue)
            writer.unsigned(names.index(tip))
            write(seen, to: &writer, installs: &installs)
        case .setParameter(let name, let value):
            writer.byte(Kind.setParameter.rawValue)
            writer.unsigned(names.index(name))
            writer.bool(value != nil)
            if let value { writer.taggedScalar(value) }
        case .deleteDonations(let event, let seen):
            writer.byte(Kind.deleteDonations.rawValue)
            writer.unsigned(names.index(event))
            write(seen, to: &writer, installs: &installs)
        case .lastDisplayDate:
            writer.byte(Kind.lastDisplayDate.rawValue)
        case .exposure(let tip, let group, let percent, let arm):
            writer.byte(Kind.exposure.rawValue)
            writer.unsigned(names.index(tip))
            writer.unsigned(names.index(group))
            writer.unsigned(percent)
            writer.byte(arm == .holdout ? 1 : 0)
        }
    }

    private static func write(_ vector: VersionVector, to writer: inout ByteWriter, installs: inout Table<InstallID>) {
        let entries = vector.counts.sorted { $0.key < $1.key }
        writer.unsigned(entries.count)
        for (install, count) in entries {
            writer.unsigned(installs.index(install))
            writer.unsigned(count)
        }
    }

    static func decode(_ bytes: [UInt8]) throws(StateFormatError) -> ChangeSet {
        let header = try header(bytes)
        var operations: [StampedOperation] = []
        try forEachOperation(of: header) { operations.append($0) }
        return ChangeSet(app: header.app, operations: operations, baseline: header.baseline)
    }

    /// What a change set's payload holds before its operations, and where they start.
    struct Header: Sendable {
        var bytes: [UInt8]
        var app: String?
        var names: [String]
        var installs: [InstallID]
        var baseline: VersionVector?
        /// The offset of the runs.
        var runs: Int
    }

    /// Checks the frame (size, magic, version, CRC) and reads the payload up to the runs.
    static func header(_ bytes: [UInt8]) throws(StateFormatError) -> Header {
        guard bytes.count <= ChangeSet.maximumSize else {
            throw .malformed(at: 0, "a change set of \(bytes.count) bytes exceeds \(ChangeSet.maximumSize)")
        }
        let (payload, end, version) = try StateFormat.unframe(bytes, magic: magic, what: "a change set", newest: ChangeSet.formatVersion)
        guard end == bytes.count else { throw .malformed(at: end, "unexpected bytes after the change set") }
        var reader = ByteReader(bytes: bytes, offset: payload.startIndex, part: "the change set's tables")
        return try StateFormatError.reading(at: payload.startIndex) {
            let app = try reader.optionalString()
            let names = try reader.strings()
            let installs = try (0..<reader.count(minimumSize: 16)).map { _ in
                InstallID(high: try reader.fixed(UInt64.self), low: try reader.fixed(UInt64.self))
            }
            let hasBaseline = try version >= 2 && reader.bool()
            let baseline = hasBaseline ? try readVector(&reader, installs) : nil
            return Header(bytes: bytes, app: app, names: names, installs: installs, baseline: baseline, runs: reader.offset)
        }
    }

    /// Reads the operations after `header` one at a time, in the order written, giving each to
    /// `visit`; nothing is left unread.
    static func forEachOperation(of header: Header, _ visit: (StampedOperation) -> Void) throws(StateFormatError) {
        var reader = ByteReader(bytes: header.bytes, offset: header.runs, part: "the change set's tables")
        let (names, installs) = (header.names, header.installs)
        try StateFormatError.reading(at: header.runs) {
            for run in 0..<(try reader.count(minimumSize: 3)) {
                reader.part = "run \(run + 1) of the change set"
                let install = try lookup(installs, &reader)
                let firstStart = reader.offset
                let first = try reader.unsigned()
                let count = try reader.count(minimumSize: 9, limit: Int.max)
                guard first >= 1, first <= StampedOperation.maximumSequence - count + 1 else {
                    throw reader.malformed("operation numbers out of range (1 to \(StampedOperation.maximumSequence))", at: firstStart)
                }
                for index in 0..<count {
                    let date = try OperationBounds.date(&reader, "an operation date")
                    let change = try readChange(&reader, names: names, installs: installs)
                    visit(StampedOperation(install: install, sequence: first + index, date: date, change: change))
                }
            }
            guard reader.isAtEnd else { throw reader.malformed("unexpected bytes after the operations") }
        }
    }

    private static func readChange(_ reader: inout ByteReader, names: [String], installs: [InstallID]) throws -> SyncedChange {
        let start = reader.offset
        guard let kind = Kind(rawValue: try reader.byte()) else { throw reader.malformed("unknown operation kind", at: start) }
        switch kind {
        case .donate:
            let event = try lookup(names, &reader)
            var fields: [String: ScalarValue] = [:]
            for _ in 0..<(try reader.count(minimumSize: 2)) {
                let nameStart = reader.offset
                let name = try lookup(names, &reader)
                guard fields[name] == nil else { throw reader.malformed("field '\(name)' twice in a donation", at: nameStart) }
                fields[name] = try OperationBounds.value(&reader)
            }
            return .donate(event: event, fields: fields)
        case .displays:
            let tip = try lookup(names, &reader)
            let count = try OperationBounds.displayCount(&reader)
            let duration = try OperationBounds.displayedTime(&reader)
            let dates = try (0..<reader.count(minimumSize: 8, limit: TipState.maximumDisplayHistory)).map { _ in
                try OperationBounds.date(&reader, "a display date")
            }
            return .displays(tip: tip, count: count, duration: duration, dates: dates)
        case .invalidate:
            let tip = try lookup(names, &reader)
            let codeStart = reader.offset
            guard let reason = try InvalidationCode.reason(try reader.byte(), at: codeStart) else {
                throw reader.malformed("an invalidation without a reason", at: codeStart)
            }
            return .invalidate(tip: tip, reason: reason)
        case .resetEligibility:
            return .resetEligibility(tip: try lookup(names, &reader), seen: try readVector(&reader, installs))
        case .setParameter:
            let name = try lookup(names, &reader)
            return .setParameter(name, try reader.bool() ? try OperationBounds.value(&reader) : nil)
        case .deleteDonations:
            return .deleteDonations(event: try lookup(names, &reader), seen: try readVector(&reader, installs))
        case .lastDisplayDate:
            return .lastDisplayDate
        case .exposure:
            let tip = try lookup(names, &reader)
            let group = try lookup(names, &reader)
            let percentStart = reader.offset
            let percent = try reader.unsigned()
            guard Holdout.percentRange.contains(percent) else { throw reader.malformed("a holdout share of \(percent) %", at: percentStart) }
            let armStart = reader.offset
            let arm = try reader.byte()
            guard arm <= 1 else { throw reader.malformed("unknown holdout arm \(arm)", at: armStart) }
            return .exposure(tip: tip, group: group, percent: percent, arm: arm == 1 ? .holdout : .treatment)
        }
    }

    private static func readVector(_ reader: inout ByteReader, _ installs: [InstallID]) throws -> VersionVector {
        var counts: [InstallID: Int] = [:]
        for _ in 0..<(try reader.count(minimumSize: 2)) {
            let start = reader.offset
            let install = try lookup(installs, &reader)
            guard counts[install] == nil else { throw reader.malformed("an install twice in a version vector", at: start) }
            let countStart = reader.offset
            let count = try reader.unsigned()
            guard count <= StampedOperation.maximumSequence else {
                throw reader.malformed("a count of \(count) operations, over \(StampedOperation.maximumSequence)", at: countStart)
            }
            counts[install] = count
        }
        return VersionVector(counts)
    }

    private static func lookup<Value>(_ table: [Value], _ reader: inout ByteReader) throws -> Value {
        let start = reader.offset
        let index = try reader.unsigned()
        guard index < table.count else { throw reader.malformed("table index \(index) out of range", at: start) }
        return table[index]
    }

    /// Values numbered in order of first use.
    private struct Table<Value: Hashable> {
        var values: [Value] = []
        private var indices: [Value: Int] = [:]

        mutating func index(_ value: Value) -> Int {
            if let index = indices[value] { return index }
            indices[value] = values.count
            values.append(value)
            return values.count - 1
        }
    }
}
