import SwiftUI
import TipKit

enum LegacyTips {
    // Left over from an older version: the same parameter again.
    @Parameter static var hasCompletedOnboarding: Bool = true
}

@main
struct ProjectsApp: App {
    @State private var onboarding = TipGroup(.ordered) {
        TemplateTip()
        InviteTip()
    }

    init() {
        try? Tips.configure([.displayFrequency(.hourly)])
    }

    var body: some Scene {
        WindowGroup { Text("Projects") }
    }
}
