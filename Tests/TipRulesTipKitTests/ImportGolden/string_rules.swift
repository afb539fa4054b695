import TipKit

struct ProfileTip: Tip {
    @Parameter static var displayName: String = ""
    @Parameter static var handle: String = "guest"

    var title: Text { Text("Add a display name") }

    var rules: [Rule] {
        #Rule(Self.$displayName) { $0.isEmpty }
        #Rule(Self.$handle) { handle in handle.lowercased().starts(with: "guest") }
    }
}
