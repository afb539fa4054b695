import SwiftUI
import TipKit

struct QuickEditTip: Tip {
    struct PhotoEditedInfo: Codable, Sendable {
        let photoID: String
        let filterCount: Int
    }

    /// Donated by the editor as `QuickEditTip.photoEdited.donate(.init(photoID: id, filterCount: n))`.
    static let photoEdited = Tips.Event<PhotoEditedInfo>(id: "photo-edited")

    var title: Text { Text("Edit right here") }
}

struct CollageTip: Tip {
    var title: Text { Text("Make a collage") }

    var rules: [Rule] {
        #Rule(QuickEditTip.photoEdited) {
            $0.donations.filter { $0.date > .now.addingTimeInterval(-5 * 60 * 60 * 24) }.count >= 3
        }
        #Rule(QuickEditTip.photoEdited) { $0.donations.donatedWithin(.week).largestSubset(groupedBy: \.photoID).count >= 2 }
    }

    var options: [any TipOption] {
        Tips.MaxDisplayDuration(90)
    }
}

struct PhotoTips {
    @State var tips = TipGroup(.ordered) {
        QuickEditTip()
        CollageTip()
    }
}
