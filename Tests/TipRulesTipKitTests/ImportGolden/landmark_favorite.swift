import SwiftUI
import TipKit

struct FavoriteLandmarkTip: Tip {
    static let didViewLandmark = Tips.Event(id: "didViewLandmark")

    var title: Text {
        Text("Save as a favorite")
    }

    var message: Text? {
        Text("Favorite landmarks appear first in your list.")
    }

    var image: Image? {
        Image(systemName: "heart")
    }

    var rules: [Rule] {
        // Show the tip once the person has viewed three landmarks.
        #Rule(Self.didViewLandmark) {
            $0.donations.count >= 3
        }
    }
}

struct LandmarkDetail: View {
    var body: some View {
        Text("Landmark")
            .onAppear {
                Task { await FavoriteLandmarkTip.didViewLandmark.donate() }
            }
    }
}
