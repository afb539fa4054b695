import TipKit

struct TemplateTip: Tip {
    var title: Text { Text("Start from a template") }

    var rules: [Rule] {
        #Rule(AppTips.$hasCompletedOnboarding) { $0 }
        #Rule(AppTips.createdProject) { $0.donations.count < 2 }
    }
}

struct InviteTip: Tip {
    var title: Text { Text("Invite your team") }

    var rules: [Rule] {
        #Rule(AppTips.createdProject) { $0.donations.donatedWithin(.days(3)).count >= 1 }
    }
}
