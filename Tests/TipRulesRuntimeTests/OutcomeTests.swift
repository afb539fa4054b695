import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// `Evaluator.decide(_:now:into:)`, the evaluation `tiprulec reach` counts, says what
/// `evaluate(_:now:)` says for every example program over random stores: each rule holds, is
/// false or failed as `RuleResult` says, each tip's decision, each group's current tip, and each
/// widget's score exactly when it is relevant. One outcome is reused from store to store.
@Suite struct OutcomeTests {
    private let now = 1_795_251_600.0

    /// The differences between an outcome and the evaluation of the same store.
    private func differences(_ outcome: Outcome, _ result: EvaluationResult, program: Program) -> [String] {
        var differences: [String] = []
        var index = 0
        for (tip, tipResult) in result.tips.enumerated() {
            for (rule, ruleResult) in tipResult.rules.enumerated() {
                let expected: Outcome.Rule = ruleResult.error != nil ? .failed : ruleResult.result ? .holds : .isFalse
                let found = outcome.rule(index)
                if found != expected { differences.append("\(tipResult.id) rule \(rule): \(found) != \(expected)") }
                index += 1
            }
            let decision = outcome.decisions.tips[tip]
            if decision.status != tipResult.status || decision.reason != tipResult.reason || decision.pendingReason != tipResult.pendingReason
                || decision.pendingUntil != tipResult.pendingUntil || decision.display != tipResult.display {
                differences.append("\(tipResult.id): \(decision) != \(tipResult.status) \(String(describing: tipResult.pendingReason))")
            }
        }
        for (group, groupResult) in result.groups.enumerated() where outcome.decisions.currentTips[group].map({ program.tips[$0].id }) != groupResult.currentTip {
            differences.append("\(groupResult.id): \(String(describing: outcome.decisions.currentTips[group])) != \(String(describing: groupResult.currentTip))")
        }
        for (widget, widgetResult) in result.widgets.enumerated() {
            let score = outcome.scores[widget]
            if (score != nil) != widgetResult.relevant || (widgetResult.relevant && score != widgetResult.score) {
                differences.append("\(widgetResult.id): \(String(describing: score)) != \(widgetResult.score) relevant \(widgetResult.relevant)")
            }
        }
        return differences
    }

    @Test func decideSaysWhatEvaluateSaysForEveryExampleOverRandomStores() throws {
        var values = RandomValues(random: Xorshift(state: 0x0C7C_0E01), now: now)
        var outcome = Outcome()
        var seen = (holds: 0, isFalse: 0, failed: 0, relevant: 0, current: 0)
        let programs = try examplePrograms()
        #expect(programs.count >= 10)
        for (name, program) in programs {
            var evaluator = Evaluator(program: program)
            var deciding = Evaluator(program: program)
            for round in 0..<60 {
                let store = values.store(for: program)
                // Instants around now, and at other times of the year (rules that read the calendar).
                let instant = round % 3 == 0 ? now + Double(values.random.next(90)) * 86_400 : now
                let result = evaluator.evaluate(store, now: instant)
                deciding.decide(store, now: instant, into: &outcome)
                let found = differences(outcome, result, program: program)
                #expect(found.isEmpty, "\(name) round \(round): \(found)")
                for index in 0..<outcome.ruleCount {
                    switch outcome.rule(index) {
                    case .holds: seen.holds += 1
                    case .isFalse: seen.isFalse += 1
                    case .failed: seen.failed += 1
                    }
                }
                seen.relevant += outcome.scores.compactMap { $0 }.count
                seen.current += outcome.decisions.currentTips.compactMap { $0 }.count
            }
            // The same work is charged as for `evaluate`.
            #expect(deciding.workDone == evaluator.workDone, "\(name)")
        }
        #expect(seen.holds > 0 && seen.isFalse > 0 && seen.failed > 0 && seen.relevant > 0 && seen.current > 0, "\(seen)")
    }

    /// A store of another program: every rule failed, as `evaluate` says.
    @Test func aStoreThatDoesNotFitTheProgramFailsEveryRule() throws {
        let programs = try examplePrograms()
        var outcome = Outcome()
        var values = RandomValues(random: Xorshift(state: 0x0C7C_0E02), now: now)
        var mismatched = 0
        for (index, (name, program)) in programs.enumerated() {
            let other = programs[(index + 1) % programs.count].program
            let store = values.store(for: other)
            var evaluator = Evaluator(program: program)
            let result = evaluator.evaluate(store, now: now)
            evaluator.decide(store, now: now, into: &outcome)
            #expect(differences(outcome, result, program: program).isEmpty, "\(name)")
            // A program with the same parameter and event types reads the store as its own.
            if result.tips.contains(where: { $0.rules.contains { $0.error?.hasPrefix("the store was made for a program") == true } }) {
                #expect((0..<outcome.ruleCount).allSatisfy { outcome.rule($0) == .failed }, "\(name)")
                mismatched += 1
            }
        }
        #expect(mismatched >= 5)
    }
}
