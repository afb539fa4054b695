// Modelled on WWDC24 session 10070 "Customize feature discovery with TipKit"
// (2:41): two tips shown in order through a TipGroup kept in @State.
import SwiftUI
import TipKit

struct ShowLocationTip: Tip {
    var title: Text { Text("Show your location") }
    var message: Text? { Text("Tap the compass to highlight your current location on the map.") }
    var image: Image? { Image(systemName: "location.circle") }
}

struct RotateMapTip: Tip {
    var title: Text { Text("Reorient the map") }
    var message: Text? { Text("Tap and hold on the compass to rotate the map back to 0° North.") }
    var image: Image? { Image(systemName: "hand.tap") }
}

struct MapCompassControl: View {
    @State
    var compassTips: TipGroup = TipGroup(.ordered) {
        ShowLocationTip()
        RotateMapTip()
    }

    var body: some View {
        CompassDial()
            .popoverTip(compassTips.currentTip)
    }
}
