import TipRulesRuntime

/// The program's constant pool, built while generating code: each distinct value once, in
/// order of first use. Values are told apart by their bits (so `-0.0` and `0.0`, and strings
/// that are canonically equivalent but spelled differently, stay distinct).
///
/// The values are found by a bit pattern (`IntegerKeyTable`) or a text, each leading to the few
/// values that share it: a dictionary keyed by a type of the compiler, or by `Int`, would cost
/// the first program compiled in a process a search of every conformance the process has
/// (docs/performance.md, "Start-up: what `eval` does beyond `--version`").
struct ConstantPool {
    private(set) var values: [ScalarValue] = []
    /// The indices of the flags, numbers, dates and durations with each bit pattern (one per kind).
    private var byBits = IntegerKeyTable<[Int]>()
    /// The indices of the strings equal to each text (canonical equivalents share a text).
    private var byText: [String: [Int]] = [:]

    /// The index of `value`, added if new.
    mutating func index(of value: ScalarValue) throws -> Int {
        let bits: Int
        switch value {
        case .bool(let flag): bits = flag ? 1 : 0
        case .int(let number): bits = number
        case .double(let number), .date(let number), .duration(let number): bits = Int(truncatingIfNeeded: number.bitPattern)
        case .string(let text):
            if let index = byText[text]?.first(where: { Self.sameBytes(values[$0], text) }) { return index }
            let index = try append(value)
            byText[text, default: []].append(index)
            return index
        }
        let sharingBits = byBits.value(for: bits) ?? []
        if let index = sharingBits.first(where: { values[$0].kind == value.kind }) { return index }
        let index = try append(value)
        byBits.setValue(sharingBits + [index], for: bits)
        return index
    }

    private mutating func append(_ value: ScalarValue) throws -> Int {
        guard values.count < BytecodeFormat.maximumEntries else {
            throw BytecodeError.limitExceeded("more than \(BytecodeFormat.maximumEntries) constants")
        }
        values.append(value)
        return values.count - 1
    }

    private static func sameBytes(_ value: ScalarValue, _ text: String) -> Bool {
        if case .string(let other) = value { return other.utf8.elementsEqual(text.utf8) }
        return false
    }
}
