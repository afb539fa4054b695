/// Every diagnostic code tiprulec reports. The raw value is the stable code users
/// see (`TR0201`); `tiprulec explain CODE` has a long entry for each.
///
/// Ranges: TR00xx lexical, TR01xx syntax, TR02xx types, TR03xx names and
/// declarations, TR04xx options and configuration, TR05xx first-beta spellings,
/// TR06xx limits, TR07xx lint, TR08xx import, TR090x bytecode output, TR091x TipKit Swift
/// output (`emit-swift`, and `check`'s TipKit lint).
public enum DiagnosticCode: String, CaseIterable, Sendable {
    // Lexical
    case invalidUTF8 = "TR0001"
    case unexpectedCharacter = "TR0002"
    case unterminatedString = "TR0003"
    case unterminatedComment = "TR0004"
    case invalidEscape = "TR0005"
    case stringInterpolation = "TR0006"
    case integerLiteralOverflow = "TR0007"
    case malformedNumber = "TR0008"

    // Syntax
    case expectedToken = "TR0101"
    case expectedDeclaration = "TR0102"
    case expectedExpression = "TR0103"
    case unknownTipProperty = "TR0104"
    case duplicateTipProperty = "TR0105"
    case missingTitle = "TR0106"
    case unknownConfiguration = "TR0107"
    case duplicateConfiguration = "TR0108"
    case unknownRelevanceEntry = "TR0109"
    case missingScore = "TR0110"
    case nonAssociativeOperator = "TR0111"
    case invalidRuleInput = "TR0112"
    case missingRuleInput = "TR0113"
    case transientWithoutParameter = "TR0140"
    case unknownSuggestEntry = "TR0141"
    case incompleteSuggestion = "TR0142"

    // Syntax: TipKit Swift pasted into a .tiprules file
    case pastedTipStruct = "TR0150"
    case pastedParameter = "TR0151"
    case pastedEvent = "TR0152"
    case pastedConfigurationDot = "TR0153"
    case pastedGroupMemberCall = "TR0154"
    case pastedReturn = "TR0155"
    case pastedClosureParameters = "TR0156"
    case pastedQualifiedInput = "TR0157"
    case pastedTipMember = "TR0158"

    // Types
    case mismatchedOperands = "TR0201"
    case mixedNumericTypes = "TR0202"
    case ruleNotBool = "TR0203"
    case conditionNotBool = "TR0204"
    case mismatchedBranches = "TR0205"
    case typeMismatch = "TR0206"
    case optionalNotUnwrapped = "TR0207"
    case chainOnNonOptional = "TR0208"
    case coalesceOnNonOptional = "TR0209"
    case nilComparisonNonOptional = "TR0210"
    case unknownMember = "TR0211"
    case wrongArguments = "TR0212"
    case unknownKeyPathField = "TR0213"
    case unsuitableKeyPathField = "TR0214"
    case inputIndexOutOfRange = "TR0215"
    case anonymousArgumentOutsideClosure = "TR0216"
    case nonConstantDefault = "TR0217"
    case invalidUnaryOperand = "TR0218"
    case nilWithoutContext = "TR0219"
    case eventNotAValue = "TR0220"
    case constantEvaluationFails = "TR0221"
    case unknownFunction = "TR0222"
    case invalidVersionLiteral = "TR0223"
    case invalidDateLiteral = "TR0224"
    case rolloutShareOutOfRange = "TR0225"
    case versionField = "TR0226"
    case invalidList = "TR0227"
    case nonConstantGroup = "TR0228"
    case unknownCalendarComponent = "TR0229"

    // Names and declarations
    case duplicateDeclaration = "TR0301"
    case unknownName = "TR0302"
    case wrongRuleInputKind = "TR0303"
    case groupMemberNotTip = "TR0304"
    case reservedFieldName = "TR0305"
    case duplicateField = "TR0306"
    case unknownType = "TR0307"
    case duplicateLet = "TR0308"
    case duplicateTipID = "TR0309"
    case duplicateGroupMember = "TR0310"
    case duplicateEventID = "TR0311"
    case invalidEventID = "TR0312"
    case invalidSwiftName = "TR0313"
    case invalidSwiftText = "TR0314"

    // Options and configuration
    case unknownOption = "TR0401"
    case invalidOptionValue = "TR0402"
    case duplicateOption = "TR0403"
    case unknownDisplayFrequency = "TR0404"
    case invalidEventLimit = "TR0405"
    case unknownGroupKind = "TR0406"
    case invalidAppIdentifier = "TR0410"
    case invalidRelease = "TR0411"
    case invalidFrequencyCap = "TR0412"

