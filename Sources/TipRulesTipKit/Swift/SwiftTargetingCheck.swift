import TipRulesCompiler
import TipRulesRuntime
import TipRulesToolingCore

/// What `emit-swift` refuses outside expressions because TipKit has no such thing: `Version`
/// parameters, `FrequencyCap` and `Priority` options, `.priority` groups and holdouts, each with a note
/// saying what to do instead. (Targeting inside rules is refused by `SwiftExpressionRenderer`.)
enum SwiftTargetingCheck {
    static func problems(in program: CheckedProgram) -> [SwiftEmissionProblem] {
        var problems: [SwiftEmissionProblem] = []
        for parameter in program.parameters where parameter.type == .version {
            problems.append(SwiftEmissionProblem(.tipKitMissingFeature, at: program.span(ofLine: parameter.line), message: "TipKit has no Version type (parameter '\(parameter.name)')",
                                                 note: "declare an Int parameter the app sets from its version (2.3.1 → 20301), or keep these rules on the bytecode runtime"))
        }
        for tip in program.tips {
            if !tip.options.frequencyCaps.isEmpty {
                problems.append(SwiftEmissionProblem(.tipKitMissingFeature, at: program.span(ofLine: tip.line), message: "TipKit has no frequency caps (tip '\(tip.name)')",
                                                     note: "TipKit offers one display frequency for all tips and MaxDisplayCount; keep the caps on the bytecode runtime, which records each display's date"))
            }
            if tip.options.priority != 0 {
                problems.append(SwiftEmissionProblem(.tipKitMissingFeature, at: program.span(ofLine: tip.line), message: "TipKit has no tip priority (tip '\(tip.name)')",
                                                     note: "order the tips in a TipGroup(.firstAvailable) instead, most important first"))
            }
            if let holdout = tip.holdout {
                problems.append(SwiftEmissionProblem(.tipKitMissingFeature, at: program.span(ofLine: holdout.line), message: "TipKit has no holdout (tip '\(tip.name)')",
                                                     note: "keep this tip on the bytecode runtime, which holds the share out and records each exposure, or let the app's experiment SDK decide and set a Bool parameter"))
            }
        }
        for group in program.groups where group.byPriority {
            problems.append(SwiftEmissionProblem(.tipKitMissingFeature, at: program.span(ofLine: group.line), message: "TipKit has no priority group ('\(group.name)')",
                                                 note: "use a .firstAvailable group that lists the tips by priority, highest first"))
        }
        return problems
    }
}
