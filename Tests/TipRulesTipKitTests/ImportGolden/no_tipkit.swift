import SwiftUI

/// A view without any tips: importing it finds nothing to carry over.
struct SettingsView: View {
    @State private var isOn = false

    var body: some View {
        Toggle("Notifications", isOn: $isOn)
    }
}
