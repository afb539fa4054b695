import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// Whatever the bytes, loading ends in an error or a program, and evaluating a program ends in
/// a result: never a crash or a hang. Each corruption is tried as is (the checksum catches it)
/// and with the header resealed, so the decoder and the verifier are what is tested.
@Suite struct RobustnessTests {
    static let source = """
    configure { displayFrequency(.daily) }
    parameter isLoggedIn: Bool = false
    parameter plan: String = "free"
    parameter limit: Int = 3
    event visit(place: Int, name: String)
    event purchase(amount: Double, category: String, at: Date) limit(maximumCount: 4, maximumAge: .days(2))

    tip Favorite {
        title: "Favorite"
        #Rule(Self.$isLoggedIn, Self.visit) { $0 || $1.donations.donatedWithin(.days(5)).largestSubset(groupedBy: \\.place).count >= 3 }
        #Rule(Self.visit) { $0.donations.smallestSubset(groupedBy: \\.name).last?.name.lowercased().hasPrefix("b") ?? false }
        options { MaxDisplayCount(5) }
    }
    tip Spend {
        id: "spend"
        title: "Spend"
        #Rule(Self.purchase) { $0.donations.filter { $0.amount > 10 && $0.category.contains("o") }.count > 1 }
        #Rule(Self.purchase, Self.$limit) { $0.donations.allSatisfy { $0.at <= now } && !$0.donations.contains(where: { $0.amount < 0 }) && 10 / $1 > 0 }
        #Rule(Self.$plan) { $0 + "!" != "pro!" && ($0.count * 2 - 1) % 3 >= 0 }
        options {
            IgnoresDisplayFrequency(true)
            MaxDisplayDuration(60)
        }
    }
    tip Quiet { title: "Quiet" }
    group Intro(.ordered) { Favorite, Spend, Quiet }

    widget Recent {
        relevance {
            let recent = purchase.donations.donatedWithin(.hours(24))
            let biggest = recent.max(of: \\.amount)
            score: recent.isEmpty ? 0 : (biggest ?? 0) + recent.sum(of: \\.amount) / Double(recent.count) - Double(visit.donations.min(of: \\.place) ?? 0)
            duration: recent.isEmpty ? .seconds(0) : (now - (recent.first?.date ?? now)) + .minutes(30)
        }
    }
    """

    private let now = 1_795_251_600.0

    /// Loads `bytes`; if that succeeds, evaluates and disassembles the program.
    private func exercise(_ bytes: [UInt8]) -> Bool {
        guard let program = try? Program(bytes: bytes) else { return false }
        let store = sampleStore(for: program, now: now)
        let result = evaluate(program, store: store, now: now)
        #expect(result.tips.count == program.tips.count)
        #expect(result.widgets.count == program.widgets.count)
        #expect(!disassemble(program).isEmpty)
        return true
    }

    private func bytes() throws -> [UInt8] {
        let bytes = try compile(Self.source).encoded()
        #expect(exercise(bytes))
        return bytes
    }

    @Test func everyTruncation() throws {
        let bytes = try bytes()
        for length in 0..<bytes.count {
            let prefix = Array(bytes[0..<length])
            #expect(!exercise(prefix), "a program truncated to \(length) bytes loaded")
            #expect(!exercise(resealed(prefix)), "a resealed program truncated to \(length) bytes loaded")
        }
    }

    @Test func everyByteFlipped() throws {
        let bytes = try bytes()
        var loaded = 0
        for index in bytes.indices {
            for mask: UInt8 in [0xFF, 0x01, 0x80] {
                var corrupt = bytes
                corrupt[index] ^= mask
                if index >= BytecodeFormat.headerSize {
                    #expect(!exercise(corrupt), "a corrupt payload passed the checksum (byte \(index))")
                }
                if exercise(resealed(corrupt)) { loaded += 1 }
            }
        }
        // Some corruptions (a line number, a name, a constant) still make a valid program.
        #expect(loaded > 0)
    }

    @Test func randomBytes() {
        var state: UInt64 = 0x1234_5678_9ABC_DEF1
        for length in stride(from: 0, through: 400, by: 7) {
            var bytes = BytecodeFormat.magic + [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
            for _ in 0..<length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(UInt8(truncatingIfNeeded: state >> 33))
            }
            _ = exercise(resealed(bytes))
        }
    }
}
