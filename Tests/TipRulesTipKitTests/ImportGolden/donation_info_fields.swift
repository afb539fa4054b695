import Foundation
import TipKit

struct ReorderTip: Tip {
    struct Purchase: Codable, Sendable {
        let amount: Double
        let category: String
        let orderID: UUID
        let gift: Bool
    }

    static let purchased = Tips.Event<Purchase>(id: "purchase-completed")

    var title: Text { Text("Order again in one tap") }

    var rules: [Rule] {
        #Rule(Self.purchased) {
            $0.donations.donatedWithin(.days(30)).largestSubset(groupedBy: \.category).count >= 2
        }
    }
}
