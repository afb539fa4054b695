import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// The reference scenarios' programs (outside the repository, when present), each
/// evaluated from the compiled program and from its `.tipc` bytes, which must agree.
@Suite struct ExampleTests {
    static let backyard = """
    // The favorite-backyard tip from "Make features discoverable with TipKit".
    configure {
        displayFrequency(.daily)
    }

    parameter isLoggedIn: Bool = false

    event enteredBackyardDetailView(backyardID: Int)

    tip FavoriteBackyardTip {
        title: "Save as a Favorite"
        message: "Your favorite backyards always appear at the top of the list."
        image: "star"

        // The person is logged in.
        #Rule(Self.$isLoggedIn) { $0 == true }
        // They opened the same backyard's detail view at least 3 times in the past 5 days.
        #Rule(Self.enteredBackyardDetailView) {
            $0.donations
                .donatedWithin(.days(5))
                .largestSubset(groupedBy: \\.backyardID)
                .count >= 3
        }

        options {
            Tips.MaxDisplayCount(5)
        }
    }
    """

    static let cards = """
    // Smart Rotate relevance for a card app's recent-purchases widgets.
    event purchase(amount: Double, category: String)

    // The score grows with the amount spent; relevant for 30 minutes after a purchase.
    widget CardRecentPurchasesWidget {
        relevance {
            score: purchase.donations.donatedWithin(.minutes(30)).last?.amount ?? 0
            duration: .minutes(30)
        }
    }

    // Purchases of 50 or more score 50, smaller ones 1, none 0.
    widget CardBigPurchasesWidget {
        relevance {
            let recent = purchase.donations.donatedWithin(.minutes(30))
            score: recent.isEmpty ? 0 : ((recent.last?.amount ?? 0) >= 50 ? 50 : 1)
            duration: 1800
        }
    }
    """

    static let colleagues = """
    // A tip shown the first time only.
    configure {
        displayFrequency(.daily)
    }

    tip ContactColleaguesAppealTip {
        title: "You can now see which colleagues use the app"
        options {
            IgnoresDisplayFrequency(true)
            MaxDisplayCount(1)
        }
    }
    """

    private let now = date("2026-11-21T09:00:00Z")

    /// Evaluates the compiled program and the program loaded from its bytes; checks they agree.
    /// (A store serves both: they declare the same parameters and events.)
    private func evaluateBoth(_ program: Program, _ store: EventStore, now: Double) throws -> EvaluationResult {
        let loaded = try Program(bytes: program.encoded())
        #expect(loaded.encoded() == program.encoded())
        let direct = evaluate(program, store: store, now: now)
        #expect(direct == evaluate(loaded, store: store, now: now))
        return direct
    }

    /// The backyard tip's result for the default store, after `adjust` changes it.
    private func backyardTip(_ adjust: (inout EventStore) -> Void) throws -> TipResult {
        let program = try compile(Self.backyard)
        var store = try backyardStore(program)
        adjust(&store)
        return try #require(try evaluateBoth(program, store, now: now).tip("FavoriteBackyardTip"))
    }

    private func backyardStore(_ program: Program, loggedIn: Bool = true,
                               visits: [(String, Int)] = [("2026-11-10T10:00:00Z", 7), ("2026-11-17T10:00:00Z", 7),
                                                          ("2026-11-19T10:00:00Z", 7), ("2026-11-20T18:00:00Z", 7),
                                                          ("2026-11-20T19:00:00Z", 2)]) throws -> EventStore {
        var store = EventStore(program: program)
        if loggedIn { try store.setParameter(0, .bool(true)) }
        for (when, backyard) in visits {
            try store.donate(event: 0, date: date(when), fields: [.int(backyard)])
        }
        return store
    }

    @Test func backyardEligible() throws {
        let program = try compile(Self.backyard, name: "backyard.tiprules")
        let result = try evaluateBoth(program, try backyardStore(program), now: now)
        let tip = try #require(result.tip("FavoriteBackyardTip"))
        #expect(tip.status == .available)
        #expect(tip.reason == nil)
        #expect(tip.display)
        #expect(tip.rules.map(\.line) == [16, 18])
        #expect(tip.rules.map(\.result) == [true, true])
        #expect(result.groups == [])
        #expect(result.widgets == [])
    }

    @Test func backyardLoggedOut() throws {
        let program = try compile(Self.backyard)
        let result = try evaluateBoth(program, try backyardStore(program, loggedIn: false), now: now)
        let tip = try #require(result.tip("FavoriteBackyardTip"))
        #expect(tip.status == .pending)
        #expect(!tip.display)
        #expect(tip.rules.map(\.result) == [false, true])
        #expect(tip.rules[0].explanation == ["isLoggedIn is false, needs == true"])
    }

