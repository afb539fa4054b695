// Modelled on am2525nyan/PicTune sotsugyo/View/TipKit/NFCTip.swift: options as
// an array literal, a rule on an event another tip declares (not imported).
import Foundation
import TipKit

struct NFCTip: Tip {

    var title: Text {
        Text("NFC")
    }

    var message: Text? {
        Text("Save the data on an NFC card.")
    }

    var options: [TipOption] {
        [MaxDisplayCount(1)]
    }
    var rules: [Rule] {
        #Rule(SettingTip.openCamera) { $0.donations.count >= 10 }
    }
}
