@testable import TipRulesReach
import TipRulesToolingCore
import Testing

/// A row's kind is read by its exact keys for the usual rows (donations, parameters, exposures,
/// interactions, a user alone) and through the kinds' masks otherwise: both give every set of
/// keys the same kind, or the same error.
@Suite struct RowKindTests {
    /// Every set of the keys the usual rows have (so every usual row and every row one key away
    /// from one), and each of those with one other key.
    @Test func theUsualRowsAreReadAsTheMasksReadThem() {
        let usual: [RowKey] = [.user, .event, .date, .fields, .parameter, .value, .exposure, .group, .percent, .arm, .interaction, .kind]
        let others = RowKey.allCases.filter { !usual.contains($0) }
        var checked = 0
        for subset in 0..<(1 << usual.count) {
            let keys = usual.indices.reduce(UInt32(0)) { subset >> $1 & 1 == 0 ? $0 : $0 | 1 << usual[$1].rawValue }
            for present in [keys] + others.map({ keys | 1 << $0.rawValue }) {
                #expect(Self.outcome { () throws(FixtureError) in try RowKind(of: present) }
                        == Self.outcome { () throws(FixtureError) in try RowKind.classified(present) }, "keys \(present)")
                checked += 1
            }
        }
        #expect(checked == (1 << usual.count) * (others.count + 1))
    }

    @Test func exposureAndInteractionRowsAreTheirKinds() throws {
        let exposure = [RowKey.user, .exposure, .group, .percent, .arm, .date].reduce(UInt32(0)) { $0 | 1 << $1.rawValue }
        let interaction = [RowKey.user, .interaction, .kind, .date].reduce(UInt32(0)) { $0 | 1 << $1.rawValue }
        #expect(try RowKind(of: exposure) == .exposure)
        #expect(try RowKind(of: interaction) == .interaction)
        #expect(throws: FixtureError.self) { try RowKind(of: exposure | 1 << RowKey.kind.rawValue) }
    }

    /// The kind, or the error's text.
    private static func outcome(_ kind: () throws(FixtureError) -> RowKind) -> String {
        do { return "\(try kind())" } catch { return "error: \(error)" }
    }
}
