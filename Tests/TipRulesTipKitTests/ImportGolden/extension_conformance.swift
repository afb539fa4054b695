// TipKit gated by OS version: the type is declared plainly, its conformance and its
// members in an @available extension; another extension adds its rules.
import SwiftUI
import TipKit

struct VPNTip {}

@available(iOS 17, *)
extension VPNTip: Tip {
    @Parameter static var isConnected: Bool = false

    var title: Text { Text("Connect through the VPN") }
    var image: Image? { .init(systemName: "lock.shield") }
}

@available(iOS 17, *)
extension VPNTip {
    var rules: [Rule] {
        #Rule(Self.$isConnected) { $0 == false }
    }
}
