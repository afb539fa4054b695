import Testing
import TipRulesRuntime
@testable import TipRulesCompiler

/// Swift's typing rules as the checker applies them.
@Suite struct CheckerTests {
    private let prelude = """
    parameter isLoggedIn: Bool = false
    parameter visits: Int = 0
    parameter ratio: Double = 0.5
    parameter plan: String = "free"
    parameter joined: Date = Date(timeIntervalSince1970: 0)
    event purchase(amount: Double, category: String, items: Int)
    event appOpened

    """

    private func rule(_ inputs: String, _ body: String) -> String {
        prelude + "tip T {\n title: \"t\"\n #Rule(\(inputs)) { \(body) }\n}\n"
    }

    private func assertValid(_ inputs: String, _ body: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let found = diagnostics(of: rule(inputs, body))
        #expect(found.map(\.message) == [], sourceLocation: sourceLocation)
    }

    private func assertCodes(_ inputs: String, _ body: String, _ expected: [DiagnosticCode],
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(codes(of: rule(inputs, body)) == expected, sourceLocation: sourceLocation)
    }

    @Test func literalsTakeTheirTypeFromContext() {
        assertValid("Self.purchase", "$0.donations.filter { $0.amount > 50 }.count > 2")
        assertValid("Self.$ratio", "$0 * 2 + 1 > 3")
        assertValid("Self.$visits", "$0 % 3 == 1")
        assertValid("Self.purchase", "$0.donations.donatedWithin(3600).count > 0")
        assertValid("Self.$joined", "now - $0 > 86400")
    }

    @Test func intAndDoubleDoNotMix() {
        let found = diagnostics(of: rule("Self.$visits, Self.$ratio", "$0 > $1"))
        #expect(found.map(\.code) == [.mixedNumericTypes])
        #expect(found.first?.fixes.first?.edits.map(\.newText) == ["Double(", ")"])
        assertValid("Self.$visits, Self.$ratio", "Double($0) > $1")
        assertValid("Self.$visits, Self.$ratio", "$0 > Int($1)")
    }

    @Test func optionals() {
        assertValid("Self.purchase", "($0.donations.last?.amount ?? 0) > 5")
        assertValid("Self.purchase", "$0.donations.last?.category.lowercased() == \"food\"")
        assertValid("Self.purchase", "$0.donations.first != nil")
        assertValid("Self.purchase", "$0.donations.max(of: \\.amount) == 3.5")
        assertCodes("Self.purchase", "$0.donations.last.amount > 5", [.optionalNotUnwrapped])
        assertCodes("Self.purchase", "$0.donations.count?.x == 1", [.chainOnNonOptional])
        assertCodes("Self.purchase", "($0.donations.count ?? 1) > 0", [.coalesceOnNonOptional])
        assertCodes("Self.purchase", "$0.donations.count != nil", [.nilComparisonNonOptional])
        assertCodes("Self.purchase", "$0.donations.max(of: \\.amount) > 3", [.optionalNotUnwrapped])
    }

    @Test func ruleInputs() {
        assertValid("Self.$isLoggedIn, Self.appOpened", "$0 || $1.donations.count > 10")
        assertValid("$isLoggedIn", "$0")
        assertValid("appOpened", "$0.donations.isEmpty")
        assertCodes("Self.isLoggedIn", "$0", [.wrongRuleInputKind])
        assertCodes("Self.$appOpened", "true", [.wrongRuleInputKind])
        assertCodes("Self.$isLoggedIn", "$1", [.inputIndexOutOfRange])
        assertCodes("Self.$isLoggedIn", "$0 == 1", [.mismatchedOperands])
        assertCodes("Self.$visits", "$0", [.ruleNotBool])
    }

