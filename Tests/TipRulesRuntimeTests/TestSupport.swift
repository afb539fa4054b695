import Foundation
import TipRulesCompiler
@testable import TipRulesRuntime
import Testing

/// Seconds since 1970 of an RFC 3339 date.
func date(_ text: String) -> Double {
    let formatter = ISO8601DateFormatter()
    return formatter.date(from: text)?.timeIntervalSince1970 ?? .nan
}

extension Program {
    func tip(_ name: String) -> Int? { tipIndex(named: name) }
}

extension EvaluationResult {
    func tip(_ id: String) -> TipResult? { tips.first { $0.id == id } }
    func widget(_ id: String) -> WidgetResult? { widgets.first { $0.id == id } }
}

/// `bytes` with the header's payload length and checksum recomputed from the payload, so a
/// corruption reaches the decoder and verifier instead of being caught by the checksum.
func resealed(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.count >= BytecodeFormat.headerSize else { return bytes }
    var result = bytes
    let payload = bytes[BytecodeFormat.headerSize...]
    let length = UInt32(payload.count)
    let checksum = CRC32.checksum(payload)
    for index in 0..<4 {
        result[8 + index] = UInt8(truncatingIfNeeded: length >> (8 * index))
        result[12 + index] = UInt8(truncatingIfNeeded: checksum >> (8 * index))
    }
    return result
}

/// The description of the error `body` throws, or nil if it does not throw.
func errorDescription(_ body: () throws -> Any) -> String? {
    do {
        _ = try body()
        return nil
    } catch {
        return String(describing: error)
    }
}

/// A store for `program` with a few donations of every event (values made up from each field's
/// type), every parameter at its default.
func sampleStore(for program: Program, now: Double) -> EventStore {
    var store = EventStore(program: program)
    for (event, info) in program.events.enumerated() {
        for row in 0..<6 {
            let fields = info.fields.map { field -> ScalarValue in
                switch field.type {
                case .bool: return .bool(row % 2 == 0)
                case .int: return .int(row % 3)
                case .double: return .double(Double(row) * 12.5)
                case .string: return .string(["a", "B", "c"][row % 3])
                case .version: return .string(["1.0", "2.3.1", "2.0.0-rc.1"][row % 3])
                case .date: return .date(now - Double(row) * 3600)
                case .duration: return .duration(Double(row) * 60)
                }
            }
            try? store.donate(event: event, date: now - Double(row) * 7200, fields: fields)
        }
    }
    return store
}
