import TipRulesCompiler
import TipRulesRuntime
import TipRulesToolingCore

/// Renders a checked expression as Swift, in one of two modes.
///
/// - `.rule`: the body of a TipKit `#Rule(inputs) { … }`. The inputs are the parameters and
///   events the body reads, in order of first use, bound to `$0`, `$1`, …; whatever TipKit's
///   macro rejects becomes a problem naming the source that decides it (`RuleMacroSupport`). A
///   closure (`filter { $0.… }`, `first.flatMap { $0.… }`) names its argument `$0`, so it may
///   read only that argument.
/// - `.relevance`: plain Swift for a widget's relevance function, reading parameters and
///   events through `reference`, durations as `TimeInterval` seconds and `now` as `Date.now`.
struct SwiftExpressionRenderer {
    /// A rule input: a parameter's value or an event.
    enum Input: Hashable {
        case parameter(Int)
        case event(Int)
    }

    /// What the rendered Swift is part of.
    enum Mode {
        case rule
        /// `reference` spells a parameter's or event's declaration (`SharedTipInputs.purchase`).
        case relevance(reference: (Input) -> String)
    }

    let program: CheckedProgram
    /// `Date`, or `Foundation.Date` where the program's names would hide it.
    private let dateType: String
    let line: Int
    let mode: Mode
    private(set) var inputs: [Input] = []
    private(set) var problems: [SwiftEmissionProblem] = []
    /// In a rule, inside a closure: the donation (`element`) or optional's value (`chained`)
    /// depth its `$0` names.
    private var closureArgument: (chained: Bool, depth: Int)?
    /// The expression being spelled: where a problem is shown.
    private var spelling: SourceSpan?

    /// Where a problem found now is shown: the expression being spelled, else the line.
    private var problemSpan: SourceSpan { spelling ?? program.span(ofLine: line) }

    init(program: CheckedProgram, line: Int, mode: Mode = .rule) {
        self.program = program
        dateType = SwiftSpelling.dateType(in: program)
        self.line = line
        self.mode = mode
    }

    private var isRule: Bool {
        if case .rule = mode { return true }
        return false
    }

    /// The body text with minimal parentheses.
    mutating func render(_ expression: CheckedExpression) -> String {
        operand(expression, atLeast: Precedence.ternary)
    }

    /// Swift's precedence levels, loosest first.
    private enum Precedence {
        static let ternary = 1, or = 2, and = 3, comparison = 4, coalesce = 5
        static let additive = 6, multiplicative = 7, prefix = 9, primary = 10
    }

    private mutating func operand(_ expression: CheckedExpression, atLeast minimum: Int) -> String {
        let (text, precedence) = spell(expression)
        return precedence < minimum ? "(\(text))" : text
    }

    private mutating func inputName(_ input: Input) -> String {
        if case .relevance(let reference) = mode { return reference(input) }
        if closureArgument != nil {
            _ = unsupported(RuleMacroSupport.inputInClosure)
            return "_"
        }
        if let index = inputs.firstIndex(of: input) { return "$\(index)" }
        inputs.append(input)
        return "$\(inputs.count - 1)"
    }

    private mutating func unsupported(_ what: String, note: String) -> (String, Int) {
        let context = isRule ? "TipKit's #Rule macro" : "a widget relevance function"
        return record(SwiftEmissionProblem(.tipKitRuleConstruct, at: problemSpan, message: "\(context) does not accept \(what)", note: note))
    }

    private mutating func record(_ problem: SwiftEmissionProblem) -> (String, Int) {
        if !problems.contains(problem) { problems.append(problem) }
        return ("_", Precedence.primary)
    }

    /// A construct TipKit's `#Rule` does not accept, with the reason and its source.
    private mutating func unsupported(_ refusal: RuleMacroSupport.Refusal) -> (String, Int) {
        record(SwiftEmissionProblem(.tipKitRuleConstruct, at: problemSpan, message: refusal.message,
                                    note: refusal.reason + "; " + RuleMacroSupport.keepInBytecode))
    }

    /// `{ BODY }` for a rule's closure whose `$0` is the donation or value at `depth`.
    private mutating func closure(_ body: CheckedExpression, chained: Bool, depth: Int) -> String {
        let outer = closureArgument
        closureArgument = (chained, depth)
        defer { closureArgument = outer }
        return "{ \(render(body)) }"
    }

    /// A closure's argument: `$0` in a rule when it is the innermost closure's, `d0`/`c0` elsewhere.
    private mutating func argument(chained: Bool, depth: Int) -> (String, Int) {
        guard isRule else { return ((chained ? "c" : "d") + "\(depth)", Precedence.primary) }
        guard let current = closureArgument, current.chained == chained, current.depth == depth else {
            return unsupported(RuleMacroSupport.outerClosureArgument)
        }
        return ("$0", Precedence.primary)
    }

