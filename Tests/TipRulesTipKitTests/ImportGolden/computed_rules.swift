import TipKit

struct StreakTip: Tip {
    static let workoutLogged = Tips.Event(id: "workoutLogged")
    @Parameter static var streakGoal: Int = 7

    var title: Text { Text("Keep your streak going") }

    var rules: [Rule] {
        #Rule(Self.workoutLogged) {
            let recent = $0.donations.donatedWithin(.days(7))
            return recent.count >= 5
        }
        #Rule(Self.$streakGoal) { $0 > 3 }
        #Rule(AppTips.$hasSeenOnboarding) { $0 }
    }
}
