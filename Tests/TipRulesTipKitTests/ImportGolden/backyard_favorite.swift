//
//  FavoriteBackyardTip.swift
//  Backyard Birds
//

import SwiftUI
import TipKit

struct FavoriteBackyardTip: Tip {
    // The person must be logged in to save favorites.
    @Parameter
    static var isLoggedIn: Bool = false

    struct DonationInfo: Codable, Sendable {
        let backyardID: Int
    }

    static let enteredBackyardDetailView = Tips.Event<DonationInfo>(id: "enteredBackyardDetailView")

    var title: Text {
        Text("Save as a Favorite")
    }

    var message: Text? {
        Text("Your favorite backyards always appear at the top of the list.")
    }

    var image: Image? {
        Image(systemName: "star")
    }

    var rules: [Rule] {
        #Rule(Self.$isLoggedIn) { $0 == true }
        #Rule(Self.enteredBackyardDetailView) {
            $0.donations
                .donatedWithin(.days(5))
                .largestSubset(groupedBy: \.backyardID)
                .count >= 3
        }
    }

    var options: [any TipOption] {
        Tips.MaxDisplayCount(5)
    }
}

@main
struct BackyardBirdsApp: App {
    init() {
        try? Tips.configure([.displayFrequency(.daily)])
    }

    var body: some Scene {
        WindowGroup { ContentView() }
    }
}
