/// The virtual machine. It runs verified code blocks, so it never checks a value's type:
/// each instruction knows its operand types. Values are 64-bit slots (see `SlotEncoding`);
/// an optional is two slots, the value then a presence flag; strings (see `StringSlot`) and
/// donation collections are indices into tables that live for one run.
///
/// It is iterative (no recursion) and every run is bounded: jumps go forward, the only
/// backward edge, `loopNext`, is taken at most once per element of a finite collection, and
/// an evaluation stops with an error after `workBudget` steps. Arithmetic never traps: overflow,
/// division by zero and bad conversions end the run with an `EvaluationFailure`. A `Machine`
/// keeps its buffers between runs, so evaluating again allocates little.
///
/// Some instruction sequences run natively, with the same results, errors, work and explain
/// records as one by one: the fused closure loops of `ExecutableCode` (`ScanPlan`), and a
/// subset followed by `count`, which counts only the winning group.
struct Machine {
    /// The longest string a run may build, in UTF-8 bytes.
    static let maximumStringLength = 1 << 20
    /// The most work one evaluation (every rule, score and duration evaluated after one `prepare`,
    /// explanations included) may do, in steps: a loop iteration, a donation a subset or an
    /// aggregate reads, a few bytes of a string built, compared or searched (see `StringCost`).
    /// What runs out of it fails with an error instead of running for minutes.
    static let workBudget = 1 << 19
    /// The most UTF-8 bytes of strings a run may hold at once, beyond constants and parameters.
    static let maximumLiveStringBytes = 1 << 24

    let program: Program
    /// The slot of each constant (a string's slot names it in `strings`).
    private let constantSlots: [UInt64]
    /// The number of string constants at the start of `strings`.
    private let constantStringCount: Int
    /// For each event and field operand, whether the column holds `Double` bits (dates too).
    private let floatingColumns: [[Bool]]

    var stack: [UInt64]
    var locals: [UInt64]
    var loops: [LoopFrame] = []
    /// The run's string table: constants, then strings the run builds.
    var strings: [String] = []
    var slices: [DonationSlice] = []
    /// The row arena: the rows of filtered collections and subsets.
    var rows: [Int] = []
    var groups = GroupTable()
    /// Scratch for a fused scan: each term's constant as an interned index of the event's strings.
    var scanStringIndices: [Int] = []
    /// The interned indices of scan constants found before, by event (see `runScan`): a few,
    /// the most recent kept.
    var internedStrings: [(event: Int, text: String, index: Int)] = []
    static let internedStringsKept = 16
    /// Scratch for a fused scan: the chunk of rows being compared.
    var scanChunk = ScanChunk()
    /// The instant being evaluated: now, parameters, donations and their visible rows.
    var context: EvaluationContext
    /// What the explain mode recorded during the last run (see `Machine+Explain.swift`).
    var observations: [Observation] = []
    /// The work done since the last `prepare`: one budget for a whole evaluation.
    var workUsed = 0
    /// The work of the evaluations before the current one, added up (never past `Int.max`).
    private(set) var workOfEarlierEvaluations = 0
    /// The UTF-8 bytes of the strings the current run built and still holds.
    private var liveStringBytes = 0

    init(program: Program) {
        self.program = program
        var strings: [String] = []
        constantSlots = program.constants.map { constant in
            SlotEncoding.bits(constant) { text in
                strings.append(text)
                return strings.count - 1
            }
        }
        constantStringCount = strings.count
        floatingColumns = program.events.map { event in
            [true] + event.fields.map { [.double, .date, .duration].contains($0.type) }
        }
        self.strings = strings
        context = EvaluationContext(events: program.events)
        stack = Array(repeating: 0, count: max(1, program.limits.stackSlots))
        locals = Array(repeating: 0, count: 2 * program.limits.locals)
        loops.reserveCapacity(program.limits.loopDepth)
    }

    /// Takes the parameter values and donations of `store` at `now`: a few stores, whatever the
    /// program's size. Parameters become slots and events' visible rows are found when read.
    mutating func prepare(_ store: EventStore, now: Double) {
        beginEvaluation()
        bind(store, now: now)
    }

    /// Starts an evaluation's work budget (what `prepare` does first): the work so far is added
    /// to the earlier evaluations'.
    mutating func beginEvaluation() {
        let (total, overflow) = workOfEarlierEvaluations.addingReportingOverflow(workUsed)
        workOfEarlierEvaluations = overflow ? Int.max : total
        workUsed = 0
    }

