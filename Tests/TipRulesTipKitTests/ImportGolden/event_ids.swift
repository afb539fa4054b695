// Events are kept by id, not by property name: ids from literals and from string constants
// (same type, an enum's static lets, the top level), one event per id, a tip chain.
import TipKit

let onboardingFinishedID = "onboarding-finished"

enum Events {
    static let opened = "app-opened"
}

struct LongPressTip: Tip {
    static let dismissed = Tips.Event(id: "longPressTipDismissed")
    static let tipID = "keep-table-open"

    var id: String { Self.tipID }
    var title: Text { Text("Long-press a table") }
    var rules: [Rule] { #Rule(Self.dismissed) { $0.donations.isEmpty } }
}

struct SwipeTip: Tip {
    // Another property called `dismissed`, another id: another event.
    static let dismissed = Tips.Event(id: "swipeTipDismissed")
    static let appOpened: Event = .init(id: Events.opened)

    var title: Text { Text("Swipe to archive") }
    var rules: [Rule] {
        // The chain: shown once the long-press tip was dismissed.
        #Rule(LongPressTip.dismissed) { $0.donations.count > 0 }
        #Rule(Self.dismissed, Self.appOpened) { $0.donations.isEmpty && $1.donations.count >= 3 }
    }
}

struct WelcomeTip: Tip {
    // The same id as SwipeTip.appOpened: one event, two properties.
    static let launched = Tips.Event(id: "app-opened")
    static let finished = Tips.Event(id: onboardingFinishedID)

    var title: Text { Text("Welcome back") }
    var rules: [Rule] { #Rule(Self.launched, Self.finished) { $0.donations.count > 10 && $1.donations.isEmpty } }
}

struct LateTip: Tip {
    static let seen = Tips.Event(id: "late-\(Self.self)")
    static let other = Tips.Event(id: Missing.identifier)
    var title: Text { Text("Later") }
}
