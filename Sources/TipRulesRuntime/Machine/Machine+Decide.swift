/// Deciding a rule, or computing a widget's score or duration, at the prepared instant: natively
/// when the code has a native form, else by running its instructions.
extension Machine {
    /// Whether the rule holds at the prepared instant, or why it failed; charges the work to the
    /// instant's budget as running it would. `native` is the rule's native form, if it has one.
    mutating func decide(_ rule: ExecutableCode, native: NativeRule?) -> Result<Bool, EvaluationFailure> {
        if let native, let decided = decide(native) { return decided }
        return run(rule).map { $0 != 0 }
    }

    /// The native rule's result at the prepared instant, its work charged to the instant's
    /// budget; nil when its instructions must decide it (then nothing is charged).
    @inline(__always)
    mutating func decide(_ native: NativeRule) -> Result<Bool, EvaluationFailure>? {
        var visible = 0..<0
        if let event = native.event { visible = context.visibleRows(event) }
        return native.decide(parameters: context.parameterValues, donations: context.donations, visible: visible,
                             now: context.now, program: program, work: &workUsed)
    }

    /// A score's or duration's result slot at the prepared instant, or why it failed.
    /// `native` is the code's native form, if it has one.
    mutating func number(_ code: ExecutableCode, native: NativeNumber?) -> Result<UInt64, EvaluationFailure> {
        guard let native else { return run(code) }
        var visible = 0..<0
        if let event = native.event { visible = context.visibleRows(event) }
        return .success(native.value(donations: context.donations, visible: visible, now: context.now))
    }
}
