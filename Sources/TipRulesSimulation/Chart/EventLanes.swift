/// The lanes under the tips: one per event with a tick at each of its donations, the app's
/// sessions (a dot when a tip was shown, a ring when none was), and the parameter changes and
/// launches (a diamond each, with its sentence beside it where there is room). Ticks and dots
/// too close to tell apart are drawn as one bar that counts them.
enum EventLanes {
    static let sessionsLaneName = "app sessions"
    static let actionsLaneName = "parameters, launches"

    static func height(_ model: ChartModel) -> Double {
        Double(model.events.count + (model.sessions.isEmpty ? 0 : 1) + (model.actions.isEmpty ? 0 : 1)) * ChartLayout.laneHeight
    }

    static func render(_ model: ChartModel, layout: ChartLayout, clock: SimulationClock, top: Double) -> SVGElement {
        var lanes: [SVGElement] = []
        /// The frame of the next lane and its middle.
        func nextLane(_ name: String) -> (frame: [SVGElement], middle: Double) {
            let laneTop = top + Double(lanes.count) * ChartLayout.laneHeight
            return (ChartLane.frame(name, index: lanes.count, top: laneTop, layout: layout), laneTop + ChartLayout.laneHeight / 2)
        }
        let tooltip = { (mark: ChartModel.Mark) in "\(clock.label(mark.at)) \(mark.sentence)" }
        for track in model.events {
            let lane = nextLane(track.event)
            let donations = track.donations.filter { layout.shows($0.at) }
            let ticks = MarkRuns.runs(donations.map { (layout.x($0.at) - 1, layout.x($0.at) + 1) }).map { run -> SVGElement in
                let first = donations[run.lowerBound], last = donations[run.upperBound - 1]
                guard run.count > 1 else { return ChartMarks.donation(x: layout.x(first.at), y: lane.middle, tooltip: tooltip(first)) }
                return ChartMarks.run("donations", from: layout.x(first.at) - 1, to: layout.x(last.at) + 1, y: lane.middle,
                                      fill: ChartPalette.reddishPurple, stroke: ChartPalette.reddishPurple,
                                      tooltip: MarkRuns.summary(run.count, "donations", from: first.at, to: last.at,
                                                                last: last.sentence, clock: clock))
            }
            lanes.append(.group(["class": "event", "data-event": track.event], lane.frame + ticks))
        }
        if !model.sessions.isEmpty {
            let lane = nextLane(sessionsLaneName)
            let sessions = model.sessions.filter { layout.shows($0.mark.at) }
            let dots = MarkRuns.runs(sessions.map { (layout.x($0.mark.at) - 4, layout.x($0.mark.at) + 4) }).map { run -> SVGElement in
                let first = sessions[run.lowerBound], last = sessions[run.upperBound - 1]
                guard run.count > 1 else {
                    return ChartMarks.session(x: layout.x(first.mark.at), y: lane.middle, showed: first.showed, tooltip: tooltip(first.mark))
                }
                let showing = sessions[run].filter(\.showed).count
                return ChartMarks.run("sessions", from: layout.x(first.mark.at) - 4, to: layout.x(last.mark.at) + 4, y: lane.middle,
                                      fill: showing > 0 ? ChartPalette.black : "#ffffff", stroke: ChartPalette.black,
                                      tooltip: MarkRuns.summary(run.count, "app sessions (\(showing) showing a tip)",
                                                                from: first.mark.at, to: last.mark.at, last: last.mark.sentence,
                                                                clock: clock))
            }
            lanes.append(.group(["class": "sessions"], lane.frame + dots))
        }
        if !model.actions.isEmpty {
            let lane = nextLane(actionsLaneName)
            var elements = lane.frame
            var room = LabelRoom()
            for (index, action) in model.actions.enumerated() where layout.shows(action.at) {
                let x = layout.x(action.at)
                elements.append(ChartMarks.action(x: x, y: lane.middle, tooltip: tooltip(action)))
                let next = model.actions.dropFirst(index + 1).first.map { layout.x($0.at) - 8 } ?? layout.right
                let label = TextMetrics.truncated(action.sentence, toWidth: next - x - 8, size: 10)
                if label.count > 6, room.place(from: x + 7, to: x + 7 + TextMetrics.width(label, size: 10)) {
                    elements.append(SVGElement("text", ["x": x + 8, "y": lane.middle + 3.5, "font-size": 10,
                                                        "fill": ChartPalette.text], text: label))
                }
            }
            lanes.append(.group(["class": "actions"], elements))
        }
        return .group(["class": "events"], lanes)
    }
}
