import TipRulesCompiler
import TipRulesRuntime
import TipRulesToolingCore

/// `tiprulec fmt` and `tiprulec disasm` in-process, over the compile throughput's generated app with
/// every line's indentation removed, so that formatting rewrites most lines. Both are linear in the
/// input (docs/limits.md), so the lines per second hold as the file grows.
struct LayoutThroughput: Codable {
    var lines: Int
    var runs: Int
    /// The median time of one format (check for syntax errors, layout, edits applied), in milliseconds.
    var formatMilliseconds: Double
    /// The median time of one disassembly, with the source lines quoted, in milliseconds.
    var disasmMilliseconds: Double

    static func measure(_ model: AppModel, runs: Int) throws -> LayoutThroughput {
        let flat = model.source.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.drop { $0 == " " } }.joined(separator: "\n")
        let program = try compileProgram(model.source, name: "generated.tiprules")
        let sourceLines = model.source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let clock = ContinuousClock()
        func median(_ body: () -> Void) -> Double {
            let times = (0..<max(1, runs)).map { _ in
                let start = clock.now
                body()
                return (clock.now - start).nanoseconds / 1e6
            }
            return times.sorted()[times.count / 2]
        }
        let bytes = Array(flat.utf8)
        return LayoutThroughput(lines: model.lineCount, runs: max(1, runs),
                                formatMilliseconds: median { _ = SourceFormatter.format(bytes) },
                                disasmMilliseconds: median { _ = disassemble(program, sourceLines: sourceLines) })
    }

    /// One line for the report.
    var summary: String {
        "fmt and disasm: \(grouped(lines)) lines, format \(number(formatMilliseconds)) ms, "
            + "disassemble \(number(disasmMilliseconds)) ms (median of \(runs))"
    }
}
