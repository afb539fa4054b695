// Rules under a condition in the rules builder apply only sometimes; .tiprules rules always do.
import TipKit
struct T: Tip {
    @Parameter static var on: Bool = false
    @Parameter static var beta: Bool = false
    var title: Text { Text("t") }
    var rules: [Rule] {
        #Rule(Self.$on) { $0 }
        if Self.beta {
            #Rule(Self.$on) { !$0 }
        } else {
            #Rule(Self.$beta) { $0 }
        }
        #Rule(Self.$beta) { $0 == false }
    }
}
