import Foundation
import TipRulesRuntime

/// Parameter values where the best hand-written Swift keeps them: arrays by parameter number.
final class ParameterValues {
    var flags: [Bool]
    var levels: [Int]
    init(flags: [Bool], levels: [Int]) {
        self.flags = flags
        self.levels = levels
    }
}

/// A whole app: 200 tips over 50 events, 2,000 donations each (100,000 in all) in 60 days.
/// The answer compared is every rule's result, in the order of tips and rules: the VM computes
/// it with `decide(_:now:into:)` (all tips' statuses and display decisions and the groups'
/// tips, which the others skip); the others evaluate each rule with a closure made once per rule.
func wholeAppScenario() throws -> Scenario {
    let perEvent = 2_000
    let span = 60 * day
    let model = AppModel(tips: 200, events: 50, perDay: Double(perEvent) / (span / day), seed: 2026)
    let program = try compileProgram(model.source, name: "app.tiprules")
    guard try (0..<model.tips.count).map({ try program.tip("Tip\($0)") }) == Array(program.tips.indices) else {
        throw BenchError("app.tiprules: the tips are not in declaration order")
    }
    var random = Random(seed: 99)
    let values = ParameterValues(flags: (0..<model.parameters).map { _ in random.next(2) == 1 },
                                 levels: (0..<model.parameters).map { _ in random.next(10) })
    let data = (0..<model.events).map { Dataset(count: perEvent, span: span, places: AppModel.places, seed: 100 + UInt64($0)) }
    var store = EventStore(program: program)
    for index in 0..<model.parameters {
        try store.setParameter(try program.parameter("flag\(index)"), .bool(values.flags[index]))
        try store.setParameter(try program.parameter("level\(index)"), .int(values.levels[index]))
    }
    for (index, dataset) in data.enumerated() {
        try dataset.donate(to: &store, event: try program.event("event\(index)"))
    }
    let vm = VirtualMachine(program, store: store)
    let rules = model.tips.flatMap { $0 }
    let predicate = rules.map { predicateRule($0, data: data, values: values) }
    let naive = naiveRules(rules, data: data, values: values)
    let best = rules.map { bestRule($0, data: data, values: values) }
    return Scenario(
        family: "whole app, 200 tips", donations: perEvent * model.events, mustBeatNaive: true,
        vm: vm.wholeApp(),
        predicate: { .bools(try predicate.map { try $0() }) },
        naive: { .bools(naive.map { $0() }) },
        best: { .bools(best.map { $0() }) })
}

/// A rule by `#Predicate`: parameter tests evaluate a predicate on the value; donation rules
/// filter with a predicate made at each evaluation (the window depends on now); the grouping of
/// a largest subset is by hand.
private func predicateRule(_ rule: AppRule, data: [Dataset], values: ParameterValues) -> () throws -> Bool {
    let now = Dataset.now
    switch rule {
    case .flag(let parameter):
        let isTrue = #Predicate<Bool> { $0 == true }
        return { try isTrue.evaluate(values.flags[parameter]) }
    case .level(let parameter, let atLeast):
        let isHigh = #Predicate<Int> { $0 >= atLeast }
        return { try isHigh.evaluate(values.levels[parameter]) }
    case .window(let event, let days, let atLeast):
        return { try predicateWindow(data[event].rows, seconds: Double(days) * day, now: now).count >= atLeast }
    case .filter(let event, let days, let amountAbove, let placeBelow, let atLeast):
        let amount = Double(amountAbove)
        return {
            let oldest = now - Double(days) * day
            let matches = #Predicate<Row> {
                $0.date >= oldest && $0.date <= now && $0.amount > amount && $0.place < placeBelow
            }
            return try data[event].rows.filter(matches).count >= atLeast
        }
    case .largestSubset(let event, let days, let atLeast):
        return { largestPlaceGroup(try predicateWindow(data[event].rows, seconds: Double(days) * day, now: now)) >= atLeast }
    }
}

/// Every rule as a naive closure over the array of donations; parameters looked up by name.
private func naiveRules(_ rules: [AppRule], data: [Dataset], values: ParameterValues) -> [() -> Bool] {
    let now = Dataset.now
    var flags: [String: Bool] = [:]
    var levels: [String: Int] = [:]
    for index in values.flags.indices {
        flags["flag\(index)"] = values.flags[index]
        levels["level\(index)"] = values.levels[index]
    }
    return rules.map { rule in
        switch rule {
        case .flag(let parameter):
            let name = "flag\(parameter)"
            return { flags[name] == true }
        case .level(let parameter, let atLeast):
            let name = "level\(parameter)"
            return { (levels[name] ?? 0) >= atLeast }
        case .window(let event, let days, let atLeast):
            return { naiveWindow(data[event].rows, seconds: Double(days) * day, now: now).count >= atLeast }
        case .filter(let event, let days, let amountAbove, let placeBelow, let atLeast):
            return {
                data[event].rows.filter {
                    $0.date >= now - Double(days) * day && $0.date <= now
                        && $0.amount > Double(amountAbove) && $0.place < placeBelow
                }.count >= atLeast
            }
        case .largestSubset(let event, let days, let atLeast):
            return { largestPlaceGroup(naiveWindow(data[event].rows, seconds: Double(days) * day, now: now)) >= atLeast }
        }
    }
}

/// A rule over the sorted columns: a window is two binary searches, a largest subset a
/// counting array.
private func bestRule(_ rule: AppRule, data: [Dataset], values: ParameterValues) -> () -> Bool {
    let now = Dataset.now
    switch rule {
    case .flag(let parameter):
        return { values.flags[parameter] }
    case .level(let parameter, let atLeast):
        return { values.levels[parameter] >= atLeast }
    case .window(let event, let days, let atLeast):
        let columns = data[event].columns
        return { columns.window(seconds: Double(days) * day, now: now).count >= atLeast }
    case .filter(let event, let days, let amountAbove, let placeBelow, let atLeast):
        let columns = data[event].columns
        let amount = Double(amountAbove)
        return {
            var count = 0
            for row in columns.window(seconds: Double(days) * day, now: now)
            where columns.amounts[row] > amount && columns.places[row] < placeBelow {
                count += 1
            }
            return count >= atLeast
        }
    case .largestSubset(let event, let days, let atLeast):
        let columns = data[event].columns
        let scratch = Scratch(size: columns.placeBound)
        return { columns.largestPlaceGroup(columns.window(seconds: Double(days) * day, now: now), scratch: &scratch.counts) >= atLeast }
    }
}