    private static let versionNote = "let the app turn its version into a number in an Int parameter (2.3.1 → 20301), "
        + "or keep this tip on the bytecode runtime"

    private func fieldName(_ field: FieldReference, event: Int) -> String {
        switch field {
        case .date: return "date"
        case .declared(let index):
            guard program.events.indices.contains(event), program.events[event].fields.indices.contains(index) else { return "_" }
            return program.events[event].fields[index].name
        }
    }

    private mutating func spell(_ expression: CheckedExpression) -> (String, Int) {
        let outer = spelling
        spelling = expression.span
        defer { spelling = outer }
        switch expression.kind {
        case .constant(let constant): return spell(constant, written: written(expression))
        case .parameter(let index): return (inputName(.parameter(index)), Precedence.primary)
        case .donations(let event): return (inputName(.event(event)) + ".donations", Precedence.primary)
        case .unary(let operation, let value):
            let symbol = operation == .not ? "!" : "-"
            return (symbol + operand(value, atLeast: Precedence.prefix), Precedence.prefix)
        case .binary(let operation, let left, let right): return spell(operation, left, right)
        case .and(let left, let right):
            return (operand(left, atLeast: Precedence.and) + " && " + operand(right, atLeast: Precedence.and + 1), Precedence.and)
        case .or(let left, let right):
            return (operand(left, atLeast: Precedence.or) + " || " + operand(right, atLeast: Precedence.or + 1), Precedence.or)
        case .conditional(let condition, let then, let otherwise):
            return (operand(condition, atLeast: Precedence.or) + " ? " + operand(then, atLeast: Precedence.ternary)
                    + " : " + operand(otherwise, atLeast: Precedence.ternary), Precedence.ternary)
        case .coalesce(let optional, let fallback):
            return (operand(optional, atLeast: Precedence.coalesce + 1) + " ?? "
                    + operand(fallback, atLeast: Precedence.coalesce), Precedence.coalesce)
        case .wrap(let value): return spell(value)
        case .isNil(let value, let negated):
            return (operand(value, atLeast: Precedence.comparison + 1) + (negated ? " != nil" : " == nil"), Precedence.comparison)
        case .convert(let conversion, let value): return spell(conversion, value)
        case .string(let operation, let value, let argument): return spell(operation, value, argument)
        case .donatedWithin(let donations, let range):
            guard case .constant(.duration(let seconds)) = range.kind else {
                return unsupported("a computed donatedWithin(_:) range", note: "use a constant such as .days(5)")
            }
            let spelled = SwiftSpelling.isTimeRange(written(range)) ? written(range) : SwiftSpelling.timeRange(seconds)
            return (operand(donations, atLeast: Precedence.primary) + ".donatedWithin(\(spelled))",
                    Precedence.primary)
        case .subset(let donations, let field, let largest):
            guard case .donations(let event) = donations.type else { return unsupported("this grouping", note: RuleMacroSupport.keepInBytecode) }
            let method = largest ? "largestSubset" : "smallestSubset"
            return (operand(donations, atLeast: Precedence.primary) + ".\(method)(groupedBy: \\.\(fieldName(field, event: event)))",
                    Precedence.primary)
        case .count(let donations): return (operand(donations, atLeast: Precedence.primary) + ".count", Precedence.primary)
        case .isEmpty(let donations): return (operand(donations, atLeast: Precedence.primary) + ".isEmpty", Precedence.primary)
        case .filter(let donations, let depth, let predicate):
            let body = isRule ? closure(predicate, chained: false, depth: depth) : "{ d\(depth) in \(render(predicate)) }"
            return (operand(donations, atLeast: Precedence.primary) + ".filter " + body, Precedence.primary)
        case .quantifier(let donations, let all, let depth, let predicate):
            let body = isRule ? closure(predicate, chained: false, depth: depth) : "{ d\(depth) in \(render(predicate)) }"
            return (operand(donations, atLeast: Precedence.primary) + ".\(all ? "allSatisfy" : "contains") " + body, Precedence.primary)
        case .aggregate(let aggregate, let donations, let field) where !isRule:
            guard case .donations(let event) = donations.type else { return unsupported("this aggregate", note: RuleMacroSupport.keepInBytecode) }
            let values = operand(donations, atLeast: Precedence.primary) + ".map(\\.\(fieldName(field, event: event)))"
            switch aggregate {
            case .min: return (values + ".min()", Precedence.primary)
            case .max: return (values + ".max()", Precedence.primary)
            case .sum: return (values + ".reduce(0, +)", Precedence.primary)
            }
        case .aggregate: return unsupported(RuleMacroSupport.aggregate)
        case .endpoint(let donations, let last):
            return (operand(donations, atLeast: Precedence.primary) + (last ? ".last" : ".first"), Precedence.primary)
        case .field(let donation, let field):
            guard case .donation(let event) = donation.type.unwrapped else { return unsupported("this field", note: RuleMacroSupport.keepInBytecode) }
            return (operand(donation, atLeast: Precedence.primary) + "." + fieldName(field, event: event), Precedence.primary)
        case .element(let depth): return argument(chained: false, depth: depth)
        case .chained(let depth): return argument(chained: true, depth: depth)
        case .optionalChain(let base, let depth, let body) where isRule:
            return (operand(base, atLeast: Precedence.primary) + ".flatMap " + closure(Self.unwrappedBody(body), chained: true, depth: depth),
                    Precedence.primary)
        case .optionalChain(let base, let depth, let body):
            let method = Self.unwrappedBody(body).type.isOptional ? "flatMap" : "map"
            return (operand(base, atLeast: Precedence.primary) + ".\(method) { c\(depth) in \(render(Self.unwrappedBody(body))) }",
                    Precedence.primary)
        case .now: return ("\(dateType).now", Precedence.primary)
        case .local(let index) where !isRule: return ("value\(index)", Precedence.primary)
        case .local: return unsupported("a widget value", note: "rules cannot read widget lets")
        case .versionComponent:
            return unsupported("a version's major, minor or patch (TipKit has no Version type)", note: Self.versionNote)
        case .bucket, .rollout:
            return unsupported("a stable rollout (TipKit has no bucketing)",
                               note: "let the app decide the rollout (for example with its feature-flag SDK) and set a Bool parameter, or keep this tip on the bytecode runtime")
        case .calendar:
            return unsupported("the local calendar (Calendar.current.component)",
                               note: "let the app set an Int parameter (the hour, the month …) from its own calendar, or keep this on the bytecode runtime")
        case .oneOf:
            return unsupported("a list of constants ('[…].contains')",
                               note: "compare with '==' and '||', as in 'language == \"ja\" || language == \"ko\"'")
        }
    }

