/// A closure loop the machine runs as one native loop over the event's columns: `filter`,
/// `filter {…}.count`, `contains(where:)` or `allSatisfy` whose predicate is a chain of
/// field-versus-constant comparisons joined by `&&` / `||`, e.g.
/// `filter { $0.amount > 50 && $0.category == "grocery" }.count > 10`.
///
/// Plans are recognised in verified code, so they only restate what the instructions do: the
/// loop's result, the work it charges (a step per element, string comparisons by their
/// bytes) and its explain-mode observations are those of the instruction-by-instruction run.
/// A `filter {…}.count` compared with an `Int` constant stops counting once the comparison's
/// outcome is decided (past the constant), unless the run explains.
struct ScanPlan {
    /// What the loop computes.
    enum Kind {
        /// `filter`: the passing rows, as a collection.
        case filter
        /// `filter` followed by `count`: the number of passing rows, counted up to `limit`
        /// (nil: all of them).
        case count(limit: Int?)
        /// `contains(where:)`: whether some row passes; stops at the first.
        case any
        /// `allSatisfy`: whether every row passes; stops at the first that does not.
        case all
    }

    /// The loop instruction.
    let loop: Int
    /// The loop's `loopNext`.
    let loopNext: Int
    let kind: Kind
    /// The comparisons, in order; after each but the last, `exitWhen` says which outcome ends
    /// the predicate with that outcome (false for `&&`, true for `||`).
    let terms: [ScanTerm]
    /// Where the run continues: after `loopNext`, or after the `count` a `.count` plan absorbs.
    let resume: Int

    /// The fusable loops of `code`.
    static func plans(for code: CodeBlock, constants: [ScalarValue]) -> [ScanPlan] {
        let noted = Set(code.notes.map(\.instruction))
        return code.instructions.indices.compactMap { index in
            plan(at: index, code.instructions, constants: constants, noted: noted)
        }
    }

    private static func plan(at loop: Int, _ instructions: [Instruction], constants: [ScalarValue],
                             noted: Set<Int>) -> ScanPlan? {
        let begin = instructions[loop]
        guard [.loopFilter, .loopAny, .loopAll].contains(begin.opcode) else { return nil }
        let event = Int(begin.a), element = Int(begin.b), next = Int(begin.c)
        guard next > loop, next < instructions.count, instructions[next].opcode == .loopNext,
              !noted.contains(where: { $0 > loop && $0 < next }) else { return nil }
        var terms: [ScanTerm] = []
        var position = loop + 1
        while true {
            guard position + 4 <= next,
                  var term = ScanTerm(instructions[position..<position + 4], event: event, element: element,
                                      constants: constants) else { return nil }
            position += 4
            if position == next {
                terms.append(term)
                break
            }
            let join = instructions[position]
            guard join.opcode == .jumpIfFalseOrPop || join.opcode == .jumpIfTrueOrPop, Int(join.a) == next else { return nil }
            term.exitWhen = join.opcode == .jumpIfTrueOrPop
            terms.append(term)
            position += 1
        }
        switch LoopKind(begin.opcode) {
        case .any:
            return ScanPlan(loop: loop, loopNext: next, kind: .any, terms: terms, resume: next + 1)
        case .all:
            return ScanPlan(loop: loop, loopNext: next, kind: .all, terms: terms, resume: next + 1)
        case .filter:
            guard !noted.contains(next) else { return nil }
            guard next + 1 < instructions.count, instructions[next + 1].opcode == .count else {
                return ScanPlan(loop: loop, loopNext: next, kind: .filter, terms: terms, resume: next + 1)
            }
            return ScanPlan(loop: loop, loopNext: next, kind: .count(limit: countLimit(after: next + 1, instructions, constants: constants)),
                            terms: terms, resume: next + 2)
        }
    }

    /// For `count` followed by `const K; compareInt`: counting past `K + 1` cannot change the
    /// comparison (every operator gives the same answer for all counts above K).
    private static func countLimit(after count: Int, _ instructions: [Instruction], constants: [ScalarValue]) -> Int? {
        guard count + 2 < instructions.count, instructions[count + 1].opcode == .const,
              instructions[count + 2].opcode == .compareInt,
              constants.indices.contains(Int(instructions[count + 1].a)),
              case .int(let bound) = constants[Int(instructions[count + 1].a)] else { return nil }
        let (limit, overflow) = bound.addingReportingOverflow(1)
        return overflow ? nil : max(0, limit)
    }
}

/// One comparison of a scan: a field of the element against a constant.
struct ScanTerm {
    /// How the field is compared.
    enum Test {
        /// `Bool` and `Int` fields: the slot bits as integers.
        case integer(Int)
        /// `Double`, `Date` and `Duration` fields.
        case floating(Double)
        /// `String` fields: `==`/`!=` by interned index (found per scan), others by the strings.
        case string(String)
    }

    /// The field operand: 0 is the date, `i + 1` the declared field `i`.
    let column: Int
    let comparison: ComparisonOperator
    let test: Test
    /// The outcome that ends the predicate with that outcome; nil for the last term.
    var exitWhen: Bool?

    /// `load element; field(String) event F; const K; compare op`, or the constant first
    /// (`const K; load element; field …; compare op`, the operator mirrored).
    init?(_ code: ArraySlice<Instruction>, event: Int, element: Int, constants: [ScalarValue]) {
        let window = Array(code)
        let constantFirst = window[0].opcode == .const
        let load = constantFirst ? window[1] : window[0]
        let field = constantFirst ? window[2] : window[1]
        let constant = constantFirst ? window[0] : window[2]
        let compare = window[3]
        guard load.opcode == .load, Int(load.a) == element,
              field.opcode == .field || field.opcode == .fieldString, Int(field.a) == event,
              constant.opcode == .const, constants.indices.contains(Int(constant.a)),
              let comparison = ComparisonOperator(rawValue: UInt8(truncatingIfNeeded: compare.a)) else { return nil }
        switch (compare.opcode, constants[Int(constant.a)]) {
        case (.compareBool, .bool(let value)): test = .integer(value ? 1 : 0)
        case (.compareInt, .int(let value)): test = .integer(value)
        case (.compareDouble, .double(let value)), (.compareDate, .date(let value)),
             (.compareDuration, .duration(let value)): test = .floating(value)
        case (.compareString, .string(let value)): test = .string(value)
        default: return nil
        }
        self.column = Int(field.b)
        self.comparison = constantFirst ? comparison.mirrored : comparison
        exitWhen = nil
    }
}
