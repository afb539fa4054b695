import Foundation
import Testing
import TipRulesRuntime
import TipRulesStorage
import TipRulesState
import TipRulesTestSupport

/// Merging is a join: the change sets three devices write (single operations and the full states
/// of compacted histories), with forged ones among them (baselines claiming what the sender never
/// carried, exposures with another arm, share or tip), applied to fresh folders in random orders,
/// duplicated, or merged in two halves first, leave every folder deciding the same; and that is
/// what the devices decide once they have exchanged everything: nothing answered was lost.
struct SyncJoinTests {
    static let now = 50_000.0
    let program: Program
    /// A person in the holdout arm of group "pro-filters".
    let heldOut = (1...1000).map { "u-\($0)" }.first { RolloutBucket.bucket(of: $0, group: "pro-filters") <= 10 } ?? ""

    init() throws {
        program = try compile("""
        configure { app("com.example.join") }
        parameter userID: String = ""
        parameter plan: String = "free"
        event opened
        event visited(id: Int) limit(maximumCount: 6)
        tip ProFiltersTip {
            id: "pro-filters"
            title: "Pro filters"
            holdout(10, of: userID)
            #Rule(Self.opened) { $0.donations.count >= 1 }
        }
        tip Share { title: "Share"; #Rule(Self.$plan) { $0 == "pro" } }
        tip Favorite {
            options { MaxDisplayCount(3) }
            title: "Favorite"
            #Rule(Self.visited) { $0.donations.count >= 3 }
        }
        """)
    }

    func open(_ folder: String) throws -> TipStore {
        try TipStore.open(folder: folder, bundledProgram: program, options: TipStoreOptions(now: { Self.now }))
    }

    /// What a folder decides: every tip's state and status, the parameters, the exposures, the last
    /// display date and the donations a rule can see.
    func decided(_ store: TipStore) -> String {
        var state = store.engine.store
        var lines = (0..<program.events.count).map { event in
            _ = state.pruneDonations(event: event, now: Self.now)
            return "\(program.events[event].name): \(state.donations(event: event).map { "\($0.date) \($0.fields)" }.sorted())"
        }
        lines += (0..<program.tips.count).map { "\(program.tips[$0].id): \(state.tipState($0))" }
        lines += (0..<program.parameters.count).map { "\(program.parameters[$0].name) = \(String(describing: state.parameter($0)))" }
        lines.append("exposures \(state.exposures.sorted { $0.tip < $1.tip })")
        lines.append("last display \(String(describing: state.lastDisplayDate))")
        return lines.joined(separator: "\n")
    }

    /// Records the first line where `found` and `expected` differ.
    func expectSame(_ found: String, _ expected: String, _ what: String) {
        let (lines, wanted) = (found.split(separator: "\n"), expected.split(separator: "\n"))
        let differing = lines.indices.first { $0 >= wanted.count || lines[$0] != wanted[$0] }
        if let index = differing ?? (lines.count < wanted.count ? lines.count : nil) {
            Issue.record("\(what): \(index < lines.count ? lines[index] : "nothing") instead of \(index < wanted.count ? wanted[index] : "nothing")")
        }
    }

    /// One random operation on `store`, dated from `date`.
    func randomOperation(on store: TipStore, date: Double, random: inout SplitMix64) throws {
        switch random.next() % 10 {
        case 0, 1, 2: try store.donate(event: "visited", fields: ["id": .int(Int(random.next() % 50))], at: date)
        case 3: try store.donate(event: "opened", at: date)
        case 4: try store.recordDisplay(tip: ["Favorite", "Share"][Int(random.next() % 2)], at: date, duration: 1)
        case 5: try store.setParameter("plan", .string(["free", "pro", "team"][Int(random.next() % 3)]))
        case 6: try store.record(.resetEligibility(tip: "Favorite"))
        case 7: try store.record(.deleteDonations(event: "visited"))
        case 8: try store.close(tip: "Share")
        default: try store.compact()
        }
    }

