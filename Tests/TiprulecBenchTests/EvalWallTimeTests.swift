import Testing
@testable import tiprulec_bench

/// The eval timing's pairs: the command and its baseline run in turns, and a failing run stops
/// the measurement rather than timing an error message.
@Suite struct EvalWallTimeTests {
    @Test func pairsGiveBothMediansAndTheirDifference() throws {
        let times = try TiprulecProcess.pairedMilliseconds("/bin/sh", ["-c", "exit 0"], baseline: ["-c", "exit 0"], runs: 3)
        #expect(times.median > 0 && times.baseline > 0)
        #expect(times.difference.isFinite)
    }

    @Test func aFailingRunIsAnError() {
        #expect(throws: BenchError.self) {
            try TiprulecProcess.pairedMilliseconds("/bin/sh", ["-c", "exit 0"], baseline: ["-c", "exit 3"], runs: 1)
        }
    }

    @Test func theMedianIsTheMiddleValue() {
        #expect(TiprulecProcess.median([5, 1, 3]) == 3)
        #expect(TiprulecProcess.median([4, 1, 3, 2]) == 3)
    }
}
