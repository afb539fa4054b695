// Modelled on Apple's documentation of Tips.configure(_:): the call without
// options in an App's init, and the call with a datastore location.
import SwiftUI
import TipKit

@main
struct SampleApp: App {
    init() {
        do {
            // Configure tips in the app.
            try Tips.configure()
        }
        catch {
            print("Error initializing TipKit \(error.localizedDescription)")
        }
    }

    var body: some Scene {
        WindowGroup { ContentView() }
    }
}

func configureSharedTips() {
    do {
        try Tips.configure([
            .datastoreLocation(.groupContainer(identifier: "MyGroupContainer")),
            .displayFrequency(.hourly)
        ])
    }
    catch {
        print("Error initializing TipKit \(error.localizedDescription)")
    }
}
