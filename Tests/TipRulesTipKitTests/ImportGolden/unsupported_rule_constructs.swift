import SwiftUI
import TipKit

/// Rules whose bodies use what #Predicate accepts but .tiprules does not have.
struct SearchTip: Tip {
    @Parameter static var lastQuery: String = ""
    @Parameter static var searches: Int = 0

    var title: Text { Text("Search smarter") }

    var rules: [Rule] {
        #Rule(Self.$lastQuery) { $0.localizedStandardContains("recipe") }
        #Rule(Self.$searches) { $0 > 2 }
        #Rule(Self.$lastQuery) {
            $0.uppercased() == "PASTA"
        }
    }
}
