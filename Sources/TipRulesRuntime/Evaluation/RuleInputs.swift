import TipRulesCalendar

/// What one verified code block (a rule, a widget's score, duration or suggestion window)
/// reads, found in its instructions when the program is loaded: the parameters and events, and
/// how it reads the clock. The incremental engine re-evaluates a block only when something it
/// reads changes, or when the instant its result may change is reached (`validity(at:store:)`).
struct CodeInputs: Hashable {
    /// A `donatedWithin` of a constant length over an event's donations.
    struct Window: Hashable {
        var event: Int
        var seconds: Double
    }

    /// The parameters it reads, in order, without repeats.
    private(set) var parameters: [Int] = []
    /// The events whose donations it reads, in order, without repeats. Which donations are
    /// visible depends on now (none after now, none older than the event's `maximumAge`).
    private(set) var events: [Int] = []
    /// Its windows of a constant length.
    private(set) var windows: [Window] = []
    /// The shortest calendar unit, in seconds, of a component of now it reads (a second, a
    /// minute, an hour, a day for the day, weekday, month and year); nil for none.
    private(set) var calendarUnit: Int?
    /// It reads now otherwise (compares or computes with it, a window of a computed length): its
    /// result may change at any instant.
    private(set) var readsNowAnyhow = false

    init(_ code: CodeBlock, constants: [ScalarValue]) {
        let instructions = code.instructions
        // Where control may arrive other than from the instruction before: jump targets and
        // loop bodies (which `loopNext` re-enters).
        var entered = Set<Int>()
        for (index, instruction) in instructions.enumerated() {
            for (position, kind) in instruction.opcode.operands.enumerated() where kind == .target {
                entered.insert(instruction.operand(position))
            }
            if [.loopFilter, .loopAny, .loopAll].contains(instruction.opcode) { entered.insert(index + 1) }
        }
        var parameters = Set<Int>(), events = Set<Int>()
        for (index, instruction) in instructions.enumerated() {
            for (position, kind) in instruction.opcode.operands.enumerated() {
                if kind == .parameter { parameters.insert(instruction.operand(position)) }
                if kind == .event { events.insert(instruction.operand(position)) }
            }
            switch instruction.opcode {
            case .now:
                // `now` followed by `component`: only the calendar component of now is read.
                if index + 1 < instructions.count, instructions[index + 1].opcode == .component,
                   let component = CalendarComponent(rawValue: UInt8(truncatingIfNeeded: instructions[index + 1].a)) {
                    calendarUnit = min(calendarUnit ?? .max, component.unitSeconds)
                } else {
                    readsNowAnyhow = true
                }
            case .within:
                // A constant length pushed just before, on the only path into the window.
                let previous = index - 1
                if previous >= 0, !entered.contains(index), instructions[previous].opcode == .const,
                   case .duration(let seconds)? = constants.element(Int(instructions[previous].a)) {
                    windows.append(Window(event: Int(instruction.a), seconds: seconds))
                } else {
                    readsNowAnyhow = true
                }
            default:
                break
            }
        }
        self.parameters = parameters.sorted()
        self.events = events.sorted()
    }

    /// What a widget reads: its score, duration and suggestion windows. Whether a suggestion
    /// window holds now is decided outside the code, so a widget with suggestions reads now.
    init(widget: WidgetInfo, constants: [ScalarValue]) {
        self.init(widget.score, constants: constants)
        let blocks = [widget.duration] + widget.suggestions.flatMap { [$0.from, $0.to] }
        for block in blocks { formUnion(CodeInputs(block, constants: constants)) }
        if !widget.suggestions.isEmpty { readsNowAnyhow = true }
    }

    private mutating func formUnion(_ other: CodeInputs) {
        parameters = Array(Set(parameters + other.parameters)).sorted()
        events = Array(Set(events + other.events)).sorted()
        windows += other.windows
        if let unit = other.calendarUnit { calendarUnit = min(calendarUnit ?? .max, unit) }
        readsNowAnyhow = readsNowAnyhow || other.readsNowAnyhow
    }

    /// Whether it reads the time at all (now, or donations, whose visibility depends on now).
    var readsTime: Bool { readsNowAnyhow || calendarUnit != nil || !events.isEmpty }

    /// The instants for which a result computed at `now` over `store` holds: until the first of
    /// a later donation becoming visible, a donation leaving a window or its event's
    /// `maximumAge`, and the next boundary of a calendar component of now it reads.
    func validity(at now: Double, store: EventStore) -> Validity {
        Self.validity(of: self, at: now, store: store)
    }