    @Test func donationCollections() {
        assertValid("Self.purchase", "$0.donations.largestSubset(groupedBy: \\.category).count >= 3")
        assertValid("Self.purchase", "$0.donations.smallestSubset(groupedBy: \\.items).isEmpty")
        assertValid("Self.purchase", "$0.donations.contains(where: { $0.items > 2 })")
        assertValid("Self.purchase", "$0.donations.contains { $0.items > 2 }")
        assertValid("Self.purchase", "$0.donations.allSatisfy { $0.category.hasPrefix(\"g\") }")
        assertValid("Self.purchase", "$0.donations.sum(of: \\.items) > 10 && $0.donations.sum(of: \\.amount) > 1.5")
        assertValid("Self.purchase", "$0.donations.filter { $0.date > now.addingTimeInterval(-3600) }.count > 1")
        assertCodes("Self.purchase", "$0.donations.sum(of: \\.category) > 0", [.unsuitableKeyPathField])
        assertCodes("Self.purchase", "$0.donations.largestSubset(groupedBy: \\.kind).count > 0", [.unknownKeyPathField])
        assertCodes("Self.purchase", "$0.donations.donatedWithin(.days(5), 3).count > 0", [.wrongArguments])
    }

    @Test func checkedTreeIsResolvedToIndices() throws {
        let program = try #require(checkedProgram(rule("Self.purchase", "$0.donations.donatedWithin(.days(5)).count >= 3")))
        let body = program.tips[0].rules[0].body
        guard case .binary(.compare(.greaterOrEqual, .int), let count, let three) = body.kind,
              case .count(let window) = count.kind,
              case .donatedWithin(let all, let range) = window.kind,
              case .donations(event: 0) = all.kind else {
            Issue.record("unexpected tree \(body.kind)")
            return
        }
        #expect(range.kind == .constant(.duration(432_000)))
        #expect(three.kind == .constant(.int(3)))
    }

    @Test func declarations() {
        #expect(codes(of: "parameter a: Int = 1\nevent a\n") == [.duplicateDeclaration])
        #expect(codes(of: "parameter a: Integer = 1\n") == [.unknownType])
        #expect(codes(of: "parameter a: Int\n") == [.nonConstantDefault])
        #expect(codes(of: "parameter a: Int = 60 * 60\n") == [])
        #expect(codes(of: "parameter a: Int = now\n") == [.typeMismatch])
        #expect(codes(of: "event e(date: Date)\n") == [.reservedFieldName])
        #expect(codes(of: "event e(a: Int, a: Int)\n") == [.duplicateField])
        #expect(codes(of: "event e limit(maximumCount: 3, maximumAge: .days(2))\n") == [])
        #expect(codes(of: "event e limit(maxCount: 3)\n") == [.invalidEventLimit])
        #expect(codes(of: "tip A { title: \"a\" }\ngroup G(.ordered) { A, B }\n") == [.unknownName])
        #expect(codes(of: "parameter p: Int = 1\ngroup G { p }\n") == [.groupMemberNotTip])
        #expect(codes(of: "configure { displayFrequency(.daly) }\n") == [.unknownDisplayFrequency])
        #expect(codes(of: "configure { displayFrequency(7200) }\n") == [])
        #expect(codes(of: "configure { displayFrequency(60 * 60) }\n") == [])
        #expect(codes(of: "event e\nwidget W { relevance { score: e.donations.donatedWithin(60 * 60 * 2.5).count\n duration: 30 * 60 } }\n") == [])
        #expect(codes(of: "parameter m: Int = -9223372036854775808\n") == [])
        #expect(codes(of: "parameter true: Bool = false\n") == [.expectedToken])
        #expect(codes(of: "tip A { title: \"a\"\n options { MaxDisplayCount(-1) } }\n") == [.invalidOptionValue])
        #expect(codes(of: "tip A { title: \"a\"\n options { MaxDisplayCont(1) } }\n") == [.unknownOption])
        #expect(codes(of: "widget W { relevance { duration: 5 } }\n") == [.missingScore])
    }

    @Test func recoveryFindsSeveralUnrelatedErrorsInOnePass() {
        let text = """
        parameter isLoggedIn: Bool = false
        event opened(count: Int)

        tip A {
            title: "A"
            #Rule(Self.$isLoggedIn) { $0 == 1 }
            #Rule(Self.opened) { $0.donations.count > }
        }

        tip B {
            title: "B"
            #Rule(Self.opend) { $0.donations.isEmpty }
        }
        """
        #expect(codes(of: text) == [.mismatchedOperands, .expectedExpression, .unknownName])
    }
}
