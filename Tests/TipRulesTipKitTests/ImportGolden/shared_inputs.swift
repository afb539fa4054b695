import TipKit

/// Inputs several tips read, declared once.
enum SharedTipInputs {
    @Parameter static var isLoggedIn: Bool = false
    static let appOpened = Tips.Event(id: "appOpened")
}

struct SyncTip: Tip {
    var title: Text { Text("Your notes sync to all your devices") }

    var rules: [Rule] {
        #Rule(SharedTipInputs.$isLoggedIn) { $0 }
        #Rule(SharedTipInputs.appOpened) { $0.donations.count >= 2 }
    }
}

struct ShareNoteTip: Tip {
    @Parameter static var sharedNotes: Int = 0

    var title: Text { Text("Share a note") }
    var message: Text? { Text("Send a copy or collaborate in real time.") }

    var rules: [Rule] {
        #Rule(SharedTipInputs.$isLoggedIn) { $0 == true }
        #Rule(ShareNoteTip.$sharedNotes) { $0 == 0 }
    }
}
