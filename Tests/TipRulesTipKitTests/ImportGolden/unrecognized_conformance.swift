// A tip through a protocol of the app's whose file is not imported: its conformance to Tip
// is not seen, so the tip is reported rather than left out silently; a plain view is not a tip.
import SwiftUI
import TipKit

struct WelcomeTip: OnboardingTip {
    @Parameter static var hasLaunched: Bool = false
    var title: Text { Text("Welcome") }
    var message: Text? { Text("Start here.") }
    var rules: [Rule] { #Rule(Self.$hasLaunched) { !$0 } }
}

struct SettingsView: View {
    var title: String { "Settings" }
    var body: some View { Text(title) }
}
