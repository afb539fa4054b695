import SwiftUI
import TipKit

#if os(iOS)
struct OfflineTip: Tip {
    var title: Text { Text("You're offline") }

    var rules: [Rule] {
        #Rule(TipInputs.$isOffline) { $0 }
    }
}
#endif

@available(iOS 17.0, *)
struct WelcomeBackTip: Tip {
    var title: Text { Text("Welcome back") }
}

extension WelcomeBackTip {
    var rules: [Rule] {
        #Rule(appOpened) { $0.donations.count > 5 }
        #Rule(TipInputs.$hasCompletedOnboarding) { $0 == true }
    }

    var options: [any TipOption] {
        Tip.MaxDisplayCount(2)
        Tips.IgnoresDisplayFrequency(true)
    }
}
