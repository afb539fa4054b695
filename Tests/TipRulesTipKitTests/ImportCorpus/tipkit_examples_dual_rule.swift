// Modelled on jordibruin/TipKit-Examples TipKit Examples/Tips/Rules/DualRuleTip.swift:
// two unqualified events, one-line rules, comments after the struct.
import Foundation
import TipKit

struct DualRuleTip: Tip {

    static let eventOneHappened = Event(id: "eventOneHappened")
    static let eventTwoHappened = Event(id: "eventTwoHappened")

    var title: Text {
        Text("Dual rule")
    }

    // Text needs to be optional, otherwise it does not show up.
    var message: Text? {
        Text("Shown once both events happened.")
    }

    var image: Image? {
        Image(systemName: "lightbulb.fill")
    }

    var rules: [Rule] {
        #Rule(Self.eventOneHappened) { $0.donations.count >= 1 }
        #Rule(Self.eventTwoHappened) { $0.donations.count >= 1 }
    }
}


//In Xcode 15 beta 5 rules needed an extra swift flag in the simulator:
//-external-plugin-path $(SYSTEM_DEVELOPER_DIR)/Platforms/iPhoneOS.platform/Developer/usr/lib/swift/host/plugins
