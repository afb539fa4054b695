import TipKit
import WidgetKit

enum SharedTipInputs {
    static let stepsSynced = Tips.Event(id: "stepsSynced")
}

struct StepGoalTip: Tip {
    var title: Text { Text("Set a daily step goal") }

    var rules: [Rule] {
        #Rule(SharedTipInputs.stepsSynced) { $0.donations.count > 0 }
    }
}

func stepsWidgetRelevance() -> TimelineEntryRelevance {
    let score: Double = Double(SharedTipInputs.stepsSynced.donations.count)
    return TimelineEntryRelevance(score: Float(score), duration: 3600)
}
