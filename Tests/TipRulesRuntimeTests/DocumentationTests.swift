import Foundation
import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// `docs/bytecode.md` and `docs/runtime.md` say what the code does.
@Suite struct DocumentationTests {
    private func document(_ name: String) throws -> String {
        let docs = repositoryRoot.appendingPathComponent("docs/\(name)")
        return try String(contentsOf: docs, encoding: .utf8)
    }

    /// The instruction table lists every opcode, with its number, mnemonic and operand count.
    @Test func instructionTableIsComplete() throws {
        let rows = try document("bytecode.md").split(separator: "\n").filter { $0.hasPrefix("| ") }
        var documented: [Int: (mnemonic: String, operands: Int)] = [:]
        for row in rows {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 3, let number = Int(cells[1]), cells[2].hasPrefix("`") else { continue }
            let operands = cells[3].isEmpty ? 0 : cells[3].split(separator: ",").count
            documented[number] = (cells[2].trimmingCharacters(in: CharacterSet(charactersIn: "`")), operands)
        }
        #expect(documented.count == Opcode.allCases.count)
        for opcode in Opcode.allCases {
            #expect(documented[Int(opcode.rawValue)]?.mnemonic == opcode.mnemonic, "opcode \(opcode.rawValue)")
            #expect(documented[Int(opcode.rawValue)]?.operands == opcode.operands.count, Comment(rawValue: opcode.mnemonic))
        }
    }

    /// The stack column of the instruction table is the opcode table's `effects`, path by path.
    @Test func instructionTableStackEffectsAreTheOpcodeTables() throws {
        let rows = try document("bytecode.md").split(separator: "\n").filter { $0.hasPrefix("| ") }
        var checked = 0
        for row in rows {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 4, let number = UInt8(cells[1]), let opcode = Opcode(rawValue: number),
                  cells[2] == "`\(opcode.mnemonic)`" else { continue }
            #expect(Self.effects(documented: cells[4]) == opcode.info.effects, "\(opcode.mnemonic): \(cells[4])")
            checked += 1
        }
        #expect(checked == Opcode.allCases.count)
    }

    /// "Bool → Bool / →": each path's values before and after; a path without a left side pops
    /// what the first does; "(body)" pushes nothing; an empty cell is one path that changes nothing.
    private static func effects(documented column: String) -> Set<StackEffect> {
        func values(_ side: Substring) -> Int {
            side.split(separator: " ").filter { $0 != "(body)" }.count
        }
        var effects: Set<StackEffect> = []
        var firstPops: Int?
        for path in column.components(separatedBy: " / ") {
            let sides = path.split(separator: "→", omittingEmptySubsequences: false)
            let pops = sides.count == 2 && !sides[0].trimmingCharacters(in: .whitespaces).isEmpty
                ? values(sides[0]) : (firstPops ?? 0)
            firstPops = firstPops ?? pops
            effects.insert(StackEffect(pops, sides.count == 2 ? values(sides[1]) : 0))
        }
        return effects
    }

    /// The example of docs/runtime.md, as written there.
    func showTips(tipcBytes: [UInt8], now: Double) throws -> EvaluationResult? {
        let program = try Program(bytes: tipcBytes)
        guard let isLoggedIn = program.parameterIndex(named: "isLoggedIn"),
              let visited = program.eventIndex(named: "enteredBackyardDetailView"),
              let favorite = program.tipIndex(named: "FavoriteBackyardTip") else { return nil }
        var store = EventStore(program: program)
        try store.setParameter(isLoggedIn, .bool(true))
        for hoursAgo in [30.0, 20, 2] {
            try store.donate(event: visited, date: now - hoursAgo * 3600, fields: [.int(7)])
        }
        store.setTipState(favorite, TipState(displayCount: 1))
        store.lastDisplayDate = now - 8 * 3600
        store.testing = TestingOverrides(hideTips: ["ShareTip"])
        var evaluator = Evaluator(program: program)
        return evaluator.evaluate(store, now: now, explaining: true)
    }

    /// The batch example of docs/runtime.md, its lines as written there: a donation checked,
    /// recorded at once, the batch emptied for the next store.
    @Test func runtimeGuideBatchExample() throws {
        let lines = [
            "let batch = DonationBatch(kinds: program.events[visited].fields.map(\\.type))",
            "batch.append(date: now - 3600, fields: [.int(7)])",
            "try store.donate(event: visited, batch: batch)",
            "batch.removeAll()",
        ]
        let guide = try document("runtime.md")
        for line in lines { #expect(guide.contains(line), "\(line)") }
        let program = try compile(ExampleTests.backyard)
        let visited = try #require(program.eventIndex(named: "enteredBackyardDetailView"))
        let now = date("2026-11-21T09:00:00Z")
        var store = EventStore(program: program)
        let batch = DonationBatch(kinds: program.events[visited].fields.map(\.type))
        batch.append(date: now - 3600, fields: [.int(7)])
        try store.donate(event: visited, batch: batch)
        batch.removeAll()
        #expect(store.donations(event: visited) == [Donation(date: now - 3600, fields: [.int(7)])])
        #expect(batch.isEmpty)
        // A value of the wrong kind is refused when the batch is donated, and nothing is recorded.
        batch.append(date: now, fields: [.string("seven")])
        #expect(throws: StoreError.self) { try store.donate(event: visited, batch: batch) }
        #expect(store.donationCount(event: visited) == 1)
    }

    @Test func runtimeGuideExample() throws {
        #expect(try document("runtime.md").contains("func showTips(tipcBytes: [UInt8], now: Double) throws {"))
        let bytes = try compile(ExampleTests.backyard).encoded()
        let result = try #require(try showTips(tipcBytes: bytes, now: date("2026-11-21T09:00:00Z")))
        let tip = try #require(result.tips.first)
        #expect(tip.status == .available)
        #expect(tip.display)
        #expect(tip.displayExplanation == "available")
    }
}
