import TipRulesRuntime

/// Emits the code of one rule, score or duration from its (folded) checked expression.
///
/// `&&`, `||`, `??`, `?:` and `?.` become forward jumps; closures become loops driven by
/// `loopFilter`/`loopAny`/`loopAll` and `loopNext`. Every closure element and optional-chain
/// value gets its own local. In rules, each comparison outside closures gets an explain-mode
/// note describing its operands and whether it sits under an odd number of `!`; so does each
/// `Bool` value that is an operand of `&&`, `||`, `!` or `?:` (a parameter, `hasPrefix`,
/// `contains(where:)` …), so that every false side of `a || b` is explained.
struct ExpressionEmitter {
    private let program: CheckedProgram
    private let describer: ExpressionDescriber
    private let lets: [CheckedExpression]
    private let explains: Bool
    private var builder = CodeBuilder()
    private var letLocals: [Int: Int] = [:]
    private var elementLocals: [Int: Int] = [:]
    private var chainLocals: [Int: Int] = [:]
    private var closureDepth = 0
    private var negated = false
    /// Whether the expression being emitted is a truth value a rule's outcome follows directly:
    /// the rule body, or an operand of `&&`, `||`, `!`, or a `?:`'s condition or branch there.
    private var logicalPosition = true
    /// The source span of each instruction emitted so far: that of the innermost expression
    /// that emitted it (the compiler reports a construct at its source through it).
    private var spans: [SourceSpan] = []
    /// The expression being emitted.
    private var currentSpan: SourceSpan
    /// The byte range of the line `line(of:)` found last, and its number.
    private var lastLine = (bytes: 0..<0, number: 0)

    /// `lets` are the widget's `let` values (none for rules); `explains` adds comparison notes,
    /// which `describer` (of `describer.program`) spells.
    init(describer: ExpressionDescriber, lets: [CheckedExpression], explains: Bool) {
        program = describer.program
        self.describer = describer
        self.lets = lets
        self.explains = explains
        currentSpan = SourceSpan.point(0)
    }

    /// The block computing `expression` of `describer.program`: the lets it reads (transitively,
    /// in order), then the expression, then `ret`; with the source span of each instruction.
    static func block(for expression: CheckedExpression, describer: ExpressionDescriber, lets: [CheckedExpression] = [],
                      explains: Bool, pool: inout ConstantPool) throws -> (code: CodeBlock, spans: [SourceSpan]) {
        var emitter = ExpressionEmitter(describer: describer, lets: lets, explains: explains)
        let line = emitter.line(of: expression)
        for index in emitter.letsRead(by: expression).sorted() {
            try emitter.emit(lets[index], pool: &pool)
            let type = try emitter.type(of: lets[index])
            let local = emitter.builder.addLocal(type)
            emitter.builder.emit(type.isOptional ? .storeOptional : .store, local, line: emitter.line(of: lets[index]))
            emitter.attributeEmitted(to: lets[index].span)
            emitter.letLocals[index] = local
        }
        try emitter.emit(expression, pool: &pool)
        emitter.builder.emit(.ret, line: line)
        emitter.attributeEmitted(to: expression.span)
        return (try emitter.builder.finish(summary: explains ? emitter.describer.describe(expression) : ""), emitter.spans)
    }

    /// Gives the instructions emitted since the last call the span of the expression emitting them.
    private mutating func attributeEmitted(to span: SourceSpan) {
        while spans.count < builder.instructionCount { spans.append(span) }
    }

    /// The lets `expression` reads, directly or through other lets.
    private func letsRead(by expression: CheckedExpression) -> Set<Int> {
        var read = Set<Int>()
        guard !lets.isEmpty else { return read }
        var pending = Array(expression.localsRead)
        while let index = pending.popLast() {
            guard lets.indices.contains(index), read.insert(index).inserted else { continue }
            pending += lets[index].localsRead
        }
        return read
    }

    private mutating func emit(_ expression: CheckedExpression, pool: inout ConstantPool) throws {
        attributeEmitted(to: currentSpan)
        let isLogical = logicalPosition, outerSpan = currentSpan
        if !expression.kind.isLogical { logicalPosition = false }
        currentSpan = expression.span
        defer { logicalPosition = isLogical; currentSpan = outerSpan }
        let first = builder.instructionCount
        try emitKind(of: expression, pool: &pool)
        attributeEmitted(to: expression.span)
        if isLogical && expression.isTruthValueLeaf { noteValue(expression, from: first) }
    }

