/// Marks drawn too close together to tell apart, taken together: over a month of steps a lane
/// draws one mark per crowded stretch, with a tooltip that counts them, instead of thousands
/// of overlapping marks (and tooltips).
enum MarkRuns {
    /// The runs of `extents` (left to right, in pixels): each run holds consecutive extents that
    /// overlap the run so far or lie within `gap` pixels of it.
    static func runs(_ extents: [(from: Double, to: Double)], gap: Double = 1) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var end = -Double.infinity
        for (index, extent) in extents.enumerated() {
            if let last = runs.last, extent.from <= end + gap {
                runs[runs.count - 1] = last.lowerBound..<(index + 1)
                end = max(end, extent.to)
            } else {
                runs.append(index..<(index + 1))
                end = extent.to
            }
        }
        return runs
    }

    /// "12 donations from day 1 08:00 to day 1 09:00; the last: day 1 09:00 donate opened(screen: 1)".
    static func summary(_ count: Int, _ noun: String, from: Double, to: Double, last: String, clock: SimulationClock) -> String {
        "\(count) \(noun) from \(clock.label(from)) to \(clock.label(to)); the last: \(clock.label(to)) \(last)"
    }
}
