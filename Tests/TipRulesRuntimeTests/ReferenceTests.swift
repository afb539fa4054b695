import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// The VM against straightforward Swift on random stores: donation limits, windows, subsets
/// (with their tie-breaking), filters and aggregates must agree exactly.
@Suite struct ReferenceTests {
    private static let source = """
    event visit(place: Int, amount: Double) limit(maximumCount: 300)
    widget Largest { relevance { score: Double(visit.donations.donatedWithin(.days(3)).largestSubset(groupedBy: \\.place).count) } }
    widget LargestFirst { relevance { score: visit.donations.donatedWithin(.days(3)).largestSubset(groupedBy: \\.place).first?.amount ?? -1 } }
    widget Smallest { relevance { score: visit.donations.smallestSubset(groupedBy: \\.place).last?.amount ?? -1 } }
    widget Filtered { relevance { score: Double(visit.donations.filter { $0.amount > 50 && $0.place % 2 == 0 }.count) } }
    widget Sum { relevance { score: visit.donations.donatedWithin(.days(1)).sum(of: \\.amount) } }
    widget Minimum { relevance { score: Double(visit.donations.min(of: \\.place) ?? -1) } }
    widget Any { relevance { score: visit.donations.contains(where: { $0.place == 7 }) ? 1 : 0 } }
    """

    private struct Visit {
        var date: Double
        var place: Int
        var amount: Double
    }

    @Test func againstReference() throws {
        let program = try compile(Self.source)
        var evaluator = Evaluator(program: program)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let now = 1_000_000_000.0
        for round in 0..<40 {
            var store = EventStore(program: program)
            var visits: [Visit] = []
            let places = 1 + random(round % 5 == 0 ? 400 : 12)
            for _ in 0..<random(600) {
                let visit = Visit(date: now - Double(random(6 * 86_400)) + 3600, place: random(places),
                                  amount: Double(random(10_000)) / 100)
                visits.append(visit)
                try store.donate(event: 0, date: visit.date, fields: [.int(visit.place), .double(visit.amount)])
            }
            let expected = reference(visits, now: now)
            let actual = evaluator.evaluate(store, now: now).widgets.map(\.score)
            #expect(actual == expected, "round \(round)")
        }
    }

    /// What the widgets compute, by the definitions in language.md and docs/runtime.md.
    private func reference(_ visits: [Visit], now: Double) -> [Double] {
        // Stable sort by date keeps the donation order of equal dates, as the store does.
        let sorted = visits.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
        let visible = Array(sorted.filter { $0.date <= now }.suffix(300))
        let recent = visible.filter { $0.date >= now - 3 * 86_400 }
        func subset(_ donations: [Visit], largest: Bool) -> [Visit] {
            var order: [Int] = []
            var groups: [Int: [Visit]] = [:]
            for visit in donations {
                if groups[visit.place] == nil { order.append(visit.place) }
                groups[visit.place, default: []].append(visit)
            }
            var best: Int?
            for place in order {
                guard let current = best else { best = place; continue }
                let count = groups[place]?.count ?? 0, bestCount = groups[current]?.count ?? 0
                if largest ? count > bestCount : count < bestCount { best = place }
            }
            return best.flatMap { groups[$0] } ?? []
        }
        let largest = subset(recent, largest: true)
        return [
            Double(largest.count),
            largest.first?.amount ?? -1,
            subset(visible, largest: false).last?.amount ?? -1,
            Double(visible.filter { $0.amount > 50 && $0.place % 2 == 0 }.count),
            visible.filter { $0.date >= now - 86_400 }.reduce(0) { $0 + $1.amount },
            Double(visible.map(\.place).min() ?? -1),
            visible.contains { $0.place == 7 } ? 1 : 0,
        ]
    }
}
