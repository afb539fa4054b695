import SwiftUI
import TipKit

/// Shown once, the first time the directory opens, whatever else was shown today.
struct ContactColleaguesAppealTip: Tip {
    var title: Text {
        Text("You can now see which colleagues use the app")
    }

    var message: Text? {
        Text("Tap a colleague to start a conversation.")
    }

    var options: [any TipOption] {
        Tips.IgnoresDisplayFrequency(true)
        Tips.MaxDisplayCount(1)
    }
}

struct DirectoryView: View {
    private let appeal = ContactColleaguesAppealTip()

    var body: some View {
        List {
            TipView(appeal)
            Text("Colleagues")
        }
        .task { try? Tips.configure() }
    }
}
