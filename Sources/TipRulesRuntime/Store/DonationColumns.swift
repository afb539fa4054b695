/// The donations of one event, kept sorted by date (donations with equal dates in the order
/// they were donated), stored by column of slot bits: column 0 holds the dates, column `i + 1`
/// the declared field `i` — the same numbering as the `field` operand of instructions.
/// String field values are interned: the column holds an index into `strings`, so equal
/// strings have equal bits.
struct DonationColumns: Sendable {
    private(set) var columns: [[UInt64]]
    private(set) var strings: [String] = []
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
    init(columns: [[UInt64]], strings: [String], kinds: [ScalarKind]) {
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

    var count: Int { columns[0].count }

    /// The date of a row.
    @inline(__always)
    func date(_ row: Int) -> Double { SlotEncoding.double(columns[0][row]) }

    /// Inserts a donation whose fields have been checked against the event's schema: appended
    /// when it is the newest (the usual case), else placed after the donations not newer than it.
    mutating func insert(date: Double, fields: [ScalarValue]) {
        guard count > 0 && self.date(count - 1) > date else {
            append(date: date, fields: fields)
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
        insertBatch(count: batch.count, date: { batch[$0].date }, append: { $0.append(date: batch[$1].date, fields: batch[$1].fields) })
    }

    /// Inserts checked donations given by column: donation `i` is dated `dates[i]` and has the
    /// field values `fields[i * k ..< (i + 1) * k]`, `k` the event's field count. As
    /// `insert(contentsOf:)`, without a `Donation` (and its array of fields) per row.
    mutating func insert(dates: [Double], fields: [ScalarValue]) {
        let width = columns.count - 1
        insertBatch(count: dates.count, date: { dates[$0] }) { columns, row in
            columns.append(date: dates[row], fields: fields[row * width..<(row + 1) * width])
        }
    }

    /// The batch of `count` rows, dated by `date`, in date order (equal dates in batch order),
    /// each added by `append`: after the donations not newer than it.
    private mutating func insertBatch(count: Int, date batchDate: (Int) -> Double,
                                      append: (inout DonationColumns, Int) -> Void) {
        guard count > 0 else { return }
        let inOrder = !(1..<count).contains { batchDate($0 - 1) > batchDate($0) }
        // A batch given in date order, all newer than the donations (the usual case): appended.
        if inOrder, self.count == 0 || date(self.count - 1) <= batchDate(0) {
            for index in 0..<count { append(&self, index) }
            return
        }
        let order = inOrder ? Array(0..<count) : Self.dateOrder(count: count, date: batchDate)
        if self.count == 0 || date(self.count - 1) <= batchDate(order[0]) {
            for index in order { append(&self, index) }
            return
        }
        let old = self
        columns = columns.map { column in
            var merged: [UInt64] = []
            merged.reserveCapacity(column.count + count)
            return merged
        }
        var row = 0
        for index in order {
            while row < old.count && old.date(row) <= batchDate(index) {
                for column in columns.indices { columns[column].append(old.columns[column][row]) }
                row += 1
            }
            append(&self, index)
        }
        for column in columns.indices { columns[column].append(contentsOf: old.columns[column][row...]) }
    }

    /// The rows `0..<count` in date order, equal dates in row order: an insertion sort for the few
    /// rows of a usual batch (one user's donations), the standard sort for more.
    private static func dateOrder(count: Int, date: (Int) -> Double) -> [Int] {
        var order = Array(0..<count)
        guard count <= 32 else {
            order.sort { date($0) < date($1) || (date($0) == date($1) && $0 < $1) }
            return order
        }
        for next in 1..<max(count, 1) {
            let row = order[next], rowDate = date(row)
            var position = next
            while position > 0, date(order[position - 1]) > rowDate {
                order[position] = order[position - 1]
                position -= 1
            }
            order[position] = row
        }
        return order
    }

    private mutating func append<Fields: Collection<ScalarValue>>(date: Double, fields: Fields) {
        columns[0].append(SlotEncoding.bits(date))
        for (index, field) in fields.enumerated() {
            let bits = SlotEncoding.bits(field) { intern($0) }
            columns[index + 1].append(bits)
            widenRange(of: index + 1, for: field, bits: bits)
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
            columns[index].removeAll(keepingCapacity: true)
            valueRanges[index] = nil
        }
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
