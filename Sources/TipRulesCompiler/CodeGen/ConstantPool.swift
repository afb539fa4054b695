import TipRulesRuntime

/// The program's constant pool, built while generating code: each distinct value once, in
/// order of first use. Values are told apart by their bits (so `-0.0` and `0.0`, and strings
/// that are canonically equivalent but spelled differently, stay distinct).
struct ConstantPool {
    private(set) var values: [ScalarValue] = []
    private var indices: [Key: Int] = [:]

    private enum Key: Hashable {
        case bits(ScalarKind, UInt64)
        case string([UInt8])
    }

    /// The index of `value`, added if new.
    mutating func index(of value: ScalarValue) throws -> Int {
        let key: Key
        switch value {
        case .bool(let flag): key = .bits(.bool, flag ? 1 : 0)
        case .int(let number): key = .bits(.int, UInt64(bitPattern: Int64(number)))
        case .double(let number): key = .bits(.double, number.bitPattern)
        case .date(let seconds): key = .bits(.date, seconds.bitPattern)
        case .duration(let seconds): key = .bits(.duration, seconds.bitPattern)
        case .string(let text): key = .string(Array(text.utf8))
        }
        if let index = indices[key] { return index }
        guard values.count < BytecodeFormat.maximumEntries else {
            throw BytecodeError.limitExceeded("more than \(BytecodeFormat.maximumEntries) constants")
        }
        values.append(value)
        indices[key] = values.count - 1
        return values.count - 1
    }
}
