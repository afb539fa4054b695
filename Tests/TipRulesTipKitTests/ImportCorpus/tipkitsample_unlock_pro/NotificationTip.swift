// Modelled on mculha/TipKitSample TipKitSample/Tips/NotificationTip.swift: a
// title with a style modifier.
import Foundation
import TipKit

struct NotificationTip: Tip {

    @Parameter
    static var isNotificationTipShown: Bool = false

    var title: Text {
        Text("Change notifications")
            .foregroundStyle(.indigo)
    }

    var image: Image? {
        Image(systemName: "iphone.gen3.radiowaves.left.and.right")
    }

}
