/// The donations of one event, kept sorted by date (donations with equal dates in the order
/// they were donated), stored by column of slot bits: column 0 holds the dates, column `i + 1`
/// the declared field `i` — the same numbering as the `field` operand of instructions.
/// String field values are interned: the column holds an index into `strings`, so equal
/// strings have equal bits.
package struct DonationColumns: Sendable {
    package private(set) var columns: [[UInt64]]
    package private(set) var strings: [String] = []
    /// The UTF-8 length of each interned string, so a scan charges string work without
    /// touching the strings.
    private(set) var stringLengths: [Int] = []
    private var stringIndices: [String: Int] = [:]
    /// For each `Bool`, `Int` and `String` column, a range that holds every value it has held
    /// (slot bits as an integer; a string's interned index): what lets a subset count in an
    /// array without a pass to find the range. Removing donations does not narrow it.
    private(set) var valueRanges: [ColumnValueRange?]

    init(fieldCount: Int) {
        columns = Array(repeating: [], count: fieldCount + 1)
        valueRanges = Array(repeating: nil, count: fieldCount + 1)
    }

    /// Donations read back from a saved state (`StateDecoder`): columns of slot bits, dates first,
    /// and the table the String columns index. The caller has checked that the columns have one
    /// length, the dates are in order, each string index is in the table and no string is in it
    /// twice (equal strings must have equal bits).
    package init(columns: [[UInt64]], strings: [String], kinds: [ScalarKind]) {
        self.columns = columns
        self.strings = strings
        stringLengths = strings.map(\.utf8.count)
        stringIndices = Dictionary(strings.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        valueRanges = [nil] + zip(kinds, columns.dropFirst()).map { kind, column in
            guard kind == .bool || kind == .int || kind == .string, let first = column.first else { return nil }
            var range = ColumnValueRange(lowest: SlotEncoding.int(first), highest: SlotEncoding.int(first))
            for bits in column { range.widen(to: SlotEncoding.int(bits)) }
            return range
        }
    }

    package var count: Int { columns[0].count }

    /// The date of a row.
    @inline(__always)
    func date(_ row: Int) -> Double { SlotEncoding.double(columns[0][row]) }

    /// Inserts a donation whose fields have been checked against the event's schema: appended
    /// when it is the newest (the usual case), else placed after the donations not newer than it.
    mutating func insert(date: Double, fields: [ScalarValue]) {
        guard count > 0 && self.date(count - 1) > date else {
            appendRow(date: date, fields: fields)
            return
        }
        let position = partitionPoint(in: 0..<count) { self.date($0) > date }
        columns[0].insert(SlotEncoding.bits(date), at: position)
        for (index, field) in fields.enumerated() {
            let bits = SlotEncoding.bits(field) { intern($0) }
            columns[index + 1].insert(bits, at: position)
            widenRange(of: index + 1, for: field, bits: bits)
        }
    }

    /// Inserts a batch of donations whose dates and values are checked (`EventStore.donate(event:batch:)`).
    ///
    /// The batch is sorted once (an insertion sort for a few dozen rows: one user's donations),
    /// each column copied in date order into a buffer on the stack, its strings interned row
    /// after row, then appended at once with its range widened once; only when some donation held
    /// is newer than the batch's oldest are the rows from there on merged (donations with equal
    /// dates keep their order, the batch's after those held).
    mutating func insert(_ batch: DonationBatch) {
        let count = batch.count, width = batch.kinds.count
        let (values, overflow) = count.multipliedReportingOverflow(by: width &+ 1)
        guard count > 0, !overflow, width == columns.count - 1 else { return }
        let given = batch.slots
        withUnsafeTemporaryAllocation(of: DatedRow.self, capacity: count) { rows in
            Self.sortByDate(rows, batch.dates)
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: values) { slots in
                for (position, row) in rows.enumerated() { slots[position] = SlotEncoding.bits(row.date) }
                for field in 0..<width {
                    let column = (field &+ 1) &* count
                    for (position, row) in rows.enumerated() { slots[column &+ position] = given[row.row &* width &+ field] }
                }
                if batch.hasStringFields {
                    for position in 0..<count {
                        for (field, kind) in batch.kinds.enumerated() where kind == .string {
                            let slot = (field &+ 1) &* count &+ position
                            slots[slot] = SlotEncoding.bits(intern(batch.strings[SlotEncoding.int(slots[slot])]))
                        }
                    }
                }
                let held = self.count
                for column in columns.indices {
                    let values = UnsafeBufferPointer(rebasing: slots[column &* count ..< (column &+ 1) &* count])
                    columns[column].append(contentsOf: values)
                    if column > 0, Self.hasRange(batch.kinds[column - 1]) { widenRange(of: column, over: values) }
                }
                // Donations held that are newer than the batch's oldest: merged with it.
                let oldest = rows[0].date
                if held > 0 && date(held - 1) > oldest {
                    merge(from: partitionPoint(in: 0..<held) { self.date($0) > oldest }, batchStart: held)
                }
            }
        }
    }

    /// The most rows of a batch sorted by insertion (more are sorted by `sort()`).
    private static var sortedByInsertion: Int { 64 }

    /// Fills `rows` (as many as `dates`) with the batch's rows and dates in date order, equal dates
    /// in the order given: an insertion sort, quick for the few dates of one user's donations (and
    /// for dates in order), else a sort of the rows by date, then row.
    ///
    /// A date older than the first row's moves every row up at once; any other stops at the first
    /// row at the latest, so the search for its place does not also test where the rows begin.
    private static func sortByDate(_ rows: UnsafeMutableBufferPointer<DatedRow>, _ dates: UnsafeBufferPointer<Double>) {
        guard let first = rows.baseAddress, let firstDate = dates.first, dates.count <= rows.count else { return }
        guard dates.count <= sortedByInsertion else {
            for (row, date) in dates.enumerated() { (first + row).initialize(to: DatedRow(date: date, row: row)) }
            var sorted = rows
            sorted.sort()
            return
        }
        first.initialize(to: DatedRow(date: firstDate, row: 0))
        for row in 1..<dates.count {
            let date = dates[row]
            var slot = first + row
            if date < first.pointee.date {
                (first + 1).moveInitialize(from: first, count: row)
                slot = first
            } else {
                // `first.pointee.date > date` is false: the search ends there at the latest.
                while (slot - 1).pointee.date > date {
                    slot.initialize(to: (slot - 1).pointee)
                    slot -= 1
                }
            }
            slot.initialize(to: DatedRow(date: date, row: row))
        }
    }

    /// The position of the first of `fields` (values row by row, `kinds.count` a row) that is not
    /// of its field's kind; nil when every one is.
    static func firstMismatch(_ fields: UnsafeBufferPointer<ScalarValue>, kinds: [ScalarKind]) -> Int? {
        guard !kinds.isEmpty else { return nil }
        var field = 0
        for (position, value) in fields.enumerated() {
            if value.kind != kinds[field] { return position }
            field = field + 1 == kinds.count ? 0 : field + 1
        }
        return nil
    }

    /// Merges the rows from `start` on: those before `batchStart` (held, in date order) with those
    /// from there on (a batch, in date order), a held row before a batch row of the same date.
    private mutating func merge(from start: Int, batchStart: Int) {
        var order: [Int] = []
        order.reserveCapacity(count - start)
        var held = start, batch = batchStart
        while held < batchStart || batch < count {
            if batch == count || (held < batchStart && date(held) <= date(batch)) {
                order.append(held)
                held += 1
            } else {
                order.append(batch)
                batch += 1
            }
        }
        for column in columns.indices {
            let merged = order.map { columns[column][$0] }
            columns[column].replaceSubrange(start..., with: merged)
        }
    }

    /// Appends one row (a single donation: the path an app's every donation takes).
    private mutating func appendRow(date: Double, fields: [ScalarValue]) {
        columns[0].append(SlotEncoding.bits(date))
        for (index, field) in fields.enumerated() {
            let bits = SlotEncoding.bits(field) { intern($0) }
            columns[index + 1].append(bits)
            widenRange(of: index + 1, for: field, bits: bits)
        }
    }

    private mutating func widenRange(of column: Int, for field: ScalarValue, bits: UInt64) {
        guard Self.hasRange(field.kind) else { return }
        let value = SlotEncoding.int(bits)
        var range = valueRanges[column] ?? ColumnValueRange(lowest: value, highest: value)
        range.widen(to: value)
        valueRanges[column] = range
    }

    /// Widens a column's range to hold each of `values` (slot bits of a `Bool`, `Int` or `String`
    /// column; at least one).
    private mutating func widenRange(of column: Int, over values: UnsafeBufferPointer<UInt64>) {
        guard let firstBits = values.first else { return }
        let first = SlotEncoding.int(firstBits)
        var low = first, high = first
        for bits in values {
            low = min(low, SlotEncoding.int(bits))
            high = max(high, SlotEncoding.int(bits))
        }
        if let held = valueRanges[column] {
            low = min(low, held.lowest)
            high = max(high, held.highest)
        }
        valueRanges[column] = ColumnValueRange(lowest: low, highest: high)
    }

    /// Whether a column of `kind` keeps a range of its values: `Bool`, `Int` and `String` columns.
    @inline(__always)
    private static func hasRange(_ kind: ScalarKind) -> Bool {
        switch kind {
        case .bool, .int, .string: true
        case .double, .date, .duration, .version: false
        }
    }

    /// The rows a rule sees at `now`: donations at or before now, of those the `maximumCount`
    /// most recent, and of those the ones no older than `maximumAge` seconds. At most two binary
    /// searches (none for the upper end when the newest donation is not after now).
    func visibleRows(now: Double, maximumCount: Int, maximumAge: Double?) -> Range<Int> {
        // Usually every donation is at or before now: then no search for the upper end.
        let upper = count == 0 || date(count - 1) <= now ? count : partitionPoint(in: 0..<count) { !(date($0) <= now) }
        var lower = upper - min(max(maximumCount, 0), upper)
        if let age = maximumAge {
            let oldest = now - age
            lower = partitionPoint(in: lower..<upper) { date($0) >= oldest }
        }
        return lower..<upper
    }

    /// The field values of a row, decoded with the fields' declared kinds.
    func fields(_ row: Int, kinds: [ScalarKind]) -> [ScalarValue] {
        zip(kinds, columns.dropFirst()).map { kind, column in
            let bits = column[row]
            switch kind {
            case .bool: return .bool(SlotEncoding.bool(bits))
            case .int: return .int(SlotEncoding.int(bits))
            case .double: return .double(SlotEncoding.double(bits))
            case .date: return .date(SlotEncoding.double(bits))
            case .duration: return .duration(SlotEncoding.double(bits))
            case .string, .version:
                let index = SlotEncoding.int(bits)
                return .string(strings.indices.contains(index) ? strings[index] : "")
            }
        }
    }

    /// Removes every donation, interned string and value range, as a new instance has none, keeping
    /// the storage.
    mutating func removeAll() {
        if count > 0 {
            for index in columns.indices { columns[index].removeAll(keepingCapacity: true) }
        }
        for index in valueRanges.indices where valueRanges[index] != nil { valueRanges[index] = nil }
        // Most events have no string field: nothing to empty (what a reader of many users saves).
        guard !strings.isEmpty else { return }
        strings.removeAll(keepingCapacity: true)
        stringLengths.removeAll(keepingCapacity: true)
        stringIndices.removeAll(keepingCapacity: true)
    }

    /// Whether there is nothing to remove: no donation, interned string or value range.
    var isEmptyAsNew: Bool { count == 0 && strings.isEmpty && !valueRanges.contains { $0 != nil } }

    /// Removes the `count` oldest donations (all of them when `count` is at least `self.count`).
    /// Interned strings are kept: they are shared by the rows that remain.
    mutating func removeOldest(_ count: Int) {
        let removed = min(max(count, 0), self.count)
        for index in columns.indices {
            columns[index].removeFirst(removed)
        }
    }

    /// The interned index of `text`, if some donation holds it.
    func internedIndex(of text: String) -> Int? { stringIndices[text] }

    private mutating func intern(_ text: String) -> Int {
        if let index = stringIndices[text] { return index }
        strings.append(text)
        stringLengths.append(text.utf8.count)
        stringIndices[text] = strings.count - 1
        return strings.count - 1
    }
}

/// A row of a batch and its date, ordered by date, then by row: sorting these sorts rows stably.
private struct DatedRow: Comparable {
    var date: Double
    var row: Int

    static func < (a: DatedRow, b: DatedRow) -> Bool { a.date < b.date || (a.date == b.date && a.row < b.row) }
}

/// The lowest and highest value a column has held (slot bits as integers). Not a
/// `ClosedRange<Int>`: an array of those would cost the first store of a process a search of
/// every conformance the process has, for `Int: Comparable` (docs/performance.md, "Start-up").
struct ColumnValueRange: Sendable, Equatable {
    var lowest: Int
    var highest: Int

    mutating func widen(to value: Int) {
        if value < lowest { lowest = value } else if value > highest { highest = value }
    }
}