    private mutating func emitKind(of expression: CheckedExpression, pool: inout ConstantPool) throws {
        let line = self.line(of: expression)
        switch expression.kind {
        case .constant(let constant):
            if let value = constant.scalarValue {
                builder.emit(.const, try pool.index(of: value), line: line)
            } else {
                builder.emit(.nilOf, try type(of: expression).base.code, line: line)
            }
        case .parameter(let index):
            builder.emit(.param, index, line: line)
        case .now:
            builder.emit(.now, line: line)
        case .local(let index):
            try load(letLocals[index], expression)
        case .element(let depth):
            try load(elementLocals[depth], expression)
        case .chained(let depth):
            try load(chainLocals[depth], expression)
        case .unary(let operation, let operand):
            if operation == .not { negated.toggle() }
            try emit(operand, pool: &pool)
            if operation == .not { negated.toggle() }
            builder.emit(operation.opcode, line: line)
        case .binary(let operation, let left, let right):
            try emit(left, pool: &pool)
            try emit(right, pool: &pool)
            let instruction = builder.emit(operation.opcode, operation.comparison.map { Int($0.rawValue) } ?? 0, line: line)
            if operation.comparison != nil { noteComparison(at: instruction, left, right) }
        case .and(let left, let right), .or(let left, let right):
            let end = builder.makeLabel()
            try emit(left, pool: &pool)
            let isAnd: Bool
            if case .and = expression.kind { isAnd = true } else { isAnd = false }
            builder.emit(isAnd ? .jumpIfFalseOrPop : .jumpIfTrueOrPop, target: end, line: line)
            try emit(right, pool: &pool)
            builder.bind(end)
        case .conditional(let condition, let then, let otherwise):
            let elseBranch = builder.makeLabel()
            let end = builder.makeLabel()
            if expression.type != .bool { logicalPosition = false }
            try emit(condition, pool: &pool)
            builder.emit(.jumpIfFalse, target: elseBranch, line: line)
            try emit(then, pool: &pool)
            builder.emit(.jump, target: end, line: line)
            builder.bind(elseBranch)
            try emit(otherwise, pool: &pool)
            builder.bind(end)
        case .coalesce(let optional, let fallback):
            let end = builder.makeLabel()
            try emit(optional, pool: &pool)
            builder.emit(fallback.type.isOptional ? .jumpIfNonNilKeep : .jumpIfNonNil, target: end, line: line)
            try emit(fallback, pool: &pool)
            builder.bind(end)
        case .optionalChain(let base, let depth, let body):
            let end = builder.makeLabel()
            try emit(base, pool: &pool)
            builder.emit(.jumpIfNil, try type(of: expression).base.code, target: end, line: line)
            let local = builder.addLocal(try type(of: base).unwrapped)
            builder.emit(.store, local, line: line)
            let outer = chainLocals[depth]
            chainLocals[depth] = local
            try emit(body, pool: &pool)
            chainLocals[depth] = outer
            if !body.type.isOptional { builder.emit(.wrap, line: line) }
            builder.bind(end)
        case .wrap(let value):
            try emit(value, pool: &pool)
            builder.emit(.wrap, line: line)
        case .isNil(let value, let isNegated):
            try emit(value, pool: &pool)
            let instruction = builder.emit(isNegated ? .isNonNil : .isNil, line: line)
            noteComparison(at: instruction, value, nil)
        case .convert(let conversion, let value):
            try emit(value, pool: &pool)
            builder.emit(conversion.opcode, line: line)
        case .string(let operation, let value, let argument):
            try emit(value, pool: &pool)
            if let argument { try emit(argument, pool: &pool) }
            guard let opcode = Builtins.member(for: operation)?.opcode else {
                throw CodeGenerationError("no instruction for this string member", line: line)
            }
            builder.emit(opcode, line: line)
        case .donations(let event):
            builder.emit(.donations, event, line: line)
        case .donatedWithin(let donations, let range):
            try emit(donations, pool: &pool)
            try emit(range, pool: &pool)
            builder.emit(.within, try event(of: donations), line: line)
        case .filter(let donations, let depth, let predicate):
            try loop(.loopFilter, over: donations, depth: depth, predicate: predicate, pool: &pool)
        case .quantifier(let donations, let all, let depth, let predicate):
            try loop(all ? .loopAll : .loopAny, over: donations, depth: depth, predicate: predicate, pool: &pool)
        case .subset(let donations, let field, let largest):
            try emit(donations, pool: &pool)
            builder.emit(largest ? .largestSubset : .smallestSubset, try event(of: donations), field.operand, line: line)
        case .count(let donations):
            try emit(donations, pool: &pool)
            builder.emit(.count, line: line)
        case .isEmpty(let donations):
            try emit(donations, pool: &pool)
            builder.emit(.isEmpty, line: line)
        case .endpoint(let donations, let last):
            try emit(donations, pool: &pool)
            builder.emit(last ? .last : .first, line: line)
        case .aggregate(let aggregate, let donations, let field):
            try emit(donations, pool: &pool)
            let event = try self.event(of: donations)
            guard let type = fieldType(field, event: event),
                  let instruction = AggregateInstruction.lowering(aggregate, field: BytecodeType.Base(type)) else {
                throw CodeGenerationError("cannot aggregate this field", line: line)
            }
            builder.emit(instruction.opcode, event, field.operand, line: line)
        case .field(let donation, let field):
            try emit(donation, pool: &pool)
            let event = try self.event(of: donation)
            builder.emit(fieldType(field, event: event) == .string ? .fieldString : .field, event, field.operand, line: line)
        case .versionComponent(let component, let version):
            try emit(version, pool: &pool)
            builder.emit(component.opcode, line: line)
        case .bucket(let id, let group):
            try emit(id, pool: &pool)
            try emit(group, pool: &pool)
            builder.emit(.bucket, line: line)
        case .rollout(let share, let id, let group):
            try emit(share, pool: &pool)
            try emit(id, pool: &pool)
            try emit(group, pool: &pool)
            let instruction = builder.emit(.rollout, line: line)
            if explains && closureDepth == 0 {
                builder.note(ComparisonNote(instruction: instruction, subject: describer.describe(id), negated: negated))
            }
        case .calendar(let component, let date):
            try emit(date, pool: &pool)
            builder.emit(.component, Int(component.rawValue), line: line)
        case .oneOf(let value, let choices):
            // `value == c1 || value == c2 || …`: each comparison explains itself.
            guard let kind = value.type.scalar, var lowered = choices.first.map({ equality(value, $0, kind) }) else {
                throw CodeGenerationError("a list of this type cannot be compared", line: line)
            }
            for choice in choices.dropFirst() {
                lowered = CheckedExpression(.or(lowered, equality(value, choice, kind)), type: .bool, span: expression.span)
            }
            try emit(lowered, pool: &pool)
        }
    }