    // Tip actions
    case duplicateActionID = "TR0420"
    case emptyAction = "TR0421"
    case invalidAction = "TR0422"
    case duplicateActions = "TR0423"

    // Tip holdouts
    case holdoutShareOutOfRange = "TR0430"
    case duplicateHoldout = "TR0431"
    case holdoutChanged = "TR0432"

    // First-beta spellings
    case betaLargestSubsetBy = "TR0501"
    case betaEventCount = "TR0502"
    case betaMaxDisplayCount = "TR0503"
    case betaIgnoresDisplayFrequency = "TR0504"
    case betaDisplayFrequency = "TR0505"

    // Limits
    case nestingTooDeep = "TR0601"
    case sourceTooLarge = "TR0602"
    case binaryInput = "TR0603"
    case tooManyParts = "TR0604"

    // Lint: what TipKit would not do
    case maxDisplayCountZero = "TR0701"
    case maxDisplayDurationUnderMinimum = "TR0702"
    case negativeDuration = "TR0703"
    case constantRule = "TR0704"
    case duplicateRule = "TR0705"
    case unusedDeclaration = "TR0706"
    case tieBreakRead = "TR0707"
    case groupNeverPresents = "TR0708"
    case customDisplayFrequency = "TR0709"
    case constantRolloutShare = "TR0710"
    case unreachableFrequencyCap = "TR0711"
    case emptySchedule = "TR0712"
    case samePriorities = "TR0713"
    case holdoutGroupShared = "TR0714"

    // Import: TipKit Swift that `tiprulec import` cannot carry over
    case importParameterType = "TR0801"
    case importParameterValue = "TR0802"
    case importDonationInfo = "TR0803"
    case importText = "TR0804"
    case importActions = "TR0805"
    case importRule = "TR0806"
    case importConfiguration = "TR0807"
    case importDuplicate = "TR0808"
    case importWidgetFunction = "TR0809"
    case importEventID = "TR0810"
    case importOption = "TR0811"
    case importGroupMember = "TR0812"
    case importNothingFound = "TR0813"
    case importTooLarge = "TR0814"
    case importActionHandler = "TR0815"
    case importTipKind = "TR0816"
    case importStyling = "TR0817"
    case importRuleConstruct = "TR0818"
    case importUnrecognizedTip = "TR0819"
    case importTipMember = "TR0820"

    // Bytecode output
    case needsNewerBytecodeVersion = "TR0901"

    // TipKit Swift output
    case tipKitRuleConstruct = "TR0910"
    case tipKitRuleWithoutInput = "TR0911"
    case tipKitNeedsNewerOS = "TR0912"
    case tipKitMissingFeature = "TR0913"
    case tipKitSwiftName = "TR0914"

    /// The severity a diagnostic with this code has unless stated otherwise.
    public var defaultSeverity: Severity {
        switch self {
        case .betaLargestSubsetBy, .betaEventCount, .betaMaxDisplayCount,
             .betaIgnoresDisplayFrequency, .betaDisplayFrequency,
             .coalesceOnNonOptional, .nilComparisonNonOptional, .constantEvaluationFails,
             .maxDisplayCountZero, .maxDisplayDurationUnderMinimum, .negativeDuration, .constantRule, .duplicateRule,
             .unusedDeclaration, .tieBreakRead, .groupNeverPresents, .customDisplayFrequency,
             .constantRolloutShare, .unreachableFrequencyCap, .emptySchedule, .samePriorities, .holdoutGroupShared, .holdoutChanged:
            return .warning
        case _ where isImport:
            return .warning
        default:
            return .error
        }
    }

    /// Whether this is a lint warning (TR07xx): the program is valid, but does something TipKit
    /// would not do or that is almost certainly a mistake.
    public var isLint: Bool { rawValue.hasPrefix("TR07") }

    /// Whether this is an import diagnostic (TR08xx): something in TipKit Swift that
    /// `tiprulec import` could not carry over to `.tiprules`.
    public var isImport: Bool { rawValue.hasPrefix("TR08") }

    /// Whether this is a TipKit output problem (TR091x): something `emit-swift` cannot write as
    /// TipKit Swift; `check` reports it as a warning when the program targets TipKit.
    public var isTipKitOutput: Bool { rawValue.hasPrefix("TR091") }

    /// The code as users see it, e.g. `TR0201`.
    public var code: String { rawValue }
}
