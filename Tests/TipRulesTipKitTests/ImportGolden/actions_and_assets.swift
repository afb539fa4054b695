import SwiftUI
import TipKit

struct PasswordTip: Tip {
    @Parameter static var hasPasskey: Bool = false

    var title: Text { Text("Sign in with a passkey") }
    var message: Text? { Text("No password to remember or type.") }
    var image: Image? { Image("PasskeyBadge") }

    var rules: [Rule] {
        #Rule(Self.$hasPasskey) { $0 == false }
    }

    var options: [any TipOption] {
        Tips.MaxDisplayCount(2)
        Self.quietOnWeekends
    }

    var actions: [Action] {
        Action(id: "create-passkey", title: "Create a passkey")
        Action(id: "learn-more", title: "Learn more")
        Action(id: "later", perform: {}) { Text("Later") }
    }
}

extension Tip {
    /// A team-wide option built from TipKit's.
    static var quietOnWeekends: some TipOption { Tips.IgnoresDisplayFrequency(false) }
}
