import TipRulesCompiler
import TipRulesTipKit

/// The explanations of the import codes (TR08xx): what `tiprulec import` could not carry over
/// from TipKit Swift. Their examples are Swift; the tests import them.
extension DiagnosticExplanations {
    static let importEntries: [Entry] = [
        Entry(.importParameterType, "@Parameter of a type .tiprules has not",
              meaning: """
              A `.tiprules` parameter is a `Bool`, `Int`, `Double`, `String` or `Date`. A TipKit
              `@Parameter` of another type (an enum, an optional, a collection) is left out, and so
              is every rule that reads it (TR0806).
              """,
              example: """
              enum Plan: String, Codable { case free, plus }
              struct PlanTip: Tip {
                  @Parameter static var plan: Plan = .free
                  var title: Text { Text("Try Plus") }
              }
              """,
              fix: """
              Keep a parameter of a supported type for the rules, e.g. a `String` with the plan's
              raw value, and set it where the app sets the enum.
              """,
              corrected: """
              struct PlanTip: Tip {
                  @Parameter static var plan: String = "free"
                  var title: Text { Text("Try Plus") }
              }
              """),
        Entry(.importParameterValue, "@Parameter without a constant default value",
              meaning: """
              A `.tiprules` parameter's default is a constant: `true`, `42`, `0.5`, `"text"` or
              `Date(timeIntervalSince1970: …)`. A default computed at run time (`.now`, a function
              call, another property) cannot be carried over, and the parameter is left out.
              """,
              example: """
              struct TrialTip: Tip {
                  @Parameter static var installedAt: Date = .now
                  var title: Text { Text("Your trial ends soon") }
              }
              """,
              fix: """
              Give the parameter a constant default; the app sets the real value at launch.
              """,
              corrected: """
              struct TrialTip: Tip {
                  @Parameter static var installedAt: Date = Date(timeIntervalSince1970: 0)
                  var title: Text { Text("Your trial ends soon") }
              }
              """),
        Entry(.importDonationInfo, "event DonationInfo not carried over",
              meaning: """
              A `Tips.Event<Info>` becomes `event name(field: Type, …)` from the stored fields of
              the `Codable` struct `Info`. When the struct is not in the imported files, the event
              is imported without fields; a field whose type is not `Int`, `Double`, `String`,
              `Bool` or `Date` (a `UUID`, an enum) is left out.
              """,
              example: """
              struct ReorderTip: Tip {
                  struct Purchase: Codable, Sendable {
                      let category: String
                      let orderID: UUID
                  }
                  static let purchase = Tips.Event<Purchase>(id: "purchase")
                  var title: Text { Text("Order again") }
              }
              """,
              fix: """
              Import the file that declares the struct, and donate the fields rules group by as
              one of the supported types (`orderID.uuidString`).
              """,
              corrected: """
              struct ReorderTip: Tip {
                  struct Purchase: Codable, Sendable {
                      let category: String
                      let orderID: String
                  }
                  static let purchase = Tips.Event<Purchase>(id: "purchase")
                  var title: Text { Text("Order again") }
              }
              """),
        Entry(.importText, "tip id, text or image that cannot be carried over",
              meaning: """
              A tip's `id` is a constant in `.tiprules`. Its `title`, `message` and `image` are
              constants too (`Text("…")`, `Image(systemName: "…")`), or the app's own Swift,
              kept as written (`title: swift("Text(L10n.Tips.title)")`) so that `emit-swift`
              writes it back. What the emitted struct cannot keep is left out: a text or image
              that reads the tip's own properties (`Text(model.title)`, `\\(name)` of a stored
              `var name`), which a `.tiprules` tip does not have, or an id that is no constant
              (a missing title is written as `title: ""`).
              """,
              example: """
              struct WelcomeTip: Tip {
                  var name = "friend"
                  var title: Text { Text("Welcome back, \\(name)") }
              }
              """,
              fix: """
              Read the value from outside the tip (a constant, a localized string, the app's
              settings), write the text in the imported `.tiprules` file, or keep the tip in Swift.
              """,
              corrected: """
              struct WelcomeTip: Tip {
                  var title: Text { Text("Welcome back") }
              }
              """),
        Entry(.importActions, "tip action not carried over",
              meaning: """
              A tip's actions become its `actions { Action(id: "…", title: "…") }` in `.tiprules`:
              the app tells them apart by id. An action written otherwise (without a constant id or
              title, with a custom label view, or built by a function) is left out.
              """,
              example: """
              struct PasskeyTip: Tip {
                  var title: Text { Text("Sign in with a passkey") }
                  var actions: [Action] { Action(id: "create", perform: {}) { Text("Create a passkey") } }
              }
              """,
              fix: """
              Give the action a constant id and a title string: `Action(id: "create", title: "…")`.
              """,
              corrected: """
              struct PasskeyTip: Tip {
                  var title: Text { Text("Sign in with a passkey") }
                  var actions: [Action] { Action(id: "create", title: "Create a passkey") }
              }
              """),
        Entry(.importRule, "#Rule not carried over",
              meaning: """
              A `#Rule` is carried over when its inputs are parameters or events the imported
              files declare and its body is one expression (named closure parameters and one
              `return` are fine). A body with statements (`let`, `if`, several `return`s), a rule
              under `if`/`switch`/`for` in the rules builder (it applies only sometimes), or an
              input declared in a file that was not imported (or a parameter that was itself
              left out), leaves the rule out.
              """,
              example: """
              struct StreakTip: Tip {
                  static let workoutLogged = Tips.Event(id: "workoutLogged")
                  var title: Text { Text("Keep your streak going") }
                  var rules: [Rule] {
                      #Rule(Self.workoutLogged) {
                          let recent = $0.donations.donatedWithin(.days(7))
                          return recent.count >= 5
                      }
                  }
              }
              """,
              fix: """
              Write the rule as one expression, and import every file that declares its inputs.
              """,
              corrected: """
              struct StreakTip: Tip {
                  static let workoutLogged = Tips.Event(id: "workoutLogged")
                  var title: Text { Text("Keep your streak going") }
                  var rules: [Rule] {
                      #Rule(Self.workoutLogged) { $0.donations.donatedWithin(.days(7)).count >= 5 }
                  }
              }
              """),
        Entry(.importConfiguration, "Tips.configure option not carried over",
              meaning: """
              `.tiprules` configures only the display frequency, with one of TipKit's presets.
              Other `Tips.configure` options (`.datastoreLocation` other than TipKit's own
              `.applicationDefault`, `.cloudKitContainer`) and a frequency that is not a constant
              preset are left out.
              """,
              example: """
              func configureTips() throws {
                  try Tips.configure([.displayFrequency(.daily), .cloudKitContainer(.named("iCloud.com.example.birds"))])
              }
              """,
              fix: """
              Nothing to do in `.tiprules`: keep the storage options in the app's own
              `Tips.configure` call.
              """,
              corrected: """
              func configureTips() throws {
                  try Tips.configure([.displayFrequency(.daily)])
              }
              """),
        Entry(.importDuplicate, "declaration imported twice",
              meaning: """
              The imported files merge into one program. Parameters of different types stay
              apart (`A.$x` and `B.$x` become `parameter A.x` and `parameter B.x`), and events
              with one id are one event, but a second tip, widget or parameter of the same name
              and type (the same file imported twice, say) and a second display frequency are
              left out: the first one is kept.
              """,
              example: """
              func configureTips() throws {
                  try Tips.configure([.displayFrequency(.daily)])
              }

              func configureTipsForScreenshots() throws {
                  try Tips.configure([.displayFrequency(.immediate)])
              }
              """,
              fix: """
              Keep the configuration the app ships with; configure screenshots and tests in the
              app, with `Tips.showAllTipsForTesting()` and the like.
              """,
              corrected: """
              func configureTips() throws {
                  try Tips.configure([.displayFrequency(.daily)])
              }
              """),
        Entry(.importWidgetFunction, "widget relevance function not carried over",
              meaning: """
              A function returning `TimelineEntryRelevance` is plain Swift that may compute
              anything. The importer reads the form emit-swift writes (`let`s, `let score:
              Double = …`, `let duration: TimeInterval = …`, then the `return`) as a widget; any
              other function is not translated.
              """,
              example: """
              func stepsWidgetRelevance() -> TimelineEntryRelevance {
                  TimelineEntryRelevance(score: 1, duration: 3600)
              }
              """,
              fix: """
              Declare the widget in the `.tiprules` file, `widget NAME { relevance { score: …
              duration: … } }`; `emit-swift` then generates this function.
              """,
              corrected: """
              struct StepsTip: Tip {
                  var title: Text { Text("Set a step goal") }
              }
              """),
        Entry(.importEventID, "event id that cannot be read",
              meaning: """
              TipKit keeps an event's donations under its id, so the importer carries the id
              over (`event purchased(id: "purchase-completed")`). It reads an id written as a
              string literal or as the name of a string constant declared in the imported files
              (`static let`, in the same type, an enclosing one, another type such as
              `enum Events`, or at the top level). Any other id (an interpolation, a function
              call, a constant in a file not imported) cannot be read: the event is imported
              with its property name as its id, and the donations stored under the real id
              would no longer count.
              """,
              example: """
              struct ReorderTip: Tip {
                  static let purchased = Tips.Event(id: "purchase-\\(Bundle.main.version)")
                  var title: Text { Text("Order again") }
              }
              """,
              fix: """
              Write the id as a string literal or a `static let` string constant, and import the
              file that declares the constant.
              """,
              corrected: """
              struct ReorderTip: Tip {
                  static let purchased = Tips.Event(id: "purchase-completed")
                  var title: Text { Text("Order again") }
              }
              """),
        Entry(.importOption, "tip option not carried over",
              meaning: """
              `.tiprules` has the options `MaxDisplayCount`, `IgnoresDisplayFrequency` and
              `MaxDisplayDuration`, written `Tips.Name(…)`, `Name(…)` or with a first-beta
              spelling. Any other entry of `options` (a custom option, a computed one) is left out.
              """,
              example: """
              struct PinTip: Tip {
                  var title: Text { Text("Pin a conversation") }
                  var options: [any TipOption] { Self.teamDefaults }
              }
              """,
              fix: """
              Write the options the tip uses directly in `options`.
              """,
              corrected: """
              struct PinTip: Tip {
                  var title: Text { Text("Pin a conversation") }
                  var options: [any TipOption] { Tips.MaxDisplayCount(1) }
              }
              """),
        Entry(.importGroupMember, "group member that is not a tip",
              meaning: """
              A `TipGroup`'s members are carried over when written as a tip's initializer,
              `CropTip()`, and that tip is imported. A member held in a property (`crop`) or a tip
              the imported files do not declare is left out of the group.
              """,
              example: """
              struct CropTip: Tip { var title: Text { Text("Crop") } }
              let crop = CropTip()
              @MainActor func makeEditorTips() -> TipGroup { TipGroup(.ordered) { crop } }
              """,
              fix: """
              Write the member as `CropTip()`, or import the file that declares the tip.
              """,
              corrected: """
              struct CropTip: Tip { var title: Text { Text("Crop") } }
              @MainActor func makeEditorTips() -> TipGroup { TipGroup(.ordered) { CropTip() } }
              """),
        Entry(.importNothingFound, "no TipKit declarations found",
              meaning: """
              None of the imported files declares a `Tip` struct, a `@Parameter`, a `Tips.Event`,
              a `TipGroup` or a `Tips.configure` call, so the imported program is empty.
              """,
              example: """
              struct SettingsView: View {
                  var body: some View { Text("Settings") }
              }
              """,
              fix: """
              Import the files that declare the app's tips and their inputs.
              """,
              corrected: """
              struct SettingsTip: Tip {
                  var title: Text { Text("Change your settings here") }
              }
              """),
        Entry(.importTooLarge, "Swift file too large to import",
              meaning: """
              A Swift file is read up to \(SwiftLexer.maximumTokenCount) tokens (and 8 MiB); past
              that, the rest of the file is not read, so declarations there are not imported.
              """,
              example: """
              // a generated file of more than a million tokens
              """,
              fix: """
              Import only the files that declare tips, or split the file.
              """,
              corrected: """
              struct SmallTip: Tip {
                  var title: Text { Text("Small") }
              }
              """),
        Entry(.importActionHandler, "action handler not carried over",
              meaning: """
              An action's handler (its trailing closure or `perform:`) is app code. The action
              itself (id and title) is carried over; what it does stays in the app, which learns
              the tapped action's id from TipView's action closure and tells the engine with
              `performAction(tip:action:)`.
              """,
              example: """
              struct PasskeyTip: Tip {
                  var title: Text { Text("Sign in with a passkey") }
                  var actions: [Action] { Action(id: "create", title: "Create a passkey") { print("create") } }
              }
              """,
              fix: """
              Move the handler to where the app shows the tip, switching on `action.id`.
              """,
              corrected: """
              struct PasskeyTip: Tip {
                  var title: Text { Text("Sign in with a passkey") }
                  var actions: [Action] { Action(id: "create", title: "Create a passkey") }
              }
              """),
        Entry(.importTipKind, "enum or class tip not carried over",
              meaning: """
              A `.tiprules` tip is one declaration with constant content. An enum whose cases are
              tips (its title a `switch` over `self`) or a class conforming to `Tip` has no such
              content, so it is left out with its rules, options and actions; parameters and
              events declared in it are still carried over.
              """,
              example: """
              enum FeedTip: String, Tip {
                  case add, remove
                  var title: Text { Text(rawValue) }
              }
              """,
              fix: """
              Declare one struct per tip, or write one `tip` per case in the `.tiprules` file.
              """,
              corrected: """
              struct AddTip: Tip {
                  var title: Text { Text("Add") }
              }
              """),
        Entry(.importStyling, "styling of a tip's text or image not carried over",
              meaning: """
              A `.tiprules` tip carries its title, message and image as plain strings. Modifiers
              on them (`Text("…").font(.title)`, `.foregroundStyle(…)`, `Image(…).resizable()`)
              are presentation: the text or symbol is carried over, the modifiers are not.
              """,
              example: """
              struct AlertsTip: Tip {
                  var title: Text { Text("Change alerts").foregroundStyle(.indigo) }
              }
              """,
              fix: """
              Style the tip where the app shows it: a `TipViewStyle`, or modifiers on the `TipView`.
              """,
              corrected: """
              struct AlertsTip: Tip {
                  var title: Text { Text("Change alerts") }
              }
              """),
        Entry(.importRuleConstruct, "rule using what .tiprules does not have",
              meaning: """
              The importer checks every rule it reads with the `.tiprules` compiler. A rule whose
              body calls a function or reads a property the language does not have (say
              `localizedStandardContains(_:)`, which `#Predicate` accepts) would make the whole
              imported program fail, so that rule alone is left out, with the compiler's reason.
              """,
              example: """
              struct SearchTip: Tip {
                  @Parameter static var lastQuery: String = ""
                  var title: Text { Text("Search smarter") }
                  var rules: [Rule] { #Rule(Self.$lastQuery) { $0.localizedStandardContains("recipe") } }
              }
              """,
              fix: """
              Say the rule with what `.tiprules` has (docs/language.md), e.g. `lowercased().contains(_:)`.
              """,
              corrected: """
              struct SearchTip: Tip {
                  @Parameter static var lastQuery: String = ""
                  var title: Text { Text("Search smarter") }
                  var rules: [Rule] { #Rule(Self.$lastQuery) { $0.contains("recipe") } }
              }
              """),
        Entry(.importTipMember, "member of a tip that is not carried over",
              meaning: """
              A tip's struct may hold more than a tip's members: an initializer of its own
              (`init(title: String)`), or stored properties the app sets where it makes the tip
              (`let text: String`). A `.tiprules` tip has its texts (or `supplied` ones), rules,
              options and actions, and `emit-swift` writes the struct with those alone and
              Swift's memberwise initializer, so the app's calls of that initializer, and what
              it stored, are not carried over; the importer names each one.
              """,
              example: """
              struct BannerTip: Tip {
                  var title: Text
                  let source: String

                  init(title: String, source: String) {
                      self.title = Text(title)
                      self.source = source
                  }
              }
              """,
              fix: """
              Keep only what a tip is: texts, rules, options, actions. Let the app pass the
              texts (`BannerTip(title: Text("…"))`) and keep other values where it shows the tip.
              """,
              corrected: """
              struct BannerTip: Tip {
                  var title: Text
              }
              """),
        Entry(.importUnrecognizedTip, "tip whose conformance is not recognized",
              meaning: """
              A type with a tip's members (a `title` and rules, a `message` or an `image`) that
              does not conform to `Tip` where the importer can see it: the conformance is in a
              file that was not imported, or comes through a protocol of the app's that no
              imported file declares. (With the protocol's file imported too, the type is a
              tip, with the defaults of the protocol's extensions.) Its tip is not carried
              over, so the importer says so instead of leaving it out silently.
              """,
              example: """
              struct WelcomeTip: OnboardingTip {
                  var title: Text { Text("Welcome") }
                  var message: Text? { Text("Start here.") }
              }
              """,
              fix: """
              Import the file that declares the protocol (`protocol OnboardingTip: Tip`), or
              the one where the type conforms to `Tip` (`struct X: Tip` or
              `extension X: Tip`), in the same `tiprulec import`.
              """,
              corrected: """
              protocol OnboardingTip: Tip {}

              struct WelcomeTip: OnboardingTip {
                  var title: Text { Text("Welcome") }
                  var message: Text? { Text("Start here.") }
              }
              """),
    ]
}
