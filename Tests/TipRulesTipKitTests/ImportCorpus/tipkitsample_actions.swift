// Modelled on mculha/TipKitSample TipKitSample/Tips/Action/SimpleActionTip.swift
// and PopoverActionTip.swift: actions separated by blank lines.
import Foundation
import TipKit

struct SimpleActionTip: Tip {
    var title: Text {
        Text("A tip with actions")
    }

    var image: Image? {
        Image(systemName: "ellipsis.bubble.fill")
    }

    var actions: [Action] {
        Action(id: "faq", title: "FAQ")

        Action(id: "ignore", title: "Ignore")
    }
}
