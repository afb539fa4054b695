// Modelled on Apple's documentation of TipGroup (iOS 18): a group with the
// default priority kept in a view's @State.
import SwiftUI
import TipKit

struct TrailDetails: View {
    let trail: Trail

    @State
    var trailDetailTips = TipGroup {
        FindTrailheadTip()
        ExposureRatingTip()
        SlopeProfileTip()
    }

    var body: some View {
        ScrollView(.vertical) {
            Text(trail.name)
                .font(.title)
            NavigateToTrailButton(trailLocation: trail.location)
                .popoverTip(trailDetailTips.currentTip as? FindTrailheadTip)
            TipView(trailDetailTips.currentTip as? ExposureRatingTip, arrowEdge: .bottom)
            TipView(trailDetailTips.currentTip as? SlopeProfileTip, arrowEdge: .bottom)
        }
    }
}
