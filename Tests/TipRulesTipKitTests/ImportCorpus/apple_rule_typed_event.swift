// Modelled on Apple's documentation of Tip.Rule (event rules): the event is
// declared with a type annotation and the unqualified Event initializer.
import TipKit

struct FavoriteLandmarkTip: Tip {
    // Define the user interaction you want to track.
    static let didViewLandmark: Event = Event(id: "didViewLandmark")

    var title: Text {
        Text("Save as a favorite")
    }

    var rules: [Rule] {
        // Define a rule based on the interaction.
        #Rule(Self.didViewLandmark) {
            // Set the conditions for when the tip displays.
            $0.donations.count > 3
        }
    }
}
