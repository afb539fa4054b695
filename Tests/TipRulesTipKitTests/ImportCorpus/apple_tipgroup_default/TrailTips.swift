// The three tips the group names (Apple's page does not show them).
import TipKit

struct FindTrailheadTip: Tip {
    var title: Text { Text("Find the trailhead") }
}

struct ExposureRatingTip: Tip {
    var title: Text { Text("Exposure rating") }
}

struct SlopeProfileTip: Tip {
    var title: Text { Text("Slope profile") }
}
