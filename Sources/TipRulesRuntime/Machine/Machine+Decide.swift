/// Deciding a rule at the prepared instant, the fast path's way: natively when the rule has a
/// native form, else by running its instructions.
extension Machine {
    /// Whether the rule holds at the prepared instant, or why it failed; charges the work to the
    /// instant's budget as running it would. `native` is the rule's native form, if it has one.
    mutating func decide(_ rule: ExecutableCode, native: NativeRule?) -> Result<Bool, EvaluationFailure> {
        guard let native else { return run(rule).map { $0 != 0 } }
        var visible = 0..<0
        if let event = native.event { visible = context.visibleRows(event) }
        return native.decide(parameters: context.parameterValues, donations: context.donations, visible: visible,
                             now: context.now, program: program, work: &workUsed)
    }
}
