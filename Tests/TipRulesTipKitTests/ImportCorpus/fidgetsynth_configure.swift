// Modelled on philippollmann/wwdc25-fidgetsynth FidgetSynth.swiftpm/MyApp.swift:
// Tips.configure with try? in a .task, a datastore location, and a commented-out
// testing override.
import SwiftUI
import TipKit

@main
struct MyApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
                .task {
                    //Tips.showAllTipsForTesting()
                    try? Tips.configure([
                        .displayFrequency(.immediate),
                        .datastoreLocation(.applicationDefault)
                    ])
                }
        }
    }
}
