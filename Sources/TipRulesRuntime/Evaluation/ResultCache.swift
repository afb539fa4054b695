/// The latest result of every rule (explained) and widget of a program, with what each read and
/// for which instants it holds: what lets `Evaluator.refresh(_:store:now:widgets:)` evaluate
/// again only the rules and widgets whose inputs changed or whose time came.
///
/// The owner says what changed (`parameterChanged(_:)`, `donationsChanged(event:)`,
/// `markAllStale()`); time is checked at each refresh.
struct ResultCache {
    let inputs: ProgramInputs
    /// Each tip's rule results, explained, as of the last refresh.
    private(set) var rules: [[RuleResult]]
    /// Each widget's result as of the last refresh that asked for widgets.
    private(set) var widgets: [WidgetResult]
    var ruleEntries: CacheEntries
    var widgetEntries: CacheEntries
    /// The work each rule and widget took (`Machine.workBudget`), and their sums.
    private var ruleWork: [Int]
    private var widgetWork: [Int]
    private var totalRuleWork = 0
    private var totalWidgetWork = 0

    /// A cache with nothing computed yet.
    init(program: Program) {
        inputs = ProgramInputs(program)
        rules = program.tips.map { tip in tip.rules.enumerated().map { RuleResult(index: $0, line: $1.line, result: false) } }
        widgets = program.widgets.map { WidgetResult(id: $0.name, score: 0, duration: 0, relevant: false) }
        ruleEntries = CacheEntries(count: inputs.rules.count)
        widgetEntries = CacheEntries(count: inputs.widgets.count)
        ruleWork = Array(repeating: 0, count: inputs.rules.count)
        widgetWork = Array(repeating: 0, count: inputs.widgets.count)
    }

    mutating func parameterChanged(_ index: Int) {
        guard inputs.parameterReaders.indices.contains(index) else { return }
        let readers = inputs.parameterReaders[index]
        for rule in readers.rules { ruleEntries.markStale(rule) }
        for widget in readers.widgets { widgetEntries.markStale(widget) }
    }

    /// The readers read in place, by index: a copy of them would retain and release their
    /// arrays at every donation.
    mutating func donationsChanged(event: Int) {
        guard inputs.eventReaders.indices.contains(event) else { return }
        for position in 0..<inputs.eventReaders[event].rules.count {
            ruleEntries.markStale(inputs.eventReaders[event].rules[position])
        }
        for position in 0..<inputs.eventReaders[event].widgets.count {
            widgetEntries.markStale(inputs.eventReaders[event].widgets[position])
        }
    }

    mutating func markAllStale() {
        ruleEntries.markAllStale()
        widgetEntries.markAllStale()
    }

    /// Stores rule `position`'s new result; returns whether its truth value changed.
    mutating func record(rule position: Int, _ result: RuleResult, validity: Validity, work: Int) -> Bool {
        let address = inputs.ruleAddresses[position]
        let changed = rules[address.tip][address.rule].result != result.result
        rules[address.tip][address.rule] = result
        ruleEntries.record(position, validity)
        totalRuleWork += work - ruleWork[position]
        ruleWork[position] = work
        return changed
    }

    mutating func record(widget index: Int, _ result: WidgetResult, validity: Validity, work: Int) {
        widgets[index] = result
        widgetEntries.record(index, validity)
        totalWidgetWork += work - widgetWork[index]
        widgetWork[index] = work
    }

    /// Whether a full evaluation would do no more work than the budget, so that no result
    /// depends on what was evaluated before it: the rules and, with `widgets`, the widgets too.
    func withinBudget(widgets: Bool) -> Bool {
        totalRuleWork + (widgets ? totalWidgetWork : 0) <= Machine.workBudget
    }
}
