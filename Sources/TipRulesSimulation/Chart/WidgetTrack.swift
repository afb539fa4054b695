import TipRulesRuntime

/// One widget's relevance over a simulation as WidgetKit uses it: each score holds for its
/// duration and is 0 after it (a duration of 0 holds until the next step), until the next
/// step's score replaces it.
struct WidgetTrack {
    /// The widget's relevance evaluated at one step occurrence.
    struct Sample {
        var at: Double
        var result: WidgetResult
        /// When the score stops holding (`.infinity`: to the end of the chart).
        var holdsUntil: Double
    }

    /// A piece of the step function: `score` from `from` to `to` (`to` may be `.infinity`);
    /// consecutive levels have different scores or a gap between them.
    struct Level: Equatable {
        var from: Double
        var to: Double
        var score: Double
    }

    /// A suggestion window (`suggest { from: to: }`) that held at a step, once per window.
    struct Window: Equatable {
        var from: Double
        var to: Double
        /// The first step at which it held.
        var seenAt: Double
    }

    var widget: String
    var samples: [Sample]
    var levels: [Level]
    var windows: [Window]

    /// The track of every widget of the simulated programs, in declaration order (a widget an
    /// update adds comes after the others). A widget an update removes ends at that update.
    static func tracks(of log: SimulationLog) -> [WidgetTrack] {
        var tracks: [WidgetTrack] = []
        for (index, entry) in log.entries.enumerated() {
            let next = index + 1 < log.entries.count ? log.entries[index + 1].at : Double.infinity
            for widget in entry.widgets {
                if let track = tracks.firstIndex(where: { $0.widget == widget.id }) {
                    tracks[track].add(widget, at: entry.at, next: next)
                } else {
                    var track = WidgetTrack(widget: widget.id, samples: [], levels: [], windows: [])
                    track.add(widget, at: entry.at, next: next)
                    tracks.append(track)
                }
            }
        }
        return tracks
    }

    /// Adds the relevance at `at`; `next` is the next step's instant, where the next score (or
    /// the widget's removal) takes over.
    private mutating func add(_ result: WidgetResult, at: Double, next: Double) {
        let holdsUntil = result.duration > 0 ? min(at + result.duration, next) : next
        samples.append(Sample(at: at, result: result, holdsUntil: holdsUntil))
        if holdsUntil > at { extend(Level(from: at, to: holdsUntil, score: result.score)) }
        if holdsUntil < next { extend(Level(from: holdsUntil, to: next, score: 0)) }
        if let window = result.suggestion?.window,
           !windows.contains(where: { $0.from == window.lowerBound && $0.to == window.upperBound }) {
            windows.append(Window(from: window.lowerBound, to: window.upperBound, seenAt: at))
        }
    }

    /// Appends a level, or lengthens the last one when it goes on at the same score.
    private mutating func extend(_ level: Level) {
        if let last = levels.last, last.to == level.from, last.score == level.score {
            levels[levels.count - 1].to = level.to
        } else {
            levels.append(level)
        }
    }

    /// The spans where the score is above 0 (relevant), adjacent levels merged.
    var relevantSpans: [(from: Double, to: Double)] {
        var spans: [(from: Double, to: Double)] = []
        for level in levels where level.score > 0 {
            if let last = spans.last, last.to == level.from {
                spans[spans.count - 1].to = level.to
            } else {
                spans.append((level.from, level.to))
            }
        }
        return spans
    }

    /// The last instant a score of the track holds (ignoring the open end of the last step).
    var lastHold: Double? {
        samples.map { $0.holdsUntil.isFinite ? $0.holdsUntil : $0.at + max($0.result.duration, 0) }.max()
    }
}
