import SwiftUI
import TipKit

@main
struct NotesApp: App {
    var body: some Scene {
        WindowGroup { ContentView() }
    }

    init() {
        #if DEBUG
        try? Tips.resetDatastore()
        #endif
        try? Tips.configure([
            .displayFrequency(.weekly),
            .datastoreLocation(.applicationDefault)
        ])
    }
}

struct PencilTip: Tip {
    var title: Text { Text("Double-tap to switch tools") }
}
