/// The chart's time axis in the timeline's own time: the span shown, rounded out to whole
/// ticks, and ticks spaced so that their labels never overlap (a month of steps gets daily or
/// weekly ticks, an hour gets ticks every few minutes).
struct TimeAxis {
    /// A tick: its instant and label ("09:00", or "day 3" at a day's start), and for the first
    /// tick of the axis when it is not a day's start, the day it is on.
    struct Tick: Equatable {
        var at: Double
        var label: String
        var startsDay: Bool
        var day: String?
    }

    let lower: Double
    let upper: Double
    let ticks: [Tick]

    /// The spacings a tick may have, in seconds, finest first; past a day, day counts double.
    private static let spacings: [Double] = [60, 300, 600, 900, 1_800, 3_600, 7_200, 10_800, 21_600, 43_200, 86_400]
    /// The narrowest space a tick label needs, in pixels.
    static let labelSpace = 64.0

    /// An axis from `first` to `last` (at least ten minutes) over `width` pixels.
    init(from first: Double, to last: Double, clock: SimulationClock, width: Double) {
        // A little room after the last instant, so that a score dropping then shows.
        let span = max((last - first) * 1.01, 600)
        let most = max(Int(width / Self.labelSpace), 2)
        var spacing = Self.spacings.first { (span / $0).rounded(.up) + 2 <= Double(most) } ?? 86_400
        var doublings = 0
        while (span / spacing).rounded(.up) + 2 > Double(most), doublings < 64 {
            spacing *= 2
            doublings += 1
        }
        let origin = clock.firstMidnight
        lower = origin + ((first - origin) / spacing).rounded(.down) * spacing
        upper = max(origin + ((first + span - origin) / spacing).rounded(.up) * spacing, lower + spacing)
        var ticks: [Tick] = []
        var at = lower
        while at <= upper, ticks.count <= most + 2 {
            let time = clock.timeOfDay(at)
            let startsDay = spacing >= 86_400 || time == "00:00"
            let dayName = clock.day(at).map { "day \($0)" } ?? clock.label(at)
            ticks.append(Tick(at: at, label: startsDay ? dayName : time ?? dayName, startsDay: startsDay,
                              day: ticks.isEmpty && !startsDay ? dayName : nil))
            at += spacing
        }
        self.ticks = ticks
    }

    /// The height the tick labels take: one line, or two when the first tick names its day.
    var labelsHeight: Double {
        ticks.first?.day == nil ? 18 : 31
    }

    /// The tick labels under (or over) the lanes, with `y` the first line's baseline.
    func labels(_ layout: ChartLayout, y: Double) -> SVGElement {
        var labels: [SVGElement] = []
        for tick in ticks {
            let x = layout.x(tick.at)
            labels.append(SVGElement("text", ["x": x, "y": y, "text-anchor": "middle", "font-weight": tick.startsDay ? "bold" : "normal"],
                                     text: tick.label))
            if let day = tick.day {
                labels.append(SVGElement("text", ["x": x, "y": y + 13, "text-anchor": "middle", "font-weight": "bold"], text: day))
            }
        }
        return .group(["class": "time-axis", "fill": ChartPalette.text], labels)
    }

    /// A vertical gridline at every tick from `top` to `bottom`, darker at a day's start.
    func gridlines(_ layout: ChartLayout, top: Double, bottom: Double) -> SVGElement {
        .group(["class": "gridlines"], ticks.map { tick in
            let x = layout.x(tick.at)
            return SVGElement("line", ["x1": x, "y1": top, "x2": x, "y2": bottom,
                                       "stroke": tick.startsDay ? ChartPalette.dayGrid : ChartPalette.grid,
                                       "stroke-width": 1])
        })
    }
}
