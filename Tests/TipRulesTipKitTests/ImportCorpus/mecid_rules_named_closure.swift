// Modelled on mecid/mecid.github.io _posts/2024-05-15-discovering-app-features-with-tipkit-rules.md:
// a parameter inside an enum whose cases are tips, and a rule whose closure
// names its argument.
import SwiftUI
import TipKit

enum FeedTip: Tip {
    @Parameter static var isPro: Bool = false

    case add
    case delete

    var title: Text {
        switch self {
        case .add:
            Text("Add")
        case .delete:
            Text("Delete")
        }
    }

    var rules: [Rule] {
        #Rule(Self.$isPro) { isPro in
            isPro == true
        }
    }
}
