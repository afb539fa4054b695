import Foundation
import TipRulesRuntime

/// The incremental engine: in the whole app of 200 tips (the first 199 tips of the
/// whole-app scenario over the same 100,000 donations, and one tip that alone reads the event
/// `solo`), one donation of `solo` and the status changes it brings. The VM contender is
/// `TipEngine.donate` then `statusChanges(at:)`, which evaluates again only the one rule that
/// reads `solo`; the others are what a hand-written app does: append the donation and re-check
/// that rule (by `#Predicate`, by a closure over the array, over sorted columns). The answer is
/// the number of changed statuses. Every run adds a donation, so the stores grow as it is measured.
func incrementalDonationScenario() throws -> Scenario {
    let perEvent = 2_000
    let span = 60 * day
    let model = AppModel(tips: 199, events: 50, perDay: Double(perEvent) / (span / day), seed: 2026)
    let days = 5, atLeast = 100
    let source = model.source + """
        event solo(placeID: Int, amount: Double) limit(maximumCount: 10000000)

        tip SoloTip {
            title: "Solo"
            #Rule(Self.solo) { $0.donations.donatedWithin(.days(\(days))).count >= \(atLeast) }
        }

        """
    let program = try compileProgram(source, name: "incremental.tiprules")
    var random = Random(seed: 99)
    var store = EventStore(program: program)
    for index in 0..<model.parameters {
        try store.setParameter(try program.parameter("flag\(index)"), .bool(random.next(2) == 1))
        try store.setParameter(try program.parameter("level\(index)"), .int(random.next(10)))
    }
    for index in 0..<model.events {
        try Dataset(count: perEvent, span: span, places: AppModel.places, seed: 100 + UInt64(index))
            .donate(to: &store, event: try program.event("event\(index)"))
    }
    let solo = Dataset(count: perEvent, span: span, places: AppModel.places, seed: 7)
    try solo.donate(to: &store, event: try program.event("solo"))
    let engine = IncrementalEngine(store: store, event: try program.event("solo"))
    let donation = Row(date: Dataset.now, place: 3, amount: 12.5, category: "")
    let seconds = Double(days) * day
    let holds = solo.columns.window(seconds: seconds, now: Dataset.now).count >= atLeast
    let rows = HandWrittenTip(solo.rows, status: holds)
    let columns = HandWrittenTip(solo.columns, status: holds)
    return Scenario(
        family: "incremental donation, 200 tips", donations: perEvent * (model.events + 1),
        vm: { .number(Double(try engine.donate(donation))) },
        predicate: {
            rows.donations.append(donation)
            return .number(Double(rows.recheck(try predicateWindow(rows.donations, seconds: seconds, now: Dataset.now).count >= atLeast)))
        },
        naive: {
            rows.donations.append(donation)
            return .number(Double(rows.recheck(naiveWindow(rows.donations, seconds: seconds, now: Dataset.now).count >= atLeast)))
        },
        best: {
            columns.donations.append(donation)
            return .number(Double(columns.recheck(columns.donations.window(seconds: seconds, now: Dataset.now).count >= atLeast)))
        })
}

/// The engine of the VM contender, past its first report (every tip's initial status).
private final class IncrementalEngine {
    var engine: TipEngine
    let event: Int

    init(store: EventStore, event: Int) {
        engine = TipEngine(store: store)
        self.event = event
        _ = engine.statusChanges(at: Dataset.now)
    }

    /// Donates `row` at now; returns how many statuses changed.
    func donate(_ row: Row) throws -> Int {
        try engine.donate(event: event, fields: [.int(row.place), .double(row.amount)], at: row.date)
        return engine.statusChanges(at: Dataset.now).count
    }
}

/// A hand-written app's one tip over its donations (an array of rows, or sorted columns): the
/// status it last had.
private final class HandWrittenTip<Donations> {
    var donations: Donations
    private var status: Bool

    init(_ donations: Donations, status: Bool) {
        self.donations = donations
        self.status = status
    }

    /// 1 if the tip's status is no longer `holds`, else 0; remembers `holds`.
    func recheck(_ holds: Bool) -> Int {
        defer { status = holds }
        return status == holds ? 0 : 1
    }
}

extension Columns {
    /// Appends a donation dated at or after the others, as the columns keep them sorted.
    fileprivate mutating func append(_ row: Row) {
        dates.append(row.date)
        places.append(row.place)
        amounts.append(row.amount)
    }
}

extension Report {
    static let maximumIncrementalPercent = 5.0

    /// The target: the incremental donation's VM time as a percentage of a full evaluation
    /// of the app (the whole-app scenario's VM time).
    var incrementalShare: Target? {
        guard let incremental = timings.first(where: { $0.scenario.family == "incremental donation, 200 tips" }),
              let whole = timings.first(where: { $0.scenario.family == "whole app, 200 tips" }) else { return nil }
        let percent = 100 * incremental.ns(.vm) / whole.ns(.vm)
        return Target(name: "incremental donation: VM, % of the whole app's VM", value: percent, limit: "≤ 5",
                      met: percent <= Self.maximumIncrementalPercent)
    }
}
