// Modelled on mculha/TipKitSample TipKitSample/RestoreTip.swift: rules as an
// array literal.
import Foundation
import TipKit

struct RestoreTip: Tip {

    @Parameter
    static var isRestored: Bool = false

    var title: Text {
        Text("Restore Pro")
    }

    var message: Text? {
        Text("Did you know you can restore your purchases?")
    }

    var rules: [Rule] {
        [
            #Rule(Self.$isRestored) {
                $0 == false
            }
        ]
    }
}
