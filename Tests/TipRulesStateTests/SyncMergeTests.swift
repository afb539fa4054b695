import Testing
@testable import TipRulesRuntime
import TipRulesState
import TipRulesTestSupport

/// A person's installs exchanging change sets (`SyncHistory`, `HistoryMerge`): random operations
/// on two to four installs, exchanged in random orders, duplicated and interleaved with rules
/// updates, converge, and decide what one store holding the union of operations decides.
@Suite struct SyncMergeTests {
    static let source = """
    configure { app("com.example.sync") }
    parameter plan: Int = 0
    transient parameter intro: Bool = false
    event opened(screen: Int)
    event bought
    tip A {
        title: "a"
        #Rule(Self.opened) { $0.donations.count >= 3 }
        options { MaxDisplayCount(3) }
    }
    tip B {
        title: "b"
        #Rule(Self.$plan) { $0 >= 2 }
        options { MaxDisplayDuration(120) }
    }
    tip C {
        title: "c"
        #Rule(Self.bought) { $0.donations.count >= 1 }
    }
    """

    /// The rules after an update: tip A allows more displays, tip D is new.
    static let updatedSource = source.replacingOccurrences(of: "MaxDisplayCount(3)", with: "MaxDisplayCount(5)")
        + "\ntip D {\n    title: \"d\"\n}\n"

    /// One install: its engine and its history.
    struct Install {
        var engine: TipEngine
        var history: SyncHistory
    }

