// Modelled on Apple's sample "Highlighting app features with TipKit"
// (FavoritePlantsView.swift): a transient @Parameter of a custom Codable type.
import SwiftUI
import TipKit

struct FavoritePlantTip: Tip {
    struct FavoritePlants: Codable, Sendable {
        var plants: Set<String> = []
    }

    @Parameter(.transient)
    static var favoritePlants: FavoritePlants = FavoritePlants(plants: ["Sunflower", "Cactus"])

    @Parameter(.transient)
    static var hasSeenGarden: Bool = false

    var title: Text { Text("Explore favorite plants") }
    var message: Text? { Text("Discover the plants you like most.") }
    var image: Image? { Image(systemName: "leaf.fill") }

    var rules: [Rule] {
        #Rule(FavoritePlantTip.$favoritePlants) { $0.plants.count >= 3 }
        #Rule(FavoritePlantTip.$hasSeenGarden) { $0 == false }
    }
}
