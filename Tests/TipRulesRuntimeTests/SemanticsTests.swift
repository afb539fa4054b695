import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// What rules and scores compute: arithmetic and its errors, strings, optionals, donation
/// collections, closures, subsets, aggregates, dates, and the explanations of false rules.
@Suite struct SemanticsTests {
    private let now = date("2026-11-21T09:00:00Z")

    /// The results of the rules of tip `T` in `source`, evaluated against `prepare`d store.
    private func rules(_ source: String, _ prepare: (inout EventStore) throws -> Void = { _ in }) throws -> [RuleResult] {
        let program = try compile(source)
        var store = EventStore(program: program)
        try prepare(&store)
        let result = evaluate(program, store: store, now: now)
        // The same bytes give the same results.
        #expect(evaluate(try Program(bytes: program.encoded()), store: store, now: now) == result)
        return try #require(result.tip("T")).rules
    }

    /// The value of each rule of a tip whose rules are `bodies` (over parameters and events in `declarations`).
    private func values(_ declarations: String, _ bodies: [String], inputs: String = "Self.$p",
                        _ prepare: (inout EventStore) throws -> Void = { _ in }) throws -> [Bool] {
        let source = declarations + "\ntip T {\n title: \"t\"\n" + bodies.map { "#Rule(\(inputs)) { \($0) }" }.joined(separator: "\n") + "\n}"
        let results = try rules(source, prepare)
        for rule in results where rule.error != nil { Issue.record("rule at line \(rule.line) failed: \(rule.error ?? "")") }
        return results.map(\.result)
    }

