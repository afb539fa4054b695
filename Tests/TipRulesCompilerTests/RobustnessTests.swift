import Foundation
import XCTest
@testable import TipRulesCompiler

/// No input makes the front end crash or hang: random bytes, every prefix of every
/// example, and expressions nested 100,000 deep all end in diagnostics.
final class RobustnessTests: XCTestCase {
    func testRandomBytesNeverCrash() {
        var generator = SeededGenerator(state: 42)
        let alphabet = Array("#Rule(Self.$x){}()[]\"\\$0 .?:!=<>&|+-*/%,;\n tip event parameter widget group 1_0 0x1F 2.5e-3 \u{1F426}é".utf8)
        for round in 0..<1500 {
            let length = Int.random(in: 0..<200, using: &generator)
            let bytes: [UInt8] = (0..<length).map { _ in
                round % 2 == 0 ? UInt8.random(in: 0...255, using: &generator) : alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
            }
            _ = Compilation(name: "random.tiprules", bytes: bytes)
        }
    }

    func testEveryPrefixOfEveryExample() throws {
        let folder = repositoryRoot + "/examples"
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".tiprules") {
            let bytes = Array(try XCTUnwrap(FileManager.default.contents(atPath: folder + "/" + name)))
            for end in 0...bytes.count {
                let compilation = Compilation(name: name, bytes: Array(bytes[..<end]))
                if compilation.hasErrors { XCTAssertNil(compilation.program) }
            }
        }
    }

    private func assertTooDeep(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let found = codes(of: text)
        XCTAssertTrue(found.contains(.nestingTooDeep), "no nesting diagnostic: \(found.prefix(5))", file: file, line: line)
        XCTAssertLessThan(found.count, 10, "one deep expression should not flood diagnostics", file: file, line: line)
    }

    private func rule(_ body: String) -> String {
        "parameter x: Int = 0\ntip T {\n title: \"t\"\n #Rule(Self.$x) { \(body) }\n}\n"
    }

    func testDeepParenthesesAreADiagnostic() {
        let depth = 100_000
        assertTooDeep(rule(String(repeating: "(", count: depth) + "$0 > 1" + String(repeating: ")", count: depth)))
    }

    func testDeepPrefixOperatorsAreADiagnostic() {
        assertTooDeep(rule(String(repeating: "!", count: 100_000) + "true"))
        assertTooDeep(rule(String(repeating: "-(", count: 100_000) + "1" + String(repeating: ")", count: 100_000) + " > 0"))
    }

    func testLongOperatorChainsAreADiagnostic() {
        assertTooDeep(rule(Array(repeating: "$0", count: 100_000).joined(separator: " + ") + " > 0"))
        assertTooDeep(rule(Array(repeating: "true", count: 100_000).joined(separator: " ? true : ") + " ? true : false"))
        assertTooDeep(rule(Array(repeating: "Optional", count: 100_000).joined(separator: " ?? ")))
    }

    func testLongMemberChainsAndClosuresAreADiagnostic() {
        assertTooDeep(rule("$0" + String(repeating: ".x", count: 100_000)))
        assertTooDeep(rule(String(repeating: "{", count: 100_000) + String(repeating: "}", count: 100_000)))
        assertTooDeep(rule(String(repeating: "f(", count: 100_000) + String(repeating: ")", count: 100_000)))
    }

    func testDeeplyNestedCommentsAreFine() {
        let text = String(repeating: "/*", count: 100_000) + String(repeating: "*/", count: 100_000) + "\nparameter x: Int = 1\n"
        XCTAssertEqual(codes(of: text), [])
        XCTAssertEqual(codes(of: String(repeating: "/*", count: 100_000)), [.unterminatedComment])
    }

    func testNestingJustBelowTheLimitIsAccepted() {
        let depth = 200
        let text = rule(String(repeating: "(", count: depth) + "$0 > 1" + String(repeating: ")", count: depth))
        XCTAssertEqual(codes(of: text), [])
    }

    func testSourceTooLarge() {
        let bytes = [UInt8](repeating: UInt8(ascii: " "), count: Compilation.maximumSourceSize + 1)
        XCTAssertEqual(Compilation(name: "big.tiprules", bytes: bytes).diagnostics.map(\.code), [.sourceTooLarge])
    }
}