    @Test func backyardFutureDonation() throws {
        let program = try compile(Self.backyard)
        let store = try backyardStore(program, visits: [("2026-11-10T10:00:00Z", 7), ("2026-11-17T10:00:00Z", 7),
                                                        ("2026-11-19T10:00:00Z", 7), ("2026-11-21T09:00:01Z", 7)])
        let result = try evaluateBoth(program, store, now: now)
        let tip = try #require(result.tip("FavoriteBackyardTip"))
        #expect(tip.status == .pending)
        #expect(tip.rules.map(\.result) == [true, false])
        #expect(tip.rules[1].explanation == ["enteredBackyardDetailView donations within 5 days, largest group by backyardID: count 2, needs >= 3"])
    }

    @Test func backyardActionPerformed() throws {
        let tip = try backyardTip {
            $0.setTipState(0, TipState(invalidation: .actionPerformed))
        }
        #expect(tip.status == .invalidated)
        #expect(tip.reason == .actionPerformed)
        #expect(!tip.display)
    }

    @Test func backyardExhausted() throws {
        let tip = try backyardTip {
            $0.setTipState(0, TipState(displayCount: 5))
        }
        #expect(tip.status == .invalidated)
        #expect(tip.reason == .displayCountExceeded)
        #expect(!tip.display)
    }

    @Test func backyardHeldByFrequency() throws {
        let tip = try backyardTip {
            $0.lastDisplayDate = date("2026-11-21T01:00:00Z")
        }
        #expect(tip.status == .pending)
        #expect(tip.pendingReason == .displayFrequency)
        #expect(tip.pendingUntil == date("2026-11-22T01:00:00Z"))
        #expect(!tip.display)
        #expect(tip.displayExplanation == "pending: held back by the daily display frequency until 2026-11-22T01:00:00Z (in 16 hours): "
                       + "the last new tip appeared 8 hours ago")
    }

    @Test func backyardShownBefore() throws {
        let tip = try backyardTip {
            $0.lastDisplayDate = date("2026-11-21T01:00:00Z")
            $0.setTipState(0, TipState(displayCount: 2))
        }
        #expect(tip.status == .available)
        #expect(tip.display)
    }

    @Test func testColleagues() throws {
        let program = try compile(Self.colleagues)
        var store = EventStore(program: program)
        store.lastDisplayDate = date("2026-11-21T08:00:00Z")
        let first = try #require(try evaluateBoth(program, store, now: now).tip("ContactColleaguesAppealTip"))
        #expect(first.status == .available)
        #expect(first.display)
        #expect(first.rules == [])

        var second = EventStore(program: program)
        second.setTipState(0, TipState(displayCount: 1))
        let tip = try #require(try evaluateBoth(program, second, now: now).tip("ContactColleaguesAppealTip"))
        #expect(tip.status == .invalidated)
        #expect(tip.reason == .displayCountExceeded)
        #expect(!tip.display)
    }

    @Test func testCards() throws {
        let program = try compile(Self.cards)
        var store = EventStore(program: program)
        try store.donate(event: 0, date: date("2026-11-21T12:20:00Z"), fields: [.double(12.5), .string("diner")])
        try store.donate(event: 0, date: date("2026-11-21T09:41:00Z"), fields: [.double(52.6), .string("grocery")])
        let expectations: [(String, Double, Double)] = [
            ("2026-11-21T08:15:00Z", 0, 0), ("2026-11-21T09:41:00Z", 52.6, 50),
            ("2026-11-21T10:30:00Z", 0, 0), ("2026-11-21T12:30:00Z", 12.5, 1),
        ]
        for (when, recent, big) in expectations {
            let result = try evaluateBoth(program, store, now: date(when))
            #expect(result.widgets.map(\.id) == ["CardRecentPurchasesWidget", "CardBigPurchasesWidget"])
            #expect(result.widget("CardRecentPurchasesWidget")?.score == recent, Comment(rawValue: when))
            #expect(result.widget("CardBigPurchasesWidget")?.score == big, Comment(rawValue: when))
            #expect(result.widgets.map(\.duration) == [1800, 1800], Comment(rawValue: when))
            #expect(result.widgets.map(\.relevant) == [recent > 0, big > 0], Comment(rawValue: when))
            #expect(result.widgets.compactMap(\.error) == [], Comment(rawValue: when))
        }
    }
}
