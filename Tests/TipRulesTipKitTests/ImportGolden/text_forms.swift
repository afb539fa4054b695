import TipKit

struct AssistantLaunchTip: Tip {
    private static let body = """
    Search notes, or simply ask. \
    Tap the sparkles to start.
    """

    var title: Text {
        Text("Assistant")
    }

    var message: Text? {
        Text(.init(Self.body))
    }

    var image: Image? {
        Image(systemName: "sparkles")
    }
}

struct WelcomeBackTip: Tip {
    var name = "friend"
    var title: Text { Text("Welcome back, \(name)") }
    var message: Text? {
        Text("""
        Your drafts are where you left them.
        Pick up where you stopped.
        """)
    }
}
