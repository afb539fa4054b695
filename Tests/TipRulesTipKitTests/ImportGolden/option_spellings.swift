import TipKit

struct QuickReplyTip: Tip {
    var title: Text = Text("Swipe to reply")

    var options: [Option] {
        [MaxDisplayCount(3), IgnoresDisplayFrequency(false)]
    }
}

struct PinTip: Tip {
    var title: Text = .init("Pin a conversation")
    var message: Text? = Text("Pinned conversations stay at the top.")

    var options: [TipOption] {
        Tip.MaxDisplayCount(1)
    }
}
