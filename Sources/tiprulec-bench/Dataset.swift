import TipRulesRuntime

/// A deterministic pseudo-random sequence (xorshift64*), so every run measures the same data.
struct Random {
    var state: UInt64

    init(seed: UInt64 = 0x9E37_79B9_7F4A_7C15) {
        state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
    }

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return Int((state &* 0x2545_F491_4F6C_DD1D) % UInt64(max(bound, 1)))
    }

    /// A number in `0..<1`.
    mutating func unit() -> Double { Double(next(1 << 30)) / Double(1 << 30) }
}

/// One donation as a naive app keeps it: a struct in an array.
struct Row {
    var date: Double
    var place: Int
    var amount: Double
    var category: String
}

/// The same donations as the best hand-written Swift keeps them: sorted by date, by column,
/// strings interned (as the VM's store does).
struct Columns {
    var dates: [Double] = []
    var places: [Int] = []
    var amounts: [Double] = []
    var categories: [Int] = []
    var categoryNames: [String] = []
    /// One more than the largest place: the size of a counting array over places.
    var placeBound = 0

    init(_ rows: [Row]) {
        var codes: [String: Int] = [:]
        for row in rows {
            dates.append(row.date)
            places.append(row.place)
            amounts.append(row.amount)
            if codes[row.category] == nil {
                codes[row.category] = categoryNames.count
                categoryNames.append(row.category)
            }
            categories.append(codes[row.category] ?? -1)
            placeBound = max(placeBound, row.place + 1)
        }
    }

    /// The code of an interned category; -1 (matches nothing) if no donation has it.
    func categoryCode(_ name: String) -> Int { categoryNames.firstIndex(of: name) ?? -1 }

    /// The rows with `now - seconds <= date <= now`: two binary searches.
    func window(seconds: Double, now: Double) -> Range<Int> {
        let lower = dates.partitionPoint { $0 >= now - seconds }
        let upper = dates.partitionPoint { $0 > now }
        return lower..<max(lower, upper)
    }

    /// The size of the largest group of equal places among `rows`, counted in `scratch`
    /// (`placeBound` zeros, left as zeros).
    func largestPlaceGroup(_ rows: Range<Int>, scratch: inout [Int]) -> Int {
        var largest = 0
        for row in rows {
            let place = places[row]
            scratch[place] += 1
            largest = max(largest, scratch[place])
        }
        for row in rows { scratch[places[row]] = 0 }
        return largest
    }
}

extension Array where Element == Double {
    /// The first index whose element satisfies `isAbove`, which must be false then true along
    /// the (sorted) array.
    func partitionPoint(_ isAbove: (Double) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = low + (high - low) / 2
            if isAbove(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

/// The size of the largest group of equal places among naive rows, by a dictionary.
func largestPlaceGroup(_ rows: [Row]) -> Int {
    Dictionary(grouping: rows, by: \.place).values.map(\.count).max() ?? 0
}

/// Donations of one event and their three layouts: the naive array, the columns and the VM's store.
struct Dataset {
    static let now = 1_795_251_600.0
    static let categories = ["grocery", "diner", "travel", "fuel"]

    var rows: [Row]
    var columns: Columns

    /// `count` donations in date order over the `span` seconds before now (the newest a minute
    /// before now), with places in `0..<places`, amounts in 0..<100 and one of four categories.
    init(count: Int, span: Double, places: Int, seed: UInt64) {
        var random = Random(seed: seed)
        let step = span / Double(max(count, 1))
        let start = Self.now - 60 - span
        rows = (0..<count).map { index in
            Row(date: start + step * (Double(index) + random.unit()),
                place: random.next(places),
                amount: Double(random.next(10_000)) / 100,
                category: Self.categories[random.next(Self.categories.count)])
        }
        columns = Columns(rows)
    }

    /// Donates every row to `event` of `store`, with the fields that event declares, by type:
    /// an Int field gets the place, a Double field the amount, a String field the category.
    func donate(to store: inout EventStore, event: Int) throws {
        let fields = store.program.events[event].fields.map(\.type)
        for row in rows {
            try store.donate(event: event, date: row.date, fields: fields.map { kind in
                switch kind {
                case .double: return .double(row.amount)
                case .string: return .string(row.category)
                default: return .int(row.place)
                }
            })
        }
    }
}
