// tiprulec-bench: how fast the VM evaluates rules against a large store, and how fast a
// `.tipc` loads. Run with `swift run -c release tiprulec-bench [donations]`; the language
// server's editor timings with `swift run -c release tiprulec-bench lsp [lines]`.
// Standard library only: ContinuousClock for timing, no Foundation.
import TipRulesCompiler
import TipRulesRuntime

/// The benchmark program: one tip per workload, and a widget. `LIMIT` is the donation limit.
func source(limit: Int) -> String {
    """
    parameter isLoggedIn: Bool = true
    event visit(placeID: Int) limit(maximumCount: \(limit))
    event purchase(amount: Double, category: String) limit(maximumCount: \(limit))

    tip WindowCount {
        title: "window + count"
        #Rule(Self.visit) { $0.donations.donatedWithin(.days(7)).count >= 3 }
    }
    tip LargestSubset {
        title: "largestSubset"
        #Rule(Self.visit) { $0.donations.donatedWithin(.days(90)).largestSubset(groupedBy: \\.placeID).count >= 5 }
    }
    tip Filter {
        title: "filter"
        #Rule(Self.purchase) { $0.donations.filter { $0.amount > 50 && $0.category == "grocery" }.count > 10 }
    }
    tip Parameter {
        title: "parameter"
        #Rule(Self.$isLoggedIn) { $0 == true }
    }

    widget Spending {
        relevance {
            let recent = purchase.donations.donatedWithin(.days(30))
            score: recent.isEmpty ? 0 : recent.sum(of: \\.amount) / Double(recent.count)
            duration: .hours(1)
        }
    }
    """
}

/// A deterministic pseudo-random sequence (xorshift64*), so every run measures the same store.
struct Random {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    mutating func next(_ bound: Int) -> Int {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return Int((state &* 0x2545_F491_4F6C_DD1D) % UInt64(bound))
    }
}

func compileProgram(limit: Int) -> Program? {
    let compilation = Compilation(name: "bench.tiprules", bytes: Array(source(limit: limit).utf8))
    guard let checked = compilation.optimizedProgram else {
        print("the benchmark program does not check:", compilation.diagnostics.map(\.message))
        return nil
    }
    do {
        return try generateProgram(checked)
    } catch {
        print("code generation failed: \(error)")
        return nil
    }
}

/// `count` donations of each event, spread over the year before `now`, donated in date order.
func makeStore(_ program: Program, count: Int, now: Double) throws -> EventStore {
    var store = EventStore(program: program)
    var random = Random()
    let year = 365.0 * 86_400
    let categories = ["grocery", "diner", "travel", "fuel"]
    for index in 0..<count {
        let when = now - year + year * Double(index) / Double(count)
        try store.donate(event: 0, date: when, fields: [.int(random.next(40))])
        try store.donate(event: 1, date: when,
                         fields: [.double(Double(random.next(10_000)) / 100), .string(categories[random.next(categories.count)])])
    }
    return store
}

/// Runs `body` repeatedly for about half a second; returns nanoseconds per run.
func measure(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    var runs = 0
    var elapsed = Duration.zero
    var batch = 1
    while elapsed < .milliseconds(500) {
        elapsed += clock.measure {
            for _ in 0..<batch { body() }
        }
        runs += batch
        batch *= 2
    }
    let (seconds, attoseconds) = elapsed.components
    return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(runs)
}

/// `value` rounded to a whole number, with thousands separated by commas.
func format(_ value: Double) -> String {
    var digits = String(Int(value + 0.5))
    var grouped = ""
    while digits.count > 3 {
        grouped = "," + digits.suffix(3) + grouped
        digits.removeLast(3)
    }
    return digits + grouped
}

func report(_ label: String, _ nanoseconds: Double) {
    func column(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(1, width - text.count)) + text
    }
    print(label + String(repeating: " ", count: max(1, 36 - label.count))
          + column(format(nanoseconds), 12) + " ns/run" + column(format(1e9 / nanoseconds), 12) + " runs/s")
}

func run(donations: Int, limit: Int) throws {
    guard let program = compileProgram(limit: limit) else { return }
    let now = 1_795_251_600.0
    let store = try makeStore(program, count: donations, now: now)
    print("\n\(donations) donations per event over a year; donation limit \(limit)")
    var evaluator = Evaluator(program: program)
    for (tip, name) in ["window + count (7 days)", "largestSubset (90 days)", "filter (&& of 2 comparisons)",
                        "parameter comparison"].enumerated() {
        var outcome = false
        let time = measure { outcome = evaluator.evaluateRule(tip: tip, rule: 0, store: store, now: now)?.result ?? false }
        report("rule: \(name)", time)
        _ = outcome
    }
    report("widget: window + sum + count", measure { _ = evaluator.evaluateWidget(0, store: store, now: now) })
    report("everything (4 tips, 1 widget)", measure { _ = evaluator.evaluate(store, now: now) })
}

func main() throws {
    if CommandLine.arguments.dropFirst().first == "lsp" {
        LanguageServerBenchmark.main(arguments: Array(CommandLine.arguments.dropFirst(2)))
        return
    }
    let donations = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
    guard let program = compileProgram(limit: 1000) else { return }
    let bytes = program.encoded()
    print("bytecode: \(bytes.count) bytes")
    report("load + verify .tipc", measure { _ = try? Program(bytes: bytes) })
    report("disassemble", measure { _ = disassemble(program) })
    try run(donations: donations, limit: 1000)
    try run(donations: donations, limit: 10_000_000)
}

do {
    try main()
} catch {
    print("benchmark failed: \(error)")
}
