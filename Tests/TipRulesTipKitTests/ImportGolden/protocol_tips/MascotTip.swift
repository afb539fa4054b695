import SwiftUI
import TipKit

/// The app's tips all show the mascot and are shown at most twice.
protocol MascotTip: Tip {
    var mascotPose: String { get }
}

extension MascotTip {
    var image: Image? { Image(systemName: "pawprint") }

    var options: [any TipOption] {
        Tips.MaxDisplayCount(2)
    }

    var rules: [Rule] {
        #Rule(MascotTips.$mascotEnabled) { $0 == true }
    }
}

/// Onboarding tips refine the mascot's.
protocol OnboardingTip: MascotTip {}

extension OnboardingTip {
    var message: Text? { Text("Swipe to see more") }
}

enum MascotTips {
    @Parameter static var mascotEnabled: Bool = true
}
