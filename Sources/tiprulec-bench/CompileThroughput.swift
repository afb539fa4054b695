/// Check plus code generation of a generated app of about 100,000 lines (AppModel: many
/// parameters, events and tips of every rule kind).
struct CompileThroughput: Codable {
    var lines: Int
    var bytes: Int
    var tips: Int
    var events: Int
    /// Bool and Int parameters together.
    var parameters: Int
    var runs: Int
    /// The median time of one check plus code generation, in milliseconds.
    var milliseconds: Double
    var linesPerSecond: Double { Double(lines) / (milliseconds / 1e3) }

    /// The generated app of at least `lines` lines that both compile measurements read.
    static func app(lines: Int) -> AppModel { AppModel(lines: lines, perDay: 30, seed: 100_000) }

    static func measure(_ model: AppModel, runs: Int) throws -> CompileThroughput {
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<max(1, runs) {
            let start = clock.now
            _ = try compileProgram(model.source, name: "generated.tiprules")
            times.append((clock.now - start).nanoseconds / 1e6)
        }
        return CompileThroughput(lines: model.lineCount, bytes: model.source.utf8.count, tips: model.tips.count,
                                 events: model.events, parameters: 2 * model.parameters, runs: times.count,
                                 milliseconds: times.sorted()[times.count / 2])
    }

    /// One line for the report.
    var summary: String {
        "compile: \(grouped(lines)) lines (\(grouped(bytes)) bytes; \(grouped(tips)) tips, \(grouped(events)) events, "
            + "\(grouped(parameters)) parameters), check plus code generation \(number(milliseconds)) ms "
            + "(median of \(runs)): \(grouped(Int(linesPerSecond))) lines/s"
    }
}
