// Modelled on mculha/TipKitSample TipKitSample/Tips/Rule/MultipleRuleTip.swift:
// two rules in an array literal, separated by a comma and a blank line.
import Foundation
import TipKit

struct MultipleRuleTip: Tip {

    @Parameter
    static var hasOrder: Bool = false

    @Parameter
    static var needsSupport: Bool = false

    var title: Text {
        Text("Get help with your order")
    }

    var image: Image? {
        Image(systemName: "camera.metering.multispot")
    }

    var rules: [Rule] {
        [
            #Rule(Self.$hasOrder) {
                $0 == true
            },

            #Rule(Self.$needsSupport) {
                $0 == true
            }
        ]
    }
}
