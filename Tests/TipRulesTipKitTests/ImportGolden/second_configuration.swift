// Two configurations: the first display frequency is kept, the second reported.
import TipKit

func configureTips() throws {
    try Tips.configure([.displayFrequency(.daily)])
}

func configureTipsForScreenshots() throws {
    try Tips.configure([.displayFrequency(.immediate)])
}

struct WelcomeTip: Tip { var title: Text { Text("Welcome") } }
