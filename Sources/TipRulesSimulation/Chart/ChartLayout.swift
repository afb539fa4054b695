/// The chart's geometry: a fixed width, a left column for lane names and score values wide
/// enough for the longest name (long names are cut, within limits), the plot to its right, and
/// the time axis mapping instants to x.
struct ChartLayout {
    static let width = 1120.0
    static let rightMargin = 32.0
    static let fontSize = 11.0
    static let laneHeight = 20.0
    static let panelHeight = 110.0
    static let rowHeight = 18.0

    /// The plot's left edge (the left column is to its left).
    let left: Double
    let axis: TimeAxis

    var right: Double { Self.width - Self.rightMargin }
    /// The room for a lane's name, right-aligned to the plot.
    var labelWidth: Double { left - 24 }

    init(model: ChartModel, clock: SimulationClock) {
        let names = model.tips.map(\.tip) + model.events.map(\.event) + [EventLanes.sessionsLaneName, EventLanes.actionsLaneName]
        let widest = names.map { TextMetrics.width($0, size: Self.fontSize) }.max() ?? 0
        left = min(max(widest + 32, 150), 300)
        axis = TimeAxis(from: model.first, to: model.last, clock: clock, width: Self.width - Self.rightMargin - left)
    }

    /// The x of an instant, kept within the plot (an instant outside it is drawn at its edge).
    func x(_ instant: Double) -> Double {
        guard instant.isFinite else { return instant > 0 ? right : left }
        let fraction = (instant - axis.lower) / (axis.upper - axis.lower)
        return left + min(max(fraction, 0), 1) * (right - left)
    }

    /// Whether the instant is within the plot.
    func shows(_ instant: Double) -> Bool {
        instant >= axis.lower && instant <= axis.upper
    }
}
