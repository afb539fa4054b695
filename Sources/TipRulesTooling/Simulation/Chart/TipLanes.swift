/// One lane per tip: its status over time as coloured spans (named inside when the name fits),
/// the app's displays as black bars with what the person did, and at each change the number
/// of the note that explains it (changes too close to tell apart share a badge: "3, 4", "3…9").
/// Hovering a span gives its times and the whole explanation.
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
        elements += track.spans.map { span(track.tip, $0, top: top, layout: layout, clock: clock) }
        var marks: [(from: Double, to: Double)] = []
        for display in track.displays {
            let from = layout.x(display.at)
            let width = max(layout.x(display.at + max(display.onScreen, 0)) - from, 3)
            let tooltip = "\(clock.label(display.at)) \(display.sentence)"
            elements.append(SVGElement("rect", ["class": "display", "x": from, "y": top + 1, "width": width,
                                                "height": ChartLayout.laneHeight - 2, "fill": ChartPalette.displaying],
                                       tooltip: tooltip))
            switch display.answer {
            case .closed: elements.append(ChartMarks.closed(x: from + width + 6, y: middle, tooltip: tooltip))
            case .performedAction: elements.append(ChartMarks.performedAction(x: from + width + 6, y: middle, tooltip: tooltip))
            case .ignored: break
            }
            marks.append((from, from + width + (display.answer == .ignored ? 0 : 14)))
        }
        let badges = badges(track.spans, clearOf: marks, layout: layout, middle: middle)
        elements += badges.map(\.badge)
        elements += track.spans.compactMap {
            label(of: $0, clearOf: marks + badges.map(\.extent), top: top, layout: layout, clock: clock)
        }
        return .group(["class": "tip", "data-tip": track.tip], elements)
    }

    /// A status span.
    private static func span(_ tip: String, _ span: TipTrack.Span, top: Double, layout: ChartLayout,
                             clock: SimulationClock) -> SVGElement {
        let from = layout.x(span.from), to = layout.x(span.to)
        let until = span.to.isFinite ? clock.label(span.to) : "the end"
        return SVGElement("rect", ["class": "status", "data-status": span.state.name, "x": from, "y": top + 3,
                                   "width": max(to - from, 0), "height": ChartLayout.laneHeight - 6,
                                   "fill": ChartPalette.fill(span.state)],
                          tooltip: "\(tip): \(span.state.name) from \(clock.label(span.from)) to \(until)\n"
                              + "\(span.note). \(span.why)")
    }

    /// The status's name inside its span, after the marks and badges at its start: the longest
    /// form that fits, if any.
    private static func label(of span: TipTrack.Span, clearOf marks: [(from: Double, to: Double)], top: Double,
                              layout: ChartLayout, clock: SimulationClock) -> SVGElement? {
        let sortedMarks = marks.sorted { $0.from < $1.from }
        let placed = span.state.labels(clock).lazy.map { name -> (name: String, left: Double, fits: Bool) in
            let width = TextMetrics.width(name, size: 10)
            var left = layout.x(span.from) + 6
            for mark in sortedMarks where mark.from < left + width && mark.to > left - 3 { left = mark.to + 4 }
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

    /// The badges of the changes' notes, right of each change and clear of the display marks;
    /// changes closer than a badge share one.
    private static func badges(_ spans: [TipTrack.Span], clearOf marks: [(from: Double, to: Double)],
                               layout: ChartLayout, middle: Double) -> [(badge: SVGElement, extent: (from: Double, to: Double))] {
        var runs: [(x: Double, spans: [TipTrack.Span])] = []
        for span in spans {
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
            let tooltip = run.spans.map { "\($0.note). \($0.why)" }.joined(separator: "\n")
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
