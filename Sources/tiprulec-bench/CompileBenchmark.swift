/// `tiprulec-bench compile [RUNS]`: only the two compile measurements of the full run, in-process
/// and from the shell, each with the median of RUNS runs (default 5) and its target, then `fmt` and
/// `disasm` of the same generated app.
enum CompileBenchmark {
    static func main(runs: Int) throws {
        let model = CompileThroughput.app(lines: 100_000)
        progress("measuring: compile throughput")
        let compile = try CompileThroughput.measure(model, runs: runs)
        print(compile.summary + mark(compile.linesPerSecond >= Report.minimumLinesPerSecond))
        progress("measuring: tiprulec compile")
        switch try CompileCommandThroughput.measure(model, runs: runs) {
        case .success(let command):
            print(command.summary + mark(command.linesPerSecond >= Report.minimumCommandLinesPerSecond))
        case .failure(let reason):
            print("tiprulec compile: skipped: \(reason)")
        }
        progress("measuring: fmt and disasm")
        print(try LayoutThroughput.measure(model, runs: runs).summary)
    }

    private static func mark(_ met: Bool) -> String { met ? " ✓" : " ✗" }
}
