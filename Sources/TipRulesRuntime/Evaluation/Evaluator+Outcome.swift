/// Deciding for a count over many stores (`tiprulec reach`): what `evaluate(_:now:)` says of
/// every rule, tip, group and widget, without a text — a rule's failure kept apart from its being
/// false, a widget's score only when it is relevant. The work charged is `evaluate`'s.
extension Evaluator {
    /// Fills `outcome` with the evaluation of `store` at `now`. Reuse `outcome`: then deciding
    /// allocates nothing. When the store does not fit the program, every rule failed.
    package mutating func decide(_ store: EventStore, now: Double, into outcome: inout Outcome) {
        outcome.shape(ruleStarts: ruleStarts, groupCount: program.groups.count, widgetCount: widgets.count)
        let fits = prepare(store, now: now)
        defer { if fits { machine.finish() } }
        let policy = DisplayPolicy(program: program, store: store, now: now, explaining: false)
        var index = 0
        for tip in rules.indices {
            var rulesHold = true
            for rule in rules[tip] {
                let result: Outcome.Rule
                switch fits ? machine.decide(rule, native: natives[index]) : .success(false) {
                case .success(true): result = .holds
                case .success: result = fits ? .isFalse : .failed
                case .failure: result = .failed
                }
                outcome.rules[index] = result
                rulesHold = rulesHold && result == .holds
                index += 1
            }
            outcome.tips[tip] = policy.decision(ofTip: tip, rulesHold: rulesHold)
        }
        for (group, info) in program.groups.enumerated() {
            outcome.currentTips[group] = policy.currentTip(in: info, status: { outcome.tips[$0].status },
                                                           displays: { outcome.tips[$0].display })
        }
        for widget in widgets.indices {
            let code = widgets[widget]
            let score = fits ? Self.score(machine.number(code.score, native: code.nativeScore),
                                          duration: machine.number(code.duration, native: code.nativeDuration)) : 0
            outcome.scores[widget] = score > 0 ? score : nil
        }
    }
}

/// One evaluation as a count over many stores reads it (`Evaluator.decide(_:now:into:)`): each
/// rule's result, each tip's decision, each group's current tip and each relevant widget's score.
package struct Outcome {
    /// A rule's result: it holds, it is false, or its evaluation failed (which makes it false).
    package enum Rule: UInt8 {
        case holds, isFalse, failed
    }

    /// Every rule's result, tip after tip in declaration order (`rules(ofTip:)` gives one tip's).
    package fileprivate(set) var rules: [Rule] = []
    /// Each tip's decision, by tip index.
    package fileprivate(set) var tips: [TipDecision] = []
    /// For each group, the index of the tip it presents; nil when it presents none.
    package fileprivate(set) var currentTips: [Int?] = []
    /// For each widget, its score when it is relevant (a usable score above 0); nil otherwise.
    package fileprivate(set) var scores: [Double?] = []
    /// Where each tip's rules start in `rules`, and where the last one's end.
    package private(set) var ruleStarts: [Int] = [0]

    package init() {}

    /// The results of tip `tip`'s rules, in order.
    package func rules(ofTip tip: Int) -> ArraySlice<Rule> { rules[ruleStarts[tip]..<ruleStarts[tip + 1]] }

    fileprivate mutating func shape(ruleStarts: [Int], groupCount: Int, widgetCount: Int) {
        guard self.ruleStarts != ruleStarts || currentTips.count != groupCount || scores.count != widgetCount else { return }
        self.ruleStarts = ruleStarts
        rules = Array(repeating: .holds, count: ruleStarts[ruleStarts.count - 1])
        tips = Array(repeating: TipDecision(status: .pending, display: false), count: ruleStarts.count - 1)
        currentTips = Array(repeating: nil, count: groupCount)
        scores = Array(repeating: nil, count: widgetCount)
    }
}