    /// Change sets a hostile or buggy peer writes: every one of them is accepted, and changes nothing
    /// of what the honest ones decide.
    func forgeries(of pool: [[UInt8]], random: inout SplitMix64) throws -> [[UInt8]] {
        var held: [InstallID: Int] = [:]
        for bytes in pool {
            for operation in try ChangeSet(decoding: bytes).operations { held[operation.install] = max(held[operation.install] ?? 0, operation.sequence) }
        }
        let stranger = InstallID(high: random.next(), low: random.next())
        let early = StampedOperation(install: stranger, sequence: 1, date: 100,
                                     change: .exposure(tip: "pro-filters", group: "pro-filters", percent: 10, arm: .treatment))
        let otherShare = StampedOperation(install: stranger, sequence: 2, date: 90,
                                          change: .exposure(tip: "pro-filters", group: "pro-filters", percent: 30, arm: .holdout))
        let undeclared = StampedOperation(install: stranger, sequence: 3, date: 80,
                                          change: .exposure(tip: "nowhere", group: "nowhere", percent: 10, arm: .holdout))
        return [
            // Everything folded, nothing listed.
            ChangeSet(app: program.app, operations: [], baseline: VersionVector(held)).encoded(),
            // Exposures another arm, share or tip than the rules and the person's ID give.
            ChangeSet(app: program.app, operations: [early, otherShare, undeclared]).encoded(),
            // A thousand operations of the stranger claimed folded, its fourth carried.
            ChangeSet(app: program.app, operations: [StampedOperation(install: stranger, sequence: 4, date: 70, change: .lastDisplayDate)],
                      baseline: VersionVector([stranger: 1_000])).encoded(),
        ]
    }

    @Test(arguments: 0..<16)
    func changeSetsInAnyOrderDuplicatedOrGroupedDecideTheSame(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let devices = (0..<3).map { _ in temporaryFolder() }
        let receivers = (0..<4).map { _ in temporaryFolder() }
        defer { (devices + receivers).forEach(removeTemporaryFolder) }
        let stores = try devices.map(open)
        try stores[0].setParameter("userID", .string(heldOut))
        var pool: [[UInt8]] = []
        for round in 0..<40 {
            let device = Int(random.next() % 3)
            try randomOperation(on: stores[device], date: 1_000 + Double(round * 100) + Double(random.next() % 90), random: &random)
            if random.next() % 4 == 0 {
                // One device tells another what it lacks; the change set joins the pool.
                let (sender, receiver) = (stores[device], stores[Int(random.next() % 3)])
                let bytes = try sender.changes(since: random.next() % 3 == 0 ? VersionVector() : receiver.versionVector).encoded()
                pool.append(bytes)
                if receiver !== sender { try receiver.apply(changeSet: bytes) }
            }
        }
        for store in stores { pool.append(try store.changes().encoded()) }
        let forged = try forgeries(of: pool, random: &random)
        // Every device learns everything: what one device that saw everything decides. The forged
        // change sets take nothing from it, and their exposures count only as the rules and the
        // person's ID say.
        for store in stores { for bytes in forged { try store.apply(changeSet: bytes) } }
        for _ in 0..<2 {
            for sender in stores { for receiver in stores where receiver !== sender { _ = try exchange(from: sender, to: receiver) } }
        }
        let expected = decided(stores[0])
        #expect(stores[0].engine.store.exposures.allSatisfy { $0.arm == .holdout && $0.percent == 10 && $0.tip == "pro-filters" })
        for store in stores { expectSame(decided(store), expected, "seed \(seed): the devices agree") }
        let all = pool + forged
        var shuffled = all
        shuffled.shuffle(using: &random)
        let orders = [all, shuffled, (all + all).shuffled(using: &random)]
        for (order, receiver) in zip(orders, receivers) {
            do {
                let store = try open(receiver)
                for bytes in order { try store.apply(changeSet: bytes) }
                expectSame(decided(store), expected, "seed \(seed): \(receiver)")
            }
            expectSame(decided(try open(receiver)), expected, "seed \(seed): \(receiver) reopened")
        }
        // Grouped: two halves merged first, then their folders merged.
        let halves = (temporaryFolder(), temporaryFolder())
        defer { removeTemporaryFolder(halves.0); removeTemporaryFolder(halves.1) }
        let (first, second) = (try open(halves.0), try open(halves.1))
        for (index, bytes) in shuffled.enumerated() { try (index % 2 == 0 ? first : second).apply(changeSet: bytes) }
        let grouped = try open(receivers[3])
        _ = try exchange(from: second, to: grouped)
        _ = try exchange(from: first, to: grouped)
        expectSame(decided(grouped), expected, "seed \(seed): grouped")
    }
}
