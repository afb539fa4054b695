import SwiftUI
import TipKit

enum TaggingTips {
    /// Named after what it tags; Foundation's `Date` is `Foundation.Date` inside.
    struct Date: Tip {
        static let titleValue = "Tag a date"
        static let tagged = Tips.Event(id: "date-tagged")

        var id: String { Self.titleValue }
        var title: Text = .init(titleValue)
        var message: Text? {
            Text("Tagged dates show in the ") + Text("Latest Shifts").italic() + Text(" list.")
        }

        var rules: [Rule] {
            #Rule(Self.tagged) { $0.donations.donatedWithin(.week).count >= 2 }
        }
    }

    struct Place: Tip {
        var title: Text { Text(verbatim: "Tag a place") }
        var message: Text? { Text(missingConstant) }
    }
}

extension TaggingTips {
    struct Person: Tip {
        var title: Text { Text("Tag a person") + Text(".") }
    }
}
