import SwiftUI
import TipKit

struct WelcomeTip: OnboardingTip {
    let mascotPose = "waving"
    var title: Text { Text("Welcome aboard") }
}

struct StreakTip: MascotTip {
    let mascotPose = "cheering"
    var title: Text { Text("Keep your streak") }
    var message: Text? { Text("Practice a little every day") }

    static let lessonFinished = Tips.Event(id: "lesson-finished")

    var rules: [Rule] {
        #Rule(Self.lessonFinished) { $0.donations.donatedWithin(.week).count >= 3 }
    }
}

struct SettingsTip {
    let mascotPose = "pointing"
}

extension SettingsTip: MascotTip {
    var title: Text { Text("Make it yours") }
}
