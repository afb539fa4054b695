// Modelled on Apple's documentation of Tip.Event: an event with a DonationInfo
// struct declared after it, inside a View, and a rule that filters donations.
import SwiftUI
import TipKit

struct LandmarkDetail: View {
    static let didViewLandmarkDetail = Tips.Event<DidViewLandmark>(id: "didViewLandmarkDetail")

    struct DidViewLandmark: Codable, Sendable {
        let landmarkID: Int
        let landmarkName: String
    }

    var landmark: Landmark

    var body: some View {
        ScrollView {
            MapView(coordinate: landmark.locationCoordinate)
        }
        .onAppear {
            Self.didViewLandmarkDetail.sendDonation(.init(landmarkID: landmark.id, landmarkName: landmark.name))
        }
    }
}

struct LandmarkDetailTip: Tip {
    var title: Text { Text("Plan a visit") }

    var rules: [Rule] {
        // More than 3 detail views of landmarks other than "Wilbere Bowl".
        #Rule(LandmarkDetail.didViewLandmarkDetail) {
            $0.donations.filter({ $0.landmarkName != "Wilbere Bowl" }).count > 3
        }
    }
}
