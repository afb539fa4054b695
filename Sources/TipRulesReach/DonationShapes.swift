import TipRulesRuntime

/// A program's donation rows in the shape they are usually written — compact, the keys in the
/// order `user`, `event`, `date`, `fields`, the event's fields in declared order, as
/// `json.dumps(row, separators=(",", ":"))` and the examples write them — read in one pass: the
/// bytes between the values compared with the shape's, each value read by the scanner's own
/// reader (`RowScanner.scalar(at:)`) and converted by `RowValues`' own conversions. What such a
/// line gives is what the scanner and `UserStoreBuilder.add` make of it.
///
/// Any other line is declined, untouched, and read the usual way (which also says what is wrong
/// with it): keys in another order or spaced, a value that needs the parser or is not of the
/// usual kind for its declared type, an unknown event, anything after the closing brace. An event
/// without fields may leave `fields` out or give it empty (`"fields":{}`). With a baseline program
/// (`reach --baseline`), only the events it declares alike (the same fields, in the same order,
/// of the same types) are read by shape, so that the row means the same to both programs.
package struct DonationShapes {
    /// The shapes' bytes: per event, from the comma after the user's id through the colon before
    /// the date (`,"event":"NAME","date":`); per field (numbered as in `ProgramNames.fields`), the
    /// bytes before its value (`,"fields":{"NAME":` for an event's first, `,"NAME":` for the others).
    private let bytes: [UInt8]
    private let eventRuns: [Range<Int>]
    private let fieldRuns: [Range<Int>]
    /// Each event's fields, and each field's declared type.
    private let fieldRanges: [Range<Int>]
    private let fieldTypes: [ScalarKind]
    /// Each event's index in the baseline program (its own without one); nil for an event the
    /// baseline does not declare alike, whose rows are read the usual way (which says what the
    /// baseline makes of them).
    private let baselineEvents: [Int?]
    /// Whether lines are read by shape at all (not for a program without events).
    private let isEnabled: Bool
    /// The event of the last line read by shape (a user's donations are mostly of one event).
    private var lastEvent = 0

    /// The last line read by shape: the user's id as the scanner reads it (`.string` over the
    /// line, or `.integer`), the event and the date.
    private(set) var user: RowValue = .null
    package private(set) var event = 0
    /// The event's index in the baseline program.
    package private(set) var baselineEvent = 0
    package private(set) var date = 0.0
    /// The user of the last line when it was declined at the key after its user (a row of another
    /// kind), and where the user's value ends: what the scanner then starts from
    /// (`RowScanner.scan(_:into:after:)`) instead of reading the user again. Nil otherwise.
    private(set) var declinedUser: (value: RowValue, end: Int)?
    /// The field values of the last line read, in declared order: the first `fieldCount`.
    private let fieldValues: FieldValues
    private var fieldCount = 0

    /// The shapes of `program`'s events, of those `baseline` declares alike when there is one.
    package init(program: Program, baseline: Program? = nil) {
        var bytes: [UInt8] = [], eventRuns: [Range<Int>] = [], fieldRuns: [Range<Int>] = []
        func append(_ text: String) -> Range<Int> {
            let start = bytes.count
            bytes.append(contentsOf: text.utf8)
            return start..<bytes.count
        }
        for event in program.events {
            eventRuns.append(append(#","event":"\#(event.name)","date":"#))
            for (position, field) in event.fields.enumerated() {
                fieldRuns.append(append((position == 0 ? #","fields":{""# : #",""#) + #"\#(field.name)":"#))
            }
        }
        self.bytes = bytes
        self.eventRuns = eventRuns
        self.fieldRuns = fieldRuns
        let names = ProgramNames(program)
        fieldRanges = names.fieldRanges
        fieldTypes = names.fieldTypes
        fieldValues = FieldValues(capacity: program.events.map(\.fields.count).max() ?? 0)
        baselineEvents = program.events.enumerated().map { index, event in
            guard let baseline else { return index }
            return baseline.events.firstIndex { $0.name == event.name && $0.fields == event.fields }
        }
        isEnabled = !program.events.isEmpty
    }

    /// Shapes that read no line.
    static var none: DonationShapes { DonationShapes() }

    private init() {
        bytes = []
        eventRuns = []
        fieldRuns = []
        fieldRanges = []
        fieldTypes = []
        fieldValues = FieldValues(capacity: 0)
        baselineEvents = []
        isEnabled = false
    }

    /// Reads `line` when it is a donation of the usual shape, setting `user`, `event`,
    /// `baselineEvent`, `date` and the field values; false for any other line, after which none of
    /// them may be used (the field values may be half written), and `declinedUser` may be.
    package mutating func read(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        declinedUser = nil
        guard isEnabled, let base = line.baseAddress, line.count >= 16 else { return false }
        let scanner = RowScanner(base: base, count: line.count)
        guard scanner.load(0) == RowScanner.userHead, let (user, afterUser) = scanner.scalar(at: 8) else { return false }
        switch user {
        case .string, .integer: break
        default: return false
        }
        guard let event = event(at: afterUser, in: line) else {
            declinedUser = (user, afterUser)
            return false
        }
        guard let baselineEvent = baselineEvents[event] else { return false }
        guard let (dateValue, afterDate) = scanner.scalar(at: afterUser &+ eventRuns[event].count),
              let date = RowValues.usualDate(dateValue, text: line) else { return false }
        var position = afterDate
        let fields = fieldRanges[event]
        for field in fields {
            guard matches(fieldRuns[field], at: position, in: line),
                  let (value, end) = scanner.scalar(at: position &+ fieldRuns[field].count),
                  let usual = RowValues.usualValue(value, of: fieldTypes[field], text: line) else { return false }
            (fieldValues.start + (field &- fields.lowerBound)).initialize(to: usual)
            position = end
        }
        // The closing braces (the fields' and the row's), and nothing after them. An event without
        // fields closes the row alone, or gives empty fields as DuckDB's `json_object` writes them.
        let rest = line.count &- position
        if fields.isEmpty {
            guard rest == 1 ? base[position] == UInt8(ascii: "}")
                    : rest == 13 && scanner.load(position) == Self.emptyFields.head
                        && scanner.load(position &+ 5) == Self.emptyFields.tail else { return false }
        } else {
            guard rest == 2, base[position] == UInt8(ascii: "}"), base[position &+ 1] == UInt8(ascii: "}") else { return false }
        }
        self.user = user
        self.event = event
        self.baselineEvent = baselineEvent
        self.date = date
        fieldCount = fields.count
        lastEvent = event
        return true
    }

    /// Adds the donation of the last line read (`text`) to `batch`, its event's.
    @inline(__always)
    func appendDonation(to batch: DonationBatch, text: UnsafeBufferPointer<UInt8>) {
        let row = batch.appendRow(date: date)
        for index in 0..<fieldCount { (row + index).initialize(to: fieldValues.start[index].bits(in: text, strings: batch)) }
    }

    /// Empty fields and the row's end, `,"fields":{}}` (13 bytes), as two little-endian words: its
    /// first eight bytes and its last eight.
    private static let emptyFields: (head: UInt64, tail: UInt64) = (0x7364_6c65_6966_222c, 0x7d7d_7b3a_2273_646c)

    /// `,"event"` as a little-endian word: how every event's run begins (a line of another kind is
    /// told apart by it at once).
    private static let eventKey: UInt64 = 0x2274_6e65_7665_222c

    /// The event whose run (`,"event":"NAME","date":`) comes at `position`: the last line's event
    /// tried first. (A scanner of its own over `line`, not the caller's passed in: that one costs
    /// about 50 instructions a line, the caller's then kept in memory.)
    @inline(__always)
    private func event(at position: Int, in line: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = line.baseAddress, line.count &- position >= 8,
              RowScanner(base: base, count: line.count).load(position) == Self.eventKey else { return nil }
        if matches(eventRuns[lastEvent], at: position, in: line) { return lastEvent }
        return eventRuns.indices.first { $0 != lastEvent && matches(eventRuns[$0], at: position, in: line) }
    }

    /// Whether the shape's bytes `run` come at `position` in `line`.
    @inline(__always)
    private func matches(_ run: Range<Int>, at position: Int, in line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard line.count &- position >= run.count, let text = line.baseAddress else { return false }
        return bytes.withUnsafeBufferPointer { bytes in
            guard let shape = bytes.baseAddress else { return false }
            return SameBytes.equal(text + position, shape + run.lowerBound, count: run.count)
        }
    }
}

/// Room for one line's field values, written in place: no check for sharing at every value, as an
/// array's would be (each worker makes shapes of its own, and the values hold nothing counted).
private final class FieldValues {
    let start: UnsafeMutablePointer<UsualValue>

    init(capacity: Int) { start = .allocate(capacity: Swift.max(capacity, 1)) }

    deinit { start.deallocate() }
}
