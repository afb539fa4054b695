import TipRulesRuntime

/// Describes expressions for people, for the explain mode's notes: a donation pipeline reads
/// as "enteredBackyardDetailView donations within 5 days, largest group by backyardID: count",
/// an optional chain as "purchase donations: last?.amount", a parameter by its name.
/// Arithmetic and logic are spelled with Swift operators; closures by their source text.
///
/// A description is written into one string as the tree is walked (no string per node), and
/// one describer serves a whole program, remembering the durations it spelled (a program
/// repeats a few windows many times).
struct ExpressionDescriber {
    let program: CheckedProgram
    private let durations = DurationTexts()

    init(program: CheckedProgram) {
        self.program = program
    }

    func describe(_ expression: CheckedExpression) -> String {
        var text = ""
        write(expression, chains: IntegerKeyTable(), into: &text)
        return text
    }

    /// Appends the description of `expression` to `text`. `chains` maps an optional chain's
    /// depth to the description of its unwrapped base.
    private func write(_ expression: CheckedExpression, chains: IntegerKeyTable<String>, into text: inout String) {
        func child(_ child: CheckedExpression) { write(child, chains: chains, into: &text) }
        func infix(_ left: CheckedExpression, _ operation: String, _ right: CheckedExpression) {
            child(left)
            text += operation
            child(right)
        }
        func call(_ opening: String, _ argument: CheckedExpression) {
            text += opening
            child(argument)
            text += ")"
        }
        switch expression.kind {
        case .constant(let constant):
            text += constant.scalarValue.map(ValueFormatting.describe) ?? "nil"
        case .parameter(let index):
            text += program.parameters.indices.contains(index) ? program.parameters[index].name : "parameter \(index)"
        case .now:
            text += "now"
        case .local(let index):
            // Only widgets have lets, and widgets are not explained.
            text += "let \(index)"
        case .element:
            text += "$0"
        case .chained(let depth):
            text += chains.value(for: depth) ?? "value"
        case .unary(let operation, let operand):
            text += operation == .not ? "!" : "-"
            child(operand)
        case .binary(let operation, let left, let right):
            infix(left, " \(operation.symbol) ", right)
        case .and(let left, let right):
            infix(left, " && ", right)
        case .or(let left, let right):
            infix(left, " || ", right)
        case .conditional, .oneOf:
            text += sourceText(expression)
        case .coalesce(let optional, let fallback):
            infix(optional, " ?? ", fallback)
        case .optionalChain(let base, let depth, let body):
            var inner = chains
            var baseText = ""
            write(base, chains: chains, into: &baseText)
            inner.setValue(baseText + "?", for: depth)
            write(body, chains: inner, into: &text)
        case .wrap(let value):
            child(value)
        case .isNil(let value, let negated):
            child(value)
            text += negated ? " != nil" : " == nil"
        case .convert(let conversion, let value):
            switch conversion {
            case .intToDouble: call("Double(", value)
            case .doubleToInt: call("Int(", value)
            case .intToDuration, .doubleToDuration: child(value)
            }
        case .string(let operation, let value, let argument):
            child(value)
            text += "." + operation.spelling
            if let argument { call("(", argument) }
        case .donations(let event):
            text += eventName(event) + " donations"
        case .donatedWithin(let donations, let range):
            child(donations)
            text += " within "
            if case .constant(.duration(let seconds)) = range.kind {
                text += durations.text(of: seconds)
            } else {
                child(range)
            }
        case .filter(let donations, _, let predicate):
            child(donations)
            text += ", filtered by { " + sourceText(predicate) + " }"
        case .subset(let donations, let field, let largest):
            child(donations)
            text += (largest ? ", largest group by " : ", smallest group by ") + fieldName(field, of: donations)
        case .count(let donations):
            child(donations)
            text += ": count"
        case .isEmpty(let donations):
            child(donations)
            text += ": isEmpty"
        case .endpoint(let donations, let last):
            child(donations)
            text += last ? ": last" : ": first"
        case .quantifier(let donations, let all, _, let predicate):
            child(donations)
            text += (all ? ": allSatisfy { " : ": contains(where:) { ") + sourceText(predicate) + " }"
        case .aggregate(let aggregate, let donations, let field):
            child(donations)
            text += ": " + aggregate.rawValue + " of " + fieldName(field, of: donations)
        case .field(let donation, let field):
            child(donation)
            text += "." + fieldName(field, of: donation)
        case .versionComponent(let component, let version):
            child(version)
            text += ".\(component)"
        case .bucket(let id, let group):
            text += "bucket(of: "
            infix(id, ", group: ", group)
            text += ")"
        case .rollout(let share, let id, let group):
            text += "rollout("
            infix(share, ", of: ", id)
            text += ", group: "
            child(group)
            text += ")"
        case .calendar(let component, let date):
            text += "\(component) of "
            child(date)
            text += " " + ComparisonNote.localTimeMarker
        }
    }

