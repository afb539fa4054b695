import SwiftUI
import TipKit

struct SearchTip: Tip {
    var title: Text { Text("Search everything") }
}

struct FilterTip: Tip {
    var title: Text { Text("Narrow it down") }
}

struct LibraryView: View {
    @State private var onboarding = TipGroup(.ordered) {
        SearchTip()
        FilterTip()
    }

    var body: some View {
        List { TipView(onboarding.currentTip) }
    }
}

#Preview("Library") {
    @Previewable @State var previewGroup = TipGroup(.firstAvailable) {
        FilterTip()
        SearchTip()
    }
    LibraryView()
        .task { try? Tips.configure() }
}
