/// What TipKit's `#Rule` macro does not accept, each with its reason and the source that decides
/// it, for emit-swift's refusals (docs/tipkit.md has the whole table). A `#Rule` body is a
/// Foundation `#Predicate`-style body, so the baseline is what swift-foundation's predicate
/// macro expands: its operators, key paths (any property), and the functions listed as
/// `_knownSupportedFunctions`; every other function, and every global function or initializer
/// call, is rejected there. TipKit's own documented examples add `donatedWithin(_:)`,
/// `largestSubset(groupedBy:)`/`smallestSubset(groupedBy:)` and `Date.now.addingTimeInterval(_:)`.
enum RuleMacroSupport {
    /// One construct emit-swift does not write in a `#Rule`.
    struct Refusal {
        /// The construct, as the message names it.
        let construct: String
        /// Why, with the source.
        let reason: String
        /// True when the macro rejects it; false when it is emit-swift's own limit.
        let byMacro: Bool

        /// The problem's message.
        var message: String {
            byMacro ? "TipKit's #Rule macro does not accept \(construct)" : "emit-swift does not write \(construct) in a #Rule"
        }
    }

    private static let predicateMacro = "swift-foundation Sources/FoundationMacros/PredicateMacro.swift"
    private static let notAmongFunctions = "it is not among the functions #Predicate supports (_knownSupportedFunctions in \(predicateMacro))"

    static let conversion = Refusal(
        construct: "Double(…), Int(…) or TimeInterval(…) conversions",
        reason: "#Predicate rejects every global function and initializer call (\"Global functions are not supported\", \(predicateMacro))",
        byMacro: true)
    static let lowercased = Refusal(construct: "lowercased()", reason: notAmongFunctions, byMacro: true)
    static let hasSuffix = Refusal(construct: "hasSuffix(_:)", reason: notAmongFunctions + "; starts(with:) and contains(_:) are", byMacro: true)
    static let aggregate = Refusal(
        construct: "min(of:), max(of:) or sum(of:) on donations",
        reason: "they need map(_:) or reduce(_:_:), which are not among the functions #Predicate supports (_knownSupportedFunctions in \(predicateMacro))",
        byMacro: true)
    static let timeIntervalSince = Refusal(
        construct: "the time between two dates (timeIntervalSince(_:))",
        reason: notAmongFunctions + "; TipKit's example compares a date with Date.now.addingTimeInterval(_:) instead (WWDC23 session 10229)",
        byMacro: true)
    static let inputInClosure = Refusal(
        construct: "a rule input read inside a closure",
        reason: "emit-swift names a closure's argument $0, which hides the rule's inputs inside it",
        byMacro: false)
    static let outerClosureArgument = Refusal(
        construct: "an outer closure's argument read inside a nested closure",
        reason: "emit-swift names a closure's argument $0, which hides the outer closure's",
        byMacro: false)

    /// What to do instead, after every refusal.
    static let keepInBytecode = "keep this tip on the bytecode runtime, or say the rule with what the macro accepts (docs/tipkit.md)"
}
