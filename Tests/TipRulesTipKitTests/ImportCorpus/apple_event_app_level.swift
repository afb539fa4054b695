// Modelled on Apple's documentation of Tip.Event: the event lives in the App
// struct, the rule names it through that type.
import SwiftUI
import TipKit

@main
struct LandmarkTips: App {
    static let landmarksAppDidOpen = Tips.Event(id: "landmarksAppDidOpen")

    var body: some Scene {
        WindowGroup {
            ContentView()
                .onAppear { Self.landmarksAppDidOpen.sendDonation() }
        }
    }
}

struct LandmarkFeatureTip: Tip {
    var title: Text {
        Text("Discover new landmarks")
    }

    var rules: [Rule] {
        // Shown once the app was opened 3 or more times in the last week.
        #Rule(LandmarkTips.landmarksAppDidOpen) {
            $0.donations.donatedWithin(.week).count >= 3
        }
    }
}
