import SwiftUI
import TipKit

/// Ids the app computes: the type's name, an enum's raw values, a key constant.
struct SyncTip: Tip {
    @Parameter
    static var features = [String: Bool]()

    static let opened = Tips.Event(id: String(describing: Self.self))

    enum ActionID: String {
        case learnMore = "learn-more"
        case notNow
    }

    static let titleKey: LocalizedStringKey = "tips.sync.title"

    var title: Text { Text(Self.titleKey) }

    var rules: [Rule] {
        #Rule(Self.$features) { $0["sync"] == true }
        #Rule(Self.opened) { $0.donations.count > 1 }
    }

    var actions: [Action] {
        Action(id: ActionID.learnMore.rawValue, title: "Learn more")
        Action(id: ActionID.notNow.rawValue, title: "Not now")
    }
}

struct ShareTip: Tip {
    static let shared = Tips.Event(id: String(describing: SyncTip.self) + ".shared")
    static let viewed = Tips.Event(id: String(describing: ShareTip.self))

    var title: Text { Text("Share a folder") }

    var rules: [Rule] {
        #Rule(Self.viewed) { $0.donations.count >= 2 }
    }
}

struct LibraryView: View {
    var tips: TipGroup {
        TipGroup(.ordered) {
            SyncTip()
            ShareTip()
        }
    }

    var body: some View { Text("Library") }
}

struct SettingsView: View {
    @State var tipGroup = TipGroup(.firstAvailable) {
        ShareTip()
    }

    var body: some View { Text("Settings") }
}
