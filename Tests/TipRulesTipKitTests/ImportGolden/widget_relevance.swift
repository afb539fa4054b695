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

/// Written as emit-swift writes it: carried over as a widget.
func stepGoalWidgetRelevance() -> TimelineEntryRelevance {
    let value0 = SharedTipInputs.stepsSynced.donations.donatedWithin(.hours(12))
    let score: Double = value0.isEmpty ? 0.0 : 100.0
    let duration: TimeInterval = 3600.0
    return TimelineEntryRelevance(score: Float(score), duration: duration)
}
