// Modelled on mecid/mecid.github.io _posts/2024-09-17-discovering-app-features-with-tipkit-groups.md:
// an enum whose cases are tips, grouped with an array of cases.
import SwiftUI
import TipKit

enum FeedTip: String, Tip {
    case welcome
    case add
    case remove

    var id: String {
        rawValue
    }

    var title: Text {
        switch self {
        case .welcome: Text("Welcome")
        case .add: Text("Add")
        case .remove: Text("Remove")
        }
    }
}

struct FeedView: View {
    @State private var tips = TipGroup(.ordered) {
        [
            FeedTip.welcome,
            .add,
            .remove
        ]
    }

    var body: some View {
        List {
            Text(verbatim: "Item")
                .popoverTip(tips.currentTip)
        }
    }
}
