import SwiftUI
import TipKit

/// A tip whose texts each screen passes in: `PopoverTip(title: Text("…"), message: …)`.
struct PopoverTip: Tip {
    var title: Text
    var message: Text?
    var image: Image?

    @Parameter static var popoversEnabled: Bool = true

    var rules: [Rule] {
        #Rule(Self.$popoversEnabled) { $0 }
    }
}

/// The beta's name for the image, supplied too.
struct BadgeTip: Tip {
    var title: Text
    var asset: Image?
}

/// One struct, a tip per id: `AppTip(id: "build-your-profile", title: "…")`.
struct AppTip: Tip {
    let id: String
    let titleText: String
    var title: Text { Text(titleText) }
    var image: Image? { nil }
}

/// The beta-era `asset` with an SF Symbol, and an image that is deliberately none.
struct ShareTip: Tip {
    var title: Text { Text("Share your list") }
    var message: Text? { nil }
    var asset: Image? { Image(systemName: "square.and.arrow.up") }
}

/// Texts through an initializer of the app's, a value of its own, and a rule built elsewhere.
struct TooltipTip: Tip {
    var title: Text
    let anchor: String

    init(text: String, anchor: String) {
        self.title = Text(text)
        self.anchor = anchor
    }

    var rules: [Rule] {
        [
            Tips.Rule.oncePerSession,
        ]
    }
}
