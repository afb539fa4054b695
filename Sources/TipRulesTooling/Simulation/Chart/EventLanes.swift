/// One lane per event with a tick at each of its donations, and a lane of the parameter
/// changes and launches (a diamond each, with its sentence beside it where there is room).
enum EventLanes {
    static let actionsLaneName = "parameters, launches"

    static func height(_ model: ChartModel) -> Double {
        Double(model.events.count + (model.actions.isEmpty ? 0 : 1)) * ChartLayout.laneHeight
    }

    static func render(_ model: ChartModel, layout: ChartLayout, clock: SimulationClock, top: Double) -> SVGElement {
        var lanes: [SVGElement] = []
        for (index, track) in model.events.enumerated() {
            let laneTop = top + Double(index) * ChartLayout.laneHeight, middle = laneTop + ChartLayout.laneHeight / 2
            let ticks = track.donations.filter { layout.shows($0.at) }.map {
                ChartMarks.donation(x: layout.x($0.at), y: middle, tooltip: "\(clock.label($0.at)) \($0.sentence)")
            }
            lanes.append(.group(["class": "event", "data-event": track.event],
                                ChartLane.frame(track.event, index: index, top: laneTop, layout: layout) + ticks))
        }
        if !model.actions.isEmpty {
            let laneTop = top + Double(model.events.count) * ChartLayout.laneHeight, middle = laneTop + ChartLayout.laneHeight / 2
            var elements = ChartLane.frame(actionsLaneName, index: model.events.count, top: laneTop, layout: layout)
            var room = LabelRoom()
            for (index, action) in model.actions.enumerated() where layout.shows(action.at) {
                let x = layout.x(action.at)
                elements.append(ChartMarks.action(x: x, y: middle, tooltip: "\(clock.label(action.at)) \(action.sentence)"))
                let next = model.actions.dropFirst(index + 1).first.map { layout.x($0.at) - 8 } ?? layout.right
                let label = TextMetrics.truncated(action.sentence, toWidth: next - x - 8, size: 10)
                if label.count > 6, room.place(from: x + 7, to: x + 7 + TextMetrics.width(label, size: 10)) {
                    elements.append(SVGElement("text", ["x": x + 8, "y": middle + 3.5, "font-size": 10, "fill": ChartPalette.text],
                                               text: label))
                }
            }
            lanes.append(.group(["class": "actions"], elements))
        }
        return .group(["class": "events"], lanes)
    }
}
