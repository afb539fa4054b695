// Modelled on Apple's sample "Highlighting app features with TipKit"
// (PasswordResetView.swift): a tip with two actions, handled in the view.
import SwiftUI
import TipKit

struct PasswordResetTip: Tip {
    var title: Text { Text("Need help?") }
    var message: Text? { Text("Do you need help signing in to your account?") }
    var image: Image? { Image(systemName: "lock.shield") }

    var actions: [Action] {
        Action(id: "reset-password", title: "Reset Password")
        Action(id: "faq", title: "View our FAQ")
    }
}

struct PasswordResetView: View {
    @Environment(\.openURL) var openURL
    let passwordResetTip = PasswordResetTip()

    var body: some View {
        TipView(passwordResetTip, arrowEdge: .bottom) { action in
            if action.id == "reset-password", let url = URL(string: "https://iforgot.apple.com") {
                openURL(url)
            }
        }
    }
}
