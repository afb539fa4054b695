/// How long and how often to measure.
struct MeasurementPlan {
    /// Rounds of every contender in turn; each contender's median over them is reported.
    var rounds: Int
    /// A batch (the runs timed together) lasts at least this long, unless one run lasts longer.
    var batchNanoseconds: Double

    static let full = MeasurementPlan(rounds: 15, batchNanoseconds: 3_000_000)
    static let quick = MeasurementPlan(rounds: 3, batchNanoseconds: 200_000)
}

/// A scenario's result: its answer and each contender's median nanoseconds per run.
struct ScenarioTiming {
    var scenario: Scenario
    var answer: Answer
    var nanoseconds: [ContenderKind: Double]

    func ns(_ kind: ContenderKind) -> Double { nanoseconds[kind] ?? .nan }
}

extension Duration {
    var nanoseconds: Double {
        Double(components.seconds) * 1e9 + Double(components.attoseconds) / 1e9
    }
}

/// Measures a scenario's contenders interleaved: after checking that they agree and choosing
/// each one's batch size, every round times one batch of each contender in turn (starting
/// with a different one each round), so a slower or faster spell of the machine touches all.
func measure(_ scenario: Scenario, plan: MeasurementPlan) throws -> ScenarioTiming {
    let expected = try scenario.check()
    let clock = ContinuousClock()

    /// Nanoseconds per run of a batch of `size` runs; throws if a run fails or answers otherwise.
    func time(_ contender: (kind: ContenderKind, run: () throws -> Answer), size: Int) throws -> Double {
        var answer = expected
        let start = clock.now
        for _ in 0..<size { answer = try contender.run() }
        let elapsed = (clock.now - start).nanoseconds
        guard answer == expected else {
            throw BenchError("\(scenario.name): \(contender.kind.title) answered \(answer), before \(expected)")
        }
        return elapsed / Double(size)
    }

    var sizes: [Int] = []
    for contender in scenario.contenders {
        var size = 1
        var perRun = try time(contender, size: size)
        while perRun * Double(size) < plan.batchNanoseconds && size < 1 << 26 {
            let wanted = plan.batchNanoseconds / max(perRun, 0.1)
            size = min(size * 10, max(size * 2, Int(wanted.rounded(.up))))
            perRun = try time(contender, size: size)
        }
        sizes.append(size)
    }

    var samples = Array(repeating: [Double](), count: scenario.contenders.count)
    for round in 0..<max(1, plan.rounds) {
        for step in scenario.contenders.indices {
            let index = (round + step) % scenario.contenders.count
            samples[index].append(try time(scenario.contenders[index], size: sizes[index]))
        }
    }
    var nanoseconds: [ContenderKind: Double] = [:]
    for (contender, times) in zip(scenario.contenders, samples) {
        nanoseconds[contender.kind] = times.sorted()[times.count / 2]
    }
    return ScenarioTiming(scenario: scenario, answer: expected, nanoseconds: nanoseconds)
}

/// Nanoseconds per run of a contender that does nothing but answer: the harness's own cost
/// (a call through a closure and an answer), which every measured time includes.
func harnessOverhead(plan: MeasurementPlan) throws -> Double {
    let nothing: () throws -> Answer = { .bool(true) }
    let scenario = Scenario(family: "nothing", donations: nil, vm: nothing, predicate: nothing, naive: nothing, best: nothing)
    let timing = try measure(scenario, plan: plan)
    return ContenderKind.allCases.map(timing.ns).sorted()[ContenderKind.allCases.count / 2]
}
