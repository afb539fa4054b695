import TipRulesRuntime

/// The append-only record of operations: a journal header (`journalHeader`) followed by one
/// record per `TipOperation`, each `[payload length: UInt32][CRC-32 of the payload: UInt32]
/// [payload]`, little-endian. A record's size is bounded by the names and string values it
/// carries, never by the size of the state. A torn or corrupt record ends the readable journal:
/// `OperationRecord.read` returns the records before it and where they end.
public enum OperationRecord {
    /// The bytes a journal starts with: the magic `TIPJ` and the record format version.
    public static let journalHeader: [UInt8] = Array("TIPJ".utf8) + [UInt8(StateFormat.journalVersion), 0]
    /// The largest record payload accepted (1 MiB).
    public static let maximumPayload = 1 << 20
    /// The largest whole record: a payload of `maximumPayload` behind its 8-byte frame. A writer
    /// must not append a larger one (it would end the readable journal).
    public static let maximumRecord = maximumPayload + 8

    /// One framed record of `operation`.
    public static func encode(_ operation: TipOperation) -> [UInt8] {
        var payload = ByteWriter()
        payload.operation(operation)
        var writer = ByteWriter()
        writer.fixed(UInt32(truncatingIfNeeded: payload.bytes.count))
        writer.fixed(CRC32.checksum(payload.bytes))
        writer.append(payload.bytes)
        return writer.bytes
    }

    /// Reads a journal: its header, then records until the end or the first record that is torn
    /// or corrupt. Returns the operations read, the offset just past the last good record, and
    /// why reading stopped early (nil when the journal ends cleanly). A journal of a newer
    /// format version, or that is not a journal, is refused as a whole.
    public static func read(_ bytes: [UInt8]) throws(StateFormatError) -> JournalContents {
        let magic = journalHeader.prefix(4)
        guard bytes.count >= journalHeader.count else {
            if bytes.count >= 4 && !bytes.prefix(4).elementsEqual(magic) { throw .badMagic(expected: "an operation journal") }
            throw .truncated(at: bytes.count, while: "the journal header")
        }
        guard bytes.prefix(4).elementsEqual(magic) else { throw .badMagic(expected: "an operation journal") }
        let version = Int(bytes[4]) | Int(bytes[5]) << 8
        guard version <= StateFormat.version else { throw .newerVersion(version, newestRead: StateFormat.version) }
        guard version >= 1 else { throw .malformed(at: 4, "format version 0") }
        var contents = JournalContents(operations: [], end: journalHeader.count, damage: nil)
        while contents.end < bytes.count {
            do {
                let (operation, next) = try record(in: bytes, at: contents.end)
                contents.operations.append(operation)
                contents.end = next
            } catch {
                contents.damage = error
                break
            }
        }
        return contents
    }

    /// The record at `offset` and the offset after it.
    static func record(in bytes: [UInt8], at offset: Int) throws(StateFormatError) -> (TipOperation, Int) {
        var reader = ByteReader(bytes: bytes, offset: offset, part: "an operation record")
        return try StateFormatError.reading(at: offset) {
            let length = Int(try reader.fixed(UInt32.self))
            let expected = try reader.fixed(UInt32.self)
            guard length <= maximumPayload else { throw StateFormatError.malformed(at: offset, "a record of \(length) bytes exceeds \(maximumPayload)") }
            guard length <= reader.remaining else { throw StateFormatError.truncated(at: bytes.count, while: "an operation record") }
            let start = reader.offset
            let actual = CRC32.checksum(bytes[start..<start + length])
            guard actual == expected else { throw StateFormatError.checksumMismatch(expected: expected, actual: actual) }
            let operation = try reader.operation()
            guard reader.offset == start + length else {
                throw StateFormatError.malformed(at: reader.offset, "an operation record longer than its operation")
            }
            return (operation, reader.offset)
        }
    }
}

/// A journal read back: its readable operations, where they end, and why reading stopped early.
public struct JournalContents: Sendable {
    public var operations: [TipOperation]
    /// The offset just past the last good record: where the next record is appended.
    public var end: Int
    /// Why the bytes after `end` were not read (a torn or corrupt record); nil when none are left.
    public var damage: StateFormatError?
}

/// The operation kinds' bytes.
private enum OperationKind: UInt8 {
    case donate = 1, display, invalidate, resetEligibility, setParameter, resetParameter, deleteDonations,
         pruneDonations, setUTCOffset, setTestingOverrides, expose
}

