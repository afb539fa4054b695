import TipRulesCompiler

/// The long explanation of every diagnostic code, for `tiprulec explain`, in the
/// style of `rustc --explain`: a title, what the code means, an erroneous
/// example, how to fix it and the corrected example.
///
/// The explanations are one table of entries (`entries`), one per code; the text
/// is rendered from it. Tests compile the examples: the erroneous one must report
/// its code, the corrected one must compile without any diagnostic (except for the
/// few codes whose example cannot be written out, or that are not reported).
public enum DiagnosticExplanations {
    /// A one-line summary of a code.
    public static func summary(_ code: DiagnosticCode) -> String { entry(for: code).summary }

    /// The full explanation: what it means, an example, the fix. Examples in `.tiprules` are
    /// fenced as `sourceLanguage` (docs/diagnostics.md fences them as Swift, which renderers highlight).
    public static func explanation(of code: DiagnosticCode, sourceLanguage: String = "tiprules") -> String {
        render(entry(for: code), sourceLanguage: sourceLanguage)
    }

    // MARK: - Rendering

    /// The text of an entry:
    ///
    /// ```
    /// TR0201: cannot compare values of different types
    ///
    /// Severity: error
    ///
    /// WHAT IT MEANS
    ///
    /// Erroneous example:
    ///
    /// ```tiprules
    /// …
    /// ```
    ///
    /// HOW TO FIX IT
    ///
    /// Corrected example:
    /// …
    /// ```
    static func render(_ entry: Entry, sourceLanguage: String = "tiprules") -> String {
        let parts = [
            "\(entry.code.code): \(entry.summary)",
            "Severity: \(entry.code.defaultSeverity.rawValue)",
            entry.meaning,
            "Erroneous example:",
            fenced(entry.example, language: entry.code.isImport ? "swift" : sourceLanguage),
            entry.fix,
            "Corrected example:",
            fenced(entry.corrected, language: entry.code.isImport ? "swift" : sourceLanguage),
        ]
        return parts.map(trimmed).joined(separator: "\n\n")
    }

    private static func fenced(_ source: String, language: String) -> String {
        "```\(language)\n" + trimmed(source) + "\n```"
    }

    private static func trimmed(_ text: String) -> String {
        var result = Substring(text)
        while let first = result.first, first.isNewline { result.removeFirst() }
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return String(result)
    }

    // MARK: - The table

    /// One code's explanation.
    struct Entry: Sendable {
        let code: DiagnosticCode
        /// One line, lower case, no final period: the title and the SARIF rule description.
        let summary: String
        /// What the diagnostic means and when it is reported.
        let meaning: String
        /// A small `.tiprules` file that gets this diagnostic.
        let example: String
        /// How to fix it.
        let fix: String
        /// The example, fixed: it compiles without any diagnostic.
        let corrected: String

        init(_ code: DiagnosticCode, _ summary: String, meaning: String, example: String, fix: String,
             corrected: String) {
            self.code = code
            self.summary = summary
            self.meaning = meaning
            self.example = example
            self.fix = fix
            self.corrected = corrected
        }
    }

    static func entry(for code: DiagnosticCode) -> Entry {
        if let entry = entriesByCode[code] { return entry }
        // Only reachable if a code is added to the enum without an entry (a test catches it).
        return Entry(code, String(describing: code), meaning: "No explanation has been written for \(code.code) yet.",
                     example: "", fix: "", corrected: "")
    }

    static let entriesByCode: [DiagnosticCode: Entry] = {
        var table: [DiagnosticCode: Entry] = [:]
        for entry in entries { table[entry.code] = entry }
        return table
    }()

    /// Every code's explanation, in code order.
    static let entries: [Entry] = lexical + syntax + pastedEntries + types + declarations + options + beta + limits + importEntries
        + targetingEntries + holdoutEntries
        + bytecodeOutput + tipKitEntries

    // MARK: Lexical (TR00xx)

