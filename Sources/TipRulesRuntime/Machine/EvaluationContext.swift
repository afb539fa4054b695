/// What one evaluation instant gives the VM: now, the parameter values as slots, and each
/// event's donations with the rows a rule sees. The machine keeps one and refreshes it in place
/// at every `prepare`, so a call allocates nothing once its buffers have grown; an event's
/// visible rows are found (two binary searches) the first time a rule of the instant reads them.
struct EvaluationContext {
    var now: Double = 0
    /// Each parameter's slot, written in place by `Machine.prepare`.
    var parameters: [UInt64]
    /// For each event, its donations by column.
    var donations: [DonationColumns] = []
    /// The size of the VM's string table once the constants and string parameters are in it.
    var stringBase = 0
    /// For each event, the rows a rule sees (the donation limit applied at now), valid when the
    /// event's entry in `visibleInstant` equals `instant`.
    private var visible: [Range<Int>]
    private var visibleInstant: [Int]
    /// Counts the `prepare` calls: what makes every cached `visible` entry stale at once.
    private var instant = 0
    private let limits: [(maximumCount: Int, maximumAge: Double?)]

    init(parameterCount: Int, events: [EventInfo]) {
        parameters = Array(repeating: 0, count: parameterCount)
        limits = events.map { ($0.maximumCount, $0.maximumAge) }
        visible = Array(repeating: 0..<0, count: events.count)
        visibleInstant = Array(repeating: 0, count: events.count)
    }

    /// Lets go of the store's donations, so that the store, changed after the evaluation,
    /// does not copy them.
    mutating func end() {
        donations = []
    }

    /// Starts a new instant: every event's visible rows will be found again.
    mutating func begin(now: Double, donations: [DonationColumns]) {
        self.now = now
        self.donations = donations
        instant &+= 1
    }

    /// The rows of `event` a rule sees at now.
    @inline(__always)
    mutating func visibleRows(_ event: Int) -> Range<Int> {
        if visibleInstant[event] == instant { return visible[event] }
        let rows = donations[event].visibleRows(now: now, maximumCount: limits[event].maximumCount,
                                                maximumAge: limits[event].maximumAge)
        visible[event] = rows
        visibleInstant[event] = instant
        return rows
    }
}
