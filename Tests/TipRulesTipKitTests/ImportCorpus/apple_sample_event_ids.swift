// Modelled on Apple's sample "Highlighting app features with TipKit": event ids
// that differ from the property names, as the sample writes them.
import TipKit

struct FoodDetailTip: Tip {
    static let viewedSpecificFood = Tips.Event(id: "viewed-specific-food")
    static let viewedDetailView = Tips.Event(id: "FoodDetailViewDidOpen")

    var title: Text { Text("Open a food's details") }

    var rules: [Rule] {
        #Rule(Self.viewedDetailView) { $0.donations.count >= 1 }
        #Rule(Self.viewedSpecificFood) { $0.donations.count > 1 }
    }
}
