import Testing
import TipRulesJSON
import TipRulesTestSupport

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONParser().parse(text)
    }

    /// The description of the error that parsing `bytes` throws, or a failure.
    private func errorDescription(_ bytes: [UInt8], maximumDepth: Int = JSONParser.defaultMaximumDepth,
                                  sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String? {
        do {
            let value = try JSONParser(maximumDepth: maximumDepth).parse(bytes)
            Issue.record("expected an error, parsed \(value)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error.description
        }
    }

    private func errorDescription(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String? {
        errorDescription(Array(text.utf8), sourceLocation: sourceLocation)
    }

    @Test func scalars() throws {
        #expect(try parse("null") == .null)
        #expect(try parse("true") == .bool(true))
        #expect(try parse(" false\n") == .bool(false))
        #expect(try parse("\"hi\"") == .string("hi"))
    }

    @Test func integersAndNumbers() throws {
        #expect(try parse("0") == .integer(0))
        #expect(try parse("-0") == .integer(0))
        #expect(try parse("42") == .integer(42))
        #expect(try parse("-17") == .integer(-17))
        #expect(try parse("9223372036854775807") == .integer(Int.max))
        #expect(try parse("-9223372036854775808") == .integer(Int.min))
        #expect(try parse("9223372036854775808") == .number(9_223_372_036_854_775_808))
        #expect(try parse("1.5") == .number(1.5))
        #expect(try parse("1800.0") == .number(1800))
        #expect(try parse("1e3") == .number(1000))
        #expect(try parse("-2.5E-2") == .number(-0.025))
        #expect(try parse("1e+2") == .number(100))
        #expect(try parse("1e-400") == .number(0))
        #expect(try parse("52.6").doubleValue == 52.6)
        #expect(try parse("3").doubleValue == 3)
    }

    @Test func stringEscapes() throws {
        #expect(try parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{08}\u{0C}\n\r\t"))
        #expect(try parse(#""\u00e9\u00C9\u0000""#) == .string("éÉ\u{0}"))
        #expect(try parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try parse("\"é😀\u{2028}\"") == .string("é😀\u{2028}"))
    }

    @Test func objectsKeepOrderAndArraysNest() throws {
        let value = try parse(#"{"z": 1, "a": [true, null, {"k": "v"}], "m": {}}"#)
        #expect(value.objectValue?.keys == ["z", "a", "m"])
        #expect(value["z"] == .integer(1))
        #expect(value["a"]?.arrayValue?.count == 3)
        #expect(value["a"]?.arrayValue?[2]["k"] == .string("v"))
        #expect(value["m"] == .object(JSONObject()))
        #expect(value["missing"] == nil)
        #expect(try parse(" [ ] ") == .array([]))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try JSONParser().parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.integer(1)]))
    }

    @Test func malformedDocumentsReportLineColumnAndReason() {
        let cases: [(String, String)] = [
            ("", "line 1, column 1: expected a value, found end of input"),
            ("   ", "line 1, column 4: expected a value, found end of input"),
            ("[1,]", "line 1, column 4: expected a value, found ']'"),
            (#"{"a":1,}"#, "line 1, column 8: expected a string key, found '}'"),
            (#"{a:1}"#, "line 1, column 2: expected a string key, found 'a'"),
            (#"{"a" 1}"#, "line 1, column 6: expected ':' after object key, found '1'"),
            (#"{"a":1 "b":2}"#, "line 1, column 8: expected ',' or '}' after object member, found '\"'"),
            ("{\n  \"a\": 1\n  \"b\": 2\n}", "line 3, column 3: expected ',' or '}' after object member, found '\"'"),
            ("[1 2]", "line 1, column 4: expected ',' or ']' after array element, found '2'"),
            ("[1", "line 1, column 3: expected ',' or ']' after array element, found end of input"),
            ("01", "line 1, column 1: numbers must not have leading zeros"),
            ("-01", "line 1, column 1: numbers must not have leading zeros"),
            ("-", "line 1, column 2: expected a digit after '-', found end of input"),
            ("-a", "line 1, column 2: expected a digit after '-', found 'a'"),
            ("1.", "line 1, column 3: expected a digit after the decimal point, found end of input"),
            (".5", "line 1, column 1: expected a value, found '.'"),
            ("1e", "line 1, column 3: expected a digit in the exponent, found end of input"),
            ("1e+", "line 1, column 4: expected a digit in the exponent, found end of input"),
            ("1e400", "line 1, column 1: number is too large"),
            ("-1e400", "line 1, column 1: number is too large"),
            ("tru", "line 1, column 1: invalid literal, expected 'true'"),
            ("nul", "line 1, column 1: invalid literal, expected 'null'"),
            ("True", "line 1, column 1: expected a value, found 'T'"),
            ("NaN", "line 1, column 1: expected a value, found 'N'"),
            ("'a'", "line 1, column 1: expected a value, found '''"),
            ("\"abc", "line 1, column 1: unterminated string"),
            ("[\"abc\\", "line 1, column 2: unterminated string"),
            ("\"a\nb\"", "line 1, column 3: control character U+000A must be escaped in a string"),
            ("\"a\tb\"", "line 1, column 3: control character U+0009 must be escaped in a string"),
            (#""\x""#, "line 1, column 2: invalid escape '\\x' in string"),
            (#""\u12""#, "line 1, column 6: expected 4 hexadecimal digits after '\\u', found '\"'"),
            (#""\uZZZZ""#, "line 1, column 4: expected 4 hexadecimal digits after '\\u', found 'Z'"),
            (#""\ud800""#, "line 1, column 2: unpaired surrogate '\\uD800' in string"),
            (#""\udc00""#, "line 1, column 2: unpaired surrogate '\\uDC00' in string"),
            (#""\ud800\u0041""#, "line 1, column 2: unpaired surrogate '\\uD800' in string"),
            (#"{"a":1,"a":2}"#, "line 1, column 8: duplicate key \"a\" in object"),
            (#"{"a":{"b":1,"b":1}}"#, "line 1, column 13: duplicate key \"b\" in object"),
            ("[] x", "line 1, column 4: unexpected 'x' after the JSON value"),
            ("1 2", "line 1, column 3: unexpected '2' after the JSON value"),
            ("{}}", "line 1, column 3: unexpected '}' after the JSON value"),
            ("[\"é\" x]", "line 1, column 6: expected ',' or ']' after array element, found 'x'"),
            ("\u{201C}a\u{201D}", "line 1, column 1: expected a value, found '\u{201C}' (U+201C)"),
            ("[1,\u{0}]", "line 1, column 4: expected a value, found U+0000"),
        ]
        for (input, expected) in cases {
            #expect(errorDescription(input) == expected, "input: \(input.debugDescription)")
        }
    }

    @Test func invalidUTF8IsRejected() {
        #expect(errorDescription([0x22, 0xC3, 0x28, 0x22]) == "line 1, column 2: invalid UTF-8 byte 0xC3 in string")
        #expect(errorDescription([0x22, 0xC0, 0xAF, 0x22]) == "line 1, column 2: invalid UTF-8 byte 0xC0 in string", "overlong encoding")
        #expect(errorDescription([0x22, 0xED, 0xA0, 0x80, 0x22]) == "line 1, column 2: invalid UTF-8 byte 0xED in string", "encoded surrogate")
        #expect(errorDescription([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22]) == "line 1, column 2: invalid UTF-8 byte 0xF4 in string", "above U+10FFFF")
        #expect(errorDescription([0x22, 0xE2, 0x82]) == "line 1, column 2: invalid UTF-8 byte 0xE2 in string", "truncated sequence")
        #expect(errorDescription([0xFF]) == "line 1, column 1: expected a value, found invalid UTF-8 byte 0xFF")
    }

    @Test func errorCarriesPosition() {
        do {
            _ = try JSONParser().parse("[\n  1,\n  x]")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 3)
            #expect(error.column == 3)
            #expect(error.offset == 9)
            #expect(error.message == "expected a value, found 'x'")
        }
    }

    @Test func nestingUpToTheLimitIsAccepted() throws {
        let depth = JSONParser.defaultMaximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try parse(text)
        var levels = 0
        while let inner = value.arrayValue {
            levels += 1
            value = inner.first ?? .null
        }
        #expect(levels == depth)
    }

    @Test func nestingBeyondTheLimitIsAnError() {
        let depth = JSONParser.defaultMaximumDepth + 1
        let message = "arrays and objects are nested more than 512 deep"
        #expect(errorDescription(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)) == "line 1, column 513: \(message)")
        let objects = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
        #expect(errorDescription(objects) == "line 1, column \(512 * 5 + 1): \(message)")
        #expect(errorDescription(Array("[{\"a\":[]}]".utf8), maximumDepth: 2) == "line 1, column 7: arrays and objects are nested more than 2 deep")
    }

    @Test func hundredThousandOpeningBracketsIsAnErrorNotACrash() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        #expect(errorDescription(bytes) == "line 1, column 513: arrays and objects are nested more than 512 deep")
        let unlimited = JSONParser(maximumDepth: .max)
        let error = try #require(throws: (any Error).self) { try unlimited.parse(bytes) }
        #expect((error as? JSONParseError)?.message == "expected a value, found end of input")
    }

    @Test func randomBytesNeverCrash() {
        var random = SplitMix64(seed: 0x7469_7072_756C_6563)
        let alphabet = Array("{}[]:,\"\\/ \n\t-+.0123456789eEtrufalsn\u{e9}".utf8)
            + [0x00, 0x1F, 0x80, 0xC3, 0xED, 0xF0, 0xFF]
        let seeds = [#"{"a": [1, 2.5, -3e2, "x\u00e9"], "b": {"c": null, "d": true}}"#,
                     "[[[[]]]]", #""\ud83d\ude00""#]
        for round in 0..<3_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                let count = Int(random.next() % 48)
                bytes = (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            } else {
                bytes = Array(seeds[round % seeds.count].utf8)
                for _ in 0..<(1 + Int(random.next() % 3)) where !bytes.isEmpty {
                    bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
                }
            }
            if let value = try? JSONParser().parse(bytes) {
                let written = JSONWriter.string(from: value)
                let reparsed = try? JSONParser().parse(written)
                #expect(reparsed.map { JSONWriter.string(from: $0) } == written, "bytes: \(bytes)")
            }
        }
    }
}
