import Foundation
import Testing
@testable import TipRulesCompiler
import TipRulesTestSupport

/// No input makes the front end crash or hang: random bytes, every prefix of every
/// example, and expressions nested 100,000 deep all end in diagnostics.
@Suite struct RobustnessTests {
    @Test func randomBytesNeverCrash() {
        var generator = SplitMix64(seed: 42)
        let alphabet = Array("#Rule(Self.$x){}()[]\"\\$0 .?:!=<>&|+-*/%,;\n tip event parameter widget group 1_0 0x1F 2.5e-3 \u{1F426}é".utf8)
        for round in 0..<1500 {
            let length = Int.random(in: 0..<200, using: &generator)
            let bytes: [UInt8] = (0..<length).map { _ in
                round % 2 == 0 ? UInt8.random(in: 0...255, using: &generator) : alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
            }
            _ = Compilation(name: "random.tiprules", bytes: bytes)
        }
    }

    @Test func everyPrefixOfEveryExample() throws {
        let folder = repositoryRoot.path + "/examples"
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".tiprules") {
            let bytes = Array(try #require(FileManager.default.contents(atPath: folder + "/" + name)))
            for end in 0...bytes.count {
                let compilation = Compilation(name: name, bytes: Array(bytes[..<end]))
                if compilation.hasErrors { #expect(compilation.program == nil) }
            }
        }
    }

    private func assertTooDeep(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let found = codes(of: text)
        #expect(found.contains(.nestingTooDeep), "no nesting diagnostic: \(found.prefix(5))", sourceLocation: sourceLocation)
        #expect(found.count < 10, "one deep expression should not flood diagnostics", sourceLocation: sourceLocation)
    }

    private func rule(_ body: String) -> String {
        "parameter x: Int = 0\ntip T {\n title: \"t\"\n #Rule(Self.$x) { \(body) }\n}\n"
    }

    @Test func deepParenthesesAreADiagnostic() {
        let depth = 100_000
        assertTooDeep(rule(String(repeating: "(", count: depth) + "$0 > 1" + String(repeating: ")", count: depth)))
    }

    @Test func deepPrefixOperatorsAreADiagnostic() {
        assertTooDeep(rule(String(repeating: "!", count: 100_000) + "true"))
        assertTooDeep(rule(String(repeating: "-(", count: 100_000) + "1" + String(repeating: ")", count: 100_000) + " > 0"))
    }

    @Test func longOperatorChainsAreADiagnostic() {
        assertTooDeep(rule(Array(repeating: "$0", count: 100_000).joined(separator: " + ") + " > 0"))
        assertTooDeep(rule(Array(repeating: "true", count: 100_000).joined(separator: " ? true : ") + " ? true : false"))
        assertTooDeep(rule(Array(repeating: "Optional", count: 100_000).joined(separator: " ?? ")))
    }

    @Test func longMemberChainsAndClosuresAreADiagnostic() {
        assertTooDeep(rule("$0" + String(repeating: ".x", count: 100_000)))
        assertTooDeep(rule(String(repeating: "{", count: 100_000) + String(repeating: "}", count: 100_000)))
        assertTooDeep(rule(String(repeating: "f(", count: 100_000) + String(repeating: ")", count: 100_000)))
    }

    @Test func deeplyNestedCommentsAreFine() {
        let text = String(repeating: "/*", count: 100_000) + String(repeating: "*/", count: 100_000) + "\nparameter x: Int = 1\n"
        #expect(codes(of: text) == [])
        #expect(codes(of: String(repeating: "/*", count: 100_000)) == [.unterminatedComment])
    }

    @Test func nestingJustBelowTheLimitIsAccepted() {
        let depth = 200
        let text = rule(String(repeating: "(", count: depth) + "$0 > 1" + String(repeating: ")", count: depth))
        #expect(codes(of: text) == [])
    }

    @Test func testSourceTooLarge() {
        let bytes = [UInt8](repeating: UInt8(ascii: " "), count: Compilation.maximumSourceSize + 1)
        #expect(Compilation(name: "big.tiprules", bytes: bytes).diagnostics.map(\.code) == [.sourceTooLarge])
    }
}
