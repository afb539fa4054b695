// Modelled on mculha/TipKitSample TipKitSample/Tips/UnlockProTip.swift: an
// action with a handler, and a rule on another tip's parameter.
import Foundation
import SwiftUI
import TipKit

struct UnlockProTip: Tip {

    @Parameter
    static var tipShown: Bool = false

    var title: Text {
        Text("Unlock Pro")
    }

    var image: Image? {
        Image(systemName: "lock.open.fill")
    }

    var actions: [Action] {
        Action(id: "dismiss", title: "Dismiss") {
            self.invalidate(reason: .tipClosed)
            Self.tipShown = true
        }
    }

    var rules: [Rule] {
        [
            #Rule(NotificationTip.$isNotificationTipShown) {
                $0 == true
            },
            #Rule(Self.$tipShown) {
                $0 == false
            }
        ]
    }
}
