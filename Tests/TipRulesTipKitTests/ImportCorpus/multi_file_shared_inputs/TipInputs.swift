// Events at top level and parameters in an enum of their own, as apps that
// share inputs between tips write them (the pattern of Apple's docs, where the
// event lives outside the tip, spread over files).
import TipKit

let appOpened = Tips.Event(id: "appOpened")

enum TipInputs {
    @Parameter
    static var hasCompletedOnboarding: Bool = false

    @Parameter(.transient) static var isOffline: Bool = false
}
