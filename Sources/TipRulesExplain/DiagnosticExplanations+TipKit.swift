import TipRulesCompiler

/// The explanations of the TipKit output codes (TR0910–TR0914): what `emit-swift` cannot write as
/// TipKit Swift, which `check` and the editor also report, as warnings, for a program with
/// `configure { tipKit(minimumIOS: N) }`.
extension DiagnosticExplanations {
    private static let tipKitNote = """
        `tiprulec emit-swift` reports this as an error; `check` and the editor report it
        as a warning when the program says it is also written as TipKit Swift,
        `configure { tipKit(minimumIOS: N) }`. A program without that entry runs on the
        bytecode runtime, which has no such limit, and gets no warning.
        """

    static let tipKitEntries: [Entry] = [
        Entry(.tipKitRuleConstruct, "TipKit's #Rule cannot express this construct",
              meaning: """
              TipKit's `#Rule` macro expands its body into a Foundation `#Predicate`,
              which accepts operators, key paths and a short list of functions. A
              conversion (`Double(x)`), `lowercased()`, `hasSuffix(_:)`, `min(of:)`,
              `max(of:)` or `sum(of:)` on donations and the time between two dates are
              not among them, so the rule cannot be written as TipKit Swift. The note
              names the source of the limit.

              \(tipKitNote)
              """,
              example: #"""
              configure { tipKit(minimumIOS: 17) }
              event purchase(amount: Double)

              tip BigSpenderTip {
                  title: "Join the club"
                  #Rule(Self.purchase) { $0.donations.sum(of: \.amount) > 100 }
              }
              """#,
              fix: """
              Say the rule with what the macro accepts (a count, a window, a comparison
              of a field), or keep the tip on the bytecode runtime and leave
              `tipKit(…)` out.
              """,
              corrected: #"""
              configure { tipKit(minimumIOS: 17) }
              event purchase(amount: Double)

              tip BigSpenderTip {
                  title: "Join the club"
                  #Rule(Self.purchase) { $0.donations.filter { $0.amount > 100 }.count >= 1 }
              }
              """#),
        Entry(.tipKitRuleWithoutInput, "TipKit #Rule without a parameter or event",
              meaning: """
              A TipKit rule watches its inputs, a parameter or an event, and is
              evaluated again when one changes. A rule that reads neither (a schedule
              over `now`) has nothing TipKit can watch.

              \(tipKitNote)
              """,
              example: #"""
              configure { tipKit(minimumIOS: 17) }

              tip HolidayTip {
                  title: "Happy holidays"
                  #Rule { now >= Date(timeIntervalSince1970: 1798675200) }
              }
              """#,
              fix: """
              Let the app set a `Bool` parameter when the condition holds and read it
              in the rule.
              """,
              corrected: #"""
              configure { tipKit(minimumIOS: 17) }
              parameter isHolidaySeason: Bool = false

              tip HolidayTip {
                  title: "Happy holidays"
                  #Rule(Self.$isHolidaySeason) { $0 }
              }
              """#),
        Entry(.tipKitNeedsNewerOS, "TipKit feature needs a newer iOS",
              meaning: """
              TipKit gained features release by release: `TipGroup` and
              `Tips.MaxDisplayDuration` need iOS 18, event donation limits
              (`limit(…)`) iOS 26. The app's oldest iOS, `tipKit(minimumIOS: N)` (or
              `emit-swift --min-ios N`), has no such API.

              \(tipKitNote)
              """,
              example: #"""
              configure { tipKit(minimumIOS: 17) }

              tip WelcomeTip { title: "Welcome" }
              tip ShareTip { title: "Share" }
              group Onboarding(.ordered) { WelcomeTip, ShareTip }
              """#,
              fix: """
              Raise the minimum iOS when the app does, or do without the feature (show
              the tips without a group, use `Tips.MaxDisplayCount`).
              """,
              corrected: #"""
              configure { tipKit(minimumIOS: 18) }

              tip WelcomeTip { title: "Welcome" }
              tip ShareTip { title: "Share" }
              group Onboarding(.ordered) { WelcomeTip, ShareTip }
              """#),
        Entry(.tipKitMissingFeature, "TipKit has no such feature",
              meaning: """
              Some of the language goes beyond TipKit: `Version` parameters, frequency
              caps, `Priority` and `.priority` groups, and a display frequency other
              than TipKit's presets. TipKit Swift cannot say them.

              \(tipKitNote)
              """,
              example: #"""
              configure { tipKit(minimumIOS: 17) }

              tip DailyTip {
                  title: "Tip of the day"
                  options { FrequencyCap(1, per: .day) }
              }
              """#,
              fix: """
              Keep the tip on the bytecode runtime, or say it with TipKit's options
              (`Tips.MaxDisplayCount`, the display frequency).
              """,
              corrected: #"""
              configure { tipKit(minimumIOS: 17) }

              tip DailyTip {
                  title: "Tip of the day"
                  options { Tips.MaxDisplayCount(1) }
              }
              """#),
        Entry(.tipKitSwiftName, "name that cannot be a Swift name",
              meaning: """
              Each tip becomes a Swift struct and each parameter, event and field a
              Swift property: a name that is a Swift keyword (`default`, `class`), or a
              tip named like a type the generated code uses (`Tip`, `Date`, `Text`), would not
              compile.

              \(tipKitNote)
              """,
              example: #"""
              configure { tipKit(minimumIOS: 17) }

              tip Tip {
                  title: "Pick a date"
              }
              """#,
              fix: """
              Rename it in the `.tiprules` file (and the app's code that names it).
              """,
              corrected: #"""
              configure { tipKit(minimumIOS: 17) }

              tip PickDateTip {
                  title: "Pick a date"
              }
              """#),
    ]
}
