import TipRulesCompiler
import TipRulesToolingCore

/// The explanations of the targeting codes: versions, dates, rollouts, lists and the calendar
/// (TR0223–TR0229), frequency caps (TR0412) and their lint (TR0710–TR0713).
extension DiagnosticExplanations {
    static let targetingEntries: [Entry] = [
        Entry(.invalidVersionLiteral, "string that is not a version",
              meaning: #"""
              Where a `Version` is expected (a comparison with a version, a `Version`
              parameter's default, `Version("…")`), a string literal is a version literal, and it
              must be one: `MAJOR[.MINOR[.PATCH]][-PRERELEASE][+BUILD]`, with numbers without
              leading zeros, pre-release identifiers of letters, digits and `-`, no leading `v`
              and no spaces. A missing MINOR or PATCH is 0 (`"2.3"` is `2.3.0`). For a leading
              `v` the fix-it removes it.
              """#,
              example: #"""
              parameter appVersion: Version = "1.0"

              tip NewEditorTip {
                  title: "New editor"
                  #Rule(Self.$appVersion) { $0 >= "v2.3" }
              }
              """#,
              fix: #"""
              Write the version as Semantic Versioning does, without a prefix.
              """#,
              corrected: #"""
              parameter appVersion: Version = "1.0"

              tip NewEditorTip {
                  title: "New editor"
                  #Rule(Self.$appVersion) { $0 >= "2.3" }
              }
              """#),
        Entry(.invalidDateLiteral, "string that is not an RFC 3339 date",
              meaning: #"""
              `Date("…")` is a constant date written in RFC 3339: a date, `T`, a time and an
              offset (`Z` or `+09:00`); fractional seconds are allowed. A date without a time or
              an offset is ambiguous (in which time zone does the day start?), so it is an error.
              """#,
              example: #"""
              tip DecemberTip {
                  title: "December"
                  #Rule { now >= Date("2026-12-01") }
              }
              """#,
              fix: #"""
              Add the time and the offset of the moment you mean.
              """#,
              corrected: #"""
              tip DecemberTip {
                  title: "December"
                  #Rule { now >= Date("2026-12-01T00:00:00+09:00") }
              }
              """#),
        Entry(.rolloutShareOutOfRange, "rollout share outside 0 to 100",
              meaning: #"""
              `rollout(P, of: ID)` holds for the ids whose bucket (1 to 100) is at most P: P is a
              percentage from 0 to 100. A constant outside that range is this error (a computed
              one is an evaluation error: the rule is false and the error is reported). The
              fix-it clamps it.
              """#,
              example: #"""
              parameter userID: String = ""

              tip FavoritesTip {
                  title: "Favorites"
                  #Rule(Self.$userID) { rollout(250, of: $0) }
              }
              """#,
              fix: #"""
              Give the share as a percentage.
              """#,
              corrected: #"""
              parameter userID: String = ""

              tip FavoritesTip {
                  title: "Favorites"
                  #Rule(Self.$userID) { rollout(25, of: $0) }
              }
              """#),
        Entry(.versionField, "event field of type Version",
              meaning: #"""
              `Version` is a type for parameters: the app's version, or an SDK's, that rules
              compare. Donation fields are `Bool`, `Int`, `Double`, `String` or `Date`.
              """#,
              example: #"""
              event updated(from: Version)

              tip WhatsNewTip {
                  title: "What's new"
                  #Rule(Self.updated) { $0.donations.count > 0 }
              }
              """#,
              fix: #"""
              Make the field a `String` (the fix-it), or keep the version in a parameter.
              """#,
              corrected: #"""
              event updated(from: String)

              tip WhatsNewTip {
                  title: "What's new"
                  #Rule(Self.updated) { $0.donations.count > 0 }
              }
              """#),
        Entry(.invalidList, "list that is not a non-empty list of constants",
              meaning: #"""
              A list `[C, …]` is only written before `.contains(EXPR)`, and holds constants
              (`String`, `Int`, `Double` or `Version`) of EXPR's type: it says that EXPR is one
              of them. An empty list, a computed element or a list used on its own is this
              error.
              """#,
              example: #"""
              parameter language: String = "en"
              parameter region: String = "US"

              tip LocalTip {
                  title: "Local"
                  #Rule(Self.$language, Self.$region) { ["ja", $1].contains($0) }
              }
              """#,
              fix: #"""
              List constants only; compare computed values with `==` and `||`.
              """#,
              corrected: #"""
              parameter language: String = "en"
              parameter region: String = "US"

              tip LocalTip {
                  title: "Local"
                  #Rule(Self.$language, Self.$region) { ["ja", "ko"].contains($0) || $0 == $1 }
              }
              """#),
        Entry(.nonConstantGroup, "rollout group that is not a constant",
              meaning: #"""
              The same id in the same group always falls in the same bucket, which is what
              makes a rollout stable: the group of `bucket(of:group:)` and `rollout(_:of:group:)`
              is a constant string (by default, the tip's `id`).
              """#,
              example: #"""
              parameter userID: String = ""
              parameter cohort: String = "a"

              tip FavoritesTip {
                  title: "Favorites"
                  #Rule(Self.$userID, Self.$cohort) { rollout(25, of: $0, group: $1) }
              }
              """#,
              fix: #"""
              Name the group, or leave `group:` out to use the tip's id.
              """#,
              corrected: #"""
              parameter userID: String = ""
              parameter cohort: String = "a"

              tip FavoritesTip {
                  title: "Favorites"
                  #Rule(Self.$userID, Self.$cohort) { rollout(25, of: $0 + $1, group: "favorites") }
              }
              """#),
        Entry(.unknownCalendarComponent, "unknown calendar component",
              meaning: #"""
              `Calendar.current.component(.C, from: DATE)` reads one component of a date in the
              local calendar: `.year`, `.month`, `.day`, `.hour`, `.minute`, `.second` or
              `.weekday` (1 is Sunday). The fix-it offers the nearest one.
              """#,
              example: #"""
              tip MorningTip {
                  title: "Good morning"
                  #Rule { Calendar.current.component(.hours, from: now) < 10 }
              }
              """#,
              fix: #"""
              Use one of the components, singular.
              """#,
              corrected: #"""
              tip MorningTip {
                  title: "Good morning"
                  #Rule { Calendar.current.component(.hour, from: now) < 10 }
              }
              """#),
        Entry(.invalidFrequencyCap, "frequency cap that allows nothing",
              meaning: #"""
              `FrequencyCap(N, per: DURATION)` lets a tip show at most N times in any DURATION:
              N is at least 1 and DURATION longer than 0. A cap of 0 would hide the tip for good,
              which a rule or `MaxDisplayCount` says more plainly.
              """#,
              example: #"""
              tip StreakTip {
                  title: "Keep your streak"
                  options { FrequencyCap(0, per: .day) }
              }
              """#,
              fix: #"""
              Allow at least one display per window.
              """#,
              corrected: #"""
              tip StreakTip {
                  title: "Keep your streak"
                  options { FrequencyCap(1, per: .day) }
              }
              """#),
        Entry(.constantRolloutShare, "rollout share that is 0 or 100",
              meaning: #"""
              A rollout of 0 % holds for no one (the tip never displays) and one of 100 % holds
              for every non-empty id: either the rollout has not started or it is complete, and
              the rule no longer says what it seems to.
              """#,
              example: #"""
              parameter userID: String = ""

              tip FavoritesTip {
                  title: "Favorites"
                  #Rule(Self.$userID) { rollout(100, of: $0) }
              }
              """#,
              fix: #"""
              Give the share you mean, or, once the rollout is complete, say what remains.
              """#,
              corrected: #"""
              parameter userID: String = ""

              tip FavoritesTip {
                  title: "Favorites"
                  #Rule(Self.$userID) { !$0.isEmpty }
              }
              """#),
        Entry(.unreachableFrequencyCap, "frequency cap that MaxDisplayCount makes unreachable",
              meaning: #"""
              A cap of N holds a tip back only once it has N displays in its window, but
              `MaxDisplayCount(M)` with M ≤ N invalidates the tip after M displays: the cap never
              applies.
              """#,
              example: #"""
              tip StreakTip {
                  title: "Keep your streak"
                  options {
                      MaxDisplayCount(3)
                      FrequencyCap(3, per: .weeks(1))
                  }
              }
              """#,
              fix: #"""
              Lower the cap below MaxDisplayCount, or remove one of them.
              """#,
              corrected: #"""
              tip StreakTip {
                  title: "Keep your streak"
                  options {
                      MaxDisplayCount(3)
                      FrequencyCap(1, per: .day)
                  }
              }
              """#),
        Entry(.emptySchedule, "schedule that ends before it starts",
              meaning: #"""
              `now >= A && now < B` with constant dates holds between A and B; when B is not
              after A no instant does, and the rule is always false (usually the dates are
              swapped).
              """#,
              example: #"""
              tip DecemberTip {
                  title: "December"
                  #Rule { now >= Date("2027-01-01T00:00:00Z") && now < Date("2026-12-01T00:00:00Z") }
              }
              """#,
              fix: #"""
              Put the start first.
              """#,
              corrected: #"""
              tip DecemberTip {
                  title: "December"
                  #Rule { now >= Date("2026-12-01T00:00:00Z") && now < Date("2027-01-01T00:00:00Z") }
              }
              """#),
        Entry(.samePriorities, "priority group whose members have the same priority",
              meaning: #"""
              A `.priority` group presents its available member with the highest `Priority`;
              when they all have the same one, it presents the first available member, as a
              `.firstAvailable` group does: the priorities are probably missing.
              """#,
              example: #"""
              tip SaleTip { title: "Sale" }
              tip HelpTip { title: "Help" }
              group Home(.priority) { HelpTip, SaleTip }
              """#,
              fix: #"""
              Give the members `Priority(n)` options, or make the group `.firstAvailable`.
              """#,
              corrected: #"""
              tip SaleTip {
                  title: "Sale"
                  options { Priority(10) }
              }
              tip HelpTip { title: "Help" }
              group Home(.priority) { HelpTip, SaleTip }
              """#),
    ]
}
