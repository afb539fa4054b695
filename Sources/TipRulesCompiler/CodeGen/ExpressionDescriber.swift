import TipRulesRuntime

/// Describes expressions for people, for the explain mode's notes: a donation pipeline reads
/// as "enteredBackyardDetailView donations within 5 days, largest group by backyardID: count",
/// an optional chain as "purchase donations: last?.amount", a parameter by its name.
/// Arithmetic and logic are spelled with Swift operators; closures by their source text.
struct ExpressionDescriber {
    let program: CheckedProgram

    func describe(_ expression: CheckedExpression) -> String {
        describe(expression, chains: [:])
    }

    /// `chains` maps an optional chain's depth to the description of its unwrapped base.
    private func describe(_ expression: CheckedExpression, chains: [Int: String]) -> String {
        func text(_ child: CheckedExpression) -> String { describe(child, chains: chains) }
        switch expression.kind {
        case .constant(let constant):
            return constant.scalarValue.map(ValueFormatting.describe) ?? "nil"
        case .parameter(let index):
            return program.parameters.indices.contains(index) ? program.parameters[index].name : "parameter \(index)"
        case .now:
            return "now"
        case .local(let index):
            // Only widgets have lets, and widgets are not explained.
            return "let \(index)"
        case .element:
            return "$0"
        case .chained(let depth):
            return chains[depth] ?? "value"
        case .unary(let operation, let operand):
            return (operation == .not ? "!" : "-") + text(operand)
        case .binary(let operation, let left, let right):
            return "\(text(left)) \(operation.symbol) \(text(right))"
        case .and(let left, let right):
            return "\(text(left)) && \(text(right))"
        case .or(let left, let right):
            return "\(text(left)) || \(text(right))"
        case .conditional:
            return sourceText(expression)
        case .coalesce(let optional, let fallback):
            return "\(text(optional)) ?? \(text(fallback))"
        case .optionalChain(let base, let depth, let body):
            var inner = chains
            inner[depth] = text(base) + "?"
            return describe(body, chains: inner)
        case .wrap(let value):
            return text(value)
        case .isNil(let value, let negated):
            return "\(text(value)) \(negated ? "!=" : "==") nil"
        case .convert(let conversion, let value):
            switch conversion {
            case .intToDouble: return "Double(\(text(value)))"
            case .doubleToInt: return "Int(\(text(value)))"
            case .intToDuration, .doubleToDuration: return text(value)
            }
        case .string(let operation, let value, let argument):
            return "\(text(value)).\(operation.spelling)" + (argument.map { "(\(text($0)))" } ?? "")
        case .donations(let event):
            return "\(eventName(event)) donations"
        case .donatedWithin(let donations, let range):
            if case .constant(.duration(let seconds)) = range.kind {
                return "\(text(donations)) within \(ValueFormatting.duration(seconds))"
            }
            return "\(text(donations)) within \(text(range))"
        case .filter(let donations, _, let predicate):
            return "\(text(donations)), filtered by { \(sourceText(predicate)) }"
        case .subset(let donations, let field, let largest):
            return "\(text(donations)), \(largest ? "largest" : "smallest") group by \(fieldName(field, of: donations))"
        case .count(let donations):
            return "\(text(donations)): count"
        case .isEmpty(let donations):
            return "\(text(donations)): isEmpty"
        case .endpoint(let donations, let last):
            return "\(text(donations)): \(last ? "last" : "first")"
        case .quantifier(let donations, let all, _, let predicate):
            return "\(text(donations)): " + (all ? "allSatisfy" : "contains(where:)") + " { \(sourceText(predicate)) }"
        case .aggregate(let aggregate, let donations, let field):
            return "\(text(donations)): \(aggregate.spelling) of \(fieldName(field, of: donations))"
        case .field(let donation, let field):
            return "\(text(donation)).\(fieldName(field, of: donation))"
        case .versionComponent(let component, let version):
            return "\(text(version)).\(component)"
        case .bucket(let id, let group):
            return "bucket(of: \(text(id)), group: \(text(group)))"
        case .rollout(let share, let id, let group):
            return "rollout(\(text(share)), of: \(text(id)), group: \(text(group)))"
        case .calendar(let component, let date):
            return "\(component) of \(text(date)) \(ComparisonNote.localTimeMarker)"
        case .oneOf:
            return sourceText(expression)
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

private extension Aggregate {
    /// As written, from the built-ins table: `min`, `sum`.
    var spelling: String { Builtins.member(for: self)?.builtin.spelling ?? "?" }
}
