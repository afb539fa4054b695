import Foundation
import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// Runaway evaluations: one work budget and one string-memory budget per evaluation,
/// every string operation charged its real cost, a linear-time substring search. Each attack
/// must end with a clear evaluation error or a correct answer, well within a generous time bound
/// (a bound on the outcome, not a benchmark: the benchmark measures speed).
@Suite struct BudgetTests {
    private let now = date("2026-11-21T09:00:00Z")

    private func evaluateTimed(_ source: String, _ prepare: (inout EventStore) throws -> Void) throws
        -> (result: EvaluationResult, seconds: Double) {
        let program = try compile(source)
        var store = EventStore(program: program)
        try prepare(&store)
        let start = Date()
        let result = evaluate(program, store: store, now: now)
        return (result, Date().timeIntervalSince(start))
    }

    @Test func substringSearchIsLinear() throws {
        // Naive search is text × pattern: 10^6 × 5·10^5 byte comparisons, minutes of work.
        let (result, seconds) = try evaluateTimed("""
        parameter text: String = ""
        parameter pattern: String = ""
        tip T {
            title: "t"
            #Rule(Self.$text, Self.$pattern) { $0.contains($1) }
        }
        """) { store in
            try store.setParameter(0, .string(String(repeating: "a", count: 1_000_000)))
            try store.setParameter(1, .string(String(repeating: "a", count: 500_000) + "b"))
        }
        #expect(result.tips[0].rules[0].result == false)
        #expect(result.tips[0].rules[0].error == nil)
        #expect(seconds < 10)
        #expect(StringSearch.contains("xxabcabcabd", "abcabd"))
        #expect(!StringSearch.contains("abcab", "abcabd"))
        #expect(StringSearch.contains("anything", ""))
    }

    @Test func heavyRulesShareOneBudget() throws {
        // Each rule alone is within the budget; together they exceed it, so the later ones fail
        // with the budget error instead of the evaluation taking N times as long.
        let source = """
        event e(n: Int) limit(maximumCount: 1000000)
        tip T {
            title: "t"
        \((0..<4).map { _ in "    #Rule(Self.e) { e.donations.allSatisfy { $0.n > 0 && e.donations.count > 0 } }" }.joined(separator: "\n"))
        }
        """
        let (result, seconds) = try evaluateTimed(source) { store in
            for index in 0..<1_000_000 {
                try store.donate(event: 0, date: self.now - Double(1_000_000 - index), fields: [.int(1)])
            }
        }
        let errors = result.tips[0].rules.compactMap(\.error)
        #expect(!errors.isEmpty, "4 rules of 10^6 steps each must exhaust one budget of \(Machine.workBudget)")
        #expect(errors.allSatisfy { $0.contains("work budget") }, "\(errors)")
        #expect(seconds < 30)
    }

    @Test func stringsBuiltAreBoundedInMemory() throws {
        // Each concatenation is under the 1 MiB string limit, but together they would hold far
        // more: the work they cost ends the run first, and the memory limit stands behind it.
        let sides = (0..<40).map { _ in "($0 + $1).isEmpty" }.joined(separator: " || ")
        let (result, _) = try evaluateTimed("""
        parameter a: String = ""
        parameter b: String = ""
        tip T {
            title: "t"
            #Rule(Self.$a, Self.$b) { \(sides) }
        }
        """) { store in
            try store.setParameter(0, .string(String(repeating: "x", count: 450_000)))
            try store.setParameter(1, .string(String(repeating: "y", count: 450_000)))
        }
        #expect(result.tips[0].rules[0].result == false)
        #expect(result.tips[0].rules[0].error != nil)

        var machine = Machine(program: try compile("tip T { title: \"t\" }"))
        let megabyte = String(repeating: "z", count: 1 << 20)
        let held = (0..<32).prefix { _ in machine.newString(megabyte) != nil }.count
        #expect(held == (Machine.maximumLiveStringBytes >> 20))
    }

    @Test func stringCountAndComparisonAreCharged() throws {
        #expect(StringCost.scanning(1 << 20) > (1 << 17))
        #expect(StringCost.copying(1 << 20) > (1 << 15))
        #expect(StringCost.scanning(0) == 1)
    }
}
