// Modelled on Apple's documentation of Tip.Rule (parameter rules): the
// @Parameter attribute on its own line, comments inside the rule's body.
import TipKit

struct FavoriteLandmarkTip: Tip {
    // Define the app state you want to track.
    @Parameter
    static var userIsLoggedIn: Bool = false

    var title: Text {
        Text("Save as a favorite")
    }

    var rules: [Rule] {
        // Define a rule based on the app state.
        #Rule(Self.$userIsLoggedIn) {
            // Set the conditions for when the tip displays.
            $0 == true
        }
    }
}