    private static let lexical: [Entry] = [
        Entry(.invalidUTF8, "invalid UTF-8 in the source",
              meaning: #"""
              A `.tiprules` file must be UTF-8 text. The byte shown is not part of a
              valid UTF-8 sequence. This usually means the file was saved in another
              encoding, such as Latin-1 or Windows-1252, where `é` is the single byte
              0xE9. Every invalid byte is reported (in code, strings and comments
              alike) and checking goes on with the rest of the file.
              """#,
              example: #"""
              // Saved as Latin-1: the 'é' below is the single byte 0xE9.
              tip CafeTip {
                  title: "Café"
              }
              """#,
              fix: #"""
              Save the file as UTF-8: in most editors "Save with Encoding" or
              "Reopen with Encoding", or on the command line
              `iconv -f latin1 -t utf-8 old.tiprules > new.tiprules`. Inside a string
              a character can also be written as a unicode escape, `\u{E9}`.
              """#,
              corrected: #"""
              // Saved as UTF-8.
              tip CafeTip {
                  title: "Caf\u{E9}"
              }
              """#),
        Entry(.unexpectedCharacter, "unexpected character",
              meaning: #"""
              The character cannot start any token of the language: a stray `@`,
              `` ` `` or `§`, a single `&` or `|` (the operators are `&&` and `||`),
              curly quotes pasted from a word processor or a chat (“…”; strings use
              straight quotes "…"), or a mathematical symbol such as `≥` or `≠` (write
              `>=` and `!=`). The character is skipped and checking goes on.
              """#,
              example: #"""
              parameter visits: Int = 0

              tip VisitsTip {
                  title: "Welcome back"
                  #Rule(Self.$visits) { $0 > 3 @ }
              }
              """#,
              fix: #"""
              Delete the character, or replace it with what was meant; for `&`, `|`
              and curly quotes the diagnostic has a fix-it that does it.
              """#,
              corrected: #"""
              parameter visits: Int = 0

              tip VisitsTip {
                  title: "Welcome back"
                  #Rule(Self.$visits) { $0 > 3 }
              }
              """#),
        Entry(.unterminatedString, "unterminated string literal",
              meaning: #"""
              A string literal starts with `"` and must end with `"` on the same
              line. The closing quote is missing: the string runs to the end of the
              line. Strings cannot span lines; write a line break as `\n`.
              """#,
              example: #"""
              parameter plan: String = "free

              tip UpgradeTip {
                  title: "Upgrade"
                  #Rule(Self.$plan) { $0 == "free" }
              }
              """#,
              fix: #"""
              Add the closing `"` (the fix-it inserts it at the end of the line). If
              the text itself contains a quote, escape it as `\"`.
              """#,
              corrected: #"""
              parameter plan: String = "free"

              tip UpgradeTip {
                  title: "Upgrade"
                  #Rule(Self.$plan) { $0 == "free" }
              }
              """#),
        Entry(.unterminatedComment, "unterminated block comment",
              meaning: #"""
              A block comment `/* … */` is not closed before the end of the file, so
              everything after it is part of the comment. As in Swift, block comments
              nest: every `/*` inside a comment needs its own `*/`. The diagnostic
              points at the `/*` that is still open.
              """#,
              example: #"""
              parameter isLoggedIn: Bool = false

              /* Rules for the welcome tip.
              tip WelcomeTip {
                  title: "Welcome"
                  #Rule(Self.$isLoggedIn) { $0 }
              }
              """#,
              fix: #"""
              Close the comment with `*/` where it should end (the fix-it closes it at
              the end of the file, which is rarely what you want), or use `//` line
              comments.
              """#,
              corrected: #"""
              parameter isLoggedIn: Bool = false

              /* Rules for the welcome tip. */
              tip WelcomeTip {
                  title: "Welcome"
                  #Rule(Self.$isLoggedIn) { $0 }
              }
              """#),
        Entry(.invalidEscape, "invalid escape sequence in a string literal",
              meaning: #"""
              A backslash in a string starts an escape sequence. The valid ones are
              `\\` `\"` `\'` `\n` `\t` `\r` `\0` and `\u{…}` with 1 to 8 hexadecimal
              digits naming a Unicode scalar (`\u{1F426}`). Anything else after a
              backslash, `\u` without braces, or a `\u{…}` that is not a valid scalar
              (a surrogate, or above `10FFFF`) is an error.
              """#,
              example: #"""
              tip KeyboardTip {
                  title: "Shortcuts"
                  message: "Press \d to duplicate a bird"
              }
              """#,
              fix: #"""
              To write a backslash, double it: `\\` (the fix-it does this). To write a
              character by its code, use braces: `\u{1F426}`.
              """#,
              corrected: #"""
              tip KeyboardTip {
                  title: "Shortcuts"
                  message: "Press \\d to duplicate a bird"
              }
              """#),
        Entry(.stringInterpolation, "string interpolation is not supported",
              meaning: #"""
              Swift's string interpolation `"\(value)"` is not part of the `.tiprules`
              language: strings are constants. A tip's `title`, `message`, `image` and
              `id` are fixed text, and strings in rules are compared, not built.
              """#,
              example: #"""
              parameter name: String = "friend"

              tip GreetingTip {
                  title: "Hello, \(name)!"
              }
              """#,
              fix: #"""
              Write the text without the interpolation. To make a rule depend on a
              string, compare it instead: `#Rule(Self.$name) { $0 != "" }`.
              """#,
              corrected: #"""
              parameter name: String = "friend"

              tip GreetingTip {
                  title: "Hello!"
                  #Rule(Self.$name) { $0 != "" }
              }
              """#),
        Entry(.integerLiteralOverflow, "integer literal overflows 'Int'",
              meaning: #"""
              An integer literal (decimal or `0x` hexadecimal) must fit in a 64-bit
              `Int`, from -9223372036854775808 to 9223372036854775807.
              """#,
              example: #"""
              parameter bytesUploaded: Int = 99999999999999999999
              """#,
              fix: #"""
              Use a smaller number. For a quantity that really is this large, declare
              the parameter as a `Double` and write the literal with an exponent
              (`1e20`).
              """#,
              corrected: #"""
              parameter bytesUploaded: Double = 1e20
              """#),
        Entry(.malformedNumber, "malformed number literal",
              meaning: #"""
              A number literal is followed by letters that are not part of it
              (`12abc`), a hexadecimal literal has no or invalid digits (`0x`, `0xZZ`),
              or a floating-point literal is too large to represent (`1e999`).
              Numbers are written `42`, `1_000`, `0x1F`, `3.5`, `1e3`, `2.5e-3`.
              """#,
              example: #"""
              parameter visits: Int = 12abc
              """#,
              fix: #"""
              Write the number on its own; a name cannot start with a digit.
              """#,
              corrected: #"""
              parameter visits: Int = 12
              """#),
    ]

    // MARK: Syntax (TR01xx)

    private static let syntax: [Entry] = [
        Entry(.expectedToken, "expected a token that is missing",
              meaning: #"""
              The parser expected a particular token — a closing `}` or `)`, a `:`
              after a name, the `{` of a rule's body, a `,` between a group's tips —
              and found something else. The message names what was expected and what
              was found; a note points at the opening bracket when one is left
              unclosed. The same code is used for constructs that are not part of the
              language: force unwrapping with `!` (a rule must not crash; use `?.` and
              `??`), tuples, and a misspelled `#Rule`.
              """#,
              example: #"""
              parameter visits: Int = 0

              tip VisitsTip {
                  title: "Welcome back"
                  #Rule(Self.$visits) { ($0 + 1 > 3 }
              }
              """#,
              fix: #"""
              Insert the missing token where the diagnostic points (the fix-it does
              this for brackets), or remove the unsupported construct.
              """#,
              corrected: #"""
              parameter visits: Int = 0

              tip VisitsTip {
                  title: "Welcome back"
                  #Rule(Self.$visits) { ($0 + 1) > 3 }
              }
              """#),
        Entry(.expectedDeclaration, "expected a declaration",
              meaning: #"""
              At the top level of a file, every line starts a declaration with one of
              the words `parameter`, `event`, `tip`, `group`, `widget` or
              `configure`. Something else was found: a misspelled keyword (the
              diagnostic suggests the closest one), a Swift declaration such as `var`
              or `struct`, a `#Rule` outside a tip, or a second declaration on the
              same line. The parser skips to the next line that starts a declaration.
              """#,
              example: #"""
              tipp WelcomeTip {
                  title: "Welcome"
              }
              """#,
              fix: #"""
              Spell the keyword correctly, move `#Rule`s into a `tip NAME { … }`, and
              start each declaration on a line of its own.
              """#,
              corrected: #"""
              tip WelcomeTip {
                  title: "Welcome"
              }
              """#),
        Entry(.expectedExpression, "expected an expression",
              meaning: #"""
              An expression was expected — after an operator, inside parentheses, in
              a rule's body or a closure — but the next token cannot start one. An
              empty rule body `{ }` and array literals `[…]` (not part of the
              language) are reported with this code too.
              """#,
              example: #"""
              parameter visits: Int = 0

              tip VisitsTip {
                  title: "Welcome back"
                  #Rule(Self.$visits) { $0 > }
              }
              """#,
              fix: #"""
              Complete the expression. A rule's body is one expression of type
              `Bool`.
              """#,
              corrected: #"""
              parameter visits: Int = 0

              tip VisitsTip {
                  title: "Welcome back"
                  #Rule(Self.$visits) { $0 > 3 }
              }
              """#),
        Entry(.unknownTipProperty, "unknown tip property",
              meaning: #"""
              Inside `tip NAME { … }`, a line `NAME: VALUE` sets a property. A tip has
              four: `title:` (required), `message:`, `image:` (an SF Symbol name) and
              `id:` (defaults to the tip's name). Anything else is reported, with the
              closest property as a fix-it when there is one.
              """#,
              example: #"""
              tip WelcomeTip {
                  title: "Welcome"
                  subtitle: "Everything you need to know"
              }
              """#,
              fix: #"""
              Use one of the four properties.
              """#,
              corrected: #"""
              tip WelcomeTip {
                  title: "Welcome"
                  message: "Everything you need to know"
              }
              """#),
        Entry(.duplicateTipProperty, "property given twice",
              meaning: #"""
              A tip property (`title:`, `message:`, `image:`, `id:`) or a relevance
              entry (`score:`, `duration:`) is given more than once. Only one value
              can apply; a note points at the first.
              """#,
              example: #"""
              tip WelcomeTip {
                  title: "Welcome"
                  message: "Hello"
                  message: "Hello again"
              }
              """#,
              fix: #"""
              Keep one of them.
              """#,
              corrected: #"""
              tip WelcomeTip {
                  title: "Welcome"
                  message: "Hello again"
              }
              """#),
        Entry(.missingTitle, "tip has no title",
              meaning: #"""
              Every tip needs `title: "…"`, the text people see; TipKit's `Tip`
              protocol requires it too. The fix-it adds one with the tip's name as a
              placeholder.
              """#,
              example: #"""
              tip WelcomeTip {
                  message: "Everything you need to know"
              }
              """#,
              fix: #"""
              Add a `title:`.
              """#,
              corrected: #"""
              tip WelcomeTip {
                  title: "Welcome"
                  message: "Everything you need to know"
              }
              """#),
        Entry(.unknownConfiguration, "unknown configuration entry",
              meaning: #"""
              A `configure { … }` block takes one entry, `displayFrequency(…)`,
              which sets how often a new tip may appear (TipKit's
              `Tips.configure([.displayFrequency(.daily)])`). Anything else is
              reported, with a fix-it for a near miss.
              """#,
              example: #"""
              configure {
                  frequency(.daily)
              }
              """#,
              fix: #"""
              Write `displayFrequency(…)`, without a leading dot.
              """#,
              corrected: #"""
              configure {
                  displayFrequency(.daily)
              }
              """#),
        Entry(.duplicateConfiguration, "configuration given twice",
              meaning: #"""
              A file has at most one `configure { … }` block, and it sets the display
              frequency at most once. A note points at the first.
              """#,
              example: #"""
              configure {
                  displayFrequency(.daily)
              }

              configure {
                  displayFrequency(.hourly)
              }
              """#,
              fix: #"""
              Keep one `configure` block with one `displayFrequency`.
              """#,
              corrected: #"""
              configure {
                  displayFrequency(.hourly)
              }
              """#),
        Entry(.unknownRelevanceEntry, "unknown relevance entry",
              meaning: #"""
              A widget's `relevance { … }` has `score:` (required), `duration:`
              (defaults to 0) and `let NAME = EXPRESSION` lines. Another `NAME:` entry
              is reported, with a fix-it for a near miss.
              """#,
              example: #"""
              event purchase(amount: Double)

              widget RecentPurchasesWidget {
                  relevance {
                      score: purchase.donations.count
                      weight: 2
                  }
              }
              """#,
              fix: #"""
              Remove the entry, or fold it into the score expression.
              """#,
              corrected: #"""
              event purchase(amount: Double)

              widget RecentPurchasesWidget {
                  relevance {
                      score: purchase.donations.count * 2
                  }
              }
              """#),
        Entry(.missingScore, "widget relevance has no score",
              meaning: #"""
              A widget's `relevance { … }` must give `score: EXPRESSION`, the number
              the system uses to decide whether to rotate to the widget. A score of 0
              or less means "not relevant".
              """#,
              example: #"""
              event purchase(amount: Double)

              widget RecentPurchasesWidget {
                  relevance {
                      duration: .minutes(30)
                  }
              }
              """#,
              fix: #"""
              Add a `score:`.
              """#,
              corrected: #"""
              event purchase(amount: Double)

              widget RecentPurchasesWidget {
                  relevance {
                      score: purchase.donations.donatedWithin(.minutes(30)).count
                      duration: .minutes(30)
                  }
              }
              """#),
        Entry(.nonAssociativeOperator, "comparison operators are not associative",
              meaning: #"""
              As in Swift, comparison operators cannot be chained: `1 < x < 10` does
              not mean "x is between 1 and 10" (it would compare the `Bool` result of
              `1 < x` with `10`). A note points at the first comparison.
              """#,
              example: #"""
              parameter visits: Int = 0

              tip MidwayTip {
                  title: "Halfway there"
                  #Rule(Self.$visits) { 1 < $0 < 10 }
              }
              """#,
              fix: #"""
              Compare twice and combine the comparisons with `&&`.
              """#,
              corrected: #"""
              parameter visits: Int = 0

              tip MidwayTip {
                  title: "Halfway there"
                  #Rule(Self.$visits) { 1 < $0 && $0 < 10 }
              }
              """#),
        Entry(.invalidRuleInput, "invalid rule input",
              meaning: #"""
              The inputs of `#Rule(…)` name what the rule depends on: a parameter
              written `Self.$name` (or `$name`) or an event written `Self.name` (or
              `name`). An expression is not an input; the body reads the inputs as
              `$0`, `$1`, … and computes with them.
              """#,
              example: #"""
              parameter visits: Int = 0

              tip VisitsTip {
                  title: "Welcome back"
                  #Rule(Self.$visits + 1) { $0 > 3 }
              }
              """#,
              fix: #"""
              Name the parameter or event as the input and move the computation into
              the body.
              """#,
              corrected: #"""
              parameter visits: Int = 0

              tip VisitsTip {
                  title: "Welcome back"
                  #Rule(Self.$visits) { $0 + 1 > 3 }
              }
              """#),
        Entry(.missingRuleInput, "'#Rule()' with empty parentheses",
              meaning: #"""
              A rule names its inputs in parentheses, as in TipKit: `#Rule(Self.$isLoggedIn) { $0 }`
              for a parameter or `#Rule(Self.appOpened) { $0.donations.count > 3 }` for an event.
              A rule that reads only `now`, constants and the calendar has no inputs and is
              written without parentheses, `#Rule { … }` (TipKit has no such rule). Empty
              parentheses are neither; the fix-it removes them.
              """#,
              example: #"""
              tip DecemberTip {
                  title: "December"
                  #Rule() { now >= Date("2026-12-01T00:00:00Z") }
              }
              """#,
              fix: #"""
              Remove the parentheses, or name the rule's inputs and read them as `$0`, `$1`, ….
              """#,
              corrected: #"""
              tip DecemberTip {
                  title: "December"
                  #Rule { now >= Date("2026-12-01T00:00:00Z") }
              }
              """#),
        Entry(.transientWithoutParameter, "'transient' without 'parameter'",
              meaning: #"""
              `transient` is a modifier of a parameter declaration, as TipKit's
              `@Parameter(.transient)`: the value is not persisted and returns to its
              default on each app launch. It must be followed by `parameter`.
              """#,
              example: #"""
              transient event appOpened
              """#,
              fix: #"""
              Write `transient parameter NAME: TYPE = DEFAULT`, or remove `transient`.
              """#,
              corrected: #"""
              transient parameter hasSeenIntro: Bool = false
              """#),
        Entry(.unknownSuggestEntry, "unknown suggestion entry",
              meaning: #"""
              A widget's `suggest { … }` block (Widget Suggestions, the
              `INDateRelevanceProvider(start:end:)` window) has two entries, `from:` and
              `to:`, both dates.
              """#,
              example: #"""
              event leftHome

              widget Transit {
                  relevance { score: 1 }
                  suggest {
                      form: now
                      to: now + .hours(1)
                  }
              }
              """#,
              fix: #"""
              Write `from:` for the start of the window and `to:` for its end (the
              fix-it renames an entry whose name is close).
              """#,
              corrected: #"""
              event leftHome

              widget Transit {
                  relevance { score: 1 }
                  suggest {
                      from: now
                      to: now + .hours(1)
                  }
              }
              """#),
        Entry(.incompleteSuggestion, "suggestion without 'from:' or 'to:'",
              meaning: #"""
              A widget's `suggest { … }` block is a window of two dates: it needs both
              `from:` and `to:`. The widget is suggested while `from <= now <= to`.
              """#,
              example: #"""
              event leftHome

              widget Transit {
                  relevance { score: 1 }
                  suggest {
                      from: now
                  }
              }
              """#,
              fix: #"""
              Add the missing entry, for example the end of the window as the start plus
              a duration.
              """#,
              corrected: #"""
              event leftHome

              widget Transit {
                  relevance { score: 1 }
                  suggest {
                      from: now
                      to: now + .minutes(90)
                  }
              }
              """#),
    ]

    // MARK: Types (TR02xx)

    private static let types: [Entry] = [
        Entry(.mismatchedOperands, "cannot compare values of different types",
              meaning: #"""
              Both sides of a comparison (`==`, `!=`, `<`, `<=`, `>`, `>=`) must have
              the same type, as in Swift: a `Bool` is not the number 1, a `String` is
              not a number. The code is also used for other operators whose operand
              types do not fit (`"a" * 2`, `%` on a `Double`), for ordering `Bool`s
              with `<` or `>`, and for comparing `nil` with anything but `==` or `!=`.
              (`Int` against `Double` has its own code, TR0202.)
              """#,
              example: #"""
              parameter isLoggedIn: Bool = false

              tip WelcomeTip {
                  title: "Welcome"
                  #Rule(Self.$isLoggedIn) { $0 == 1 }
              }
              """#,
              fix: #"""
              Compare with a value of the same type. For a `Bool` compared with 0 or
              1 the fix-it replaces the number with `false` or `true`.
              """#,
              corrected: #"""
              parameter isLoggedIn: Bool = false

              tip WelcomeTip {
                  title: "Welcome"
                  #Rule(Self.$isLoggedIn) { $0 == true }
              }
              """#),
        Entry(.mixedNumericTypes, "'Int' and 'Double' do not mix implicitly",
              meaning: #"""
              As in Swift, an `Int` and a `Double` cannot be combined or compared
              without a conversion. A number literal takes the type its context asks
              for (`amount > 50` is fine when `amount` is a `Double`), but a value of
              type `Int` — a parameter, a `count`, a field — stays an `Int`. A note
              points at the `Int` operand.
              """#,
              example: #"""
              parameter threshold: Int = 50
              event purchase(amount: Double)

              tip BigSpenderTip {
                  title: "Thanks!"
                  #Rule(Self.purchase, Self.$threshold) { $0.donations.sum(of: \.amount) > $1 }
              }
              """#,
              fix: #"""
              Convert one side explicitly: `Double(x)` (the fix-it wraps the `Int`
              side), or `Int(x)`, which truncates toward zero.
              """#,
              corrected: #"""
              parameter threshold: Int = 50
              event purchase(amount: Double)

              tip BigSpenderTip {
                  title: "Thanks!"
                  #Rule(Self.purchase, Self.$threshold) { $0.donations.sum(of: \.amount) > Double($1) }
              }
              """#),
        Entry(.ruleNotBool, "a rule's body is not a 'Bool'",
              meaning: #"""
              The body of `#Rule(…) { … }` is one expression of type `Bool`: the rule
              holds when it is true. A number, a string, a donation or a collection
              of donations is not a condition.
              """#,
              example: #"""
              event appOpened

              tip FrequentVisitorTip {
                  title: "Welcome back"
                  #Rule(Self.appOpened) { $0.donations.count }
              }
              """#,
              fix: #"""
              Compare the value with something to make a condition.
              """#,
              corrected: #"""
              event appOpened

              tip FrequentVisitorTip {
                  title: "Welcome back"
                  #Rule(Self.appOpened) { $0.donations.count >= 3 }
              }
              """#),
        Entry(.conditionNotBool, "condition is not a 'Bool'",
              meaning: #"""
              The operands of `!`, `&&` and `||`, the condition of `? :` and the body
              of a `filter`, `contains(where:)` or `allSatisfy` closure must be of
              type `Bool`. Unlike some languages, numbers and optionals are not true
              or false by themselves; for an optional the fix-it compares it with
              `nil`.
              """#,
              example: #"""
              parameter unreadCount: Int = 0

              tip InboxZeroTip {
                  title: "All caught up"
                  #Rule(Self.$unreadCount) { !$0 }
              }
              """#,
              fix: #"""
              Write the comparison you mean.
              """#,
              corrected: #"""
              parameter unreadCount: Int = 0

              tip InboxZeroTip {
                  title: "All caught up"
                  #Rule(Self.$unreadCount) { $0 == 0 }
              }
              """#),
        Entry(.mismatchedBranches, "branches of '?:' have different types",
              meaning: #"""
              Both results of a conditional `condition ? a : b` must have the same
              type (a value and an optional of that type also mix, giving an
              optional).
              """#,
              example: #"""
              parameter isPro: Bool = false

              widget PlanWidget {
                  relevance {
                      score: isPro ? 1 : "none"
                  }
              }
              """#,
              fix: #"""
              Make both branches the same type.
              """#,
              corrected: #"""
              parameter isPro: Bool = false

              widget PlanWidget {
                  relevance {
                      score: isPro ? 1 : 0
                  }
              }
              """#),
        Entry(.typeMismatch, "value has the wrong type",
              meaning: #"""
              A value of one type is used where another is expected: a parameter's
              default of the wrong type, a number as a tip's `title`, a string as a
              duration, a `Double` literal where an `Int` is expected, a default
              after `??` that does not match the optional's type, a non-number in
              `Double(…)`, `Int(…)` or `.days(…)`.
              """#,
              example: #"""
              parameter maximumVisits: Int = 2.5
              """#,
              fix: #"""
              Give a value of the expected type (or change the declared type).
              """#,
              corrected: #"""
              parameter maximumVisits: Int = 2
              """#),
        Entry(.optionalNotUnwrapped, "optional value used without unwrapping",
              meaning: #"""
              Some values may be absent and are optional: `first` and `last` of a
              collection of donations (there may be none), `min(of:)` and `max(of:)`,
              and anything reached through `?.`. As in Swift, an optional cannot be
              ordered with `<`, used in arithmetic, or asked for a member with `.`
              until it is unwrapped. (`==` and `!=` with an optional are allowed.)
              """#,
              example: #"""
              event purchase(amount: Double)

              tip LastPurchaseTip {
                  title: "Nice purchase"
                  #Rule(Self.purchase) { $0.donations.last?.amount > 50 }
              }
              """#,
              fix: #"""
              Chain with `?.` to reach a member, and give a default with `??` for the
              case where the value is absent.
              """#,
              corrected: #"""
              event purchase(amount: Double)

              tip LastPurchaseTip {
                  title: "Nice purchase"
                  #Rule(Self.purchase) { ($0.donations.last?.amount ?? 0) > 50 }
              }
              """#),
        Entry(.chainOnNonOptional, "optional chaining on a non-optional value",
              meaning: #"""
              `?.` reaches a member of an optional value. The value before it is not
              optional, so there is nothing to unwrap; as in Swift this is an error.
              """#,
              example: #"""
              event appOpened

              tip VisitsTip {
                  title: "Welcome back"
                  #Rule(Self.appOpened) { ($0.donations?.count ?? 0) > 3 }
              }
              """#,
              fix: #"""
              Use `.` (the fix-it removes the `?`), and drop the `??` default that
              is no longer needed.
              """#,
              corrected: #"""
              event appOpened

              tip VisitsTip {
                  title: "Welcome back"
                  #Rule(Self.appOpened) { $0.donations.count > 3 }
              }
              """#),
        Entry(.coalesceOnNonOptional, "'??' on a non-optional value",
              meaning: #"""
              The left side of `??` is not optional, so it always has a value and the
              default on the right is never used. This is a warning: the file still
              compiles, but the expression probably does not say what was meant.
              """#,
              example: #"""
              event appOpened

              tip VisitsTip {
                  title: "Welcome back"
                  #Rule(Self.appOpened) { ($0.donations.count ?? 0) > 3 }
              }
              """#,
              fix: #"""
              Remove `?? …` (the fix-it does this).
              """#,
              corrected: #"""
              event appOpened

              tip VisitsTip {
                  title: "Welcome back"
                  #Rule(Self.appOpened) { $0.donations.count > 3 }
              }
              """#),
        Entry(.nilComparisonNonOptional, "non-optional value compared to 'nil'",
              meaning: #"""
              Only optional values can be `nil`. Comparing a non-optional value with
              `nil` always gives the same answer (`== nil` is always false, `!= nil`
              always true), so the comparison is almost certainly not what was meant.
              This is a warning; the comparison is replaced by its constant result.
              """#,
              example: #"""
              parameter nickname: String = ""

              tip NicknameTip {
                  title: "Nice to see you"
                  #Rule(Self.$nickname) { $0 != nil }
              }
              """#,
              fix: #"""
              Test what you mean: here, that the string is not empty.
              """#,
              corrected: #"""
              parameter nickname: String = ""

              tip NicknameTip {
                  title: "Nice to see you"
                  #Rule(Self.$nickname) { !$0.isEmpty }
              }
              """#),
        Entry(.unknownMember, "unknown member",
              meaning: #"""
              The value has no member of that name. Collections of donations have
              `count`, `isEmpty`, `first`, `last`, `donatedWithin`, `filter`,
              `largestSubset`, `smallestSubset`, `contains(where:)`, `allSatisfy`,
              `min(of:)`, `max(of:)` and `sum(of:)`; a donation has `date` and the
              event's declared fields; an event has `donations`; a string has
              `isEmpty`, `count`, `hasPrefix`, `hasSuffix`, `contains` and
              `lowercased()`; a date has `addingTimeInterval`. Implicit members
              (`.days(3)`, `.hour`, `.now`) are durations and the current date. The
              closest name is suggested.
              """#,
              example: #"""
              event appOpened

              tip VisitsTip {
                  title: "Welcome back"
                  #Rule(Self.appOpened) { $0.donations.cout > 3 }
              }
              """#,
              fix: #"""
              Use a member the value has.
              """#,
              corrected: #"""
              event appOpened

              tip VisitsTip {
                  title: "Welcome back"
                  #Rule(Self.appOpened) { $0.donations.count > 3 }
              }
              """#),
        Entry(.wrongArguments, "wrong arguments or argument labels",
              meaning: #"""
              A member or function is called with the wrong number of arguments or
              the wrong labels, a method is used without calling it (or a property
              is called), or a closure or key path appears where it cannot be used.
              The labels are TipKit's: `largestSubset(groupedBy: \.field)`,
              `min(of: \.field)`, `contains(where: { … })`,
              `donatedWithin(.days(5))` without a label, `.days(5)` with a number.
              """#,
              example: #"""
              event visit(backyardID: Int)

              tip FavoriteTip {
                  title: "Save as a Favorite"
                  #Rule(Self.visit) { $0.donations.largestSubset(grouped: \.backyardID).count >= 3 }
              }
              """#,
              fix: #"""
              Use the expected label and arguments (the fix-it corrects a label).
              """#,
              corrected: #"""
              event visit(backyardID: Int)

              tip FavoriteTip {
                  title: "Save as a Favorite"
                  #Rule(Self.visit) { $0.donations.largestSubset(groupedBy: \.backyardID).count >= 3 }
              }
              """#),
        Entry(.unknownKeyPathField, "key path names an unknown field",
              meaning: #"""
              A key path such as `\.backyardID` in `largestSubset(groupedBy:)`,
              `smallestSubset(groupedBy:)`, `min(of:)`, `max(of:)` or `sum(of:)`
              must name a field of the event's donations: `date` or one of the
              fields declared in `event NAME(FIELD: TYPE, …)`.
              """#,
              example: #"""
              event visit(backyardID: Int)

              tip FavoriteTip {
                  title: "Save as a Favorite"
                  #Rule(Self.visit) { $0.donations.largestSubset(groupedBy: \.backyard).count >= 3 }
              }
              """#,
              fix: #"""
              Name a declared field (or declare the field on the event).
              """#,
              corrected: #"""
              event visit(backyardID: Int)

              tip FavoriteTip {
                  title: "Save as a Favorite"
                  #Rule(Self.visit) { $0.donations.largestSubset(groupedBy: \.backyardID).count >= 3 }
              }
              """#),
        Entry(.unsuitableKeyPathField, "key path field has an unsuitable type",
              meaning: #"""
              The field named by the key path exists but has a type the operation
              cannot use: `sum(of:)` adds numbers, so it needs an `Int` or `Double`
              field; `min(of:)` and `max(of:)` need a field that can be ordered
              (`Int`, `Double`, `Date` or `String`).
              """#,
              example: #"""
              event purchase(amount: Double, category: String)

              tip BigSpenderTip {
                  title: "Thanks!"
                  #Rule(Self.purchase) { $0.donations.sum(of: \.category) > 100 }
              }
              """#,
              fix: #"""
              Name a field of a suitable type.
              """#,
              corrected: #"""
              event purchase(amount: Double, category: String)

              tip BigSpenderTip {
                  title: "Thanks!"
                  #Rule(Self.purchase) { $0.donations.sum(of: \.amount) > 100 }
              }
              """#),
        Entry(.inputIndexOutOfRange, "anonymous argument out of range",
              meaning: #"""
              In a rule's body, `$0`, `$1`, … are the rule's inputs in order, so a
              rule with one input has only `$0`. Inside a `filter`,
              `contains(where:)` or `allSatisfy` closure, `$0` is the donation and
              there is no `$1`.
              """#,
              example: #"""
              parameter isLoggedIn: Bool = false
              parameter isPro: Bool = false

              tip ProTip {
                  title: "Welcome, Pro"
                  #Rule(Self.$isLoggedIn) { $0 && $1 }
              }
              """#,
              fix: #"""
              Add the missing input to `#Rule(…)`, or use an argument that exists.
              """#,
              corrected: #"""
              parameter isLoggedIn: Bool = false
              parameter isPro: Bool = false

              tip ProTip {
                  title: "Welcome, Pro"
                  #Rule(Self.$isLoggedIn, Self.$isPro) { $0 && $1 }
              }
              """#),
        Entry(.anonymousArgumentOutsideClosure, "anonymous argument outside a rule or closure",
              meaning: #"""
              `$0`, `$1`, … exist only inside a `#Rule` body and inside closures. In a
              widget's `score:`, `duration:` and `let` lines, and in constants,
              parameters and events are named directly.
              """#,
              example: #"""
              event purchase(amount: Double)

              widget RecentPurchasesWidget {
                  relevance {
                      score: $0.donations.count
                  }
              }
              """#,
              fix: #"""
              Name the parameter or event.
              """#,
              corrected: #"""
              event purchase(amount: Double)

              widget RecentPurchasesWidget {
                  relevance {
                      score: purchase.donations.count
                  }
              }
              """#),
        Entry(.nonConstantDefault, "parameter default is missing or not constant",
              meaning: #"""
              Every parameter needs a default value — what rules see until the app
              sets the parameter — and it must be a constant: a literal, a duration
              such as `.days(2)`, `Date(timeIntervalSince1970: SECONDS)`, or
              arithmetic on constants that does not fail. It cannot refer to other
              parameters, to events or to `now`. The same holds for option values,
              tip properties, the display frequency and event limits.
              """#,
              example: #"""
              parameter isLoggedIn: Bool = false
              parameter isPro: Bool = isLoggedIn
              """#,
              fix: #"""
              Write a constant. To make a rule depend on both parameters, give the
              rule both as inputs.
              """#,
              corrected: #"""
              parameter isLoggedIn: Bool = false
              parameter isPro: Bool = false
              """#),
        Entry(.invalidUnaryOperand, "invalid operand for a prefix operator",
              meaning: #"""
              Prefix `-` negates an `Int`, a `Double` or a `Duration`; it cannot be
              applied to a `Bool`, a `String`, a `Date` or an optional.
              """#,
              example: #"""
              parameter isPro: Bool = false

              tip UpgradeTip {
                  title: "Go Pro"
                  #Rule(Self.$isPro) { -$0 }
              }
              """#,
              fix: #"""
              To negate a `Bool`, use `!`.
              """#,
              corrected: #"""
              parameter isPro: Bool = false

              tip UpgradeTip {
                  title: "Go Pro"
                  #Rule(Self.$isPro) { !$0 }
              }
              """#),
        Entry(.nilWithoutContext, "'nil' without a contextual type",
              meaning: #"""
              `nil` is the absence of an optional value, so it needs a context that
              says which optional type is meant: a comparison such as
              `last == nil`, or a place that expects an optional. On its own, in a
              `let`, or where a non-optional value is expected, it has no type.
              """#,
              example: #"""
              event purchase(amount: Double)

              widget RecentPurchasesWidget {
                  relevance {
                      score: purchase.donations.isEmpty ? nil : 1
                  }
              }
              """#,
              fix: #"""
              Use a value of the expected type (a score of 0 means "not relevant"),
              or compare with `nil`.
              """#,
              corrected: #"""
              event purchase(amount: Double)

              widget RecentPurchasesWidget {
                  relevance {
                      score: purchase.donations.isEmpty ? 0 : 1
                  }
              }
              """#),
        Entry(.eventNotAValue, "an event used as a value",
              meaning: #"""
              An event (`$0` for an event input, or the event's name outside a
              rule) is not itself a value that can be compared, counted or
              returned: its data is its donations, `event.donations`, a collection
              with `count`, `last`, `donatedWithin(…)` and so on.
              """#,
              example: #"""
              event appOpened

              tip VisitsTip {
                  title: "Welcome back"
                  #Rule(Self.appOpened) { $0 > 3 }
              }
              """#,
              fix: #"""
              Go through `.donations` and ask what you mean, usually `.count`.
              """#,
              corrected: #"""
              event appOpened

              tip VisitsTip {
                  title: "Welcome back"
                  #Rule(Self.appOpened) { $0.donations.count > 3 }
              }
              """#),
        Entry(.constantEvaluationFails, "constant expression always fails to evaluate",
              meaning: #"""
              An expression made only of constants fails whenever it is evaluated:
              an `Int` overflow such as `9223372036854775807 + 1`, or an `Int`
              division or remainder by zero. A rule whose evaluation fails is false
              and the error is reported at evaluation, so the rule can never hold.
              This is a warning.
              """#,
              example: #"""
              parameter visits: Int = 0

              tip VisitsTip {
                  title: "Welcome back"
                  #Rule(Self.$visits) { $0 > 10 / 0 }
              }
              """#,
              fix: #"""
              Fix the arithmetic.
              """#,
              corrected: #"""
              parameter visits: Int = 0

              tip VisitsTip {
                  title: "Welcome back"
                  #Rule(Self.$visits) { $0 > 10 }
              }
              """#),
        Entry(.unknownFunction, "unknown function",
              meaning: #"""
              Only a few functions exist: the conversions `Double(…)` and `Int(…)`
              and `Date(timeIntervalSince1970: …)`. Everything else is a member
              called on a value (`$0.donations.min(of: \.amount)`). Swift library
              functions such as `abs`, `min` or `max` are not available.
              """#,
              example: #"""
              parameter balanceChange: Int = 0

              tip BigChangeTip {
                  title: "That was a big change"
                  #Rule(Self.$balanceChange) { abs($0) > 100 }
              }
              """#,
              fix: #"""
              Write the computation with operators.
              """#,
              corrected: #"""
              parameter balanceChange: Int = 0

              tip BigChangeTip {
                  title: "That was a big change"
                  #Rule(Self.$balanceChange) { $0 > 100 || $0 < -100 }
              }
              """#),
    ]

    // MARK: Names and declarations (TR03xx)

    private static let declarations: [Entry] = [
        Entry(.duplicateDeclaration, "name declared twice",
              meaning: #"""
              Parameters, events, tips, groups and widgets share one namespace per
              file, so each name can be declared once. The error is on the later
              declaration; a note points at the first.
              """#,
              example: #"""
              parameter isLoggedIn: Bool = false

              tip isLoggedIn {
                  title: "Welcome"
              }
              """#,
              fix: #"""
              Rename one of them. By convention tips are named in UpperCamelCase
              ending in `Tip`, parameters and events in lowerCamelCase.
              """#,
              corrected: #"""
              parameter isLoggedIn: Bool = false

              tip LoggedInTip {
                  title: "Welcome"
              }
              """#),
        Entry(.unknownName, "unknown name",
              meaning: #"""
              No parameter, event, tip or widget `let` of that name is declared — as
              a rule input, in an expression, or as a group member. Names are case
              sensitive. The closest declared name is suggested. A name may be used
              before its declaration, anywhere in the file. (`$name` inside an
              expression is also reported: it names a rule input, and in the body the
              input is `$0`.)
              """#,
              example: #"""
              parameter isLoggedIn: Bool = false

              tip WelcomeTip {
                  title: "Welcome"
                  #Rule(Self.$isLogedIn) { $0 }
              }
              """#,
              fix: #"""
              Correct the spelling, or declare the name.
              """#,
              corrected: #"""
              parameter isLoggedIn: Bool = false

              tip WelcomeTip {
                  title: "Welcome"
                  #Rule(Self.$isLoggedIn) { $0 }
              }
              """#),
        Entry(.wrongRuleInputKind, "rule input of the wrong kind",
              meaning: #"""
              As in TipKit, a parameter input is written with `$` (`Self.$isLoggedIn`,
              the parameter's projected value) and an event input without
              (`Self.appOpened`). A tip, group or widget cannot be a rule's input.
              """#,
              example: #"""
              parameter isLoggedIn: Bool = false

              tip WelcomeTip {
                  title: "Welcome"
                  #Rule(Self.isLoggedIn) { $0 }
              }
              """#,
              fix: #"""
              Insert or remove the `$` (the fix-it does this).
              """#,
              corrected: #"""
              parameter isLoggedIn: Bool = false

              tip WelcomeTip {
                  title: "Welcome"
                  #Rule(Self.$isLoggedIn) { $0 }
              }
              """#),
        Entry(.groupMemberNotTip, "group member is not a tip",
              meaning: #"""
              `group NAME { … }` lists tips, and only tips; the name given is a
              parameter, an event, a group or a widget.
              """#,
              example: #"""
              parameter isLoggedIn: Bool = false

              tip WelcomeTip {
                  title: "Welcome"
              }

              group Onboarding { WelcomeTip, isLoggedIn }
              """#,
              fix: #"""
              Remove the name. To show a tip only under a condition, give the tip a
              rule.
              """#,
              corrected: #"""
              parameter isLoggedIn: Bool = false

              tip WelcomeTip {
                  title: "Welcome"
                  #Rule(Self.$isLoggedIn) { $0 }
              }

              group Onboarding { WelcomeTip }
              """#),
        Entry(.reservedFieldName, "event field named 'date'",
              meaning: #"""
              Every donation already has `date`, the moment it was donated, so an
              event cannot declare a field of that name.
              """#,
              example: #"""
              event purchase(amount: Double, date: Date)
              """#,
              fix: #"""
              Remove the field and use the donation's own `date`
              (`$0.donations.last?.date`), or give the field another name.
              """#,
              corrected: #"""
              event purchase(amount: Double, deliveryDate: Date)
              """#),
        Entry(.duplicateField, "duplicate event field",
              meaning: #"""
              An event declares two fields with the same name. A note points at the
              first.
              """#,
              example: #"""
              event purchase(amount: Double, category: String, amount: Int)
              """#,
              fix: #"""
              Remove or rename one of them.
              """#,
              corrected: #"""
              event purchase(amount: Double, category: String, quantity: Int)
              """#),
        Entry(.unknownType, "unknown type",
              meaning: #"""
              Parameters and event fields have one of the types `Bool`, `Int`,
              `Double`, `String` and `Date`. Other Swift types (`Float`, `Int64`,
              `URL`, your own types) are not available, and a parameter cannot be
              optional: it always has a value, its default until the app sets one.
              """#,
              example: #"""
              parameter visits: Integer = 0
              """#,
              fix: #"""
              Use one of the five types.
              """#,
              corrected: #"""
              parameter visits: Int = 0
              """#),
        Entry(.duplicateLet, "widget 'let' declared twice",
              meaning: #"""
              The `let` lines of a widget's relevance name values for the lines after
              them; each name can be bound once.
              """#,
              example: #"""
              event purchase(amount: Double)

              widget RecentPurchasesWidget {
                  relevance {
                      let recent = purchase.donations.donatedWithin(.hours(1))
                      let recent = purchase.donations.donatedWithin(.hours(2))
                      score: recent.count
                  }
              }
              """#,
              fix: #"""
              Give the second value another name.
              """#,
              corrected: #"""
              event purchase(amount: Double)

              widget RecentPurchasesWidget {
                  relevance {
                      let lastHour = purchase.donations.donatedWithin(.hours(1))
                      let lastTwoHours = purchase.donations.donatedWithin(.hours(2))
                      score: lastHour.count * 2 + lastTwoHours.count
                  }
              }
              """#),
        Entry(.duplicateTipID, "two tips with the same id",
              meaning: #"""
              A tip's `id` identifies it in the store (its display count, whether it
              was closed); it defaults to the tip's name. Two tips with the same id
              would share that state, so ids must be unique. A note points at the
              other tip.
              """#,
              example: #"""
              tip WelcomeTip {
                  title: "Welcome"
                  id: "welcome"
              }

              tip WelcomeBackTip {
                  title: "Welcome back"
                  id: "welcome"
              }
              """#,
              fix: #"""
              Give each tip its own id, or leave `id:` out to use the name.
              """#,
              corrected: #"""
              tip WelcomeTip {
                  title: "Welcome"
                  id: "welcome"
              }

              tip WelcomeBackTip {
                  title: "Welcome back"
                  id: "welcome-back"
              }
              """#),
        Entry(.duplicateGroupMember, "tip listed twice in a group",
              meaning: #"""
              A group lists each tip once; its order matters for `.ordered` and
              `.firstAvailable`. A note points at the first listing.
              """#,
              example: #"""
              tip WelcomeTip {
                  title: "Welcome"
              }

              tip ShareTip {
                  title: "Share"
              }

              group Onboarding(.ordered) { WelcomeTip, ShareTip, WelcomeTip }
              """#,
              fix: #"""
              Remove the second listing (the fix-it does this).
              """#,
              corrected: #"""
              tip WelcomeTip {
                  title: "Welcome"
              }

              tip ShareTip {
                  title: "Share"
              }

              group Onboarding(.ordered) { WelcomeTip, ShareTip }
              """#),
        Entry(.duplicateEventID, "two events with one id",
              meaning: #"""
              An event's id (`event NAME(id: "…")`, or its name when there is no
              `id:`) is what its donations are stored under, as TipKit stores a
              `Tips.Event(id:)`'s. Two events with one id would read and write the
              same donations, so each event needs its own id. A note points at the
              first event with the id.
              """#,
              example: #"""
              event VPNTip.dismissed(id: "tipDismissed")
              event ShareTip.dismissed(id: "tipDismissed")

              tip VPNTip {
                  title: "Connect through the VPN"
                  #Rule(Self.dismissed) { $0.donations.isEmpty }
              }

              tip ShareTip {
                  title: "Share a backyard"
                  #Rule(Self.dismissed) { $0.donations.isEmpty }
              }
              """#,
              fix: #"""
              Give each event its own id, or, when they are meant to be one event,
              declare it once and read it from both tips (`#Rule(VPNTip.dismissed)`).
              Changing an id that an app has shipped starts its donations afresh.
              """#,
              corrected: #"""
              event VPNTip.dismissed(id: "vpnTipDismissed")
              event ShareTip.dismissed(id: "shareTipDismissed")

              tip VPNTip {
                  title: "Connect through the VPN"
                  #Rule(Self.dismissed) { $0.donations.isEmpty }
              }

              tip ShareTip {
                  title: "Share a backyard"
                  #Rule(Self.dismissed) { $0.donations.isEmpty }
              }
              """#),
        Entry(.invalidEventID, "an event's id is empty",
              meaning: #"""
              `event NAME(id: "…")` names what the event's donations are stored
              under. The id is a constant string that is not empty.
              """#,
              example: #"""
              event opened(id: "")

              tip WelcomeTip {
                  title: "Welcome"
                  #Rule(Self.opened) { $0.donations.count > 2 }
              }
              """#,
              fix: #"""
              Write the id the app's donations are stored under, or leave `id:`
              out: the event's name is then its id.
              """#,
              corrected: #"""
              event opened(id: "app-opened")

              tip WelcomeTip {
                  title: "Welcome"
                  #Rule(Self.opened) { $0.donations.count > 2 }
              }
              """#),
        Entry(.invalidSwiftName, "a Swift name is not a Swift type name",
              meaning: #"""
              A tip's `swiftName:` and an event's `donationType:` tell `emit-swift`
              the Swift names the app already uses, so that the generated file
              replaces the app's TipKit code without touching its call sites:
              `swiftName: "TaggingTips.Date"` declares the tip as `struct Date`
              inside `enum TaggingTips`, `donationType: "PhotoEditedInfo"` names the
              struct of the event's donations. Each is a constant string of Swift
              names (a letter or `_`, then letters, digits and `_`) joined by `.`.
              """#,
              example: #"""
              event photoEdited(photoID: String, donationType: "Photo Edited Info")

              tip QuickEditTip {
                  title: "Edit in place"
                  #Rule(Self.photoEdited) { $0.donations.count >= 3 }
              }
              """#,
              fix: #"""
              Write the type's name as the app's Swift writes it, or leave the entry
              out: emit-swift then names the type itself (`PhotoEditedDonation`).
              """#,
              corrected: #"""
              event photoEdited(photoID: String, donationType: "PhotoEditedInfo")

              tip QuickEditTip {
                  title: "Edit in place"
                  #Rule(Self.photoEdited) { $0.donations.count >= 3 }
              }
              """#),
        Entry(.invalidSwiftText, "a text the app makes is not written swift(\"…\", key:, defaultValue:)",
              meaning: #"""
              A tip's `title:`, `message:` or `image:` may be the app's own Swift:
              `swift("CODE")`, where CODE is the Swift that makes the text or image
              as the app wrote it (`Text(L10n.Tips.sidebar)`, the lines of a getter
              with `#if` branches), and `emit-swift` writes it back unchanged. After
              it, optionally and in this order, `key:` (the localization key the
              app's call names, or an image's asset name) and `defaultValue:` (the
              text shown without a translation), which the runtime's results
              report. Each is a constant string, and CODE is not empty.
              """#,
              example: #"""
              tip SidebarTip {
                  title: swift(defaultValue: "Sidebar", "Text(L10n.Tips.sidebar)")
              }
              """#,
              fix: #"""
              Write the code first, then `key:` and `defaultValue:` if the call names
              them.
              """#,
              corrected: #"""
              tip SidebarTip {
                  title: swift("Text(L10n.Tips.sidebar)", defaultValue: "Sidebar")
              }
              """#),
    ]

    // MARK: Options and configuration (TR04xx)

    private static let options: [Entry] = [
        Entry(.unknownOption, "unknown tip option",
              meaning: #"""
              A tip's `options { … }` takes, one per line and with the `Tips.` prefix
              optional, `MaxDisplayCount(Int)`, `IgnoresDisplayFrequency(Bool)` and
              `MaxDisplayDuration(seconds or duration)`. Another name, or a prefix
              other than `Tips.`, is reported with a fix-it for a near miss.
              """#,
              example: #"""
              tip WelcomeTip {
                  title: "Welcome"
                  options {
                      Tips.MaxDisplayCnt(3)
                  }
              }
              """#,
              fix: #"""
              Use one of the three options.
              """#,
              corrected: #"""
              tip WelcomeTip {
                  title: "Welcome"
                  options {
                      Tips.MaxDisplayCount(3)
                  }
              }
              """#),
        Entry(.invalidOptionValue, "invalid option value",
              meaning: #"""
              An option or the display frequency has a value that cannot apply:
              `MaxDisplayCount` and `MaxDisplayDuration` must not be negative, and
              neither may a display frequency given in seconds.
              """#,
              example: #"""
              tip WelcomeTip {
                  title: "Welcome"
                  options {
                      Tips.MaxDisplayCount(-1)
                  }
              }
              """#,
              fix: #"""
              Give a value of zero or more. (`MaxDisplayCount(0)` means the tip never
              displays.)
              """#,
              corrected: #"""
              tip WelcomeTip {
                  title: "Welcome"
                  options {
                      Tips.MaxDisplayCount(1)
                  }
              }
              """#),
        Entry(.duplicateOption, "option given twice",
              meaning: #"""
              A tip has at most one `options { … }` block, and each option appears in
              it at most once. A note points at the first.
              """#,
              example: #"""
              tip WelcomeTip {
                  title: "Welcome"
                  options {
                      Tips.MaxDisplayCount(3)
                      MaxDisplayCount(5)
                  }
              }
              """#,
              fix: #"""
              Keep one of them.
              """#,
              corrected: #"""
              tip WelcomeTip {
                  title: "Welcome"
                  options {
                      Tips.MaxDisplayCount(5)
                  }
              }
              """#),
        Entry(.unknownDisplayFrequency, "unknown display frequency",
              meaning: #"""
              `displayFrequency(…)` takes `.immediate` (the default), `.hourly`,
              `.daily`, `.weekly`, `.monthly`, or a number of seconds for a custom
              interval.
              """#,
              example: #"""
              configure {
                  displayFrequency(.dayly)
              }
              """#,
              fix: #"""
              Use one of the frequencies (the fix-it suggests the closest) or a
              number of seconds.
              """#,
              corrected: #"""
              configure {
                  displayFrequency(.daily)
              }
              """#),
        Entry(.invalidEventLimit, "invalid event donation limit",
              meaning: #"""
              As in TipKit, a rule sees only the 1000 most recent donations of an
              event. `event NAME(…) limit(maximumCount: N, maximumAge: DURATION)`
              changes that; either argument may be left out, but there must be at
              least one, each at most once, with those labels, and neither may be
              negative.
              """#,
              example: #"""
              event appOpened limit(maxCount: 50)
              """#,
              fix: #"""
              Use the labels `maximumCount:` and `maximumAge:` with values of zero or
              more.
              """#,
              corrected: #"""
              event appOpened limit(maximumCount: 50)
              """#),
        Entry(.unknownGroupKind, "unknown group kind",
              meaning: #"""
              A group is `group NAME(.ordered) { … }` — only its first tip that is
              not invalidated can display — or `(.firstAvailable)`, the default —
              its first available tip displays.
              """#,
              example: #"""
              tip WelcomeTip {
                  title: "Welcome"
              }

              group Onboarding(.sequential) { WelcomeTip }
              """#,
              fix: #"""
              Use `.ordered` or `.firstAvailable`, or leave the parentheses out.
              """#,
              corrected: #"""
              tip WelcomeTip {
                  title: "Welcome"
              }

              group Onboarding(.ordered) { WelcomeTip }
              """#),
        Entry(.invalidAppIdentifier, "app that is not an app identifier",
              meaning: #"""
              `configure { app("…") }` names the app the rules are for, so that an
              app's runtime refuses rules meant for another app. It is the app's
              bundle identifier (or package name): 1 to 255 letters, digits, `.`,
              `-` and `_`.
              """#,
              example: #"""
              configure {
                  app("Backyard Birds")
              }
              """#,
              fix: #"""
              Write the app's bundle identifier.
              """#,
              corrected: #"""
              configure {
                  app("com.example.backyard-birds")
              }
              """#),
        Entry(.invalidRelease, "release that is not a whole number from 1",
              meaning: #"""
              `configure { release(N) }` numbers the rules: an app's runtime refuses
              an update to a lower release than the one in force (a stale download
              or a replay) unless the app asks for a rollback. N is a whole number
              from 1 to 4294967295 that grows with every release of the rules.
              """#,
              example: #"""
              configure {
                  release(0)
              }
              """#,
              fix: #"""
              Number the first release 1, and each later one higher than the last.
              `tiprulec compile --release N` sets it from a build script.
              """#,
              corrected: #"""
              configure {
                  release(1)
              }
              """#),
        Entry(.duplicateActionID, "two actions of a tip with one id",
              meaning: #"""
              The app learns which of a tip's buttons was tapped by its action's id
              (`performAction(tip:action:)`, TipKit's `action.id`), so each id names
              one action of the tip.
              """#,
              example: #"""
              tip PasskeyTip {
                  title: "Sign in with a passkey"
                  actions {
                      Action(id: "create", title: "Create a passkey")
                      Action(id: "create", title: "Learn more")
                  }
              }
              """#,
              fix: #"""
              Give each action its own id.
              """#,
              corrected: #"""
              tip PasskeyTip {
                  title: "Sign in with a passkey"
                  actions {
                      Action(id: "create", title: "Create a passkey")
                      Action(id: "learn-more", title: "Learn more")
                  }
              }
              """#),
        Entry(.emptyAction, "action with an empty id or title",
              meaning: #"""
              An action's id tells the app which button was tapped and its title is
              the button's text; neither may be the empty string.
              """#,
              example: #"""
              tip PasskeyTip {
                  title: "Sign in with a passkey"
                  actions { Action(id: "", title: "Create a passkey") }
              }
              """#,
              fix: #"""
              Write a non-empty id and title.
              """#,
              corrected: #"""
              tip PasskeyTip {
                  title: "Sign in with a passkey"
                  actions { Action(id: "create", title: "Create a passkey") }
              }
              """#),
        Entry(.invalidAction, "entry of 'actions' that is not Action(id:title:)",
              meaning: #"""
              A tip's `actions { … }` lists buttons as TipKit writes them:
              `Action(id: "…", title: "…")` (or `Tips.Action(…)`), the id and the
              title constant strings, in that order.
              """#,
              example: #"""
              tip PasskeyTip {
                  title: "Sign in with a passkey"
                  actions { Action(title: "Create a passkey") }
              }
              """#,
              fix: #"""
              Write both labels, the id first.
              """#,
              corrected: #"""
              tip PasskeyTip {
                  title: "Sign in with a passkey"
                  actions { Action(id: "create", title: "Create a passkey") }
              }
              """#),
        Entry(.duplicateActions, "second 'actions' block in a tip",
              meaning: #"""
              A tip lists all its actions in one `actions { … }` block, in the order
              the buttons appear.
              """#,
              example: #"""
              tip PasskeyTip {
                  title: "Sign in with a passkey"
                  actions { Action(id: "create", title: "Create a passkey") }
                  actions { Action(id: "learn-more", title: "Learn more") }
              }
              """#,
              fix: #"""
              Merge the blocks into one.
              """#,
              corrected: #"""
              tip PasskeyTip {
                  title: "Sign in with a passkey"
                  actions {
                      Action(id: "create", title: "Create a passkey")
                      Action(id: "learn-more", title: "Learn more")
                  }
              }
              """#),
    ]

    // MARK: Bytecode output (TR09xx)

    private static let bytecodeOutput: [Entry] = [
        Entry(.needsNewerBytecodeVersion, "construct needs a newer bytecode format version",
              meaning: #"""
              `tiprulec compile --bytecode-version N` writes rules for apps whose
              runtime reads bytecode format versions up to N. A construct added to
              the format after version N cannot be written in it: an older runtime
              would refuse the whole file. Each such construct is an error at its
              source, naming the version it needs (`docs/bytecode.md` lists what each
              version added). Without `--bytecode-version`, `compile` writes the
              oldest version that carries the program.
              """#,
              example: #"""
              // tiprulec compile rules.tiprules --bytecode-version 1
              transient parameter isOnboarding: Bool = false
              """#,
              fix: #"""
              Leave the construct out of the rules for those app builds, or compile
              for a newer version when every app build you ship to reads it.
              """#,
              corrected: #"""
              // tiprulec compile rules.tiprules --bytecode-version 1
              parameter isOnboarding: Bool = false
              """#),
    ]

    // MARK: First-beta spellings (TR05xx)

    private static let betaNote = """
        This is a warning: the old spelling still compiles, with the same
        meaning, and the fix-it rewrites it to the shipped spelling.
        """

    private static let beta: [Entry] = [
        Entry(.betaLargestSubsetBy, "'largestSubset(by:)' is the first beta's spelling",
              meaning: #"""
              TipKit's first beta (WWDC 2023) spelled `largestSubset(groupedBy:)` as
              `largestSubset(by:)`.
              """# + "\n\n" + betaNote,
              example: #"""
              event visit(backyardID: Int)

              tip FavoriteTip {
                  title: "Save as a Favorite"
                  #Rule(Self.visit) { $0.donations.largestSubset(by: \.backyardID).count >= 3 }
              }
              """#,
              fix: #"""
              Write `groupedBy:`.
              """#,
              corrected: #"""
              event visit(backyardID: Int)

              tip FavoriteTip {
                  title: "Save as a Favorite"
                  #Rule(Self.visit) { $0.donations.largestSubset(groupedBy: \.backyardID).count >= 3 }
              }
              """#),
        Entry(.betaEventCount, "'count' on an event is the first beta's spelling",
              meaning: #"""
              In TipKit's first beta an event rule counted donations with
              `$0.count`; the shipped API goes through the donations:
              `$0.donations.count`.
              """# + "\n\n" + betaNote,
              example: #"""
              event appOpened

              tip VisitsTip {
                  title: "Welcome back"
                  #Rule(Self.appOpened) { $0.count > 5 }
              }
              """#,
              fix: #"""
              Write `donations.count`.
              """#,
              corrected: #"""
              event appOpened

              tip VisitsTip {
                  title: "Welcome back"
                  #Rule(Self.appOpened) { $0.donations.count > 5 }
              }
              """#),
        Entry(.betaMaxDisplayCount, "'.maxDisplayCount' is the first beta's spelling",
              meaning: #"""
              TipKit's first beta wrote the option as `.maxDisplayCount(n)`; it
              shipped as `Tips.MaxDisplayCount(n)`.
              """# + "\n\n" + betaNote,
              example: #"""
              tip WelcomeTip {
                  title: "Welcome"
                  options {
                      .maxDisplayCount(5)
                  }
              }
              """#,
              fix: #"""
              Write `MaxDisplayCount(n)` (or `Tips.MaxDisplayCount(n)`).
              """#,
              corrected: #"""
              tip WelcomeTip {
                  title: "Welcome"
                  options {
                      Tips.MaxDisplayCount(5)
                  }
              }
              """#),
        Entry(.betaIgnoresDisplayFrequency, "'.ignoresDisplayFrequency' is the first beta's spelling",
              meaning: #"""
              TipKit's first beta wrote the option as `.ignoresDisplayFrequency(b)`;
              it shipped as `Tips.IgnoresDisplayFrequency(b)`.
              """# + "\n\n" + betaNote,
              example: #"""
              tip WelcomeTip {
                  title: "Welcome"
                  options {
                      .ignoresDisplayFrequency(true)
                  }
              }
              """#,
              fix: #"""
              Write `IgnoresDisplayFrequency(b)` (or `Tips.IgnoresDisplayFrequency(b)`).
              """#,
              corrected: #"""
              tip WelcomeTip {
                  title: "Welcome"
                  options {
                      Tips.IgnoresDisplayFrequency(true)
                  }
              }
              """#),
        Entry(.betaDisplayFrequency, "'DisplayFrequency' is the first beta's spelling",
              meaning: #"""
              TipKit's first beta configured the display frequency with
              `DisplayFrequency(.daily)`; it shipped as `displayFrequency(.daily)`.
              """# + "\n\n" + betaNote,
              example: #"""
              configure {
                  DisplayFrequency(.daily)
              }
              """#,
              fix: #"""
              Write `displayFrequency`.
              """#,
              corrected: #"""
              configure {
                  displayFrequency(.daily)
              }
              """#),
    ]

    // MARK: Limits (TR06xx)

    private static let limits: [Entry] = [
        Entry(.nestingTooDeep, "expression nested too deeply",
              meaning: #"""
              Expressions may nest at most 256 levels deep — parentheses, operators,
              member chains and closures all count. Deeper expressions, which are
              almost always generated by a tool gone wrong, are refused rather than
              risk exhausting the compiler's stack. It is reported once per file.
              """#,
              example: #"""
              parameter visits: Int = 0

              tip DeepTip {
                  title: "Deep"
                  // 300 levels of parentheses:
                  #Rule(Self.$visits) { ((((((((((…$0…)))))))))) > 1 }
              }
              """#,
              fix: #"""
              Simplify the expression: remove redundant parentheses, split it into
              several `#Rule`s (a tip's rules are ANDed), or in a widget name parts
              with `let`.
              """#,
              corrected: #"""
              parameter visits: Int = 0

              tip DeepTip {
                  title: "Deep"
                  #Rule(Self.$visits) { $0 > 1 }
              }
              """#),
        Entry(.sourceTooLarge, "source file too large",
              meaning: #"""
              A source file may be at most 8 MiB (8388608 bytes). A larger file is
              refused without being read further; it is reported at the start of the
              file.
              """#,
              example: #"""
              // A file of more than 8388608 bytes.
              """#,
              fix: #"""
              Split the rules over several files, one per app or feature, or check
              whether the file was generated by mistake.
              """#,
              corrected: #"""
              // A file of at most 8388608 bytes.
              """#),
        Entry(.binaryInput, "not source text",
              meaning: #"""
              The input is not `.tiprules` source: it is compiled bytecode (it
              starts with the `.tipc` magic `TIPC`), or it has a NUL byte in its
              first 4096 bytes, which text never has. Instead of one error per
              unreadable character, tiprulec reports this once.
              """#,
              example: #"""
              // tiprulec check app.tipc
              """#,
              fix: #"""
              Pass the `.tiprules` source to `check` and `compile`. `eval` and
              `disasm` take a `.tipc` file as well as a source.
              """#,
              corrected: #"""
              // tiprulec check app.tiprules
              """#),
        Entry(.tooManyParts, "file has too many parts",
              meaning: #"""
              A file may have at most 1,048,576 tokens and 65,536 top-level
              declarations (the bytecode holds at most 65,536 tips, events, parameters,
              groups or widgets). Checking stops at the first limit it reaches, so a huge
              generated file costs bounded time and memory.
              """#,
              example: #"""
              // A generated file with 100,000 tips.
              """#,
              fix: #"""
              Split the rules over several files, one per app or feature, or check
              whether the file was generated by mistake.
              """#,
              corrected: #"""
              // A file with at most 65,536 declarations.
              """#),
        Entry(.maxDisplayCountZero, "MaxDisplayCount(0) never displays",
              meaning: #"""
              `MaxDisplayCount(0)` invalidates the tip before it can appear: its display
              count, 0, already reaches the limit, so its status is
              `invalidated(displayCountExceeded)` from the start. TipKit does the same.
              """#,
              example: #"""
              tip WelcomeTip {
                  title: "Welcome"
                  options { MaxDisplayCount(0) }
              }
              """#,
              fix: #"""
              To show the tip once, write `MaxDisplayCount(1)`. To turn a tip off, remove
              it, or leave it out of the app's views.
              """#,
              corrected: #"""
              tip WelcomeTip {
                  title: "Welcome"
                  options { MaxDisplayCount(1) }
              }
              """#),
        Entry(.maxDisplayDurationUnderMinimum, "MaxDisplayDuration under 60 seconds",
              meaning: #"""
              TipKit keeps a tip view on screen at least 60 seconds before
              `MaxDisplayDuration` can invalidate it ("Tip views have a minimum display
              duration of 60 seconds"), so a shorter duration acts as 60 seconds. tiprulec
              evaluates it as 60 seconds too.
              """#,
              example: #"""
              tip QuickTip {
                  title: "Quick"
                  options { MaxDisplayDuration(10) }
              }
              """#,
              fix: #"""
              Write 60 seconds or more, so the program says what happens.
              """#,
              corrected: #"""
              tip QuickTip {
                  title: "Quick"
                  options { MaxDisplayDuration(60) }
              }
              """#),
        Entry(.negativeDuration, "negative donation window",
              meaning: #"""
              `donatedWithin(d)` keeps the donations with `now - d <= date <= now`. With a
              negative `d` no donation qualifies, so the collection is always empty. This is
              usually a sign flipped by mistake.
              """#,
              example: #"""
              event opened
              tip ReturningTip {
                  title: "Welcome back"
                  #Rule(Self.opened) { $0.donations.donatedWithin(.days(-7)).count >= 3 }
              }
              """#,
              fix: #"""
              Write the length of the window as a positive duration.
              """#,
              corrected: #"""
              event opened
              tip ReturningTip {
                  title: "Welcome back"
                  #Rule(Self.opened) { $0.donations.donatedWithin(.days(7)).count >= 3 }
              }
              """#),
        Entry(.constantRule, "rule that is always true or always false",
              meaning: #"""
              The rule's body has the same value whatever the store holds. Always true,
              it has no effect (a tip's rules are ANDed); always false, the tip can never
              become available. Both are usually left over from testing.
              """#,
              example: #"""
              parameter isPro: Bool = false
              tip ProTip {
                  title: "Pro"
                  #Rule(Self.$isPro) { $0 }
                  #Rule(Self.$isPro) { true }
              }
              """#,
              fix: #"""
              Remove a rule that is always true. For a tip that must not show, remove the
              tip, or use the testing overrides while developing.
              """#,
              corrected: #"""
              parameter isPro: Bool = false
              tip ProTip {
                  title: "Pro"
                  #Rule(Self.$isPro) { $0 }
              }
              """#),
        Entry(.duplicateRule, "rule repeated in a tip",
              meaning: #"""
              Two rules of the same tip are written the same way (ignoring white space).
              A tip's rules are ANDed, so the second one adds nothing; it is usually a
              copy that was meant to be changed.
              """#,
              example: #"""
              parameter isPro: Bool = false
              tip ProTip {
                  title: "Pro"
                  #Rule(Self.$isPro) { $0 }
                  #Rule(Self.$isPro) { $0 }
              }
              """#,
              fix: #"""
              Remove the repeated rule, or change it to what it was meant to say.
              """#,
              corrected: #"""
              parameter isPro: Bool = false
              tip ProTip {
                  title: "Pro"
                  #Rule(Self.$isPro) { $0 }
              }
              """#),
        Entry(.unusedDeclaration, "parameter or event never read",
              meaning: #"""
              No rule, score or duration reads this parameter or event. A parameter the
              app sets, or an event it donates to, then changes nothing, and donations still
              take storage.
              """#,
              example: #"""
              parameter isPro: Bool = false
              parameter theme: String = "light"
              tip ProTip {
                  title: "Pro"
                  #Rule(Self.$isPro) { $0 }
              }
              """#,
              fix: #"""
              Remove the declaration, or add the rule that was meant to read it.
              """#,
              corrected: #"""
              parameter isPro: Bool = false
              tip ProTip {
                  title: "Pro"
                  #Rule(Self.$isPro) { $0 }
              }
              """#),
        Entry(.tieBreakRead, "read that depends on a tie in largestSubset",
              meaning: #"""
              When several groups have the same size, which one `largestSubset` (or
              `smallestSubset`) returns is not specified by TipKit. `count` is the same for
              every tied group, but `first`, `last` and aggregates of another field can
              differ, so the rule can change its answer between TipKit and tiprulec, or
              between versions.
              """#,
              example: #"""
              event viewed(backyardID: Int)
              tip FavoriteTip {
                  title: "Favorite"
                  #Rule(Self.viewed) { $0.donations.largestSubset(groupedBy: \.backyardID).first?.backyardID == 7 }
              }
              """#,
              fix: #"""
              Read only the `count` of the subset, or filter for the group you mean.
              """#,
              corrected: #"""
              event viewed(backyardID: Int)
              tip FavoriteTip {
                  title: "Favorite"
                  #Rule(Self.viewed) { $0.donations.filter { $0.backyardID == 7 }.count >= 3 }
              }
              """#),
        Entry(.groupNeverPresents, "group member that can never be presented",
              meaning: #"""
              A tip is listed twice in a group, or an `.ordered` group lists a tip after
              a member that can never become available (a rule that is always false) and
              that no option invalidates: an `.ordered` group presents a member only when
              all the members before it are invalidated, so the later ones never appear.
              """#,
              example: #"""
              parameter isPro: Bool = false
              tip FirstTip {
                  title: "First"
                  #Rule(Self.$isPro) { false }
              }
              tip SecondTip {
                  title: "Second"
                  #Rule(Self.$isPro) { $0 }
              }
              group Tour(.ordered) { FirstTip, SecondTip }
              """#,
              fix: #"""
              Fix the member that never becomes available, remove it from the group, or
              list each tip once.
              """#,
              corrected: #"""
              parameter isPro: Bool = false
              tip FirstTip {
                  title: "First"
                  #Rule(Self.$isPro) { !$0 }
              }
              tip SecondTip {
                  title: "Second"
                  #Rule(Self.$isPro) { $0 }
              }
              group Tour(.ordered) { FirstTip, SecondTip }
              """#),
        Entry(.customDisplayFrequency, "display frequency that is not a TipKit preset",
              meaning: #"""
              TipKit's display frequencies are `.immediate`, `.hourly`, `.daily`,
              `.weekly` and `.monthly` only. A number of seconds is a custom interval that
              tiprulec evaluates, but an app that uses TipKit itself cannot have it
              (`emit-swift` refuses it), and it is easy to get wrong (seconds, not minutes).
              When the number is a preset's interval, the fix-it writes the preset.
              """#,
              example: #"""
              configure { displayFrequency(86400) }
              tip WelcomeTip { title: "Welcome" }
              """#,
              fix: #"""
              Use the preset that matches, or keep the custom interval on purpose.
              """#,
              corrected: #"""
              configure { displayFrequency(.daily) }
              tip WelcomeTip { title: "Welcome" }
              """#),
    ]
}
