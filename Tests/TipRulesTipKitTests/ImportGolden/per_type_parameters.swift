// Four tips each declare `isTipPresented`: TipKit keeps four parameters (one per enclosing
// type), which the app toggles separately; one tip also reads another's.
import TipKit

struct SearchTip: Tip {
    @Parameter static var isTipPresented: Bool = false
    var title: Text { Text("Search") }
    var rules: [Rule] { #Rule(Self.$isTipPresented) { $0 } }
}

struct FilterTip: Tip {
    @Parameter static var isTipPresented: Bool = false
    var title: Text { Text("Filter") }
    var rules: [Rule] { #Rule(Self.$isTipPresented, SearchTip.$isTipPresented) { $0 && !$1 } }
}

struct SortTip: Tip {
    @Parameter(.transient) static var isTipPresented: Bool = false
    var title: Text { Text("Sort") }
    var rules: [Rule] { #Rule(Self.$isTipPresented) { $0 } }
}

struct ShareTip: Tip {
    @Parameter static var isTipPresented: Bool = true
    var title: Text { Text("Share") }
    var rules: [Rule] { #Rule(Self.$isTipPresented) { $0 } }
}

enum TipInputs {
    @Parameter static var isPro: Bool = false
}

struct ProTip: Tip {
    var title: Text { Text("Go Pro") }
    var rules: [Rule] { #Rule(TipInputs.$isPro) { !$0 } }
}
