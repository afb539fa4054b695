import XCTest
import TipRulesCompiler
import TipRulesTooling

final class DiagnosticRendererTests: XCTestCase {
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
        XCTFail("\(needle) not found")
        return .point(0)
    }

    private var comparison: Diagnostic {
        Diagnostic(.mismatchedOperands, "cannot compare 'Bool' with 'Int'", at: span(of: "$0 == 1", in: source),
                   notes: [
                       DiagnosticNote("'Bool' values compare only with 'Bool'"),
                       DiagnosticNote("'isLoggedIn' is declared here", at: span(of: "isLoggedIn", in: source)),
                   ],
                   fixes: [.replace(span(of: "1", in: source), with: "true", "replace with 'true'")])
    }

    // MARK: Text

    func testTextGolden() {
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
        XCTAssertEqual(TextDiagnosticRenderer().render(comparison, in: source), expected)
    }

    func testGutterWidthFollowsTheLargestLineNumber() {
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
        XCTAssertEqual(TextDiagnosticRenderer().render(diagnostic, in: file), expected)
    }

    func testTabsMultiLineSpansAndUnicodeColumns() {
        let file = SourceFile(name: "t.tiprules", text: "\tlet é = (1 +\n\t\t2)\n")
        let multiLine = Diagnostic(.mismatchedBranches, "oops", at: span(of: "(1 +\n\t\t2)", in: file),
                                   severity: .warning)
        XCTAssertEqual(TextDiagnosticRenderer().render(multiLine, in: file), """
        t.tiprules:1:10: warning[TR0205]: oops
          |
        1 |     let é = (1 +
          |             ^^^^...

        """)
        let afterAccent = Diagnostic(.unknownName, "unknown", at: span(of: "=", in: file))
        XCTAssertEqual(TextDiagnosticRenderer().render(afterAccent, in: file), """
        t.tiprules:1:8: error[TR0302]: unknown
          |
        1 |     let é = (1 +
          |           ^

        """)
        let wholeLine = Diagnostic(.unknownName, "unknown", at: span(of: "\t\t2)\n", in: file))
        XCTAssertEqual(TextDiagnosticRenderer().render(wholeLine, in: file), """
        t.tiprules:2:1: error[TR0302]: unknown
          |
        2 |         2)
          | ^^^^^^^^^^

        """)
    }

    func testControlCharactersAndInvalidBytesAreNeutralised() {
        let bytes = Array("a\u{1B}[2J\u{202E}b".utf8) + [0xFF, 0x80] + Array("c".utf8)
        let file = SourceFile(name: "c.tiprules", bytes: bytes)
        let diagnostic = Diagnostic(.unexpectedCharacter, "bad", at: span(of: "c", in: file))
        XCTAssertEqual(TextDiagnosticRenderer().render(diagnostic, in: file), """
        c.tiprules:1:9: error[TR0002]: bad
          |
        1 | a\u{FFFD}[2J\u{FFFD}b\u{FFFD}c
          |         ^

        """)
    }

    func testSpansOutsideTheFileDoNotCrash() {
        let file = SourceFile(name: "e.tiprules", text: "")
        let diagnostic = Diagnostic(.expectedDeclaration, "empty", at: SourceSpan(start: 5, end: 900))
        XCTAssertEqual(TextDiagnosticRenderer().render(diagnostic, in: file), """
        e.tiprules:1:1: error[TR0102]: empty
          |
        1 |
          | ^

        """)
    }

    func testRandomSourcesAndSpansNeverCrash() {
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
                                        fixes: [.replace(span, with: "x", "f")])
            XCTAssertTrue(TextDiagnosticRenderer(colored: true).render(diagnostic, in: file).hasSuffix("\n"))
            XCTAssertNotNil(JSONDiagnosticRenderer.document(for: [(file, [diagnostic])])["diagnostics"])
            XCTAssertNotNil(SARIFDiagnosticRenderer.log(for: [(file, [diagnostic])], toolVersion: "0")["runs"])
        }
    }

    func testSeveralDiagnosticsAreSeparatedByBlankLines() {
        let first = Diagnostic(.unknownName, "one", at: span(of: "tip", in: source))
        let second = Diagnostic(.betaEventCount, "two", at: span(of: "var", in: source))
        let rendered = TextDiagnosticRenderer().render([first, second], in: source)
        XCTAssertTrue(rendered.contains("  | ^^^\n\napp.tiprules:2:5: warning[TR0502]: two\n"), rendered)
        XCTAssertEqual(TextDiagnosticRenderer().render([], in: source), "")
    }

    func testColoredOutputUsesANSIAndSeverityColours() {
        let error = TextDiagnosticRenderer(colored: true).render(comparison, in: source)
        XCTAssertTrue(error.contains("\u{1B}[1;31merror[TR0201]\u{1B}[0m"), error)
        XCTAssertTrue(error.contains("\u{1B}[1;31m^^^^^^^\u{1B}[0m"), error)
        XCTAssertTrue(error.contains("\u{1B}[1;36mnote\u{1B}[0m"), error)
        let warning = Diagnostic(.betaEventCount, "old spelling", at: span(of: "tip", in: source))
        XCTAssertTrue(TextDiagnosticRenderer(colored: true).render(warning, in: source)
            .contains("\u{1B}[1;33mwarning[TR0502]\u{1B}[0m"))
        XCTAssertFalse(TextDiagnosticRenderer().render(comparison, in: source).contains("\u{1B}"))
    }

    func testShouldColor() {
        XCTAssertTrue(TextDiagnosticRenderer.shouldColor(isTerminal: true, environment: [:]))
        XCTAssertTrue(TextDiagnosticRenderer.shouldColor(isTerminal: true, environment: ["NO_COLOR": ""]))
        XCTAssertFalse(TextDiagnosticRenderer.shouldColor(isTerminal: true, environment: ["NO_COLOR": "1"]))
        XCTAssertFalse(TextDiagnosticRenderer.shouldColor(isTerminal: true, environment: ["TERM": "dumb"]))
        XCTAssertFalse(TextDiagnosticRenderer.shouldColor(isTerminal: false, environment: [:]))
    }

    func testSummary() {
        let error = Diagnostic(.unknownName, "e", at: .point(0))
        let warning = Diagnostic(.betaEventCount, "w", at: .point(0))
        let note = Diagnostic(.unknownName, "n", at: .point(0), severity: .note)
        XCTAssertNil(TextDiagnosticRenderer.summary(of: []))
        XCTAssertNil(TextDiagnosticRenderer.summary(of: [note]))
        XCTAssertEqual(TextDiagnosticRenderer.summary(of: [error]), "1 error generated.")
        XCTAssertEqual(TextDiagnosticRenderer.summary(of: [warning, warning]), "2 warnings generated.")
        XCTAssertEqual(TextDiagnosticRenderer.summary(of: [error, warning, error, warning, note]),
                       "2 errors, 2 warnings generated.")
        XCTAssertEqual(TextDiagnosticRenderer.summary(of: [error, warning]), "1 error, 1 warning generated.")
    }

    // MARK: JSON

    func testJSONGolden() {
        let other = SourceFile(name: "b.tiprules", text: "é x")
        let warning = Diagnostic(.betaEventCount, "old", at: span(of: "x", in: other))
        let document = JSONDiagnosticRenderer.document(for: [(source, [comparison]), (other, [warning])])
        XCTAssertEqual(JSONWriter.string(from: document), #"{"diagnostics":["#
            + #"{"file":"app.tiprules","severity":"error","code":"TR0201","#
            + #""message":"cannot compare 'Bool' with 'Int'","line":3,"column":31,"endLine":3,"endColumn":38,"#
            + #""notes":["'Bool' values compare only with 'Bool'","'isLoggedIn' is declared here (at 2:9)"],"#
            + #""fixes":[{"message":"replace with 'true'","edits":[{"line":3,"column":37,"endLine":3,"#
            + #""endColumn":38,"newText":"true"}]}]},"#
            + #"{"file":"b.tiprules","severity":"warning","code":"TR0502","message":"old","line":1,"column":3,"#
            + #""endLine":1,"endColumn":4,"notes":[],"fixes":[]}]}"#)
        XCTAssertEqual(JSONDiagnosticRenderer.document(for: []), ["diagnostics": []])
    }

    // MARK: SARIF

    func testSARIFLog() throws {
        let second = Diagnostic(.mismatchedOperands, "again", at: span(of: "Self", in: source))
        let warning = Diagnostic(.betaEventCount, "old", at: span(of: "tip", in: source))
        let file = SourceFile(name: "/abs/my app.tiprules", text: "x")
        let third = Diagnostic(.unknownName, "x", at: .point(0))
        let log = SARIFDiagnosticRenderer.log(for: [(source, [comparison, second, warning]), (file, [third])],
                                              toolVersion: "1.2.3", informationURI: "https://example.com/tiprulec")
        // The log is valid JSON that survives a round trip.
        XCTAssertEqual(try JSONParser().parse(JSONWriter.string(from: log, style: .pretty)), log)
        XCTAssertEqual(log["$schema"], .string(SARIFDiagnosticRenderer.schemaURI))
        XCTAssertEqual(log["version"], "2.1.0")
        let run = try XCTUnwrap(log["runs"]?.arrayValue?.first)
        XCTAssertEqual(run["columnKind"], "unicodeCodePoints")
        let driver = try XCTUnwrap(run["tool"]?["driver"])
        XCTAssertEqual(driver["name"], "tiprulec")
        XCTAssertEqual(driver["version"], "1.2.3")
        XCTAssertEqual(driver["informationUri"], "https://example.com/tiprulec")
        func rule(_ id: JSONValue, _ text: JSONValue, _ level: JSONValue) -> JSONValue {
            ["id": id, "shortDescription": ["text": text], "defaultConfiguration": ["level": level]]
        }
        XCTAssertEqual(driver["rules"], [
            rule("TR0201", "Mismatched operands", "error"),
            rule("TR0302", "Unknown name", "error"),
            rule("TR0502", "Beta event count", "warning"),
        ])
        let results = try XCTUnwrap(run["results"]?.arrayValue)
        XCTAssertEqual(results.count, 4)
        let uri: JSONValue = ["uri": "app.tiprules"]
        XCTAssertEqual(results[0], [
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
        XCTAssertEqual(results[1]["ruleIndex"], 0)
        XCTAssertNil(results[1]["fixes"])
        XCTAssertNil(results[1]["relatedLocations"])
        XCTAssertEqual(results[2]["level"], "warning")
        XCTAssertEqual(results[2]["ruleIndex"], 2)
        XCTAssertEqual(results[3]["locations"]?.arrayValue?.first?["physicalLocation"]?["artifactLocation"],
                       ["uri": "file:///abs/my%20app.tiprules"])
    }

    func testSARIFWithoutInformationURIAndCaseNames() {
        let log = SARIFDiagnosticRenderer.log(for: [], toolVersion: "0.1")
        let driver = log["runs"]?.arrayValue?.first?["tool"]?["driver"]
        XCTAssertEqual(driver?.objectValue?.keys, ["name", "version", "rules"])
        XCTAssertEqual(SARIFDiagnosticRenderer.caseNameInWords(.invalidUTF8), "Invalid UTF8")
        XCTAssertEqual(SARIFDiagnosticRenderer.caseNameInWords(.unknownKeyPathField), "Unknown key path field")
        XCTAssertEqual(SARIFDiagnosticRenderer.caseNameInWords(.nestingTooDeep), "Nesting too deep")
    }
}