    @Test(arguments: 0..<40) func randomHistoriesConvergeToTheUnion(seed: Int) throws {
        let program = try compile(Self.source)
        let updated = try compile(Self.updatedSource)
        var random = Xorshift(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        let count = 2 + random.next(3)
        var installs = (0..<count).map { index in
            Install(engine: TipEngine(program: program), history: SyncHistory(install: InstallID(high: 0, low: UInt64(index + 1))))
        }
        var mail: [ChangeSet] = []
        var clock = 1_000_000.0
        for _ in 0..<(30 + random.next(40)) {
            clock += Double(random.next(5_000))
            let index = random.next(count)
            switch random.next(10) {
            case 0..<7:
                let operation = Self.randomOperation(&random, at: clock - Double(random.next(20_000)))
                var install = installs[index]
                _ = try? install.engine.perform(operation, recordingIn: &install.history, date: clock)
                installs[index] = install
            case 7, 8:
                // A change set to a random peer, for what that peer held when it asked.
                let peer = random.next(count)
                mail.append(installs[index].history.changes(since: installs[peer].history.vector, app: program.app))
                if random.next(3) == 0 {
                    try Self.deliver(mail[random.next(mail.count)], to: &installs[peer], random: &random)
                }
            default:
                if installs[index].engine.program.tips.count == program.tips.count {
                    installs[index].engine.update(to: updated)
                    installs[index].engine.adoptAll(installs[index].history)
                }
            }
        }
        // The rest of the mail in a random order, some twice, then everything to everyone.
        var shuffled = mail
        for index in shuffled.indices.reversed() { shuffled.swapAt(index, random.next(index + 1)) }
        for changeSet in shuffled + mail.prefix(3) {
            try Self.deliver(changeSet, to: &installs[random.next(count)], random: &random)
        }
        for index in installs.indices where installs[index].engine.program.tips.count == program.tips.count {
            installs[index].engine.update(to: updated)
            installs[index].engine.adoptAll(installs[index].history)
        }
        for receiver in installs.indices {
            for sender in installs.indices {
                let changeSet = installs[sender].history.changes(since: installs[receiver].history.vector, app: program.app)
                try Self.deliver(changeSet, to: &installs[receiver], random: &random)
            }
        }
        let expected = Self.unionStore(installs[0].history, program: updated)
        let now = clock + 1
        var evaluator = Evaluator(program: updated)
        let expectedResult = evaluator.evaluate(expected, now: now)
        for install in installs {
            #expect(install.history.vector == installs[0].history.vector, "seed \(seed): histories differ")
            #expect(install.history.pendingCount == 0)
            Self.expectSameSyncedState(install.engine.store, expected, "seed \(seed) install \(install.history.install)")
            // Testing overrides stay each device's own: without them, every install decides alike.
            var engine = install.engine
            try TipOperation.setTestingOverrides(TestingOverrides()).apply(to: &engine)
            #expect(engine.evaluate(at: now) == expectedResult, "seed \(seed): decisions differ from the union's")
        }
    }

    /// Applies a change set, through its bytes half of the time.
    static func deliver(_ changeSet: ChangeSet, to install: inout Install, random: inout Xorshift) throws {
        let received = random.next(2) == 0 ? try ChangeSet(decoding: changeSet.encoded()) : changeSet
        #expect(received == changeSet)
        var history = install.history
        let applied = try history.add(received.operations)
        install.history = history
        install.engine.adopt(install.history, newOperations: applied)
    }

    static func randomOperation(_ random: inout Xorshift, at date: Double) -> TipOperation {
        let tip = random.pick(["A", "B", "C"])
        switch random.next(11) {
        case 0, 1, 2: return .donate(event: "opened", fields: ["screen": .int(random.next(3))], date: date)
        case 3: return .donate(event: "bought", fields: [:], date: date)
        case 4, 5: return .display(tip: tip, date: date, duration: Double(random.next(80)))
        case 6: return .invalidate(tip: tip, reason: random.pick([.tipClosed, .actionPerformed]))
        case 7: return .resetEligibility(tip: tip)
        case 8: return .setParameter("plan", .int(random.next(4)))
        case 9: return random.pick([.deleteDonations(event: "opened"), .resetParameter("plan"), .setParameter("intro", .bool(true))])
        default: return .setTestingOverrides(TestingOverrides(showAllTips: random.next(2) == 0))
        }
    }

    /// The store one device would hold with every operation of `history`, computed straight from
    /// the merge rules as written in docs/runtime.md.
    static func unionStore(_ history: SyncHistory, program: Program) -> EventStore {
        let all = history.changes(app: program.app).operations
        func order(_ left: StampedOperation, _ right: StampedOperation) -> Bool {
            (left.date, left.install, left.sequence) < (right.date, right.install, right.sequence)
        }
        func cleared(_ operation: StampedOperation, by seen: [VersionVector]) -> Bool {
            seen.contains { operation.sequence <= $0[operation.install] }
        }
        var store = EventStore(program: program)
        for (event, info) in program.events.enumerated() {
            let deletions = all.compactMap { operation -> VersionVector? in
                if case .deleteDonations(info.name, let seen) = operation.change { return seen } else { return nil }
            }
            for operation in all.sorted(by: order) where !cleared(operation, by: deletions) {
                guard case .donate(info.name, let fields) = operation.change else { continue }
                try? store.donate(event: event, date: operation.date, fields: info.fields.compactMap { fields[$0.name] })
            }
        }
        for (tip, info) in program.tips.enumerated() {
            let resets = all.compactMap { operation -> VersionVector? in
                if case .resetEligibility(info.id, let seen) = operation.change { return seen } else { return nil }
            }
            var state = TipState()
            var dates: [Double] = []
            for operation in all.sorted(by: order) where !cleared(operation, by: resets) {
                if case .displays(info.id, let count, let duration, let displayDates) = operation.change {
                    state.displayCount += count
                    state.displayDuration += duration
                    dates += displayDates
                    if state.invalidation == nil, let limit = info.options.maxDisplayCount, state.displayCount >= limit {
                        state.invalidation = .displayCountExceeded
                        state.invalidationDate = operation.date
                    }
                    if state.invalidation == nil, let limit = info.options.maxDisplayDuration, state.displayDuration >= max(limit, 60) {
                        state.invalidation = .displayDurationExceeded
                        state.invalidationDate = operation.date
                    }
                } else if case .invalidate(info.id, let reason) = operation.change, state.invalidation == nil {
                    state.invalidation = reason
                    state.invalidationDate = operation.date
                }
            }
            state.displayDates = dates.sorted()
            store.setTipState(tip, state)
        }
        for (index, parameter) in program.parameters.enumerated() where !parameter.isTransient {
            let sets = all.filter { if case .setParameter(parameter.name, _) = $0.change { true } else { false } }
            if let last = sets.max(by: order), case .setParameter(_, let value) = last.change {
                try? store.setParameter(index, value ?? parameter.defaultValue)
            }
        }
        // The last display date: the latest of the tips' first displays (the earliest on any install,
        // and after each reset the earliest it had not seen).
        var firsts: [Double] = []
        for info in program.tips {
            let displays = all.compactMap { operation -> (StampedOperation, Double)? in
                guard case .displays(info.id, _, _, let dates) = operation.change else { return nil }
                return (operation, dates.min() ?? operation.date)
            }
            firsts += displays.map(\.1).min().map { [$0] } ?? []
            for case .resetEligibility(info.id, let seen) in all.map(\.change) {
                firsts += displays.filter { !cleared($0.0, by: [seen]) }.map(\.1).min().map { [$0] } ?? []
            }
        }
        store.lastDisplayDate = firsts.max()
        return store
    }

    static func expectSameSyncedState(_ store: EventStore, _ expected: EventStore, _ context: String) {
        let program = expected.program
        for event in program.events.indices {
            let sort = { (donations: [Donation]) in donations.map { "\($0.date) \($0.fields)" }.sorted() }
            #expect(sort(store.donations(event: event)) == sort(expected.donations(event: event)), "\(context): donations of \(program.events[event].name)")
        }
        for tip in program.tips.indices {
            #expect(store.tipState(tip) == expected.tipState(tip), "\(context): tip \(program.tips[tip].name)")
        }
        for index in program.parameters.indices where !program.parameters[index].isTransient {
            #expect(store.parameter(index) == expected.parameter(index), "\(context): parameter \(program.parameters[index].name)")
        }
        #expect(store.lastDisplayDate == expected.lastDisplayDate, "\(context): last display date")
    }
}
