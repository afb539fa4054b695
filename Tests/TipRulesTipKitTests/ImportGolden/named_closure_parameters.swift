import TipKit

struct UpgradeTip: Tip {
    @Parameter
    static var isPro: Bool = false

    @Parameter
    static var launchCount: Int = 0

    var title: Text { Text("Go Pro") }
    var message: Text? { Text("Unlock every filter and unlimited exports.") }

    var rules: [Rule] {
        #Rule(Self.$isPro) { isPro in
            isPro == false
        }
        #Rule(Self.$launchCount) { count in
            return count >= 3 && count % 2 == 1
        }
    }
}
