import Testing
import TipRulesJSON

@Suite struct JSONWriterTests {
    private let sample: JSONValue = [
        "now": "2026-11-21T09:00:00Z",
        "tips": [["id": "FavoriteBackyardTip", "reason": .null, "display": false, "rules": []]],
        "widgets": [["score": 52.6, "duration": .number(1800), "empty": .object(JSONObject())]],
    ]

    @Test func compactKeepsInsertionOrderAndHasNoWhitespace() {
        #expect(JSONWriter.string(from: sample) == #"{"now":"2026-11-21T09:00:00Z","tips":[{"id":"FavoriteBackyardTip","reason":null,"#
                       + #""display":false,"rules":[]}],"widgets":[{"score":52.6,"duration":1800,"empty":{}}]}"#)
    }

    @Test func prettyIndentsByTwoSpaces() {
        let expected = """
        {
          "now": "2026-11-21T09:00:00Z",
          "tips": [
            {
              "id": "FavoriteBackyardTip",
              "reason": null,
              "display": false,
              "rules": []
            }
          ],
          "widgets": [
            {
              "score": 52.6,
              "duration": 1800,
              "empty": {}
            }
          ]
        }
        """
        #expect(JSONWriter.string(from: sample, style: .pretty) == expected)
    }

    @Test func scalarsAtTopLevel() {
        #expect(JSONWriter.string(from: .null, style: .pretty) == "null")
        #expect(JSONWriter.string(from: true) == "true")
        #expect(JSONWriter.string(from: .integer(-42)) == "-42")
        #expect(JSONWriter.string(from: .integer(Int.min)) == "-9223372036854775808")
        #expect(JSONWriter.string(from: [], style: .pretty) == "[]")
    }

    @Test func doublesPrintShortestAndIntegralWithoutFraction() throws {
        let cases: [(Double, String)] = [
            (1800, "1800"), (-3, "-3"), (0, "0"), (-0.0, "-0"), (0.1, "0.1"), (52.6, "52.6"),
            (1.0 / 3.0, "0.3333333333333333"), (1e300, "1e+300"), (1.5e-7, "1.5e-07"),
            (.leastNonzeroMagnitude, "5e-324"), (123_456_789_012_345, "123456789012345"), (1e16, "1e+16"),
            (.nan, "null"), (.infinity, "null"), (-.infinity, "null"),
        ]
        for (number, expected) in cases {
            #expect(JSONWriter.string(from: .number(number)) == expected, "\(number)")
            if number.isFinite {
                #expect(try JSONParser().parse(expected).doubleValue == number, "\(number) round trip")
            }
        }
    }

    @Test func stringsEscapeQuotesBackslashesAndControlCharacters() throws {
        let value = JSONValue.string("a\"b\\c/\n\r\t\u{08}\u{0C}\u{0}\u{1F}\u{7F}é😀")
        let written = JSONWriter.string(from: value)
        #expect(written == "\"a\\\"b\\\\c/\\n\\r\\t\\b\\f\\u0000\\u001F\u{7F}é😀\"")
        #expect(try JSONParser().parse(written) == value)
        #expect(JSONWriter.string(from: ["k\"ey": 1]) == #"{"k\"ey":1}"#)
    }

    @Test func roundTripThroughTheParser() throws {
        let exact: JSONValue = ["a": [1, -2.5, "é\n", .null, true, ["b": []]], "c": 1e-9]
        for style in [JSONWriter.Style.compact, .pretty] {
            #expect(try JSONParser().parse(JSONWriter.string(from: exact, style: style)) == exact)
            // An integral double comes back as an integer and prints the same.
            let written = JSONWriter.string(from: sample, style: style)
            #expect(JSONWriter.string(from: try JSONParser().parse(written), style: style) == written)
        }
    }

    @Test func deepValuesAreWrittenWithoutRecursion() {
        var value = JSONValue.integer(1)
        for _ in 0..<2_000 { value = [value] }
        let written = JSONWriter.string(from: value)
        #expect(written == String(repeating: "[", count: 2_000) + "1" + String(repeating: "]", count: 2_000))
    }

    @Test func objectReplacesInPlaceRemovesAndRejectsDuplicateInserts() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        object["a"] = "x"
        #expect(object.keys == ["a", "b", "c"])
        #expect(object["a"] == "x")
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
        #expect(object["c"] == 3)
        object["d"] = 4
        #expect(object.keys == ["a", "c", "d"])
        let insertedDuplicate = object.insert(5, forKey: "c")
        #expect(!insertedDuplicate)
        let insertedNew = object.insert(5, forKey: "e")
        #expect(insertedNew)
        #expect(object["c"] == 3)
        #expect(object.count == 4)
        #expect(JSONWriter.string(from: .object(object)) == #"{"a":"x","c":3,"d":4,"e":5}"#)
    }

    @Test func objectEqualityIgnoresOrder() {
        #expect((["a": 1, "b": 2] as JSONObject) == (["b": 2, "a": 1] as JSONObject))
        #expect((["a": 1, "b": 2] as JSONObject) != (["a": 1] as JSONObject))
        #expect((["a": 1] as JSONObject) != (["a": 2] as JSONObject))
        #expect(JSONObject([("a", 1), ("a", 2)]).entries.map(\.value) == [2])
        #expect(JSONValue.integer(1) != JSONValue.number(1))
    }

    @Test func accessorsAndKindDescriptions() {
        let value: JSONValue = ["b": true, "i": 3, "d": 2.5, "s": "x", "a": [], "n": .null]
        #expect(value["b"]?.boolValue == true)
        #expect(value["i"]?.intValue == 3)
        #expect(value["i"]?.doubleValue == 3)
        #expect(value["d"]?.intValue == nil)
        #expect(value["d"]?.doubleValue == 2.5)
        #expect(value["s"]?.stringValue == "x")
        #expect(value["a"]?.arrayValue == [])
        #expect(value["n"]?.isNull == true)
        #expect(value.objectValue?.count == 6)
        #expect(JSONValue.array([])["b"] == nil)
        #expect(["null", "a boolean", "an integer", "a number", "a string", "an array", "an object"] == [JSONValue.null, true, 1, 1.5, "s", [], [:]].map(\.kindDescription))
    }
}
