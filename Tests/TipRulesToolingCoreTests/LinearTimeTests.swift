import Foundation
import Testing
import TipRulesCompiler
import TipRulesRuntime
@testable import TipRulesToolingCore
import TipRulesTestSupport

/// `fmt` (and the language server's formatting) and `disasm` take time linear in their input: a
/// generated file four times larger costs about four times the work, where a quadratic step would
/// make it sixteen. The work is measured as the CPU time of the test's own thread, so that other
/// tests and processes do not count, and only as a ratio, never against a clock.
@Suite struct LinearTimeTests {
    /// A file of `tips` tips, each 9 lines with one rule, none indented (so every line is reformatted).
    static func generatedSource(tips: Int) -> [UInt8] {
        var text = "parameter isLoggedIn: Bool = false\nevent opened(screen: Int)\n\n"
        for index in 0..<tips {
            text += "tip Tip\(index) {\ntitle: \"Tip \(index)\"\n#Rule(Self.opened) {\n$0.donations\n.donatedWithin(.days(5))\n"
                + ".count >= \(index % 7)\n}\n}\n\n"
        }
        return Array(text.utf8)
    }

    /// The CPU time this thread spends in `work`, in seconds.
    private func threadTime(_ work: () -> Void) -> Double {
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
        work()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    }

    /// How much more `work` costs on the large input than on the small one (four times smaller).
    private func growth<Input>(small: Input, large: Input, _ work: (Input) -> Void) -> Double {
        work(small)   // warm up
        let smallTime = threadTime { work(small) }
        let largeTime = threadTime { work(large) }
        return largeTime / max(smallTime, 1e-6)
    }

    @Test func formattingAHundredThousandLinesIsLinear() {
        let large = Self.generatedSource(tips: 11_111)
        #expect(large.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count > 100_000)
        var edits = 0
        let ratio = growth(small: Self.generatedSource(tips: 2_778), large: large) { bytes in
            edits = SourceFormatter.lineEdits(bytes)?.count ?? 0
            _ = SourceFormatter.format(bytes)
        }
        #expect(edits > 50_000, "most lines are reindented")
        #expect(ratio < 8, "four times the lines took \(ratio) times the work")
    }

    @Test func disassemblingIsLinear() throws {
        func program(tips: Int) throws -> Program {
            try compile(bytes: Self.generatedSource(tips: tips), name: "large.tiprules")
        }
        let ratio = growth(small: try program(tips: 1_000), large: try program(tips: 4_000)) { _ = disassemble($0) }
        #expect(ratio < 8, "four times the tips took \(ratio) times the work")
    }
}