    /// Whether the expression is integer literals and arithmetic on them, which Swift types as
    /// whatever number its context needs.
    private static func isLiteralArithmetic(_ expression: CheckedExpression) -> Bool {
        switch expression.kind {
        case .constant(.int): return true
        case .unary(.negateInt, let value): return isLiteralArithmetic(value)
        case .binary(.addInt, let left, let right), .binary(.subtractInt, let left, let right),
             .binary(.multiplyInt, let left, let right):
            return isLiteralArithmetic(left) && isLiteralArithmetic(right)
        default: return false
        }
    }

    /// An optional chain's body without the `wrap` the checker adds (Swift's `map` wraps).
    private static func unwrappedBody(_ body: CheckedExpression) -> CheckedExpression {
        if case .wrap(let inner) = body.kind { return inner }
        return body
    }

    /// The source text of `expression`, as the program's author wrote it.
    private func written(_ expression: CheckedExpression) -> String {
        let span = expression.span
        guard span.start < span.end, span.end <= program.source.bytes.count else { return "" }
        return program.source.text(of: span)
    }

    /// A constant as Swift spells it; a number written as a whole number (`60` where a
    /// `TimeInterval` is meant) stays as written, a Swift literal of any number type.
    private mutating func spell(_ constant: Constant, written: String) -> (String, Int) {
        let digits = written.hasPrefix("-") ? written.dropFirst() : written[...]
        let wholeNumber = !digits.isEmpty && digits.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        switch constant {
        case .double, .duration:
            guard wholeNumber else { return spell(constant) }
            return (written, digits.count < written.count ? Precedence.prefix : Precedence.primary)
        default: return spell(constant)
        }
    }

    private mutating func spell(_ constant: Constant) -> (String, Int) {
        switch constant {
        case .bool(let flag): return (flag ? "true" : "false", Precedence.primary)
        case .int(let number): return (String(number), number < 0 ? Precedence.prefix : Precedence.primary)
        case .double(let number): return (SwiftSpelling.double(number), number < 0 ? Precedence.prefix : Precedence.primary)
        case .string(let text): return (SwiftSpelling.stringLiteral(text), Precedence.primary)
        case .date(let seconds): return (SwiftSpelling.date(seconds, dateType: dateType), Precedence.primary)
        case .version: return unsupported("a version (TipKit has no Version type)", note: Self.versionNote)
        case .none: return ("nil", Precedence.primary)
        case .duration(let seconds): return (SwiftSpelling.double(seconds), seconds < 0 ? Precedence.prefix : Precedence.primary)
        }
    }

