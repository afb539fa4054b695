import SwiftUI
import TipKit

struct ReadingListTip: Tip {
    @Parameter static var savedArticles: Int = 0

    var title: Text { Text("Save for later") }
    var message: Text? { Text("Articles in your reading list work offline.") }

    var rules: [Rule] {
        #Rule(Self.$savedArticles) { $0 < 1 }
    }

    var options: [any TipOption] {
        Tips.MaxDisplayDuration(120)
        Tips.MaxDisplayCount(2)
    }
}

struct TextSizeTip: Tip {
    var id: String { "text-size-v2" }
    var title: Text { Text("Make the text bigger") }
}

@MainActor func makeReaderTips() -> TipGroup {
    TipGroup(.firstAvailable) {
        ReadingListTip(); TextSizeTip()
    }
}
