import Testing
import TipRulesTestSupport
import TipRulesRuntime
import TipRulesState

/// Compaction changes no decision but pruning's (`SyncHistory.compact(for:now:)` without a
/// clock): two to four installs perform random operations, exchange change sets in random
/// orders (full states to peers behind a baseline), compact at random instants, and in the end
/// each decides what one history that saw every operation, never compacted, decides.
struct CompactionConvergenceTests {
    static let source = """
    configure { app("com.example.sync") }
    parameter plan: Int = 0
    event opened(screen: Int)
    tip A {
        title: "a"
        #Rule(Self.opened) { $0.donations.count >= 3 }
        options { MaxDisplayCount(3) }
    }
    tip B { title: "b" }
    """

    /// One install: its engine and its history.
    struct Install {
        var engine: TipEngine
        var history: SyncHistory
    }

    @Test(arguments: 0..<40) func compactedInstallsDecideWhatTheWholeHistoryDecides(seed: Int) throws {
        let program = try compile(Self.source)
        var random = SplitMix(state: UInt64(seed))
        let count = 2 + random.next(3)
        var installs = (0..<count).map { index in
            Install(engine: TipEngine(program: program), history: SyncHistory(install: InstallID(high: 0, low: UInt64(index + 1))))
        }
        var everything = SyncHistory(install: InstallID(high: 1, low: 0))
        var clock = 1_000_000.0
        for _ in 0..<(40 + random.next(60)) {
            clock += Double(random.next(5_000))
            let index = random.next(count)
            let own = installs.map { $0.history.count(of: $0.history.install) }
            defer {
                for (other, install) in installs.enumerated() {
                    #expect(install.history.count(of: install.history.install) >= own[other], "seed \(seed): an install lost its own operations")
                }
            }
            switch random.next(10) {
            case 0..<6:
                let operation = Self.randomOperation(&random, at: clock - Double(random.next(20_000)))
                var install = installs[index]
                if let recorded = try? install.engine.perform(operation, recordingIn: &install.history, date: clock) {
                    _ = try everything.add(recorded)
                }
                installs[index] = install
            case 6, 7:
                let peer = random.next(count)
                try Self.deliver(installs[index].history.changes(since: installs[peer].history.vector, app: program.app), to: &installs[peer])
            default:
                installs[index].history.compact(for: program, now: nil)
                installs[index].engine.adoptAll(installs[index].history)
            }
        }
        // The first compacts past what the others hold of it: they get its full state.
        installs[0].history.compact(for: program, now: nil)
        #expect(installs[0].history.baseline == installs[0].history.vector)
        // Everything to everyone, twice (a full state can bring a baseline that lets more go).
        for _ in 0..<2 {
            for receiver in installs.indices {
                for sender in installs.indices where sender != receiver {
                    try Self.deliver(installs[sender].history.changes(since: installs[receiver].history.vector, app: program.app),
                                     to: &installs[receiver])
                }
            }
        }
        var oneDevice = TipEngine(program: program)
        oneDevice.adoptAll(everything)
        for install in installs {
            #expect(install.history.vector == everything.vector, "seed \(seed): histories differ")
            #expect(Self.decided(install.engine.store) == Self.decided(oneDevice.store), "seed \(seed) install \(install.history.install)")
        }
    }

    /// Applies a change set through its bytes, as received.
    static func deliver(_ changeSet: ChangeSet, to install: inout Install) throws {
        let received = try ChangeSet(decoding: changeSet.encoded())
        #expect(received == changeSet)
        _ = try install.history.add(received.operations, baseline: received.baseline)
        install.engine.adoptAll(install.history)
    }

    static func randomOperation(_ random: inout SplitMix, at date: Double) -> TipOperation {
        let tip = random.next(2) == 0 ? "A" : "B"
        switch random.next(9) {
        case 0, 1, 2: return .donate(event: "opened", fields: ["screen": .int(random.next(3))], date: date)
        case 3, 4: return .display(tip: tip, date: date, duration: Double(random.next(80)))
        case 5: return .invalidate(tip: tip, reason: .tipClosed)
        case 6: return .resetEligibility(tip: tip)
        case 7: return .setParameter("plan", .int(random.next(4)))
        default: return random.next(2) == 0 ? .deleteDonations(event: "opened") : .resetParameter("plan")
        }
    }

    /// What a store decides of the synced state, donations in a fixed order.
    static func decided(_ store: EventStore) -> [String] {
        ["\(store.donations(event: 0).map { "\($0.date) \($0.fields)" }.sorted())", "\(store.tipState(0))", "\(store.tipState(1))",
         "\(String(describing: store.parameter(0)))", "\(String(describing: store.lastDisplayDate))"]
    }
}

/// A seeded generator (SplitMix64), so that a failing seed runs again the same.
struct SplitMix {
    var state: UInt64

    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((value ^ (value >> 31)) % UInt64(bound))
    }
}
