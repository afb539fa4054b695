// Modelled on Apple's documentation of Tips.Event.init(id:donationLimit:) and
// Tips.DonationLimit (iOS 26): the event is declared last in a View.
import SwiftUI
import TipKit

struct LandmarkDetailView: View {
    let landmark: Landmark

    var body: some View {
        VStack {
            Text(landmark.name)
        }
        .task {
            await Self.didViewLandmark.donate()
        }
    }

    static let didViewLandmark = Tips.Event(
        id: "didViewLandmark",
        donationLimit: Tips.DonationLimit(maximumCount: 50, maximumAge: .days(30))
    )
}

struct FavoriteLandmarkTip: Tip {
    var title: Text { Text("Favorite this landmark") }

    var rules: [Rule] {
        // Only when didViewLandmark was donated 3 or more times.
        #Rule(LandmarkDetailView.didViewLandmark) {
            $0.donations.count >= 3
        }
    }
}
