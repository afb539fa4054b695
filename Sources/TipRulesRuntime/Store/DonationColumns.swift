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
    private(set) var valueRanges: [ClosedRange<Int>?]

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
            var range = SlotEncoding.int(first)...SlotEncoding.int(first)
            for bits in column {
                let value = SlotEncoding.int(bits)
                if value < range.lowerBound { range = value...range.upperBound } else if value > range.upperBound { range = range.lowerBound...value }
            }
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

    /// Inserts checked donations in one pass: the batch is sorted by date (stably) and merged
    /// behind the donations not newer than each; appended when it is all newer (the usual case).
    mutating func insert(contentsOf batch: [Donation]) {
        insertBatch(dates: batch.map(\.date), value: { batch[$0].fields[$1] })
    }

    /// Inserts checked donations given by column: donation `i` is dated `dates[i]` and has the
    /// field values `fields[i * k ..< (i + 1) * k]`, `k` the event's field count. As
    /// `insert(contentsOf:)`, without a `Donation` (and its array of fields) per row.
    mutating func insert(dates: [Double], fields: [ScalarValue]) {
        let width = columns.count - 1
        insertBatch(dates: dates, value: { fields[$0 * width + $1] })
    }

    /// The batch of rows dated `dates`, with field `f` of row `r` `value(r, f)`, in date order
    /// (equal dates in batch order): after the donations not newer than each. The order of a
    /// usual batch (one user's donations) is found without allocating: none for dates in order,
    /// an insertion sort in a buffer on the stack for a few dozen.
    private mutating func insertBatch(dates batchDates: [Double], value: (Int, Int) -> ScalarValue) {
        guard !batchDates.isEmpty else { return }
        if !(1..<batchDates.count).contains(where: { batchDates[$0 - 1] > batchDates[$0] }) {
            return insertBatch(batchDates.indices, dates: batchDates, value: value)
        }
        guard batchDates.count <= Self.sortedOnTheStack else {
            return insertBatch(batchDates.enumerated().map { DatedRow(date: $1, row: $0) }.sorted().map(\.row), dates: batchDates, value: value)
        }
        withUnsafeTemporaryAllocation(of: DatedRow.self, capacity: batchDates.count) { rows in
            Self.sortByDate(rows, batchDates)
            insertBatch(rows.lazy.map(\.row), dates: batchDates, value: value)
        }
    }

    /// The most rows of a batch sorted by insertion, in a buffer on the stack.
    private static var sortedOnTheStack: Int { 64 }

    /// Fills `rows` (as many as `dates`) with the batch's rows and dates in date order, equal dates
    /// in the order given: an insertion sort, quick for the few dates of one user's donations.
    private static func sortByDate(_ rows: UnsafeMutableBufferPointer<DatedRow>, _ dates: [Double]) {
        for (row, date) in dates.enumerated() {
            var position = row
            while position > 0, rows[position - 1].date > date {
                rows[position] = rows[position - 1]
                position -= 1
            }
            rows[position] = DatedRow(date: date, row: row)
        }
    }

    /// Inserts the rows of a batch taken in `order` (date order).
    private mutating func insertBatch(_ order: some Collection<Int>, dates batchDates: [Double], value: (Int, Int) -> ScalarValue) {
        guard let first = order.first else { return }
        // All newer than the donations (the usual case): appended, column by column.
        if count == 0 || date(count - 1) <= batchDates[first] {
            return append(order, dates: batchDates, value: value)
        }
        let old = self
        columns = columns.map { column in
            var merged: [UInt64] = []
            merged.reserveCapacity(column.count + batchDates.count)
            return merged
        }
        var row = 0
        for index in order {
            while row < old.count && old.date(row) <= batchDates[index] {
                for column in columns.indices { columns[column].append(old.columns[column][row]) }
                row += 1
            }
            append(CollectionOfOne(index), dates: batchDates, value: value)
        }
        for column in columns.indices { columns[column].append(contentsOf: old.columns[column][row...]) }
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

    /// Appends the rows `order` of a batch, one column at a time (each column taken out of
    /// `columns` while it grows, so that no append checks the outer array), each column's range
    /// widened once for the batch. Strings are interned row after row first, so that their indices
    /// are those of appending row by row (a column holds one kind: its first row says whether any
    /// field is a string).
    private mutating func append(_ order: some Collection<Int>, dates: [Double], value: (Int, Int) -> ScalarValue) {
        guard let first = order.first else { return }
        let width = columns.count - 1
        if (0..<width).contains(where: { if case .string = value(first, $0) { true } else { false } }) {
            for row in order {
                for field in 0..<width { if case .string(let text) = value(row, field) { _ = intern(text) } }
            }
        }
        for column in columns.indices {
            var values: [UInt64] = []
            swap(&values, &columns[column])
            if column == 0 {
                for row in order { values.append(SlotEncoding.bits(dates[row])) }
            } else {
                var low = Int.max, high = Int.min
                for row in order {
                    let field = value(row, column - 1)
                    let bits = SlotEncoding.bits(field) { intern($0) }
                    values.append(bits)
                    switch field {
                    case .bool, .int, .string:
                        low = min(low, SlotEncoding.int(bits))
                        high = max(high, SlotEncoding.int(bits))
                    case .double, .date, .duration:
                        break
                    }
                }
                if low <= high {
                    let range = valueRanges[column]
                    valueRanges[column] = min(range?.lowerBound ?? low, low)...max(range?.upperBound ?? high, high)
                }
            }
            swap(&values, &columns[column])
        }
    }

    private mutating func widenRange(of column: Int, for field: ScalarValue, bits: UInt64) {
        switch field {
        case .bool, .int, .string:
            let value = SlotEncoding.int(bits)
            let range = valueRanges[column]
            valueRanges[column] = min(range?.lowerBound ?? value, value)...max(range?.upperBound ?? value, value)
        case .double, .date, .duration:
            return
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
        for index in columns.indices {
            if !columns[index].isEmpty { columns[index].removeAll(keepingCapacity: true) }
            valueRanges[index] = nil
        }
        // Most events have no string field: nothing to empty (what a reader of many users saves).
        guard !strings.isEmpty else { return }
        strings.removeAll(keepingCapacity: true)
        stringLengths.removeAll(keepingCapacity: true)
        stringIndices.removeAll(keepingCapacity: true)
    }

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
