// Modelled on mculha/TipKitSample TipKitSample/Tips/Event/TimeRangeEventTip.swift:
// an unqualified Event and a rule body followed by commented-out code.
import Foundation
import TipKit

struct TimeRangeEventTip: Tip {
    static let timeRangeTriggerControlEvent = Event(id: "timeRangeTriggerControlEvent")

    var title: Text {
        Text("Try the control")
    }

    var image: Image? {
        Image(systemName: "arrow.up.message")
    }

    var rules: [Rule] {
        #Rule(Self.timeRangeTriggerControlEvent) {
            // Fewer than 3 events within a week
            $0.donations.donatedWithin(.week).count < 3

            // More than 3 events within three days
//            $0.donations.donatedWithin(.days(3)).count > 3
        }
    }
}
