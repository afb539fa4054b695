import Foundation
import TipRulesCompiler
@testable import TipRulesRuntime
import TipRulesTestSupport

/// The example programs of the repository (`examples/*.tiprules`), compiled, by file name.
func examplePrograms() throws -> [(name: String, program: Program)] {
    let folder = repositoryRoot.appendingPathComponent("examples")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tiprules") }.sorted()
    return try names.map { name in
        (name, try compile(String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8), name: name))
    }
}

/// Random content for a program's stores: values of every kind, with repeats, extremes and
/// strings beyond ASCII, dates around `now`.
struct RandomValues {
    var random: Xorshift
    let now: Double

    mutating func value(_ kind: ScalarKind) -> ScalarValue {
        switch kind {
        case .bool: return .bool(random.next(2) == 0)
        case .int: return .int(random.pick([0, 1, 2, 3, 5, -1, 8000, 12_000, Int.max, Int.min]))
        case .double: return .double(random.pick([0, -0.0, 0.5, 1, 2.5, 12.5, 99.9, 1e300, 250, 3.25]))
        case .string: return .string(random.pick(["", "a", "B", "café", "cafe\u{301}", "pro", "en", "ja", "news", "😀", "RAW", "jpeg"]))
        case .version: return .string(random.pick(["1.0", "2.3", "2.3.1", "3.0.0-beta.2", "10.0.0"]))
        case .date: return .date(date())
        case .duration: return .duration(Double(random.pick([0, 30, 60, 600, 3600, 86_400])))
        }
    }

    /// A date in the ten days before `now` (and now itself), often one of a few, so that dates repeat.
    mutating func date() -> Double {
        random.next(3) == 0 ? now - Double(random.pick([0, 60, 3600, 86_400])) : now - Double(random.next(864_000))
    }

    /// A random store of `program`: parameters, donations of each event (`maximum` at most), tip
    /// states, the last display date and the UTC offset.
    mutating func store(for program: Program, maximum: Int = 40) -> EventStore {
        var store = EventStore(program: program)
        for (index, parameter) in program.parameters.enumerated() where random.next(3) > 0 {
            try? store.setParameter(index, value(parameter.type))
        }
        for (event, info) in program.events.enumerated() {
            for _ in 0..<random.next(maximum + 1) {
                try? store.donate(event: event, date: date(), fields: info.fields.map { value($0.type) })
            }
        }
        for tip in program.tips.indices where random.next(3) == 0 {
            var state = TipState()
            state.displayCount = random.next(7)
            state.displayDuration = Double(random.next(200))
            state.displayDates = (0..<random.next(4)).map { _ in date() }.sorted()
            state.invalidation = random.next(4) == 0 ? random.pick(InvalidationReason.allCases) : nil
            store.setTipState(tip, state)
        }
        if random.next(2) == 0 { store.lastDisplayDate = now - Double(random.next(200_000)) }
        try? store.setUTCOffset(random.pick([0, 9 * 3600, -5 * 3600, 14 * 3600]))
        return store
    }
}
