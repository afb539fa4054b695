import Testing
import TipRulesCompiler
import TipRulesToolingCore
import TipRulesTestSupport

@Suite struct DiagnosticRendererTests {
    private let source = SourceFile(name: "app.tiprules", text: """
    tip FavoriteBackyardTip {
        var isLoggedIn: Bool = false
        #Rule(Self.$isLoggedIn) { $0 == 1 }
    }
    """)

    /// The span of the `occurrence`-th (0-based) appearance of `needle` in `file`.
    private func span(of needle: String, in file: SourceFile, occurrence: Int = 0) -> SourceSpan {
        let target = Array(needle.utf8)
        var found = 0
        for start in 0...(file.bytes.count - target.count) where file.bytes[start...].starts(with: target) {
            if found == occurrence { return SourceSpan(start: start, end: start + target.count) }
            found += 1
        }
        Issue.record("\(needle) not found")
        return .point(0)
    }

    private var comparison: Diagnostic {
        Diagnostic(.mismatchedOperands, "cannot compare 'Bool' with 'Int'", at: span(of: "$0 == 1", in: source),
                   notes: [
                       DiagnosticNote("'Bool' values compare only with 'Bool'"),
                       DiagnosticNote("'isLoggedIn' is declared here", at: span(of: "isLoggedIn", in: source)),
                   ],
                   fixes: [.replace(span(of: "1", in: source), with: "true", "replace with 'true'", applicability: .machineApplicable)])
    }

    // MARK: Text

    @Test func textGolden() {
        let expected = """
        app.tiprules:3:31: error[TR0201]: cannot compare 'Bool' with 'Int'
          |
        3 |     #Rule(Self.$isLoggedIn) { $0 == 1 }
          |                               ^^^^^^^
          = note: 'Bool' values compare only with 'Bool'
          = help: replace with 'true'
        app.tiprules:2:9: note: 'isLoggedIn' is declared here
          |
        2 |     var isLoggedIn: Bool = false
          |         ^^^^^^^^^^

        """
        #expect(TextDiagnosticRenderer().render(comparison, in: source) == expected)
    }

    @Test func gutterWidthFollowsTheLargestLineNumber() {
        let file = SourceFile(name: "long.tiprules", text: String(repeating: "\n", count: 11) + "let x = 1 +")
        let diagnostic = Diagnostic(.expectedExpression, "expected an expression after '+'",
                                    at: .point(file.bytes.count),
                                    notes: [DiagnosticNote("file starts here", at: .point(0))])
        let expected = """
        long.tiprules:12:12: error[TR0103]: expected an expression after '+'
           |
        12 | let x = 1 +
           |            ^
        long.tiprules:1:1: note: file starts here
           |
         1 |
           | ^

        """
        #expect(TextDiagnosticRenderer().render(diagnostic, in: file) == expected)
    }

