// Texts from a package's bundle, an image through `.init`, actions without ids (TipKit
// gives each its index) and TipKit's own default store.
import SwiftUI
import TipKit

func configureTips() throws {
    try Tips.configure([.displayFrequency(.daily), .datastoreLocation(.applicationDefault)])
}

struct ExportTip: Tip {
    var title: Text { Text("Export your library", bundle: .module) }
    var message: Text? { Text("Keep a copy anywhere.", bundle: .module, comment: "export tip") }
    var image: Image? { .init(systemName: "square.and.arrow.up") }
    var actions: [Action] {
        Action(title: "Export now")
        Action(title: "Learn more")
    }
}

/// Keys looked up through `String(localized:)` and `LocalizedStringKey`: the key is the text.
struct SortDefaultsTip: Tip {
    var title: Text { Text(String(localized: "tip.sort.title", defaultValue: "Set defaults", bundle: .module)) }
    var message: Text? { Text(LocalizedStringKey("tip.sort.message")) }
}
