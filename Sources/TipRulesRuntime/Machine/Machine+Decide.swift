/// Deciding a rule at the prepared instant, the fast path's way: natively when the rule has a
/// native form, else by running its instructions.
extension Machine {
    /// Whether the rule holds at the prepared instant, or why it failed; charges the work to the
    /// instant's budget as running it would.
    mutating func decide(_ rule: ExecutableCode) -> Result<Bool, EvaluationFailure> {
        guard let native = rule.native else { return run(rule).map { $0 != 0 } }
        let visible = native.event.map { context.visibleRows($0) } ?? 0..<0
        return native.decide(parameters: context.parameterValues, donations: context.donations, visible: visible,
                             now: context.now, work: &workUsed)
    }
}