    @Test func integerArithmeticErrors() throws {
        let results = try rules("""
        parameter big: Int = 9223372036854775807
        parameter zero: Int = 0
        tip T {
            title: "t"
            #Rule(Self.$big) { $0 + 1 > 0 }
            #Rule(Self.$zero) { 10 / $0 > 1 }
            #Rule(Self.$zero) { 10 % $0 == 1 }
            #Rule(Self.$big) { $0 * 2 > 0 }
            #Rule(Self.$big) { Int(Double($0) * 4) > 0 }
            #Rule(Self.$zero) { $0 == 0 || 1 / $0 > 0 }
        }
        """)
        #expect(results.map(\.result) == [false, false, false, false, false, true])
        #expect(results.map(\.error) == [
            "integer overflow in '+' at line 5", "division by zero at line 6", "division by zero at line 7",
            "integer overflow in '*' at line 8", "Int(3.6893488147419103e+19) is out of range at line 9", nil,
        ])
        // The error is reported once, as the error, not again as an explanation.
        #expect(results[0].explanation == [])
    }

    @Test func sumOverflowIsAnError() throws {
        let results = try rules("""
        event e(n: Int)
        tip T {
            title: "t"
            #Rule(Self.e) { $0.donations.sum(of: \\.n) > 0 }
        }
        """) { store in
            try store.donate(event: 0, date: self.now - 10, fields: [.int(Int.max)])
            try store.donate(event: 0, date: self.now - 5, fields: [.int(1)])
        }
        #expect(results.first?.error == "integer overflow in 'sum(of:)' at line 4")
    }

    @Test func numbersAndTime() throws {
        let declarations = """
        parameter p: Int = 7
        parameter when: Date = Date(timeIntervalSince1970: 1795251600)
        """
        #expect(try values(declarations, [
            "$0 / 2 == 3", "$0 % 4 == 3", "-$0 == -7", "Double($0) / 2 == 3.5", "Int(-2.9) == -2",
            "$0 > 5 ? $0 - 5 == 2 : false", ".days(1) == .hours(24)", ".minutes(2) * 3 == .seconds(360)",
            "now == Date(timeIntervalSince1970: 1795251600)", "now - .days(1) < now", "now - .hour == now.addingTimeInterval(-3600)",
            "now - (now - .minutes(5)) == .minutes(5)", ".day / 2 == .hours(12)", "-.day < .seconds(0)",
        ]) == Array(repeating: true, count: 14))
    }

    @Test func testStrings() throws {
        let declarations = "parameter p: String = \"Backyard Birds\""
        #expect(try values(declarations, [
            "$0.count == 14", "!$0.isEmpty", "$0.lowercased() == \"backyard birds\"", "$0.hasPrefix(\"Back\")",
            "$0.hasSuffix(\"Birds\")", "$0.contains(\"yard B\")", "!$0.contains(\"yards\")", "$0.contains(\"\")",
            "$0 + \"!\" == \"Backyard Birds!\"", "$0 < \"C\"", "$0 != \"backyard birds\"", "\"🐦\".count == 1",
        ]) == Array(repeating: true, count: 12))
    }

    @Test func testOptionals() throws {
        let declarations = "event purchase(amount: Double, category: String)\nparameter p: Bool = true"
        let donate: (inout EventStore) throws -> Void = { store in
            try store.donate(event: 0, date: self.now - 60, fields: [.double(20), .string("Food")])
            try store.donate(event: 0, date: self.now - 30, fields: [.double(5), .string("Fuel")])
        }
        #expect(try values(declarations, [
            "$0.donations.last?.amount == 5", "($0.donations.first?.amount ?? 0) == 20",
            "$0.donations.last?.category.lowercased() == \"fuel\"", "$0.donations.first != nil",
            "$0.donations.filter { $0.amount > 100 }.first == nil",
            "($0.donations.filter { $0.amount > 100 }.last?.amount ?? -1) == -1",
            "$0.donations.min(of: \\.amount) == 5", "$0.donations.max(of: \\.category) == \"Fuel\"",
            "$0.donations.max(of: \\.amount) != $0.donations.min(of: \\.amount)",
        ], inputs: "Self.purchase", donate) == Array(repeating: true, count: 9))
    }

    @Test func collectionsAndClosures() throws {
        let declarations = "event visit(place: Int, name: String)"
        let donate: (inout EventStore) throws -> Void = { store in
            let visits: [(Double, Int, String)] = [(10, 1, "a"), (9, 2, "b"), (8, 2, "c"), (7, 3, "d"), (6, 3, "e"),
                                                   (0.5, 1, "f"), (0.25, 4, "g")]
            for (days, place, name) in visits {
                try store.donate(event: 0, date: self.now - days * 86_400, fields: [.int(place), .string(name)])
            }
            try store.donate(event: 0, date: self.now + 60, fields: [.int(9), .string("future")])
        }
        #expect(try values(declarations, [
            "$0.donations.count == 7", "$0.donations.donatedWithin(.days(1)).count == 2",
            "$0.donations.donatedWithin(.days(8)).count == 5", "$0.donations.donatedWithin(.seconds(0)).isEmpty",
            // Groups 1, 2 and 3 all have two donations; 1 appears first.
            "$0.donations.largestSubset(groupedBy: \\.place).first?.name == \"a\"",
            "$0.donations.largestSubset(groupedBy: \\.place).count == 2",
            // Group 4 is the only one with a single donation.
            "$0.donations.smallestSubset(groupedBy: \\.place).first?.place == 4",
            // Within 8 days: c (2), d and e (3), f (1), g (4).
            "$0.donations.donatedWithin(.days(8)).largestSubset(groupedBy: \\.place).last?.name == \"e\"",
            "$0.donations.filter { $0.place == 3 }.count == 2", "$0.donations.filter { $0.place > 100 }.isEmpty",
            "$0.donations.contains(where: { $0.name == \"d\" })", "!$0.donations.contains(where: { $0.name == \"future\" })",
            "$0.donations.allSatisfy { $0.place < 9 }", "$0.donations.filter { $0.place > 100 }.allSatisfy { $0.place == 0 }",
            "$0.donations.filter { $0.place == 2 || $0.place == 3 }.filter { $0.name != \"c\" }.count == 3",
            "$0.donations.filter { $0.place == 1 }.largestSubset(groupedBy: \\.name).count == 1",
            "$0.donations.sum(of: \\.place) == 16", "$0.donations.min(of: \\.date) == $0.donations.first?.date",
            "$0.donations.largestSubset(groupedBy: \\.date).count == 1",
            "$0.donations.filter { $0.date > now - .days(1) }.count == 2",
        ], inputs: "Self.visit", donate) == Array(repeating: true, count: 20))
    }

    @Test func closuresNestAndSeeOtherEvents() throws {
        let source = """
        event purchase(amount: Double)
        event visit(place: Int)
        widget W {
            relevance {
                let big = purchase.donations.filter { $0.amount > 10 && visit.donations.contains(where: { $0.place == 2 }) }
                score: Double(big.count) + (big.last?.amount ?? 0) / 100
                duration: big.isEmpty ? .seconds(0) : .minutes(1)
            }
        }
        """
        let program = try compile(source)
        var store = EventStore(program: program)
        for amount in [5.0, 20, 30] { try store.donate(event: 0, date: now - amount, fields: [.double(amount)]) }
        #expect(evaluate(program, store: store, now: now).widgets == [WidgetResult(id: "W", score: 0, duration: 0, relevant: false)])
        try store.donate(event: 1, date: now - 1, fields: [.int(2)])
        // Donations sorted by date: amounts 30 (oldest), 20, 5.
        #expect(evaluate(program, store: store, now: now).widgets == [WidgetResult(id: "W", score: 2.2, duration: 60, relevant: true)])
    }

    @Test func severalInputs() throws {
        let source = """
        parameter isLoggedIn: Bool = false
        event appOpened
        tip T {
            title: "t"
            #Rule(Self.$isLoggedIn, Self.appOpened) { $0 || $1.donations.count > 2 }
        }
        """
        #expect(try rules(source).map(\.result) == [false])
        #expect(try rules(source) { store in
            for offset in 1...3 { try store.donate(event: 0, date: self.now - Double(offset), fields: []) }
        }.map(\.result) == [true])
        #expect(try rules(source) { try $0.setParameter(0, .bool(true)) }.map(\.result) == [true])
    }

    @Test func widgetErrorsAndNonFiniteScores() throws {
        let program = try compile("""
        parameter zero: Int = 0
        widget Broken { relevance { score: 1 / zero } }
        widget Infinite { relevance { score: 1.0 / Double(zero)  duration: 10 } }
        """)
        let widgets = evaluate(program, store: EventStore(program: program), now: now).widgets
        #expect(widgets[0] == WidgetResult(id: "Broken", score: 0, duration: 0, relevant: false,
                                                error: "score: division by zero at line 2"))
        #expect(widgets[1] == WidgetResult(id: "Infinite", score: 0, duration: 0, relevant: false,
                                                error: "score is not a finite number (inf)"))
    }

    @Test func testExplanations() throws {
        let results = try rules("""
        parameter plan: String = "free"
        parameter count: Int = 1
        event purchase(amount: Double)
        tip T {
            title: "t"
            #Rule(Self.$plan) { $0 != "free" }
            #Rule(Self.$count) { 3 <= $0 }
            #Rule(Self.$count) { !($0 < 5) }
            #Rule(Self.purchase) { ($0.donations.last?.amount ?? 0) > 100 }
            #Rule(Self.purchase) { $0.donations.last != nil }
            #Rule(Self.$count, Self.purchase) { $0 > 2 || $1.donations.count > $0 }
            #Rule(Self.purchase) { $0.donations.filter { $0.amount > 10 }.count >= 2 }
            #Rule(Self.purchase) { $0.donations.isEmpty && $0.donations.count == 0 }
        }
        """) { store in try store.donate(event: 0, date: self.now - 60, fields: [.double(12.5)]) }
        #expect(results.map(\.explanation) == [
            ["plan is \"free\", needs != \"free\""],
            ["count is 1, needs >= 3"],
            ["count is 1, needs >= 5"],
            ["purchase donations: last?.amount ?? 0.0 is 12.5, needs > 100.0"],
            [],
            ["count is 1, needs > 2", "purchase donations: count 1, needs > count (1)"],
            ["purchase donations, filtered by { $0.amount > 10 }: count 1, needs >= 2"],
            ["purchase donations: isEmpty is false"],
        ])
        #expect(results.map(\.result) == [false, false, false, false, true, false, false, false])
    }

    @Test func longAndDeepExpressions() throws {
        let chain = (0..<200).map { "$0 > \($0)" }.joined(separator: " && ")
        let nested = String(repeating: "(", count: 120) + "$0 + 1" + String(repeating: ")", count: 120) + " > 0"
        let ternaries = (0..<60).reduce("0") { inner, index in "($0 == \(index) ? \(index) : \(inner))" } + " >= 0"
        let source = "parameter p: Int = 500\ntip T {\n title: \"t\"\n#Rule(Self.$p) { \(chain) }\n"
            + "#Rule(Self.$p) { \(nested) }\n#Rule(Self.$p) { \(ternaries) }\n}"
        #expect(try rules(source).map(\.result) == [true, true, true])
        let low = try rules(source) { try $0.setParameter(0, .int(100)) }
        #expect(low.map(\.result) == [false, true, true])
        #expect(low[0].explanation == ["p is 100, needs > 100"])
    }

    /// Explanations are opt-in: the fast path decides the same and says nothing.
    @Test func explanationsAreBuiltOnlyWhenAsked() throws {
        let program = try compile("""
        parameter isLoggedIn: Bool = false
        event visit(placeID: Int)
        tip A {
            title: "a"
            #Rule(Self.$isLoggedIn) { $0 == true }
            #Rule(Self.visit) { $0.donations.count >= 2 }
        }
        tip B {
            title: "b"
            #Rule(Self.visit) { $0.donations.isEmpty }
        }
        group Flow(.ordered) { A, B }
        """)
        let store = EventStore(program: program)
        let now = date("2026-11-21T09:00:00Z")
        var evaluator = Evaluator(program: program)
        let fast = evaluator.evaluate(store, now: now)
        let explained = evaluator.evaluate(store, now: now, explaining: true)
        #expect(fast.tips.map(\.status) == explained.tips.map(\.status))
        #expect(fast.tips.map(\.display) == explained.tips.map(\.display))
        #expect(fast.groups.map(\.currentTip) == explained.groups.map(\.currentTip))
        #expect(fast.tips.map { $0.rules.map(\.result) } == explained.tips.map { $0.rules.map(\.result) })
        #expect(fast.tips.flatMap { $0.rules.flatMap(\.explanation) } == [])
        #expect(fast.tips.map(\.displayExplanation) == ["", ""])
        #expect(fast.groups.map(\.explanation) == [""])
        #expect(explained.tips[0].rules.map(\.explanation) == [["isLoggedIn is false, needs == true"], ["visit donations: count 0, needs >= 2"]])
        #expect(explained.tips.map(\.displayExplanation) == ["pending: the rules at lines 5, 6 are false", "available"])
        #expect(explained.groups[0].explanation.hasPrefix("presents no tip: it waits for A") == true)
        #expect(TipRulesRuntime.evaluate(program, store: store, now: now) == explained)
        #expect(evaluator.evaluateRule(tip: 0, rule: 0, store: store, now: now, explaining: true)?.explanation == ["isLoggedIn is false, needs == true"])
        #expect(evaluator.evaluateRule(tip: 0, rule: 0, store: store, now: now)?.explanation == [])
    }
}
