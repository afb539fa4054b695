import SwiftUI
import TipKit

struct CropTip: Tip {
    var title: Text { Text("Crop your photo") }
    var image: Image? { Image(systemName: "crop") }
}

struct FilterTip: Tip {
    var title: Text { Text("Try a filter") }
    var image: Image? { Image(systemName: "camera.filters") }
}

struct ExportTip: Tip {
    var title: Text { Text("Export in full resolution") }
}

struct EditorView: View {
    // One tip at a time, in this order.
    @State private var editorTips = TipGroup(.ordered) {
        CropTip()
        FilterTip()
        ExportTip()
    }

    private let crop = CropTip()

    // The first tip that can show: the instance above, then the export tip.
    @State private var quickTips = TipGroup(.firstAvailable) {
        crop
        ExportTip()
    }

    var body: some View {
        VStack {
            Image(systemName: "photo")
                .popoverTip(editorTips.currentTip)
        }
    }
}
