/// Deciding for a count over many stores (`tiprulec reach`): what `evaluate(_:now:)` says of
/// every rule, tip, group and widget, without a text — `decide(_:now:into: Decisions)`'s answers,
/// with each rule's failure kept apart from its being false and each relevant widget's score. The
/// work charged is `evaluate`'s.
extension Evaluator {
    /// Fills `outcome` with the evaluation of `store` at `now`. Reuse `outcome`: then deciding
    /// allocates nothing. When the store does not fit the program, every rule failed.
    package mutating func decide(_ store: EventStore, now: Double, into outcome: inout Outcome) {
        outcome.shape(ruleCount: ruleStarts[ruleStarts.count - 1], widgetCount: widgets.count)
        outcome.decisions.shape(ruleStarts: ruleStarts, groupCount: program.groups.count)
        let fits = prepare(store, now: now)
        defer { if fits { machine.finish() } }
        var failures: [Bool] = []
        swap(&failures, &outcome.failures)
        failures.withUnsafeMutableBufferPointer { failures in
            decideTips(store, now: now, fits: fits, into: &outcome.decisions, failures: failures)
        }
        swap(&failures, &outcome.failures)
        for widget in widgets.indices {
            let code = widgets[widget]
            let score = fits ? Self.score(machine.number(code.score, native: code.nativeScore),
                                          duration: machine.number(code.duration, native: code.nativeDuration)) : 0
            outcome.scores[widget] = score > 0 ? score : nil
        }
    }
}

/// One evaluation as a count over many stores reads it (`Evaluator.decide(_:now:into:)`): the
/// `Decisions` (each rule's result, each tip's decision, each group's current tip), which rules
/// failed, and each relevant widget's score.
package struct Outcome {
    /// A rule's result: it holds, it is false, or its evaluation failed (which makes it false).
    package enum Rule: UInt8 {
        case holds, isFalse, failed
    }

    package internal(set) var decisions = Decisions()
    /// Whether each rule's evaluation failed, in the order of `decisions.rules`.
    package internal(set) var failures: [Bool] = []
    /// For each widget, its score when it is relevant (a usable score above 0); nil otherwise.
    package internal(set) var scores: [Double?] = []

    package init() {}

    /// The number of rules, every tip's.
    package var ruleCount: Int { failures.count }

    /// Rule `index` (in the order of `decisions.rules`)'s result.
    package func rule(_ index: Int) -> Rule {
        failures[index] ? .failed : decisions.rules[index] ? .holds : .isFalse
    }

    fileprivate mutating func shape(ruleCount: Int, widgetCount: Int) {
        if failures.count != ruleCount { failures = Array(repeating: false, count: ruleCount) }
        if scores.count != widgetCount { scores = Array(repeating: nil, count: widgetCount) }
    }
}