    /// A closure: the collection, the loop instruction, the predicate with `$0` bound, `loopNext`.
    private mutating func loop(_ opcode: Opcode, over donations: CheckedExpression, depth: Int,
                               predicate: CheckedExpression, pool: inout ConstantPool) throws {
        let line = self.line(of: donations)
        try emit(donations, pool: &pool)
        let event = try self.event(of: donations)
        let element = builder.addLocal(BytecodeType(.donation(event: event)))
        let next = builder.makeLabel()
        builder.emit(opcode, event, element, target: next, line: line)
        let outer = (elementLocals[depth], negated)
        elementLocals[depth] = element
        closureDepth += 1
        negated = false
        try emit(predicate, pool: &pool)
        closureDepth -= 1
        (elementLocals[depth], negated) = outer
        builder.bind(next)
        builder.emit(.loopNext, line: line)
    }

    /// `value == choice`.
    private func equality(_ value: CheckedExpression, _ choice: CheckedExpression, _ kind: ScalarKind) -> CheckedExpression {
        CheckedExpression(.binary(.compare(.equal, kind), value, choice), type: .bool, span: value.span)
    }

    private mutating func load(_ local: Int?, _ expression: CheckedExpression) throws {
        guard let local else { throw CodeGenerationError("a name is used outside its scope", line: line(of: expression)) }
        builder.emit(try type(of: expression).isOptional ? .loadOptional : .load, local, line: line(of: expression))
    }

    /// Attaches an explain-mode note to a comparison of a rule, outside closures. The described
    /// operand is the left one, unless only the right one varies.
    private mutating func noteComparison(at instruction: Int, _ left: CheckedExpression, _ right: CheckedExpression?) {
        guard explains && closureDepth == 0 else { return }
        let mirrored = right.map { left.isConstant && !$0.isConstant } ?? false
        let subject = mirrored ? right ?? left : left
        let other = mirrored ? left : right
        builder.note(ComparisonNote(instruction: instruction, subject: describer.describe(subject),
                                    other: other.flatMap { $0.isConstant ? nil : describer.describe($0) },
                                    mirrored: mirrored, negated: negated))
    }

