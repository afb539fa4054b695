// Two views each keep `@State private var tips = TipGroup(...)`: TipKit keeps nothing under a
// group's name, so the second is named after its view rather than dropped.
import SwiftUI
import TipKit

struct AddTip: Tip { var title: Text { Text("Add") } }
struct EditTip: Tip { var title: Text { Text("Edit") } }
struct ShareTip: Tip { var title: Text { Text("Share") } }

struct LibraryView: View {
    @State private var tips = TipGroup(.ordered) {
        AddTip()
        EditTip()
    }
    var body: some View { Text("Library") }
}

struct DetailView: View {
    @State private var tips = TipGroup(.firstAvailable) {
        EditTip()
        ShareTip()
    }
    var body: some View { Text("Detail") }
}
