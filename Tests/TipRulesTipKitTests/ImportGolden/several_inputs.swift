import TipKit

struct ShortcutTip: Tip {
    @Parameter static var hasKeyboard: Bool = false
    static let openedCommandMenu = Tips.Event(id: "openedCommandMenu")

    var title: Text { Text("Press ⌘K to search") }
    var image: Image? { Image(systemName: "keyboard") }

    var rules: [Rule] {
        // A keyboard is attached, or they already found the menu more than twice.
        #Rule(Self.$hasKeyboard, Self.openedCommandMenu) { keyboard, menu in
            keyboard || menu.donations.donatedWithin(.week).count > 2
        }
    }
}
