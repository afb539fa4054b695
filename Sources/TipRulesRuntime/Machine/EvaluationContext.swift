/// What one evaluation instant gives the VM: now, the parameter values, and each event's
/// donations with the rows a rule sees. The machine keeps one and refreshes it in place at every
/// `prepare`, so a call allocates nothing once its buffers have grown and costs nothing for what
/// its rules do not read: a parameter becomes a slot when read (a `String` parameter's slot
/// names the parameter, see `StringSlot`), and an event's visible rows are found (at most two
/// binary searches) the first time a rule of the instant reads them.
struct EvaluationContext {
    var now: Double = 0
    /// The store's UTC offset in seconds east of UTC: the local calendar reads dates through it.
    var utcOffset = 0
    /// The store's parameter values.
    private(set) var parameterValues: [ScalarValue] = []
    /// For each event, its donations by column.
    private(set) var donations: [DonationColumns] = []
    /// For each event, the rows a rule sees (the donation limit applied at now), valid when its
    /// `instant` is the current one.
    private var visible: [VisibleRows]
    /// Counts the `prepare` calls: what makes every cached `visible` entry stale at once.
    private var instant = 0
    private let limits: [(maximumCount: Int, maximumAge: Double?)]

    init(events: [EventInfo]) {
        limits = events.map { ($0.maximumCount, $0.maximumAge) }
        visible = Array(repeating: VisibleRows(instant: 0, start: 0, end: 0), count: events.count)
    }

    /// Lets go of the store's donations, so that the store, changed after the evaluation,
    /// does not copy them.
    mutating func end() {
        donations = []
        parameterValues = []
    }

    /// Starts a new instant: every event's visible rows will be found again.
    mutating func begin(now: Double, utcOffset: Int, donations: [DonationColumns], parameterValues: [ScalarValue]) {
        self.now = now
        self.utcOffset = utcOffset
        self.donations = donations
        self.parameterValues = parameterValues
        instant &+= 1
    }

    /// The slot of parameter `index`.
    @inline(__always)
    func parameterSlot(_ index: Int) -> UInt64 {
        switch parameterValues[index] {
        case .bool(let flag): return SlotEncoding.bits(flag)
        case .int(let number): return SlotEncoding.bits(number)
        case .double(let number), .date(let number), .duration(let number): return SlotEncoding.bits(number)
        case .string: return StringSlot.parameter(index)
        }
    }

    /// The text of `String` (or `Version`) parameter `index`.
    @inline(__always)
    func stringParameter(_ index: Int) -> String {
        guard case .string(let text) = parameterValues[index] else { return "" }
        return text
    }

    /// Column `field` of `event`'s donations (0: the dates): the one array, without copying
    /// the event's columns (which the main loop of `Machine.run` would do at every read).
    @inline(__always)
    func column(_ event: Int, _ field: Int) -> [UInt64] { donations[event].columns[field] }

    /// The bits at `row` of column `field` of `event`'s donations.
    @inline(__always)
    func value(_ event: Int, _ field: Int, _ row: Int) -> UInt64 { donations[event].columns[field][row] }

    /// The rows of `event` a rule sees at now.
    @inline(__always)
    mutating func visibleRows(_ event: Int) -> Range<Int> {
        let cached = visible[event]
        if cached.instant == instant { return cached.start..<cached.end }
        let rows = donations[event].visibleRows(now: now, maximumCount: limits[event].maximumCount,
                                                maximumAge: limits[event].maximumAge)
        visible[event] = VisibleRows(instant: instant, start: rows.lowerBound, end: rows.upperBound)
        return rows
    }
}

/// An event's visible rows as found at an instant. Bounds, not a `Range<Int>`: an array of ranges
/// costs the first machine of a process a search of every conformance (`Int: Comparable`;
/// docs/performance.md, "Start-up").
private struct VisibleRows {
    var instant: Int
    var start: Int
    var end: Int
}
