// Modelled on 0Itsuki0/SwiftUI_TipKitDemo TipkitDemo/TipModels/OptionTip.swift:
// an options builder whose entries end with semicolons, comments between.
import TipKit

struct OptionTip: Tip {
    var title: Text {
        Text("Once, regardless of the frequency, for 60 seconds")
    }

    var options: [Option] {
        // At most once.
        MaxDisplayCount(1);

        // Obeys the configured display frequency.
        IgnoresDisplayFrequency(false);

        // Invalidated after 60 seconds on screen in total.
        MaxDisplayDuration(60.0)
    }
}
