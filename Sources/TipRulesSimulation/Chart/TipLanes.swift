/// One lane per tip: its status over time as coloured spans (named inside when the name fits),
/// the app's displays as black bars with what the person did, and at each change the number
/// of the note that explains it (changes too close to tell apart share a badge: "3, 4", "3…9"),
/// and a star at each exposure in a holdout experiment.
/// Hovering a span gives its times and the whole explanation. Where changes or displays crowd
/// (a month of steps), a run of them is drawn as one mark whose tooltip counts them.
enum TipLanes {
    static func height(_ tracks: [TipTrack]) -> Double {
        Double(tracks.count) * ChartLayout.laneHeight
    }

    static func render(_ tracks: [TipTrack], layout: ChartLayout, clock: SimulationClock, top: Double) -> SVGElement {
        .group(["class": "tips"], tracks.enumerated().map { index, track in
            lane(track, index: index, top: top + Double(index) * ChartLayout.laneHeight, layout: layout, clock: clock)
        })
    }

    private static func lane(_ track: TipTrack, index: Int, top: Double, layout: ChartLayout, clock: SimulationClock) -> SVGElement {
        let middle = top + ChartLayout.laneHeight / 2
        var elements = ChartLane.frame(track.tip, index: index, top: top, layout: layout)
        elements += spans(track, top: top, layout: layout, clock: clock)
        let displays = displays(track, top: top, layout: layout, clock: clock)
        elements += displays.elements
        let badges = badges(track.spans, clearOf: displays.extents, layout: layout, middle: middle)
        elements += badges.map(\.badge)
        elements += track.exposures.map { exposure in
            ChartMarks.exposure(x: layout.x(exposure.at), y: top + 6, arm: exposure.arm,
                                tooltip: "\(clock.label(exposure.at)) \(exposure.sentence)")
        }
        let obstacles = (displays.extents + badges.map(\.extent)).sorted { $0.from < $1.from }
        elements += track.spans.compactMap { label(of: $0, clearOf: obstacles, top: top, layout: layout, clock: clock) }
        return .group(["class": "tip", "data-tip": track.tip], elements)
    }

    /// The status spans; consecutive spans under 2 pixels wide are one span, filled as the status
    /// that lasted longest among them.
    private static func spans(_ track: TipTrack, top: Double, layout: ChartLayout, clock: SimulationClock) -> [SVGElement] {
        let width = { (span: TipTrack.Span) in layout.x(span.to) - layout.x(span.from) }
        var groups: [ArraySlice<TipTrack.Span>] = []
        var start = 0
        for index in track.spans.indices where index + 1 == track.spans.count || width(track.spans[index]) >= 2
            || width(track.spans[index + 1]) >= 2 {
            groups.append(track.spans[start...index])
            start = index + 1
        }
        return groups.map { group in
            guard let first = group.first, let last = group.last else { return SVGElement("g") }
            let from = layout.x(first.from), to = layout.x(last.to)
            let until = last.to.isFinite ? clock.label(last.to) : "the end"
            let attributes = { (state: TipTrack.State) -> KeyValuePairs<String, any SVGAttributeValue> in
                ["class": "status", "data-status": state.name, "x": from, "y": top + 3, "width": max(to - from, 0),
                 "height": ChartLayout.laneHeight - 6, "fill": ChartPalette.fill(state)]
            }
            guard group.count > 1 else {
                return SVGElement("rect", attributes(first.state),
                                  tooltip: "\(track.tip): \(first.state.name) from \(clock.label(first.from)) to \(until)\n"
                                      + "\(first.note). \(first.why)")
            }
            var time: [String: (state: TipTrack.State, seconds: Double)] = [:]
            for span in group { time[span.state.name, default: (span.state, 0)].seconds += min(span.to, last.to) - span.from }
            let longest = time.values.max { $0.seconds < $1.seconds }?.state ?? first.state
            return SVGElement("rect", attributes(longest),
                              tooltip: "\(track.tip): \(group.count) changes from \(clock.label(first.from)) to \(until) "
                                  + "(mostly \(longest.name)); the text log has each one")
        }
    }

