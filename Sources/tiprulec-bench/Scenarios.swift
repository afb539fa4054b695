import Foundation
import TipRulesRuntime

// The benchmark's scenarios but the whole app (WholeApp.swift): each its tiprules source, its
// store and its four contenders. Every store holds only donations dated before now.

let day = 86_400.0

/// The donations within `seconds` before `now`, by Foundation's `#Predicate`.
func predicateWindow(_ rows: [Row], seconds: Double, now: Double) throws -> [Row] {
    let oldest = now - seconds
    let inWindow = #Predicate<Row> { $0.date >= oldest && $0.date <= now }
    return try rows.filter(inWindow)
}

/// The donations within `seconds` before `now`, by a closure.
func naiveWindow(_ rows: [Row], seconds: Double, now: Double) -> [Row] {
    rows.filter { $0.date >= now - seconds && $0.date <= now }
}

/// A parameter's value where the best hand-written Swift keeps it: a stored property.
final class Settings {
    var isLoggedIn: Bool
    init(isLoggedIn: Bool) { self.isLoggedIn = isLoggedIn }
}

/// A counting array for the best hand-written largest subset, reused between runs.
final class Scratch {
    var counts: [Int]
    init(size: Int) { counts = Array(repeating: 0, count: size) }
}

/// `#Rule(Self.$isLoggedIn) { $0 == true }` with the parameter `value`. Naive: a dictionary of
/// parameters by name; best: a stored property.
func parameterScenario(_ value: Bool) throws -> Scenario {
    let program = try compileProgram("""
        parameter isLoggedIn: Bool = false
        tip LoggedInTip {
            title: "Welcome back"
            #Rule(Self.$isLoggedIn) { $0 == true }
        }
        """, name: "parameter.tiprules")
    var store = EventStore(program: program)
    try store.setParameter(try program.parameter("isLoggedIn"), .bool(value))
    let vm = VirtualMachine(program, store: store)
    let tip = try program.tip("LoggedInTip")
    let settings = Settings(isLoggedIn: value)
    let parameters: [String: Bool] = ["isLoggedIn": value]
    let isTrue = #Predicate<Bool> { $0 == true }
    return Scenario(
        family: "Bool parameter rule", variant: String(value), donations: nil,
        vm: vm.rule(tip: tip),
        predicate: { .bool(try isTrue.evaluate(settings.isLoggedIn)) },
        naive: { .bool(parameters["isLoggedIn"] == true) },
        best: { .bool(settings.isLoggedIn == true) })
}

/// `donatedWithin(.days(5)).count >= N` over `donations` visits spread over a year: N = 3
/// (true) and N = 1,000,000 (false).
func windowScenarios(donations: Int) throws -> [Scenario] {
    let program = try compileProgram("""
        event visit(placeID: Int) limit(maximumCount: 10000000)
        tip ReachableTip {
            title: "Three visits"
            #Rule(Self.visit) { $0.donations.donatedWithin(.days(5)).count >= 3 }
        }
        tip UnreachableTip {
            title: "A million visits"
            #Rule(Self.visit) { $0.donations.donatedWithin(.days(5)).count >= 1000000 }
        }
        """, name: "window.tiprules")
    let data = Dataset(count: donations, span: 365 * day, places: 40, seed: 11)
    var store = EventStore(program: program)
    try data.donate(to: &store, event: try program.event("visit"))
    let vm = VirtualMachine(program, store: store)
    let now = Dataset.now
    let seconds = 5 * day
    return try [(true, "ReachableTip", 3), (false, "UnreachableTip", 1_000_000)].map { expected, name, atLeast in
        let tip = try program.tip(name)
        return Scenario(
            family: "5-day window count", variant: String(expected), donations: donations,
            vm: vm.rule(tip: tip),
            predicate: { .bool(try predicateWindow(data.rows, seconds: seconds, now: now).count >= atLeast) },
            naive: { .bool(naiveWindow(data.rows, seconds: seconds, now: now).count >= atLeast) },
            best: { .bool(data.columns.window(seconds: seconds, now: now).count >= atLeast) })
    }
}