    /// Takes the store's parameters and donations at `now` (what `prepare` does after starting
    /// the budget); `finish()` lets them go.
    mutating func bind(_ store: EventStore, now: Double) {
        truncateStrings(to: constantStringCount)
        // The evaluator checked that the store has the program's parameters and their types.
        context.begin(now: now, utcOffset: store.utcOffset, donations: store.donations, parameterValues: store.parameterValues)
    }

    /// Ends the instant `prepare` began: the machine holds nothing of the store afterwards.
    mutating func finish() {
        context.end()
    }

    /// Runs `executable` to its result slot at the prepared instant. With `notes` (the explain
    /// mode), records an `Observation` for every noted comparison it executes.
    mutating func run(_ executable: ExecutableCode,
                      explaining notes: InstructionNotes? = nil) -> Result<UInt64, EvaluationFailure> {
        truncateStrings(to: constantStringCount)
        if !slices.isEmpty { slices.removeAll(keepingCapacity: true) }
        if !rows.isEmpty { rows.removeAll(keepingCapacity: true) }
        if !loops.isEmpty { loops.removeAll(keepingCapacity: true) }
        if !observations.isEmpty { observations.removeAll(keepingCapacity: true) }
        let instructions = executable.code.instructions
        let explaining = notes != nil
        var pc = 0
        var sp = 0
        var work = workUsed
        defer { workUsed = work }

        func failure(_ kind: EvaluationFailure.Kind, _ at: Int) -> Result<UInt64, EvaluationFailure> {
            .failure(EvaluationFailure(kind: kind, line: executable.code.line(at: at)))
        }

        while pc < instructions.count {
            let instruction = instructions[pc]
            let at = pc
            let a = Int(instruction.a)
            pc += 1
            switch instruction.opcode {
            case .const:
                stack[sp] = constantSlots[a]
                sp += 1
            case .nilOf:
                stack[sp] = 0
                stack[sp + 1] = 0
                sp += 2
            case .param:
                stack[sp] = context.parameterSlot(a)
                sp += 1
            case .now:
                stack[sp] = SlotEncoding.bits(context.now)
                sp += 1
            case .load:
                stack[sp] = locals[2 * a]
                sp += 1
            case .loadOptional:
                stack[sp] = locals[2 * a]
                stack[sp + 1] = locals[2 * a + 1]
                sp += 2
            case .store:
                sp -= 1
                locals[2 * a] = stack[sp]
            case .storeOptional:
                sp -= 2
                locals[2 * a] = stack[sp]
                locals[2 * a + 1] = stack[sp + 1]
            case .wrap:
                stack[sp] = 1
                sp += 1

            case .jump:
                pc = a
            case .jumpIfFalse:
                sp -= 1
                if stack[sp] == 0 { pc = a }
            case .jumpIfFalseOrPop:
                if stack[sp - 1] == 0 { pc = a } else { sp -= 1 }
            case .jumpIfTrueOrPop:
                if stack[sp - 1] != 0 { pc = a } else { sp -= 1 }
            case .jumpIfNil:
                if stack[sp - 1] == 0 {
                    stack[sp - 2] = 0
                    pc = a
                } else {
                    sp -= 1
                }
            case .jumpIfNonNil:
                if stack[sp - 1] != 0 {
                    sp -= 1
                    pc = a
                } else {
                    sp -= 2
                }
            case .jumpIfNonNilKeep:
                if stack[sp - 1] == 0 { sp -= 2 } else { pc = a }
            case .ret:
                return .success(stack[sp - 1])

            case .not:
                stack[sp - 1] = stack[sp - 1] == 0 ? 1 : 0
            case .isNil, .isNonNil:
                sp -= 1
                let present = stack[sp] != 0
                let result = present == (instruction.opcode == .isNonNil)
                if explaining { observe(at, result, present ? "not nil" : "nil", "", notes) }
                stack[sp - 1] = SlotEncoding.bits(result)

            case .addInt:
                sp -= 1
                let (value, overflow) = int(sp - 1).addingReportingOverflow(int(sp))
                if overflow { return failure(.overflow(.addInt), at) }
                stack[sp - 1] = SlotEncoding.bits(value)
            case .subInt:
                sp -= 1
                let (value, overflow) = int(sp - 1).subtractingReportingOverflow(int(sp))
                if overflow { return failure(.overflow(.subInt), at) }
                stack[sp - 1] = SlotEncoding.bits(value)
            case .mulInt:
                sp -= 1
                let (value, overflow) = int(sp - 1).multipliedReportingOverflow(by: int(sp))
                if overflow { return failure(.overflow(.mulInt), at) }
                stack[sp - 1] = SlotEncoding.bits(value)
            case .divInt, .remInt:
                sp -= 1
                let (left, right) = (int(sp - 1), int(sp))
                if right == 0 { return failure(.divisionByZero, at) }
                let (value, overflow) = instruction.opcode == .divInt
                    ? left.dividedReportingOverflow(by: right) : left.remainderReportingOverflow(dividingBy: right)
                if overflow { return failure(.overflow(instruction.opcode), at) }
                stack[sp - 1] = SlotEncoding.bits(value)
            case .negInt:
                let (value, overflow) = 0.subtractingReportingOverflow(int(sp - 1))
                if overflow { return failure(.overflow(.negInt), at) }
                stack[sp - 1] = SlotEncoding.bits(value)

            case .addDouble, .addDateDuration, .addDurations:
                sp -= 1
                stack[sp - 1] = SlotEncoding.bits(double(sp - 1) + double(sp))
            case .subDouble, .subDateDuration, .subDates, .subDurations:
                sp -= 1
                stack[sp - 1] = SlotEncoding.bits(double(sp - 1) - double(sp))
            case .mulDouble:
                sp -= 1
                stack[sp - 1] = SlotEncoding.bits(double(sp - 1) * double(sp))
            case .divDouble:
                sp -= 1
                stack[sp - 1] = SlotEncoding.bits(double(sp - 1) / double(sp))
            case .negDouble, .negDuration:
                stack[sp - 1] = SlotEncoding.bits(-double(sp - 1))
            case .mulDuration:
                sp -= 1
                stack[sp - 1] = SlotEncoding.bits(double(sp - 1) * Double(int(sp)))
            case .divDuration:
                sp -= 1
                let divisor = int(sp)
                if divisor == 0 { return failure(.divisionByZero, at) }
                stack[sp - 1] = SlotEncoding.bits(double(sp - 1) / Double(divisor))

            case .intToDouble, .intToDuration:
                stack[sp - 1] = SlotEncoding.bits(Double(int(sp - 1)))
            case .doubleToInt:
                let value = double(sp - 1)
                guard value >= -0x1p63 && value < 0x1p63 else {  // NaN fails both tests
                    return failure(.conversion(value), at)
                }
                stack[sp - 1] = SlotEncoding.bits(Int(value))
            case .doubleToDuration:
                break

            case .concat:
                sp -= 1
                let left = string(stack[sp - 1])
                let right = string(stack[sp])
                let length = left.utf8.count + right.utf8.count
                guard length <= Self.maximumStringLength else { return failure(.stringTooLong, at) }
                if Self.charge(&work, StringCost.copying(length)) { return failure(.tooMuchWork, at) }
                guard let slot = newString(left + right) else { return failure(.tooMuchMemory, at) }
                stack[sp - 1] = slot
            case .stringCount:
                let text = string(stack[sp - 1])
                if Self.charge(&work, StringCost.scanning(text.utf8.count)) { return failure(.tooMuchWork, at) }
                stack[sp - 1] = SlotEncoding.bits(text.count)
            case .stringIsEmpty:
                stack[sp - 1] = SlotEncoding.bits(string(stack[sp - 1]).isEmpty)
            case .lowercased:
                let text = string(stack[sp - 1])
                if Self.charge(&work, StringCost.scanning(text.utf8.count)) { return failure(.tooMuchWork, at) }
                let lowered = text.lowercased()
                guard lowered.utf8.count <= Self.maximumStringLength else { return failure(.stringTooLong, at) }
                guard let slot = newString(lowered) else { return failure(.tooMuchMemory, at) }
                stack[sp - 1] = slot
            case .hasPrefix, .hasSuffix, .stringContains:
                sp -= 1
                let text = string(stack[sp - 1])
                let part = string(stack[sp])
                let cost = instruction.opcode == .stringContains
                    ? StringCost.copying(text.utf8.count + part.utf8.count)
                    : StringCost.scanning(text.utf8.count + part.utf8.count)
                if Self.charge(&work, cost) { return failure(.tooMuchWork, at) }
                let result = instruction.opcode == .stringContains ? StringSearch.contains(text, part)
                    : instruction.opcode == .hasPrefix ? text.hasPrefix(part) : text.hasSuffix(part)
                stack[sp - 1] = SlotEncoding.bits(result)

            case .compareBool, .compareInt:
                sp -= 1
                let result = comparison(a).compare(int(sp - 1), int(sp))
                if explaining { observeComparison(at, result, instruction, sp - 1, sp, notes) }
                stack[sp - 1] = SlotEncoding.bits(result)
            case .compareDouble, .compareDate, .compareDuration:
                sp -= 1
                let result = comparison(a).compare(double(sp - 1), double(sp))
                if explaining { observeComparison(at, result, instruction, sp - 1, sp, notes) }
                stack[sp - 1] = SlotEncoding.bits(result)
            case .compareString:
                sp -= 1
                let left = string(stack[sp - 1])
                let right = string(stack[sp])
                if Self.charge(&work, StringCost.scanning(left.utf8.count + right.utf8.count)) { return failure(.tooMuchWork, at) }
                let result = comparison(a).compare(left, right)
                if explaining { observeComparison(at, result, instruction, sp - 1, sp, notes) }
                stack[sp - 1] = SlotEncoding.bits(result)
            case .compareOptionalBool, .compareOptionalInt, .compareOptionalDouble,
                 .compareOptionalString, .compareOptionalDate, .compareOptionalDuration:
                // [left value, left flag, right value, right flag] → [result]
                sp -= 3
                if instruction.opcode == .compareOptionalString,
                   Self.charge(&work, StringCost.scanning(string(stack[sp - 1]).utf8.count
                                                  + string(stack[sp + 1]).utf8.count)) {
                    return failure(.tooMuchWork, at)
                }
                let leftPresent = stack[sp] != 0
                let rightPresent = stack[sp + 2] != 0
                let equal = leftPresent == rightPresent
                    && (!leftPresent || payloadsEqual(stack[sp - 1], stack[sp + 1], instruction.opcode))
                let result = comparison(a) == .equal ? equal : !equal
                if explaining { observeComparison(at, result, instruction, sp - 1, sp + 1, notes) }
                stack[sp - 1] = SlotEncoding.bits(result)

            case .donations:
                let visible = context.visibleRows(a)
                stack[sp] = newSlice(DonationSlice(isRange: true, lower: visible.lowerBound, upper: visible.upperBound))
                sp += 1
            case .within:
                sp -= 1
                let window = Self.window(slices[Int(stack[sp - 1])], dates: context.column(a, 0),
                                         oldest: context.now - double(sp), arena: rows)
                stack[sp - 1] = newSlice(window)
            case .largestSubset, .smallestSubset:
                let field = Int(instruction.b)
                let slice = slices[Int(stack[sp - 1])]
                if Self.charge(&work, slice.count) { return failure(.tooMuchWork, at) }
                let column = GroupedColumn(values: context.column(a, field), floating: floatingColumns[a][field],
                                           knownRange: context.donations[a].valueRanges[field].map { $0.lowest...$0.highest })
                let largest = instruction.opcode == .largestSubset
                if pc < instructions.count && instructions[pc].opcode == .count {
                    // `…Subset(groupedBy:).count`: only the winning group's size, in one pass.
                    stack[sp - 1] = SlotEncoding.bits(winningGroupSize(slice, by: column, largest: largest))
                    pc += 1
                } else {
                    stack[sp - 1] = newSlice(subset(slice, by: column, largest: largest))
                }
            case .count:
                stack[sp - 1] = SlotEncoding.bits(slices[Int(stack[sp - 1])].count)
            case .isEmpty:
                stack[sp - 1] = SlotEncoding.bits(slices[Int(stack[sp - 1])].count == 0)
            case .first, .last:
                let slice = slices[Int(stack[sp - 1])]
                if slice.count == 0 {
                    stack[sp - 1] = 0
                    stack[sp] = 0
                } else {
                    stack[sp - 1] = UInt64(slice.row(instruction.opcode == .first ? 0 : slice.count - 1, arena: rows))
                    stack[sp] = 1
                }
                sp += 1
            case .field:
                stack[sp - 1] = context.value(a, Int(instruction.b), Int(stack[sp - 1]))
            case .fieldString:
                stack[sp - 1] = StringSlot.event(a, context.value(a, Int(instruction.b), Int(stack[sp - 1])))

            case .minInt, .maxInt, .sumInt, .minDouble, .maxDouble, .sumDouble, .minString, .maxString:
                guard let kernel = instruction.opcode.aggregateKernel else { return failure(.invalidProgram, at) }
                let slice = slices[Int(stack[sp - 1])]
                let column = context.column(a, Int(instruction.b))
                let eventStrings = context.donations[a].strings
                if Self.charge(&work, aggregateCost(slice, column: column, strings: kernel.readsStrings ? eventStrings : nil)) {
                    return failure(.tooMuchWork, at)
                }
                switch aggregate(kernel, slice, column: column, eventStrings: eventStrings) {
                case .value(let value):
                    stack[sp - 1] = value
                case .optional(let value):
                    stack[sp - 1] = value.map { kernel.readsStrings ? StringSlot.event(a, $0) : $0 } ?? 0
                    stack[sp] = value == nil ? 0 : 1
                    sp += 1
                case .overflow:
                    return failure(.overflow(instruction.opcode), at)
                }

            case .loopFilter, .loopAny, .loopAll:
                sp -= 1
                if let scan = executable.scan(at: at) {
                    let source = slices[Int(stack[sp])]
                    switch runScan(scan, over: source, event: a, explaining: explaining, work: &work) {
                    case .value(let result):
                        stack[sp] = result
                        sp += 1
                        pc = scan.resume
                        if explaining { observeScan(scan, result: result, sourceIsEmpty: source.count == 0, notes) }
                        continue
                    case .failure(let kind):
                        return failure(kind, at)
                    }
                }
                if let result = beginLoop(instruction, over: slices[Int(stack[sp])], body: pc) {
                    stack[sp] = result
                    sp += 1
                    pc = Int(instruction.c) + 1
                }
            case .compareVersion, .versionMajor, .versionMinor, .versionPatch, .bucket, .rollout, .component:
                if let kind = runTargeting(instruction, at: at, sp: &sp, work: &work, notes: notes) { return failure(kind, at) }
            case .loopNext:
                sp -= 1
                if Self.charge(&work, 1) { return failure(.tooMuchWork, at) }
                switch nextIteration(passed: stack[sp] != 0) {
                case .repeatBody(let body):
                    pc = body
                case .finished(let result):
                    stack[sp] = result
                    sp += 1
                }
            }
            if explaining { observeValue(at, instruction, pc: pc, sp: sp, notes) }
        }
        return failure(.invalidProgram, instructions.count - 1)
    }

