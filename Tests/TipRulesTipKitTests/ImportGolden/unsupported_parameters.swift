import TipKit

enum Plan: String, Codable { case free, plus, family }

struct FamilySharingTip: Tip {
    @Parameter static var plan: Plan = .free
    @Parameter static var lastSeen: Date? = nil
    @Parameter static var installedAt: Date = .now
    @Parameter static var discount = 0.25
    @Parameter static var minimumAge: Int = -1

    var title: Text { Text("Share your plan with family") }

    var rules: [Rule] {
        #Rule(Self.$plan) { $0 == .plus }
        #Rule(Self.$discount) { $0 > 0.2 }
    }
}
