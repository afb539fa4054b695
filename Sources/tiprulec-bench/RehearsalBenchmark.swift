import Foundation

/// `tiprulec-bench rehearsal [--population N]`: a rehearsal as a person runs it, a whole
/// `tiprulec simulate examples/measure/pro-filters.tiprules --population N --scenario
/// examples/measure/rehearsal.scenario.json --rows …` process (the `tiprulec` built next to the
/// benchmark), with its wall and CPU time and peak memory, against the target: 100,000 people in
/// under a minute on one core, memory bounded by one person (docs/performance.md, "Rehearsals").
enum RehearsalBenchmark {
    static let usage = "tiprulec-bench rehearsal [--population N]"
    /// The target's population and CPU seconds.
    static let target = (people: 100_000, seconds: 60.0)

    static func main(arguments: [String]) -> Int32 {
        var population = target.people
        if !arguments.isEmpty {
            guard arguments.count == 2, arguments[0] == "--population", let value = Int(arguments[1]), value > 0 else {
                progress("tiprulec-bench: \(usage)")
                return 2
            }
            population = value
        }
        do {
            let tiprulec = try TiprulecProcess.executable().get()
            guard let examples = examplesFolder()?.appendingPathComponent("measure") else { throw BenchError("no examples folder") }
            let rows = FileManager.default.temporaryDirectory.appendingPathComponent("tiprulec-rehearsal-\(getpid()).ndjson").path
            defer { try? FileManager.default.removeItem(atPath: rows) }
            progress("measuring: a rehearsal of \(population) people")
            let (status, cost) = try ChildProcess.run(tiprulec, [
                "simulate", examples.appendingPathComponent("pro-filters.tiprules").path, "--population", String(population),
                "--scenario", examples.appendingPathComponent("rehearsal.scenario.json").path, "--rows", rows,
            ])
            guard status == 0 else { throw BenchError("tiprulec simulate --population exited with status \(status)") }
            let bytes = (try FileManager.default.attributesOfItem(atPath: rows)[.size] as? Int) ?? 0
            let perSecond = Double(population) / max(cost.cpuSeconds, 1e-9)
            print(String(format: "rehearsal: %d people, %.1f MB of rows: wall %.2f s, CPU %.2f s (%.0f people a CPU second), peak %.1f MB",
                         population, Double(bytes) / 1e6, cost.wallSeconds, cost.cpuSeconds, perSecond, Double(cost.peakBytes) / 1e6))
            let projected = Double(target.people) / perSecond
            print(String(format: "  %@ %d people in %.1f CPU s, target under %.0f s", projected < target.seconds ? "✓" : "✗",
                         target.people, projected, target.seconds))
            return 0
        } catch {
            progress("tiprulec-bench: \(error)")
            return 1
        }
    }
}
