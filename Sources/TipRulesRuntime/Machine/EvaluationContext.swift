/// What one evaluation instant gives the VM: now, the parameter values as slots, and for each
/// event its visible rows and its donations.
struct EvaluationContext {
    let now: Double
    let parameters: [UInt64]
    /// For each event, the rows a rule sees (the store's donation limit applied at now).
    let visible: [Range<Int>]
    /// For each event, its donations by column.
    let donations: [DonationColumns]
    /// The size of the VM's string table once the constants and string parameters are in it.
    let stringBase: Int
}