    /// The displays as black bars (runs of crowded displays as one), each followed by × or ✓
    /// when the person closed the tip or performed its action; and the extents they take.
    private static func displays(_ track: TipTrack, top: Double, layout: ChartLayout, clock: SimulationClock)
        -> (elements: [SVGElement], extents: [(from: Double, to: Double)]) {
        let bars = track.displays.map { display -> (from: Double, to: Double) in
            let from = layout.x(display.at)
            return (from, from + max(layout.x(display.at + max(display.onScreen, 0)) - from, 3))
        }
        var elements: [SVGElement] = []
        var extents: [(from: Double, to: Double)] = []
        for run in MarkRuns.runs(bars) {
            let first = track.displays[run.lowerBound], last = track.displays[run.upperBound - 1]
            let from = bars[run.lowerBound].from, to = bars[run].map(\.to).max() ?? from
            let tooltip = run.count == 1 ? "\(clock.label(first.at)) \(first.sentence)"
                : MarkRuns.summary(run.count, "displays", from: first.at, to: last.at, last: last.sentence, clock: clock)
            elements.append(SVGElement("rect", ["class": run.count == 1 ? "display" : "display-run", "x": from, "y": top + 1,
                                                "width": to - from, "height": ChartLayout.laneHeight - 2,
                                                "fill": ChartPalette.displaying], tooltip: tooltip))
            let middle = top + ChartLayout.laneHeight / 2
            switch last.answer {
            case .closed: elements.append(ChartMarks.closed(x: to + 6, y: middle, tooltip: tooltip))
            case .performedAction: elements.append(ChartMarks.performedAction(x: to + 6, y: middle, tooltip: tooltip))
            case .ignored: break
            }
            extents.append((from, to + (last.answer == .ignored ? 0 : 14)))
        }
        return (elements, extents)
    }

    /// The status's name inside its span, after the marks and badges (sorted by `from`) at its
    /// start: the longest form that fits, if any.
    private static func label(of span: TipTrack.Span, clearOf marks: [(from: Double, to: Double)], top: Double,
                              layout: ChartLayout, clock: SimulationClock) -> SVGElement? {
        guard layout.x(span.to) - layout.x(span.from) > 30 else { return nil }
        let placed = span.state.labels(clock).lazy.map { name -> (name: String, left: Double, fits: Bool) in
            let width = TextMetrics.width(name, size: 10)
            var left = layout.x(span.from) + 6
            for mark in marks where mark.from < left + width && mark.to > left - 3 { left = mark.to + 4 }
            return (name, left, left + width + 6 <= layout.x(span.to))
        }
        guard let (name, left, _) = placed.first(where: \.fits) else { return nil }
        var label = SVGElement("text", ["x": left, "y": top + ChartLayout.laneHeight / 2 + 3.5, "font-size": 10,
                                        "fill": ChartPalette.textColour(on: span.state)], text: name)
        if span.state != .available {
            label.attributes += [("stroke", "#ffffff"), ("stroke-width", "3"), ("stroke-linejoin", "round"), ("paint-order", "stroke")]
        }
        return label
    }

    /// The badges of the changes' notes (those the notes list), right of each change and clear
    /// of the display marks; changes closer than a badge share one.
    private static func badges(_ spans: [TipTrack.Span], clearOf marks: [(from: Double, to: Double)],
                               layout: ChartLayout, middle: Double) -> [(badge: SVGElement, extent: (from: Double, to: Double))] {
        var runs: [(x: Double, spans: [TipTrack.Span])] = []
        for span in spans where span.note <= ChartNotes.limit {
            let x = layout.x(span.from)
            if let last = runs.last, x < last.x + ChartMarks.badgeWidth(label(last.spans)) + 3 {
                runs[runs.count - 1].spans.append(span)
            } else {
                runs.append((x, [span]))
            }
        }
        var room = LabelRoom()
        return runs.compactMap { run in
            let text = label(run.spans), width = ChartMarks.badgeWidth(text)
            var left = run.x + 1
            for mark in marks where mark.from < left + width && mark.to > left - 1 { left = mark.to + 2 }
            guard room.place(from: left, to: left + width) else { return nil }
            let shown = run.spans.prefix(10).map { "\($0.note). \($0.why)" }
            let tooltip = (shown + (run.spans.count > 10 ? ["… and \(run.spans.count - 10) more"] : [])).joined(separator: "\n")
            return (ChartMarks.badge(text, x: left + width / 2, y: middle, tooltip: tooltip), (left, left + width))
        }
    }

    /// "3", "3, 4", "3…9".
    private static func label(_ spans: [TipTrack.Span]) -> String {
        let notes = spans.map(\.note)
        guard let first = notes.first, let last = notes.last else { return "" }
        return notes.count <= 2 ? notes.map(String.init).joined(separator: ", ") : "\(first)…\(last)"
    }
}
