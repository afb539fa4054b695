// Modelled on Apple's sample "Highlighting app features with TipKit"
// (ComboView.swift): a parameter and an unqualified Event in one tip; the view
// donates and reads them through the tip's type.
import SwiftUI
import TipKit

struct ComboTip: Tip {
    @Parameter
    static var isLoggedIn: Bool = false

    static let enteredView = Event(id: "enteredView")

    var title: Text { Text("Save as a Favorite") }
    var message: Text? { Text("Your favorite backyards always appear at the top.") }

    // All rules must be true.
    var rules: [Rule] {
        #Rule(Self.$isLoggedIn) { $0 == true }
        #Rule(Self.enteredView) { $0.donations.count >= 3 }
    }
}

struct ComboView: View {
    let comboTip = ComboTip()

    var body: some View {
        VStack(spacing: 20) {
            TipView(comboTip, arrowEdge: .bottom)
            Button(ComboTip.isLoggedIn ? "Log out" : "Log in") {
                ComboTip.isLoggedIn.toggle()
            }
            Text("Entered view: \(ComboTip.enteredView.donations.count + 1) times")
        }
        .onAppear { ComboTip.enteredView.sendDonation() }
    }
}
