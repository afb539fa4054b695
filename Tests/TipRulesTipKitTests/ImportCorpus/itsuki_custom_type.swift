// Modelled on 0Itsuki0/SwiftUI_TipKitDemo TipkitDemo/TipModels/RuleBased/EventRuleWithCustomTypeTip.swift:
// a nonisolated DonationInfo struct, a typed event annotation, chained filters
// on a continuation line.
import TipKit

struct EventRuleWithCustomTypeTip: Tip {

    // nonisolated for Swift 6
    nonisolated
    struct PokemonLikeState: Codable, Sendable {
        var name: String
        var liked: Bool
    }

    static let pokemonLiked: Tips.Event<PokemonLikeState> = Tips.Event(id: "pokemonLiked")


    var title: Text {
        Text("Thanks for liking Pikachu so often!")
    }

    var rules: [Rule] {
        // Define a rule based on the user-interaction state.
        #Rule(Self.pokemonLiked) {
            // Liked Pikachu 3 or more times within a minute.
            $0.donations.donatedWithin(.minute)
                .filter({ $0.liked == true }).filter({$0.name == "Pikachu" }).count >= 3

        }

    }
}