/// The backyard rule of examples/backyard.tiprules over 1,000 donations (TipKit's default
/// limit, so all are visible) in 30 days, 20 backyards. `#Predicate` filters the window; the
/// grouping is by hand, as the macro cannot group.
func backyardScenario() throws -> Scenario {
    let program = try compileProgram("""
        event enteredBackyardDetailView(backyardID: Int)
        tip FavoriteBackyardTip {
            title: "Save as a Favorite"
            #Rule(Self.enteredBackyardDetailView) {
                $0.donations
                    .donatedWithin(.days(5))
                    .largestSubset(groupedBy: \\.backyardID)
                    .count >= 3
            }
        }
        """, name: "backyard.tiprules")
    let data = Dataset(count: 1_000, span: 30 * day, places: 20, seed: 5)
    var store = EventStore(program: program)
    try data.donate(to: &store, event: try program.event("enteredBackyardDetailView"))
    let vm = VirtualMachine(program, store: store)
    let tip = try program.tip("FavoriteBackyardTip")
    let scratch = Scratch(size: data.columns.placeBound)
    let now = Dataset.now
    let seconds = 5 * day
    return Scenario(
        family: "backyard rule", donations: data.rows.count,
        vm: vm.rule(tip: tip),
        predicate: { .bool(largestPlaceGroup(try predicateWindow(data.rows, seconds: seconds, now: now)) >= 3) },
        naive: { .bool(largestPlaceGroup(naiveWindow(data.rows, seconds: seconds, now: now)) >= 3) },
        best: {
            let window = data.columns.window(seconds: seconds, now: now)
            return .bool(data.columns.largestPlaceGroup(window, scratch: &scratch.counts) >= 3)
        })
}

/// A widget's relevance score: the amount of the latest purchase of the last 30 minutes
/// (the cards example), over 100,000 purchases in a year. `#Expression` computes the score.
func scoreScenario() throws -> Scenario {
    let program = try compileProgram("""
        event purchase(amount: Double, category: String) limit(maximumCount: 10000000)
        widget RecentPurchaseWidget {
            relevance {
                score: purchase.donations.donatedWithin(.minutes(30)).last?.amount ?? 0
                duration: .minutes(30)
            }
        }
        """, name: "score.tiprules")
    let data = Dataset(count: 100_000, span: 365 * day, places: 40, seed: 7)
    var store = EventStore(program: program)
    try data.donate(to: &store, event: try program.event("purchase"))
    let vm = VirtualMachine(program, store: store)
    guard let widget = program.widgetIndex(named: "RecentPurchaseWidget") else { throw BenchError("no widget") }
    let now = Dataset.now
    let seconds = 30 * 60.0
    return Scenario(
        family: "relevance score, latest donation", donations: data.rows.count,
        vm: vm.score(widget: widget),
        predicate: {
            let oldest = now - seconds
            let score = #Expression<[Row], Double> { rows in
                rows.filter { $0.date >= oldest && $0.date <= now }.last?.amount ?? 0
            }
            return .number(try score.evaluate(data.rows))
        },
        naive: { .number(naiveWindow(data.rows, seconds: seconds, now: now).last?.amount ?? 0) },
        best: {
            let window = data.columns.window(seconds: seconds, now: now)
            return .number(window.isEmpty ? 0 : data.columns.amounts[window.upperBound - 1])
        })
}

/// `filter { $0.amount > 50 && $0.category == "grocery" }.count > 10` over 1,000 purchases
/// (TipKit's default limit, so all are visible).
func filterScenario() throws -> Scenario {
    let program = try compileProgram("""
        event purchase(amount: Double, category: String)
        tip GroceryTip {
            title: "Plan your groceries"
            #Rule(Self.purchase) { $0.donations.filter { $0.amount > 50 && $0.category == "grocery" }.count > 10 }
        }
        """, name: "filter.tiprules")
    let data = Dataset(count: 1_000, span: 30 * day, places: 40, seed: 3)
    var store = EventStore(program: program)
    try data.donate(to: &store, event: try program.event("purchase"))
    let vm = VirtualMachine(program, store: store)
    let tip = try program.tip("GroceryTip")
    let grocery = data.columns.categoryCode("grocery")
    let isBigGrocery = #Predicate<Row> { $0.amount > 50 && $0.category == "grocery" }
    return Scenario(
        family: "two-comparison filter", donations: data.rows.count, mustBeatNaive: true, mustMatchBest: true,
        vm: vm.rule(tip: tip),
        predicate: { .bool(try data.rows.filter(isBigGrocery).count > 10) },
        naive: { .bool(data.rows.filter { $0.amount > 50 && $0.category == "grocery" }.count > 10) },
        best: {
            let columns = data.columns
            var count = 0
            for row in columns.amounts.indices where columns.amounts[row] > 50 && columns.categories[row] == grocery {
                count += 1
            }
            return .bool(count > 10)
        })
}