    /// `inputs.validity(at:store:)`, reading `inputs` in place (borrowed, indexed): what the
    /// engine computes after every donation, where a copy of a block's inputs would retain and
    /// release each of its arrays.
    @inline(__always)
    static func validity(of inputs: borrowing CodeInputs, at now: Double, store: EventStore) -> Validity {
        guard inputs.readsTime else { return .always }
        guard !inputs.readsNowAnyhow else { return .only(now) }
        var until = Double.infinity
        for index in 0..<inputs.events.count {
            let event = inputs.events[index]
            // The dates alone: binding the event's columns would retain each of their arrays.
            let dates = store.donations[event].columns[0]
            // Usually every donation is at or before now: then no search for the first after it.
            if let last = dates.last, SlotEncoding.double(last) > now {
                let future = partitionPoint(in: 0..<dates.count) { SlotEncoding.double(dates[$0]) > now }
                until = min(until, SlotEncoding.double(dates[future]))
            }
            if let age = store.program.events[event].maximumAge {
                until = min(until, leaving(dates, now: now, seconds: age))
            }
        }
        for index in 0..<inputs.windows.count {
            let window = inputs.windows[index]
            until = min(until, leaving(store.donations[window.event].columns[0], now: now, seconds: window.seconds))
        }
        if let unit = inputs.calendarUnit {
            until = min(until, boundary(after: now, unit: unit, utcOffset: store.utcOffset))
        }
        return Validity(from: now, until: until)
    }

    /// When the oldest donation within `seconds` of now leaves that window (none left: never);
    /// `dates` are an event's donation dates (slots), in order.
    /// A window's donations are dated at or after `now - seconds`; later donations join it only
    /// by becoming visible.
    private static func leaving(_ dates: [UInt64], now: Double, seconds: Double) -> Double {
        let oldest = now - seconds
        let first = partitionPoint(in: 0..<dates.count) { SlotEncoding.double(dates[$0]) >= oldest }
        return first < dates.count ? Validity.earliest(SlotEncoding.double(dates[first]), plus: seconds) : .infinity
    }

    /// The next local-time boundary of a calendar unit after `now` (what `CalendarComponent`
    /// reads: the whole seconds of now plus the UTC offset); now itself outside the calendar's years.
    private static func boundary(after now: Double, unit: Int, utcOffset: Int) -> Double {
        let local = now + Double(utcOffset)
        guard local.isFinite, local >= CivilCalendar.earliestSeconds, local < CivilCalendar.endSeconds else { return now }
        var whole = Int(local)
        if Double(whole) > local { whole -= 1 }
        let next = whole - ((whole % unit) + unit) % unit + unit
        return Validity.earliest(Double(next), plus: -Double(utcOffset))
    }
}

/// What every rule and widget of a program reads, and who reads each parameter and event:
/// derived from the verified code when an engine is made for the program. A class: its parts
/// never change, and a rule's inputs are read in place after every donation (a value in an
/// engine being changed would be copied, each of its arrays retained, to be read).
final class ProgramInputs {
    /// The rules and widgets that read one input.
    struct Readers {
        /// Rules, by their position in `rules`.
        var rules: [Int] = []
        var widgets: [Int] = []
    }

    /// Every rule, tip by tip in declaration order.
    let rules: [CodeInputs]
    /// The tip and rule index of each entry of `rules`.
    let ruleAddresses: [(tip: Int, rule: Int)]
    let widgets: [CodeInputs]
    let parameterReaders: [Readers]
    let eventReaders: [Readers]

    init(_ program: Program) {
        ruleAddresses = program.tips.enumerated().flatMap { tip, info in info.rules.indices.map { (tip, $0) } }
        rules = ruleAddresses.map { CodeInputs(program.tips[$0.tip].rules[$0.rule].code, constants: program.constants) }
        widgets = program.widgets.map { CodeInputs(widget: $0, constants: program.constants) }
        var parameterReaders = Array(repeating: Readers(), count: program.parameters.count)
        var eventReaders = Array(repeating: Readers(), count: program.events.count)
        for (position, inputs) in rules.enumerated() {
            for parameter in inputs.parameters where parameterReaders.indices.contains(parameter) {
                parameterReaders[parameter].rules.append(position)
            }
            for event in inputs.events where eventReaders.indices.contains(event) { eventReaders[event].rules.append(position) }
        }
        for (widget, inputs) in widgets.enumerated() {
            for parameter in inputs.parameters where parameterReaders.indices.contains(parameter) {
                parameterReaders[parameter].widgets.append(widget)
            }
            for event in inputs.events where eventReaders.indices.contains(event) { eventReaders[event].widgets.append(widget) }
        }
        self.parameterReaders = parameterReaders
        self.eventReaders = eventReaders
    }

    /// Rule `position`'s validity (`CodeInputs.validity(at:store:)`), its inputs read in place.
    func ruleValidity(_ position: Int, at now: Double, store: EventStore) -> Validity {
        CodeInputs.validity(of: rules[position], at: now, store: store)
    }
}

extension CalendarComponent {
    /// The unit whose local-time boundaries are the only instants the component can change at.
    fileprivate var unitSeconds: Int {
        switch self {
        case .second: return 1
        case .minute: return 60
        case .hour: return 3_600
        case .day, .weekday, .month, .year: return 86_400
        }
    }
}

extension Array {
    /// The element at `index`, or nil outside the array.
    fileprivate func element(_ index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