extension ByteWriter {
    mutating func operation(_ operation: TipOperation) {
        switch operation {
        case .donate(let event, let fields, let date):
            byte(OperationKind.donate.rawValue)
            string(event)
            double(date)
            unsigned(fields.count)
            for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
                string(name)
                taggedScalar(value)
            }
        case .display(let tip, let date, let duration):
            byte(OperationKind.display.rawValue)
            string(tip)
            double(date)
            double(duration)
        case .invalidate(let tip, let reason):
            byte(OperationKind.invalidate.rawValue)
            string(tip)
            byte(InvalidationCode.code(reason))
        case .resetEligibility(let tip):
            byte(OperationKind.resetEligibility.rawValue)
            string(tip)
        case .setParameter(let name, let value):
            byte(OperationKind.setParameter.rawValue)
            string(name)
            taggedScalar(value)
        case .resetParameter(let name):
            byte(OperationKind.resetParameter.rawValue)
            string(name)
        case .deleteDonations(let event):
            byte(OperationKind.deleteDonations.rawValue)
            string(event)
        case .pruneDonations(let date):
            byte(OperationKind.pruneDonations.rawValue)
            double(date)
        case .setUTCOffset(let seconds):
            byte(OperationKind.setUTCOffset.rawValue)
            fixed(Int32(truncatingIfNeeded: seconds))
        case .setTestingOverrides(let overrides):
            byte(OperationKind.setTestingOverrides.rawValue)
            bool(overrides.showAllTips)
            bool(overrides.hideAllTips)
            strings(overrides.showTips.sorted())
            strings(overrides.hideTips.sorted())
        case .expose(let exposure):
            byte(OperationKind.expose.rawValue)
            self.exposure(exposure)
        }
    }

    /// An exposure: tip, group, share, arm (0 treatment, 1 holdout), date.
    mutating func exposure(_ exposure: Exposure) {
        string(exposure.tip)
        string(exposure.group)
        unsigned(exposure.percent)
        byte(exposure.arm == .holdout ? 1 : 0)
        double(exposure.date)
    }

    /// A value preceded by its kind.
    mutating func taggedScalar(_ value: ScalarValue) {
        byte(value.kind.rawValue)
        scalar(value)
    }
}

extension ByteReader {
    mutating func operation() throws -> TipOperation {
        let start = offset
        guard let kind = OperationKind(rawValue: try byte()) else { throw malformed("unknown operation kind", at: start) }
        switch kind {
        case .donate:
            let event = try string()
            let date = try double()
            var fields: [String: ScalarValue] = [:]
            for _ in 0..<(try count(minimumSize: 2)) {
                let name = try string()
                fields[name] = try taggedScalar()
            }
            return .donate(event: event, fields: fields, date: date)
        case .display:
            return .display(tip: try string(), date: try double(), duration: try double())
        case .invalidate:
            let tip = try string()
            let codeOffset = offset
            guard let reason = try InvalidationCode.reason(try byte(), at: codeOffset) else {
                throw malformed("an invalidation without a reason", at: codeOffset)
            }
            return .invalidate(tip: tip, reason: reason)
        case .resetEligibility:
            return .resetEligibility(tip: try string())
        case .setParameter:
            return .setParameter(try string(), try taggedScalar())
        case .resetParameter:
            return .resetParameter(try string())
        case .deleteDonations:
            return .deleteDonations(event: try string())
        case .pruneDonations:
            return .pruneDonations(at: try double())
        case .setUTCOffset:
            return .setUTCOffset(Int(try fixed(Int32.self)))
        case .setTestingOverrides:
            let showAll = try bool()
            let hideAll = try bool()
            let show = Set(try strings())
            return .setTestingOverrides(TestingOverrides(showTips: show, hideTips: Set(try strings()),
                                                         showAllTips: showAll, hideAllTips: hideAll))
        case .expose:
            return .expose(try exposure())
        }
    }

    /// An exposure as `ByteWriter.exposure(_:)` writes it; a share outside 1…50, an unknown arm or
    /// a date that is not finite is malformed.
    mutating func exposure() throws -> Exposure {
        let tip = try string()
        let group = try string()
        let start = offset
        let percent = try unsigned()
        guard Holdout.percentRange.contains(percent) else { throw malformed("a holdout share of \(percent) %", at: start) }
        let armOffset = offset
        let armByte = try byte()
        guard armByte <= 1 else { throw malformed("unknown holdout arm \(armByte)", at: armOffset) }
        let dateOffset = offset
        let date = try double()
        guard date.isFinite else { throw malformed("an exposure date that is not finite", at: dateOffset) }
        return Exposure(tip: tip, group: group, percent: percent, arm: armByte == 1 ? .holdout : .treatment, date: date)
    }

    mutating func taggedScalar() throws -> ScalarValue {
        try scalar(try kind())
    }
}