    @Test func tabsMultiLineSpansAndUnicodeColumns() {
        let file = SourceFile(name: "t.tiprules", text: "\tlet é = (1 +\n\t\t2)\n")
        let multiLine = Diagnostic(.mismatchedBranches, "oops", at: span(of: "(1 +\n\t\t2)", in: file),
                                   severity: .warning)
        #expect(TextDiagnosticRenderer().render(multiLine, in: file) == """
        t.tiprules:1:10: warning[TR0205]: oops
          |
        1 |     let é = (1 +
          |             ^^^^...

        """)
        let afterAccent = Diagnostic(.unknownName, "unknown", at: span(of: "=", in: file))
        #expect(TextDiagnosticRenderer().render(afterAccent, in: file) == """
        t.tiprules:1:8: error[TR0302]: unknown
          |
        1 |     let é = (1 +
          |           ^

        """)
        let wholeLine = Diagnostic(.unknownName, "unknown", at: span(of: "\t\t2)\n", in: file))
        #expect(TextDiagnosticRenderer().render(wholeLine, in: file) == """
        t.tiprules:2:1: error[TR0302]: unknown
          |
        2 |         2)
          | ^^^^^^^^^^

        """)
    }

    @Test func controlCharactersAndInvalidBytesAreNeutralised() {
        let bytes = Array("a\u{1B}[2J\u{202E}b".utf8) + [0xFF, 0x80] + Array("c".utf8)
        let file = SourceFile(name: "c.tiprules", bytes: bytes)
        let diagnostic = Diagnostic(.unexpectedCharacter, "bad", at: span(of: "c", in: file))
        #expect(TextDiagnosticRenderer().render(diagnostic, in: file) == """
        c.tiprules:1:9: error[TR0002]: bad
          |
        1 | a\u{FFFD}[2J\u{FFFD}b\u{FFFD}c
          |         ^

        """)
    }

    @Test func spansOutsideTheFileDoNotCrash() {
        let file = SourceFile(name: "e.tiprules", text: "")
        let diagnostic = Diagnostic(.expectedDeclaration, "empty", at: SourceSpan(start: 5, end: 900))
        #expect(TextDiagnosticRenderer().render(diagnostic, in: file) == """
        e.tiprules:1:1: error[TR0102]: empty
          |
        1 |
          | ^

        """)
    }

    @Test func randomSourcesAndSpansNeverCrash() {
        var random = SplitMix64(seed: 42)
        let alphabet: [UInt8] = Array("ab \t\n\r\u{e9}\u{1F600}".utf8) + [0x80, 0xBF, 0xC3, 0xFF, 0x00]
        for _ in 0..<500 {
            let count = Int(random.next() % 40)
            let bytes = (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let file = SourceFile(name: "f", bytes: bytes)
            let bound = UInt64(count + 10)
            let span = SourceSpan(start: Int(random.next() % bound) - 5, end: Int(random.next() % bound) - 5)
            let diagnostic = Diagnostic(.unexpectedCharacter, "m", at: span,
                                        notes: [DiagnosticNote("n", at: SourceSpan(start: span.end, end: span.start))],
                                        fixes: [.replace(span, with: "x", "f", applicability: .machineApplicable)])
            #expect(TextDiagnosticRenderer(colored: true).render(diagnostic, in: file).hasSuffix("\n"))
            #expect(JSONDiagnosticRenderer.document(for: [(file, [diagnostic])])["diagnostics"] != nil)
            #expect(SARIFDiagnosticRenderer.log(for: [(file, [diagnostic])], toolVersion: "0")["runs"] != nil)
        }
    }

    @Test func severalDiagnosticsAreSeparatedByBlankLines() {
        let first = Diagnostic(.unknownName, "one", at: span(of: "tip", in: source))
        let second = Diagnostic(.betaEventCount, "two", at: span(of: "var", in: source))
        let rendered = TextDiagnosticRenderer().render([first, second], in: source)
        #expect(rendered.contains("  | ^^^\n\napp.tiprules:2:5: warning[TR0502]: two\n"), Comment(rawValue: rendered))
        #expect(TextDiagnosticRenderer().render([], in: source) == "")
    }

    @Test func coloredOutputUsesANSIAndSeverityColours() {
        let error = TextDiagnosticRenderer(colored: true).render(comparison, in: source)
        #expect(error.contains("\u{1B}[1;31merror[TR0201]\u{1B}[0m"), Comment(rawValue: error))
        #expect(error.contains("\u{1B}[1;31m^^^^^^^\u{1B}[0m"), Comment(rawValue: error))
        #expect(error.contains("\u{1B}[1;36mnote\u{1B}[0m"), Comment(rawValue: error))
        let warning = Diagnostic(.betaEventCount, "old spelling", at: span(of: "tip", in: source))
        #expect(TextDiagnosticRenderer(colored: true).render(warning, in: source)
            .contains("\u{1B}[1;33mwarning[TR0502]\u{1B}[0m"))
        #expect(!TextDiagnosticRenderer().render(comparison, in: source).contains("\u{1B}"))
    }

    @Test func testShouldColor() {
        #expect(TextDiagnosticRenderer.shouldColor(isTerminal: true, environment: [:]))
        #expect(TextDiagnosticRenderer.shouldColor(isTerminal: true, environment: ["NO_COLOR": ""]))
        #expect(!TextDiagnosticRenderer.shouldColor(isTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(!TextDiagnosticRenderer.shouldColor(isTerminal: true, environment: ["TERM": "dumb"]))
        #expect(!TextDiagnosticRenderer.shouldColor(isTerminal: false, environment: [:]))
    }

    @Test func testSummary() {
        let error = Diagnostic(.unknownName, "e", at: .point(0))
        let warning = Diagnostic(.betaEventCount, "w", at: .point(0))
        let note = Diagnostic(.unknownName, "n", at: .point(0), severity: .note)
        #expect(TextDiagnosticRenderer.summary(of: []) == nil)
        #expect(TextDiagnosticRenderer.summary(of: [note]) == nil)
        #expect(TextDiagnosticRenderer.summary(of: [error]) == "1 error generated.")
        #expect(TextDiagnosticRenderer.summary(of: [warning, warning]) == "2 warnings generated.")
        #expect(TextDiagnosticRenderer.summary(of: [error, warning, error, warning, note]) == "2 errors, 2 warnings generated.")
        #expect(TextDiagnosticRenderer.summary(of: [error, warning]) == "1 error, 1 warning generated.")
    }

    // MARK: JSON

    @Test func jSONGolden() {
        let other = SourceFile(name: "b.tiprules", text: "é x")
        let warning = Diagnostic(.betaEventCount, "old", at: span(of: "x", in: other))
        let document = JSONDiagnosticRenderer.document(for: [(source, [comparison]), (other, [warning])])
        #expect(JSONWriter.string(from: document) == #"{"diagnostics":["#
            + #"{"file":"app.tiprules","severity":"error","code":"TR0201","#
            + #""message":"cannot compare 'Bool' with 'Int'","line":3,"column":31,"endLine":3,"endColumn":38,"#
            + #""notes":["'Bool' values compare only with 'Bool'","'isLoggedIn' is declared here (at 2:9)"],"#
            + #""fixes":[{"message":"replace with 'true'","applicability":"machineApplicable","edits":[{"line":3,"column":37,"endLine":3,"#
            + #""endColumn":38,"newText":"true"}]}]},"#
            + #"{"file":"b.tiprules","severity":"warning","code":"TR0502","message":"old","line":1,"column":3,"#
            + #""endLine":1,"endColumn":4,"notes":[],"fixes":[]}]}"#)
        #expect(JSONDiagnosticRenderer.document(for: []) == ["diagnostics": []])
    }

    // MARK: SARIF

    @Test func sARIFLog() throws {
        let second = Diagnostic(.mismatchedOperands, "again", at: span(of: "Self", in: source))
        let warning = Diagnostic(.betaEventCount, "old", at: span(of: "tip", in: source))
        let file = SourceFile(name: "/abs/my app.tiprules", text: "x")
        let third = Diagnostic(.unknownName, "x", at: .point(0))
        let log = SARIFDiagnosticRenderer.log(for: [(source, [comparison, second, warning]), (file, [third])],
                                              toolVersion: "1.2.3", informationURI: "https://example.com/tiprulec")
        // The log is valid JSON that survives a round trip.
        #expect(try JSONParser().parse(JSONWriter.string(from: log, style: .pretty)) == log)
        #expect(log["$schema"] == .string(SARIFDiagnosticRenderer.schemaURI))
        #expect(log["version"] == "2.1.0")
        let run = try #require(log["runs"]?.arrayValue?.first)
        #expect(run["columnKind"] == "unicodeCodePoints")
        let driver = try #require(run["tool"]?["driver"])
        #expect(driver["name"] == "tiprulec")
        #expect(driver["version"] == "1.2.3")
        #expect(driver["informationUri"] == "https://example.com/tiprulec")
        func rule(_ id: JSONValue, _ text: JSONValue, _ level: JSONValue) -> JSONValue {
            ["id": id, "shortDescription": ["text": text], "defaultConfiguration": ["level": level]]
        }
        #expect(driver["rules"] == [
            rule("TR0201", "Mismatched operands", "error"),
            rule("TR0302", "Unknown name", "error"),
            rule("TR0502", "Beta event count", "warning"),
        ])
        let results = try #require(run["results"]?.arrayValue)
        #expect(results.count == 4)
        let uri: JSONValue = ["uri": "app.tiprules"]
        #expect(results[0] == [
            "ruleId": "TR0201",
            "ruleIndex": 0,
            "level": "error",
            "message": ["text": "cannot compare 'Bool' with 'Int'\nnote: 'Bool' values compare only with 'Bool'"],
            "locations": [["physicalLocation": [
                "artifactLocation": uri,
                "region": ["startLine": 3, "startColumn": 31, "endLine": 3, "endColumn": 38],
            ]]],
            "relatedLocations": [[
                "id": 0,
                "message": ["text": "'isLoggedIn' is declared here"],
                "physicalLocation": [
                    "artifactLocation": uri,
                    "region": ["startLine": 2, "startColumn": 9, "endLine": 2, "endColumn": 19],
                ],
            ]],
            "fixes": [[
                "description": ["text": "replace with 'true'"],
                "artifactChanges": [[
                    "artifactLocation": uri,
                    "replacements": [[
                        "deletedRegion": ["startLine": 3, "startColumn": 37, "endLine": 3, "endColumn": 38],
                        "insertedContent": ["text": "true"],
                    ]],
                ]],
            ]],
        ])
        #expect(results[1]["ruleIndex"] == 0)
        #expect(results[1]["fixes"] == nil)
        #expect(results[1]["relatedLocations"] == nil)
        #expect(results[2]["level"] == "warning")
        #expect(results[2]["ruleIndex"] == 2)
        #expect(results[3]["locations"]?.arrayValue?.first?["physicalLocation"]?["artifactLocation"] == ["uri": "file:///abs/my%20app.tiprules"])
    }

    @Test func sARIFWithoutInformationURIAndCaseNames() {
        let log = SARIFDiagnosticRenderer.log(for: [], toolVersion: "0.1")
        let driver = log["runs"]?.arrayValue?.first?["tool"]?["driver"]
        #expect(driver?.objectValue?.keys == ["name", "version", "rules"])
        #expect(SARIFDiagnosticRenderer.caseNameInWords(.invalidUTF8) == "Invalid UTF8")
        #expect(SARIFDiagnosticRenderer.caseNameInWords(.unknownKeyPathField) == "Unknown key path field")
        #expect(SARIFDiagnosticRenderer.caseNameInWords(.nestingTooDeep) == "Nesting too deep")
    }
}