    /// Adds `steps` to the work done; true when that exceeds the budget.
    @inline(__always)
    static func charge(_ work: inout Int, _ steps: Int) -> Bool {
        work += steps
        return work > workBudget
    }

    // MARK: Slots

    @inline(__always) func int(_ slot: Int) -> Int { SlotEncoding.int(stack[slot]) }
    @inline(__always) func double(_ slot: Int) -> Double { SlotEncoding.double(stack[slot]) }

    @inline(__always) func comparison(_ operand: Int) -> ComparisonOperator {
        ComparisonOperator(rawValue: UInt8(truncatingIfNeeded: operand)) ?? .equal
    }

    /// The string a string slot names.
    @inline(__always)
    func string(_ slot: UInt64) -> String {
        let (table, index) = StringSlot.decode(slot)
        if table == 0 { return strings[index] }
        return table == StringSlot.parameterTable ? context.stringParameter(index) : context.donations[table - 1].strings[index]
    }

    /// Adds a string to the run's string table and returns its slot; nil when the run would then
    /// hold more than `maximumLiveStringBytes` of built strings.
    mutating func newString(_ text: String) -> UInt64? {
        guard liveStringBytes + text.utf8.count <= Self.maximumLiveStringBytes else { return nil }
        liveStringBytes += text.utf8.count
        strings.append(text)
        return StringSlot.run(strings.count - 1)
    }

    /// Drops the strings from `mark` on (built by the run, or by a finished loop iteration).
    mutating func truncateStrings(to mark: Int) {
        guard strings.count > mark else { return }
        for text in strings[mark...] { liveStringBytes -= text.utf8.count }
        strings.removeSubrange(mark...)
    }

    /// Adds a collection to the run's collection table and returns its slot.
    mutating func newSlice(_ slice: DonationSlice) -> UInt64 {
        slices.append(slice)
        return UInt64(slices.count - 1)
    }

    /// Whether two present optional values are equal, by the comparison's type. Inlined: a call
    /// to a method of the machine from `run` would copy the whole machine.
    @inline(__always)
    private func payloadsEqual(_ left: UInt64, _ right: UInt64, _ opcode: Opcode) -> Bool {
        switch opcode.comparedType {
        case .string: return string(left) == string(right)
        case .double, .date, .duration: return SlotEncoding.double(left) == SlotEncoding.double(right)
        case .bool, .int, .donation, .donations: return left == right
        }
    }
}
