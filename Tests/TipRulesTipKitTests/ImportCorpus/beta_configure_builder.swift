// Composed: the first iOS 17 beta's builder spelling of Tips.configure, as
// the SwiftUI backports document it, with the options' full type names.
import SwiftUI
import TipKit

@main
struct BetaApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
                .task {
                    try? await Tips.configure {
                        Tips.ConfigurationOption.DisplayFrequency(.weekly)
                    }
                }
        }
    }
}

struct SyncTip: Tip {
    @Parameter static var hasSynced: Bool = false

    var title: Text { Text("Sync your library") }

    var rules: [Rule] {
        #Rule(Self.$hasSynced) { !$0 }
    }
}
