import TipRulesRuntime

/// A store described by a fixture file (`fixtures.md`), validated against a program:
/// every name resolved to its index and every value of its declared type.
public struct Fixture: Sendable {
    /// The evaluation instant, if the fixture gives one.
    public var now: Double?
    public var parameters: [(index: Int, value: ScalarValue)] = []
    public var donations: [(event: Int, date: Double, fields: [ScalarValue])] = []
    public var tipStates: [(tip: Int, state: TipState)] = []
    public var lastDisplayDate: Double?
    public var testing = TestingOverrides()
    /// The device's offset from UTC, in seconds east of UTC (the store's default, 0, when nil).
    public var utcOffset: Int?
    /// The exposures in holdout experiments, tips by id.
    public var exposures: [Exposure] = []
    /// Each tip of `tipStates` as the fixture names it, for messages.
    package var tipNames: [Int: String] = [:]

    public init() {}

    /// The event store this fixture describes.
    public func makeStore(for program: Program) throws -> EventStore {
        var store = EventStore(program: program)
        try fill(&store)
        return store
    }

    /// Records this fixture's content in `store`, an empty store of the program (`tiprulec reach`
    /// empties and refills one store user after user).
    public func fill(_ store: inout EventStore) throws {
        for parameter in parameters { try store.setParameter(parameter.index, parameter.value) }
        // Oldest first, equal dates in file order: every donation then appends, so loading is
        // O(n log n) however the file orders them (inserting each in place would be O(n²)).
        let dates = donations.map(\.date)
        let ordered: [Int] = dates.withUnsafeBufferPointer { dates in
            var ordered = Array(dates.indices)
            // A fixture written in date order (the usual case) needs no sort.
            if zip(dates, dates.dropFirst()).contains(where: { $0 > $1 }) {
                ordered.sort { (dates[$0], $0) < (dates[$1], $1) }
            }
            return ordered
        }
        for index in ordered {
            let donation = donations[index]
            try store.donate(event: donation.event, date: donation.date, fields: donation.fields)
        }
        for tip in tipStates { store.setTipState(tip.tip, tip.state) }
        store.lastDisplayDate = lastDisplayDate
        store.testing = testing
        try store.setUTCOffset(utcOffset ?? 0)
        for exposure in exposures { try store.recordExposure(exposure) }
    }
}

/// A fixture that is not what the program needs: the JSON path and what was wrong,
/// as in `donations.purchase[3].amount: expected a number, found "12"`.
public struct FixtureError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var message: String

    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
