// Modelled on WWDC23 session 10229 "Make features discoverable with TipKit"
// (7:59 and 8:34): a DonationInfo struct in an extension, a multi-line
// Event<…>(id:) and a rule that filters donations by date.
import SwiftUI
import TipKit

struct BackyardDetailTip: Tip {
    @Parameter
    static var isLoggedIn: Bool = false

    static let enteredBackyardDetailView = Event<DetailViewDonation>(
        id: "enteredBackyardDetailView"
    )

    var title: Text { Text("Save as a Favorite") }

    var rules: [Rule] {
        #Rule(Self.$isLoggedIn) { $0 == true }
        // User has entered any backyard detail view at least 3 times in the past 5 days
        #Rule(Self.enteredBackyardDetailView) {
            $0.donations.filter {
                $0.date > Date.now.addingTimeInterval(-5 * 60 * 60 * 24)
            }
            .count >= 3
        }
    }

    var options: [Option] {
        Tips.MaxDisplayCount(5)
    }
}

// Create the associated type
extension BackyardDetailTip {
    struct DetailViewDonation: Codable, Sendable {
        let backyardID: Int
    }
}
