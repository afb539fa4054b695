import TipRulesCompiler

/// The explanations of TR0150–TR0158: TipKit Swift pasted into a `.tiprules` file.
extension DiagnosticExplanations {
    static let pastedEntries: [Entry] = [
        Entry(.pastedTipStruct, "TipKit struct instead of a tip declaration",
              meaning: """
              A tip is declared `tip NAME { … }`, not as a Swift struct conforming to `Tip`. The
              checker reads the struct's body as the tip's entries anyway (`var title`, `#Rule`s,
              `var options`, `@Parameter`s and events are recognized, each with its own
              diagnostic), so the rest of the file is still checked.
              """,
              example: """
              struct WelcomeTip: Tip {
                  var title: Text { Text("Welcome") }
              }
              """,
              fix: """
              Replace `struct NAME: Tip` with `tip NAME` (the fix-it), and write the members as
              tip entries.
              """,
              corrected: """
              tip WelcomeTip {
                  title: "Welcome"
              }
              """),
        Entry(.pastedParameter, "TipKit @Parameter instead of a parameter declaration",
              meaning: """
              A parameter is declared `parameter NAME: TYPE = DEFAULT` at the top level of the
              file (`transient parameter` for `@Parameter(.transient)`). The `@Parameter static
              var` is read as that declaration. Inside a pasted tip struct, it also has to move
              before the tip, so no fix-it is offered there.
              """,
              example: """
              @Parameter static var isLoggedIn: Bool = false
              tip FavoriteTip {
                  title: "Save as a favorite"
                  #Rule(Self.$isLoggedIn) { $0 }
              }
              """,
              fix: """
              Replace `@Parameter static var` with `parameter`.
              """,
              corrected: """
              parameter isLoggedIn: Bool = false
              tip FavoriteTip {
                  title: "Save as a favorite"
                  #Rule(Self.$isLoggedIn) { $0 }
              }
              """),
        Entry(.pastedEvent, "TipKit Tips.Event instead of an event declaration",
              meaning: """
              An event is declared `event NAME` (with its DonationInfo fields in parentheses,
              `event NAME(field: Type, …)`). `static let NAME = Tips.Event(id: "…")` is read as
              `event NAME`; a `Tips.Event<Info>` needs its fields written out, so it has no fix-it.
              """,
              example: """
              static let appOpened = Tips.Event(id: "appOpened")
              tip ReturningTip {
                  title: "Welcome back"
                  #Rule(Self.appOpened) { $0.donations.count >= 3 }
              }
              """,
              fix: """
              Replace the line with `event NAME`.
              """,
              corrected: """
              event appOpened
              tip ReturningTip {
                  title: "Welcome back"
                  #Rule(Self.appOpened) { $0.donations.count >= 3 }
              }
              """),
        Entry(.pastedConfigurationDot, "configuration written with a leading dot",
              meaning: """
              `Tips.configure([.displayFrequency(.daily)])` takes options with a leading dot;
              `configure { … }` takes the entry without it. The entry is read as
              `displayFrequency(…)`.
              """,
              example: """
              configure { .displayFrequency(.daily) }
              tip WelcomeTip { title: "Welcome" }
              """,
              fix: """
              Remove the dot.
              """,
              corrected: """
              configure { displayFrequency(.daily) }
              tip WelcomeTip { title: "Welcome" }
              """),
        Entry(.pastedGroupMemberCall, "group member written as an initializer call",
              meaning: """
              `TipGroup(.ordered) { CropTip(); FilterTip() }` creates tips; a `group` names them.
              The member is read without the parentheses.
              """,
              example: """
              tip CropTip { title: "Crop" }
              tip FilterTip { title: "Filter" }
              group EditorTips(.ordered) { CropTip(), FilterTip() }
              """,
              fix: """
              Remove the `()`.
              """,
              corrected: """
              tip CropTip { title: "Crop" }
              tip FilterTip { title: "Filter" }
              group EditorTips(.ordered) { CropTip, FilterTip }
              """),
        Entry(.pastedReturn, "return in a rule",
              meaning: """
              A rule's body is one expression, as in a single-expression Swift closure; the
              `return` Swift allows before it is not part of the language. The body is read
              without it.
              """,
              example: """
              event appOpened
              tip ReturningTip {
                  title: "Welcome back"
                  #Rule(Self.appOpened) { return $0.donations.count >= 3 }
              }
              """,
              fix: """
              Remove `return`.
              """,
              corrected: """
              event appOpened
              tip ReturningTip {
                  title: "Welcome back"
                  #Rule(Self.appOpened) { $0.donations.count >= 3 }
              }
              """),
        Entry(.pastedClosureParameters, "named closure parameters in a rule",
              meaning: """
              A rule's inputs are `$0`, `$1`, … in the order of `#Rule(…)`. Swift's
              `{ isPro in isPro == false }` names them; the checker reads each name as its `$N`,
              and the fix-it removes `… in` and renames every use.
              """,
              example: """
              parameter isPro: Bool = false
              tip UpgradeTip {
                  title: "Go Pro"
                  #Rule(Self.$isPro) { isPro in isPro == false }
              }
              """,
              fix: """
              Remove `NAME in` and write `$0` for the name (`$1` for a second one, …).
              """,
              corrected: """
              parameter isPro: Bool = false
              tip UpgradeTip {
                  title: "Go Pro"
                  #Rule(Self.$isPro) { $0 == false }
              }
              """),
        Entry(.pastedQualifiedInput, "parameter or event qualified by a Swift type",
              meaning: """
              In Swift a parameter or event belongs to a type, `FavoriteBackyardTip.$isLoggedIn`
              or `SharedTipInputs.appOpened`. In `.tiprules` they are declared once for the file: a
              rule input is `Self.$name` or `Self.name`, and an expression names an event or
              parameter plainly (`appOpened.donations`). The reference is read that way.
              """,
              example: """
              parameter isLoggedIn: Bool = false
              tip FavoriteBackyardTip {
                  title: "Save as a favorite"
                  #Rule(FavoriteBackyardTip.$isLoggedIn) { $0 }
              }
              """,
              fix: """
              Write `Self` for the type in a rule input, and remove the type elsewhere.
              """,
              corrected: """
              parameter isLoggedIn: Bool = false
              tip FavoriteBackyardTip {
                  title: "Save as a favorite"
                  #Rule(Self.$isLoggedIn) { $0 }
              }
              """),
        Entry(.pastedTipMember, "TipKit property instead of a tip entry",
              meaning: """
              Inside a pasted tip struct, Swift properties stand for tip entries:
              `var title: Text { Text("…") }` is `title: "…"`, `var image: Image? {
              Image(systemName: "…") }` is `image: "…"`, `var rules: [Rule] { … }` holds the
              `#Rule`s directly, `var options: [any TipOption] { … }` is `options { … }`. Other
              properties (`actions`) have no `.tiprules` equivalent.
              """,
              example: """
              tip WelcomeTip {
                  title: "Welcome"
              }
              struct NoteTip: Tip {
                  var title: Text { Text("Pin a note") }
              }
              """,
              fix: """
              Apply the fix-its, or write the entries by hand.
              """,
              corrected: """
              tip WelcomeTip {
                  title: "Welcome"
              }
              tip NoteTip {
                  title: "Pin a note"
              }
              """),
    ]
}
