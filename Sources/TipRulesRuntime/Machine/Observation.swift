/// What the explain mode records when a noted comparison runs: its outcome and operand values.
struct Observation: Hashable {
    var instruction: Int
    var result: Bool
    /// The left operand, formatted for people ("nil" for a missing optional).
    var left: String
    /// The right operand, formatted for people (empty for `isNil`/`isNonNil`).
    var right: String
}