    /// Attaches an explain-mode note to the instruction that produces a truth value (for a
    /// `contains(where:)` or `allSatisfy`, to both the loop instruction, which produces it for an
    /// empty collection, and its `loopNext`). `first` is the expression's first instruction.
    private mutating func noteValue(_ expression: CheckedExpression, from first: Int) {
        guard explains && closureDepth == 0 && builder.instructionCount > first else { return }
        let subject = describer.describe(expression)
        var instructions = [builder.instructionCount - 1]
        if case .quantifier = expression.kind,
           let loop = (first..<builder.instructionCount).last(where: { [.loopAny, .loopAll].contains(builder.opcode(at: $0)) }) {
            instructions.insert(loop, at: 0)
        }
        for instruction in instructions {
            builder.note(ComparisonNote(instruction: instruction, subject: subject, negated: negated))
        }
    }

    private func type(of expression: CheckedExpression) throws -> BytecodeType {
        guard let type = expression.type.bytecodeType else {
            throw CodeGenerationError("an expression of type '\(expression.type)' is not a value",
                                      line: program.source.line(of: expression.span.start))
        }
        return type
    }

    private func event(of expression: CheckedExpression) throws -> Int {
        guard let event = try type(of: expression).base.event else {
            throw CodeGenerationError("expected donations, found '\(expression.type)'",
                                      line: program.source.line(of: expression.span.start))
        }
        return event
    }

    private func fieldType(_ field: FieldReference, event: Int) -> ScalarKind? {
        switch field {
        case .date: return .date
        case .declared(let index):
            guard program.events.indices.contains(event), program.events[event].fields.indices.contains(index) else { return nil }
            return program.events[event].fields[index].type
        }
    }

    /// The 1-based line of `expression`, from the line last looked up when it holds it (an
    /// expression's nodes are mostly on one line), else by a search of the line index.
    private mutating func line(of expression: CheckedExpression) -> Int {
        let offset = expression.span.start
        if lastLine.bytes.contains(offset) { return lastLine.number }
        let source = program.source
        let index = source.lineIndex(of: offset)
        let end = index + 1 < source.lineStarts.count ? source.lineStarts[index + 1] : source.bytes.count + 1
        lastLine = (source.lineStarts[index]..<end, index + 1)
        return index + 1
    }
}

private extension VersionComponent {
    var opcode: Opcode {
        switch self {
        case .major: return .versionMajor
        case .minor: return .versionMinor
        case .patch: return .versionPatch
        }
    }
}

private extension UnaryOperation {
    var opcode: Opcode {
        switch self {
        case .not: return .not
        case .negateInt: return .negInt
        case .negateDouble: return .negDouble
        case .negateDuration: return .negDuration
        }
    }
}

private extension BinaryOperation {
    var comparison: Comparison? {
        switch self {
        case .compare(let comparison, _), .compareOptionals(let comparison, _): return comparison
        default: return nil
        }
    }

    var opcode: Opcode {
        switch self {
        case .addInt: return .addInt
        case .subtractInt: return .subInt
        case .multiplyInt: return .mulInt
        case .divideInt: return .divInt
        case .remainderInt: return .remInt
        case .addDouble: return .addDouble
        case .subtractDouble: return .subDouble
        case .multiplyDouble: return .mulDouble
        case .divideDouble: return .divDouble
        case .concatenate: return .concat
        case .addDuration: return .addDateDuration
        case .subtractDuration: return .subDateDuration
        case .subtractDates: return .subDates
        case .addDurations: return .addDurations
        case .subtractDurations: return .subDurations
        case .multiplyDuration: return .mulDuration
        case .divideDuration: return .divDuration
        case .compare(_, let kind):
            switch kind {
            case .bool: return .compareBool
            case .int: return .compareInt
            case .double: return .compareDouble
            case .string: return .compareString
            case .date: return .compareDate
            case .duration: return .compareDuration
            case .version: return .compareVersion
            }
        case .compareOptionals(_, let kind):
            switch kind {
            case .bool: return .compareOptionalBool
            case .int: return .compareOptionalInt
            case .double: return .compareOptionalDouble
            // There are no optional versions (no field or aggregate gives one): the checker
            // never compares them, and strings are their closest bytecode.
            case .string, .version: return .compareOptionalString
            case .date: return .compareOptionalDate
            case .duration: return .compareOptionalDuration
            }
        }
    }
}

private extension Conversion {
    var opcode: Opcode {
        switch self {
        case .intToDouble: return .intToDouble
        case .doubleToInt: return .doubleToInt
        case .intToDuration: return .intToDuration
        case .doubleToDuration: return .doubleToDuration
        }
    }
}