    private mutating func spell(_ operation: BinaryOperation, _ left: CheckedExpression, _ right: CheckedExpression) -> (String, Int) {
        let symbol: String
        let precedence: Int
        switch operation {
        case .addInt, .addDouble, .concatenate: (symbol, precedence) = ("+", Precedence.additive)
        case .subtractInt, .subtractDouble: (symbol, precedence) = ("-", Precedence.additive)
        case .multiplyInt, .multiplyDouble: (symbol, precedence) = ("*", Precedence.multiplicative)
        case .divideInt, .divideDouble: (symbol, precedence) = ("/", Precedence.multiplicative)
        case .remainderInt: (symbol, precedence) = ("%", Precedence.multiplicative)
        case .compare(let comparison, _), .compareOptionals(let comparison, _):
            return (operand(left, atLeast: Precedence.comparison + 1) + " \(Self.symbol(comparison)) "
                    + operand(right, atLeast: Precedence.comparison + 1), Precedence.comparison)
        case .addDurations: (symbol, precedence) = ("+", Precedence.additive)
        case .subtractDurations: (symbol, precedence) = ("-", Precedence.additive)
        case .addDuration:
            return (operand(left, atLeast: Precedence.primary) + ".addingTimeInterval(\(render(right)))", Precedence.primary)
        case .subtractDuration where isRule:
            // `-(…)` always, so that import tells it from adding a negative number of seconds.
            return (operand(left, atLeast: Precedence.primary) + ".addingTimeInterval(-(\(render(right))))", Precedence.primary)
        case .subtractDuration:
            return (operand(left, atLeast: Precedence.primary) + ".addingTimeInterval(-\(operand(right, atLeast: Precedence.prefix)))",
                    Precedence.primary)
        case .subtractDates where !isRule:
            return (operand(left, atLeast: Precedence.primary) + ".timeIntervalSince(\(render(right)))", Precedence.primary)
        case .subtractDates: return unsupported(RuleMacroSupport.timeIntervalSince)
        case .multiplyDuration where !isRule:
            return (operand(left, atLeast: Precedence.multiplicative) + " * Double(\(render(right)))", Precedence.multiplicative)
        case .divideDuration where !isRule:
            return (operand(left, atLeast: Precedence.multiplicative) + " / Double(\(render(right)))", Precedence.multiplicative)
        case .multiplyDuration, .divideDuration: return unsupported(RuleMacroSupport.conversion)
        }
        return (operand(left, atLeast: precedence) + " \(symbol) " + operand(right, atLeast: precedence + 1), precedence)
    }

    /// `==`, `<`, …: the runtime's operator has the same raw values and Swift's spelling.
    private static func symbol(_ comparison: Comparison) -> String {
        ComparisonOperator(rawValue: comparison.rawValue)?.description ?? "=="
    }

    private mutating func spell(_ conversion: Conversion, _ value: CheckedExpression) -> (String, Int) {
        switch conversion {
        case .intToDouble where !isRule: return ("Double(\(render(value)))", Precedence.primary)
        case .doubleToInt where !isRule: return ("Int(\(render(value)))", Precedence.primary)
        case .intToDuration where !isRule: return ("TimeInterval(\(render(value)))", Precedence.primary)
        case .doubleToDuration: return spell(value)
        case .intToDuration where Self.isLiteralArithmetic(value):
            // Integer literals (and arithmetic on them) are TimeInterval literals in Swift: `-5 * 60 * 60 * 24`.
            return spell(value)
        case .intToDouble, .doubleToInt, .intToDuration: return unsupported(RuleMacroSupport.conversion)
        }
    }

    private mutating func spell(_ operation: StringOperation, _ value: CheckedExpression,
                                _ argument: CheckedExpression?) -> (String, Int) {
        let base = operand(value, atLeast: Precedence.primary)
        let argumentText = argument.map { render($0) } ?? ""
        switch operation {
        case .count: return (base + ".count", Precedence.primary)
        case .isEmpty: return (base + ".isEmpty", Precedence.primary)
        case .lowercased where !isRule: return (base + ".lowercased()", Precedence.primary)
        case .lowercased: return unsupported(RuleMacroSupport.lowercased)
        case .contains: return (base + ".contains(\(argumentText))", Precedence.primary)
        case .hasPrefix: return (base + ".starts(with: \(argumentText))", Precedence.primary)
        case .hasSuffix where !isRule: return (base + ".hasSuffix(\(argumentText))", Precedence.primary)
        case .hasSuffix: return unsupported(RuleMacroSupport.hasSuffix)
        }
    }
}
