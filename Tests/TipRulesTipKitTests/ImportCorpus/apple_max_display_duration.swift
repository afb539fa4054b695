// Modelled on Apple's documentation of Tip.MaxDisplayDuration (iOS 18): the
// option under its Tip-scoped name, in an `[any Option]` builder.
import SwiftUI
import TipKit

struct FavoriteBackyardTip: Tip {
    var title: Text {
        Text("Save as a Favorite")
    }

    var options: [any Option] {
        // Invalidated after it has been displayed for 5 minutes in total.
        MaxDisplayDuration(300.0)
    }
}
