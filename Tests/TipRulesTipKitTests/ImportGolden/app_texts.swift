import SwiftUI
import TipKit

/// Texts a localized app computes: each kept as the app wrote it.
struct SidebarTip: Tip {
    var title: Text {
        Text(NSLocalizedString("tips.sidebar.title", value: "Sidebar", comment: "Title of the sidebar tip"))
    }

    var message: Text? {
        Text(L10n.Tips.Sidebar.message)
    }

    var image: Image? {
        Image("SidebarHero")
    }
}

struct ScheduleTip: Tip {
    var title: Text { Text(Strings.scheduleTipTitle) }
    var message: Text? { Text(String(localized: "schedule.message", defaultValue: "Plan your week ahead")) }
    var image: Image? { Image(uiImage: UIImage(named: "calendar-badge")!) }
}

struct ShortcutTip: Tip {
    var title: Text {
        #if os(macOS)
        Text("Press ⌘K to search")
        #else
        Text("Pull down to search")
        #endif
    }

    var message: Text? { Text(LocalizedStringResource("shortcut.message", defaultValue: "Find anything in a moment")) }
}

struct InboxTip: Tip {
    var title: Text { Text("\(Inbox.unreadCount) new messages") }
    var message: Text? { Text(L10n.t("tips.inbox.message")) }
}

/// A custom style shows only the message.
struct MessageOnlyTip: Tip {
    var title: Text { Text("") }
    var message: Text? { Text("Swipe left to archive.") }
}
