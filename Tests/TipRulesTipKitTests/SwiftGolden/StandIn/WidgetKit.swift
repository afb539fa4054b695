// A stand-in for the part of WidgetKit that generated relevance functions use,
// so that SwiftEmitterTests can type-check them on Linux. Declarations only.
import Foundation

/// A stand-in for WidgetKit's `TimelineEntryRelevance`.
public struct TimelineEntryRelevance {
    public init(score: Float, duration: TimeInterval = 0) {}
}