    /// The source text of an expression, with runs of white space collapsed.
    private func sourceText(_ expression: CheckedExpression) -> String {
        let bytes = program.source.bytes
        let start = min(max(expression.span.start, 0), bytes.count)
        let written = bytes[start..<min(max(expression.span.end, start), bytes.count)]
        // ASCII without carriage returns has one `Character` per byte: collapsed byte by byte,
        // the same text as the split below, without making a `Character` of every byte.
        guard written.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) else {
            return program.source.text(of: expression.span)
                .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
                .joined(separator: " ")
        }
        var collapsed: [UInt8] = []
        collapsed.reserveCapacity(written.count)
        var spaceBefore = false
        for byte in written {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") {
                spaceBefore = !collapsed.isEmpty
            } else {
                if spaceBefore { collapsed.append(UInt8(ascii: " ")) }
                spaceBefore = false
                collapsed.append(byte)
            }
        }
        return String(decoding: collapsed, as: UTF8.self)
    }

    private func eventName(_ index: Int) -> String {
        program.events.indices.contains(index) ? program.events[index].name : "event \(index)"
    }

    private func fieldName(_ field: FieldReference, of expression: CheckedExpression) -> String {
        switch field {
        case .date:
            return "date"
        case .declared(let index):
            let event: Int?
            switch expression.type.unwrapped {
            case .donation(let value), .donations(let value): event = value
            default: event = nil
            }
            guard let event, program.events.indices.contains(event),
                  program.events[event].fields.indices.contains(index) else { return "field \(index)" }
            return program.events[event].fields[index].name
        }
    }
}

/// The spelling of each duration a describer met, by the bits of its seconds.
private final class DurationTexts {
    private var texts = IntegerKeyTable<String>()

    func text(of seconds: Double) -> String {
        let bits = Int(truncatingIfNeeded: seconds.bitPattern)
        if let text = texts.value(for: bits) { return text }
        let text = ValueFormatting.duration(seconds)
        texts.setValue(text, for: bits)
        return text
    }
}

private extension BinaryOperation {
    var symbol: String {
        switch self {
        case .addInt, .addDouble, .concatenate, .addDuration, .addDurations: return "+"
        case .subtractInt, .subtractDouble, .subtractDuration, .subtractDates, .subtractDurations: return "-"
        case .multiplyInt, .multiplyDouble, .multiplyDuration: return "*"
        case .divideInt, .divideDouble, .divideDuration: return "/"
        case .remainderInt: return "%"
        case .compare(let comparison, _), .compareOptionals(let comparison, _):
            return ComparisonOperator(rawValue: comparison.rawValue)?.description ?? "?"
        }
    }
}

private extension StringOperation {
    /// As written, from the built-ins table: `count`, `lowercased()`.
    var spelling: String { Builtins.member(for: self)?.builtin.spelling ?? "?" }
}

