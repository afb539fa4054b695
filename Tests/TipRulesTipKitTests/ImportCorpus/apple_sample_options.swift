// Modelled on Apple's sample "Highlighting app features with TipKit"
// (OptionView.swift): `[Option]` with the unqualified option name.
import SwiftUI
import TipKit

struct OptionTip: Tip {
    var title: Text { Text("Edit actions in one place") }
    var message: Text? { Text("Find Copy, Hide, Edit and Paste under the ellipsis menu.") }
    var image: Image? { Image(systemName: "ellipsis.circle") }

    var options: [Option] {
        MaxDisplayCount(1)  // Only once per installation.
    }
}
