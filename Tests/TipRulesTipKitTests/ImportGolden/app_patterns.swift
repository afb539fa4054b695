// Forms seen in public apps' TipKit code, written anew: a `nonisolated` tip whose id is a
// static constant and whose rules read its own parameters, events gathered in an actor-bound
// enum and read through it, texts looked up in a strings table, a public extension
// conformance, and options as an array literal in a getter.
import SwiftUI
import TipKit

@MainActor
enum TipEvents {
    static let contactCreated = Tips.Event(id: "app.tips.contact.created")
    static let noteAdded = Tips.Event(id: "app.tips.note.added")
}

nonisolated struct PinContactTip: Tip {
    static let tipId = "pin-contact"

    @Parameter static var isListReady: Bool = false
    @Parameter static var contactCount: Int = 0

    var id: String { Self.tipId }
    var title: Text { Text("TIP_PIN_TITLE", tableName: "Tips") }
    var message: Text? { .init("TIP_PIN_MESSAGE") }

    var rules: [Rule] {
        #Rule(Self.$isListReady) { $0 }
        #Rule(Self.$contactCount) { $0 >= 3 }
        #Rule(TipEvents.contactCreated) { $0.donations.count >= 2 }
    }

    var options: [any TipOption] {[
        MaxDisplayCount(2)
    ]}
}

public struct NotesTip {}

@available(iOS 17, macOS 14, *)
extension NotesTip: Tip {
    public var title: Text { Text("Add a note") }
    public var rules: [Rule] {
        #Rule(TipEvents.noteAdded) { $0.donations.isEmpty }
        #Rule(PinContactTip.$contactCount) { $0 > 0 }
    }
}
