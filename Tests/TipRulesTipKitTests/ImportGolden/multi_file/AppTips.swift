import TipKit

/// Inputs shared by the app's tips.
enum AppTips {
    @Parameter static var hasCompletedOnboarding: Bool = false
    static let createdProject = Tips.Event(id: "createdProject")
}
