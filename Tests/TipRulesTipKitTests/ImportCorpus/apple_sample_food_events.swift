// Modelled on Apple's sample "Highlighting app features with TipKit"
// (FoodDetailView.swift): a typed event annotation, the DonationInfo struct
// nested in the tip, smallestSubset and a filter after donatedWithin(.hour).
import SwiftUI
import TipKit

struct FoodEventTip: Tip {
    struct Item: Codable, Sendable {
        var name: String
        var isFavorite: Bool
    }

    static let viewedSpecificFood: Tips.Event<Item> = Tips.Event(id: "viewedSpecificFood")
    static let viewedDetailView = Tips.Event(id: "viewedDetailView")

    var title: Text { Text("Favorite a food") }

    var rules: [Rule] {
        #Rule(FoodEventTip.viewedDetailView) { $0.donations.count >= 1 }
        #Rule(FoodEventTip.viewedSpecificFood) {
            $0.donations.smallestSubset(groupedBy: \.name).count > 1
        }
        #Rule(FoodEventTip.viewedSpecificFood) {
            $0.donations.donatedWithin(.hour).filter({ $0.isFavorite == true }).count > 4
        }
    }
}
