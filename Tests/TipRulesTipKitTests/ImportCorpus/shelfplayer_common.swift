// Modelled on rasmuslos/ShelfPlayer iOS/Common/CommonTip.swift: a reusable tip
// whose texts come from stored properties, options as a stored array.
import Foundation
import TipKit

struct CommonTip: Tip {
    let titleKey: LocalizedStringKey
    let messageKey: LocalizedStringKey

    var title: Text {
        Text(titleKey)
    }

    var message: Text? {
        Text(messageKey)
    }

    var options: [TipOption] = [
        MaxDisplayCount(5)
    ]
}

extension LocalizedStringKey: @unchecked Sendable {}
