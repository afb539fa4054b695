import XCTest
import TipRulesTooling

final class JSONWriterTests: XCTestCase {
    private let sample: JSONValue = [
        "now": "2026-11-21T09:00:00Z",
        "tips": [["id": "FavoriteBackyardTip", "reason": .null, "display": false, "rules": []]],
        "widgets": [["score": 52.6, "duration": .number(1800), "empty": .object(JSONObject())]],
    ]

    func testCompactKeepsInsertionOrderAndHasNoWhitespace() {
        XCTAssertEqual(JSONWriter.string(from: sample),
                       #"{"now":"2026-11-21T09:00:00Z","tips":[{"id":"FavoriteBackyardTip","reason":null,"#
                       + #""display":false,"rules":[]}],"widgets":[{"score":52.6,"duration":1800,"empty":{}}]}"#)
    }

    func testPrettyIndentsByTwoSpaces() {
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
        XCTAssertEqual(JSONWriter.string(from: sample, style: .pretty), expected)
    }

    func testScalarsAtTopLevel() {
        XCTAssertEqual(JSONWriter.string(from: .null, style: .pretty), "null")
        XCTAssertEqual(JSONWriter.string(from: true), "true")
        XCTAssertEqual(JSONWriter.string(from: .integer(-42)), "-42")
        XCTAssertEqual(JSONWriter.string(from: .integer(Int.min)), "-9223372036854775808")
        XCTAssertEqual(JSONWriter.string(from: [], style: .pretty), "[]")
    }

    func testDoublesPrintShortestAndIntegralWithoutFraction() {
        let cases: [(Double, String)] = [
            (1800, "1800"), (-3, "-3"), (0, "0"), (-0.0, "-0"), (0.1, "0.1"), (52.6, "52.6"),
            (1.0 / 3.0, "0.3333333333333333"), (1e300, "1e+300"), (1.5e-7, "1.5e-07"),
            (.leastNonzeroMagnitude, "5e-324"), (123_456_789_012_345, "123456789012345"), (1e16, "1e+16"),
            (.nan, "null"), (.infinity, "null"), (-.infinity, "null"),
        ]
        for (number, expected) in cases {
            XCTAssertEqual(JSONWriter.string(from: .number(number)), expected, "\(number)")
            if number.isFinite {
                XCTAssertEqual(try JSONParser().parse(expected).doubleValue, number, "\(number) round trip")
            }
        }
    }

    func testStringsEscapeQuotesBackslashesAndControlCharacters() {
        let value = JSONValue.string("a\"b\\c/\n\r\t\u{08}\u{0C}\u{0}\u{1F}\u{7F}é😀")
        let written = JSONWriter.string(from: value)
        XCTAssertEqual(written, "\"a\\\"b\\\\c/\\n\\r\\t\\b\\f\\u0000\\u001F\u{7F}é😀\"")
        XCTAssertEqual(try JSONParser().parse(written), value)
        XCTAssertEqual(JSONWriter.string(from: ["k\"ey": 1]), #"{"k\"ey":1}"#)
    }

    func testRoundTripThroughTheParser() throws {
        let exact: JSONValue = ["a": [1, -2.5, "é\n", .null, true, ["b": []]], "c": 1e-9]
        for style in [JSONWriter.Style.compact, .pretty] {
            XCTAssertEqual(try JSONParser().parse(JSONWriter.string(from: exact, style: style)), exact)
            // An integral double comes back as an integer and prints the same.
            let written = JSONWriter.string(from: sample, style: style)
            XCTAssertEqual(JSONWriter.string(from: try JSONParser().parse(written), style: style), written)
        }
    }

    func testDeepValuesAreWrittenWithoutRecursion() {
        var value = JSONValue.integer(1)
        for _ in 0..<2_000 { value = [value] }
        let written = JSONWriter.string(from: value)
        XCTAssertEqual(written, String(repeating: "[", count: 2_000) + "1" + String(repeating: "]", count: 2_000))
    }

    func testObjectReplacesInPlaceRemovesAndRejectsDuplicateInserts() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        object["a"] = "x"
        XCTAssertEqual(object.keys, ["a", "b", "c"])
        XCTAssertEqual(object["a"], "x")
        object["b"] = nil
        XCTAssertEqual(object.keys, ["a", "c"])
        XCTAssertEqual(object["c"], 3)
        object["d"] = 4
        XCTAssertEqual(object.keys, ["a", "c", "d"])
        XCTAssertFalse(object.insert(5, forKey: "c"))
        XCTAssertTrue(object.insert(5, forKey: "e"))
        XCTAssertEqual(object["c"], 3)
        XCTAssertEqual(object.count, 4)
        XCTAssertEqual(JSONWriter.string(from: .object(object)), #"{"a":"x","c":3,"d":4,"e":5}"#)
    }

    func testObjectEqualityIgnoresOrder() {
        XCTAssertEqual(["a": 1, "b": 2] as JSONObject, ["b": 2, "a": 1] as JSONObject)
        XCTAssertNotEqual(["a": 1, "b": 2] as JSONObject, ["a": 1] as JSONObject)
        XCTAssertNotEqual(["a": 1] as JSONObject, ["a": 2] as JSONObject)
        XCTAssertEqual(JSONObject([("a", 1), ("a", 2)]).entries.map(\.value), [2])
        XCTAssertNotEqual(JSONValue.integer(1), JSONValue.number(1))
    }

    func testAccessorsAndKindDescriptions() {
        let value: JSONValue = ["b": true, "i": 3, "d": 2.5, "s": "x", "a": [], "n": .null]
        XCTAssertEqual(value["b"]?.boolValue, true)
        XCTAssertEqual(value["i"]?.intValue, 3)
        XCTAssertEqual(value["i"]?.doubleValue, 3)
        XCTAssertNil(value["d"]?.intValue)
        XCTAssertEqual(value["d"]?.doubleValue, 2.5)
        XCTAssertEqual(value["s"]?.stringValue, "x")
        XCTAssertEqual(value["a"]?.arrayValue, [])
        XCTAssertEqual(value["n"]?.isNull, true)
        XCTAssertEqual(value.objectValue?.count, 6)
        XCTAssertNil(JSONValue.array([])["b"])
        XCTAssertEqual(["null", "a boolean", "an integer", "a number", "a string", "an array", "an object"],
                       [JSONValue.null, true, 1, 1.5, "s", [], [:]].map(\.kindDescription))
    }
}
