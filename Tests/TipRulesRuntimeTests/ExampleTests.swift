import TipRulesCompiler
@testable import TipRulesRuntime
import XCTest

/// The contract's example programs and scenarios (`/work/shared/contract/examples`), each
/// evaluated from the compiled program and from its `.tipc` bytes, which must agree.
final class ExampleTests: XCTestCase {
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
        XCTAssertEqual(loaded.encoded(), program.encoded())
        let direct = evaluate(program, store: store, now: now)
        XCTAssertEqual(direct, evaluate(loaded, store: store, now: now))
        return direct
    }

    /// The backyard tip's result for the default store, after `adjust` changes it.
    private func backyardTip(_ adjust: (inout EventStore) -> Void) throws -> TipResult {
        let program = try compile(Self.backyard)
        var store = try backyardStore(program)
        adjust(&store)
        return try XCTUnwrap(try evaluateBoth(program, store, now: now).tip("FavoriteBackyardTip"))
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

    func testBackyardEligible() throws {
        let program = try compile(Self.backyard, name: "backyard.tiprules")
        let result = try evaluateBoth(program, try backyardStore(program), now: now)
        let tip = try XCTUnwrap(result.tip("FavoriteBackyardTip"))
        XCTAssertEqual(tip.status, .available)
        XCTAssertNil(tip.reason)
        XCTAssertTrue(tip.display)
        XCTAssertEqual(tip.rules.map(\.line), [16, 18])
        XCTAssertEqual(tip.rules.map(\.result), [true, true])
        XCTAssertEqual(result.groups, [])
        XCTAssertEqual(result.widgets, [])
    }

    func testBackyardLoggedOut() throws {
        let program = try compile(Self.backyard)
        let result = try evaluateBoth(program, try backyardStore(program, loggedIn: false), now: now)
        let tip = try XCTUnwrap(result.tip("FavoriteBackyardTip"))
        XCTAssertEqual(tip.status, .pending)
        XCTAssertFalse(tip.display)
        XCTAssertEqual(tip.rules.map(\.result), [false, true])
        XCTAssertEqual(tip.rules[0].explanation, ["isLoggedIn is false, needs == true"])
    }

    func testBackyardFutureDonation() throws {
        let program = try compile(Self.backyard)
        let store = try backyardStore(program, visits: [("2026-11-10T10:00:00Z", 7), ("2026-11-17T10:00:00Z", 7),
                                                        ("2026-11-19T10:00:00Z", 7), ("2026-11-21T09:00:01Z", 7)])
        let result = try evaluateBoth(program, store, now: now)
        let tip = try XCTUnwrap(result.tip("FavoriteBackyardTip"))
        XCTAssertEqual(tip.status, .pending)
        XCTAssertEqual(tip.rules.map(\.result), [true, false])
        XCTAssertEqual(tip.rules[1].explanation,
                       ["enteredBackyardDetailView donations within 5 days, largest group by backyardID: count 2, needs >= 3"])
    }

    func testBackyardActionPerformed() throws {
        let tip = try backyardTip {
            $0.setTipState(0, TipState(invalidation: .actionPerformed))
        }
        XCTAssertEqual(tip.status, .invalidated)
        XCTAssertEqual(tip.reason, .actionPerformed)
        XCTAssertFalse(tip.display)
    }

    func testBackyardExhausted() throws {
        let tip = try backyardTip {
            $0.setTipState(0, TipState(displayCount: 5))
        }
        XCTAssertEqual(tip.status, .invalidated)
        XCTAssertEqual(tip.reason, .displayCountExceeded)
        XCTAssertFalse(tip.display)
    }

    func testBackyardHeldByFrequency() throws {
        let tip = try backyardTip {
            $0.lastDisplayDate = date("2026-11-21T01:00:00Z")
        }
        XCTAssertEqual(tip.status, .pending)
        XCTAssertEqual(tip.pendingReason, .displayFrequency)
        XCTAssertEqual(tip.pendingUntil, date("2026-11-22T01:00:00Z"))
        XCTAssertFalse(tip.display)
        XCTAssertEqual(tip.displayExplanation,
                       "pending: held back by the daily display frequency until 2026-11-22T01:00:00Z (in 16 hours): "
                       + "the last new tip appeared 8 hours ago")
    }

    func testBackyardShownBefore() throws {
        let tip = try backyardTip {
            $0.lastDisplayDate = date("2026-11-21T01:00:00Z")
            $0.setTipState(0, TipState(displayCount: 2))
        }
        XCTAssertEqual(tip.status, .available)
        XCTAssertTrue(tip.display)
    }

    func testColleagues() throws {
        let program = try compile(Self.colleagues)
        var store = EventStore(program: program)
        store.lastDisplayDate = date("2026-11-21T08:00:00Z")
        let first = try XCTUnwrap(try evaluateBoth(program, store, now: now).tip("ContactColleaguesAppealTip"))
        XCTAssertEqual(first.status, .available)
        XCTAssertTrue(first.display)
        XCTAssertEqual(first.rules, [])

        var second = EventStore(program: program)
        second.setTipState(0, TipState(displayCount: 1))
        let tip = try XCTUnwrap(try evaluateBoth(program, second, now: now).tip("ContactColleaguesAppealTip"))
        XCTAssertEqual(tip.status, .invalidated)
        XCTAssertEqual(tip.reason, .displayCountExceeded)
        XCTAssertFalse(tip.display)
    }

    func testCards() throws {
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
            XCTAssertEqual(result.widgets.map(\.id), ["CardRecentPurchasesWidget", "CardBigPurchasesWidget"])
            XCTAssertEqual(result.widget("CardRecentPurchasesWidget")?.score, recent, when)
            XCTAssertEqual(result.widget("CardBigPurchasesWidget")?.score, big, when)
            XCTAssertEqual(result.widgets.map(\.duration), [1800, 1800], when)
            XCTAssertEqual(result.widgets.map(\.relevant), [recent > 0, big > 0], when)
            XCTAssertEqual(result.widgets.compactMap(\.error), [], when)
        }
    }
}
