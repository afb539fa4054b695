import TipRulesRuntime

/// The legend: a swatch and a name for every kind of mark the chart draws, wrapped into rows
/// across the chart's width.
enum ChartLegend {
    private struct Item {
        var label: String
        var swatch: (Double, Double) -> SVGElement
    }

    private static let swatchWidth = 24.0

    /// The legend's rows from `top`, and their height; only the kinds of mark the chart has.
    static func render(_ model: ChartModel, top: Double) -> (element: SVGElement, height: Double) {
        var rows: [[(item: Item, x: Double)]] = [[]]
        var x = 16.0
        for item in items(model) {
            let width = swatchWidth + 6 + TextMetrics.width(item.label, size: ChartLayout.fontSize) + 20
            if x + width > ChartLayout.width - 16, !(rows.last ?? []).isEmpty {
                rows.append([])
                x = 16
            }
            rows[rows.count - 1].append((item, x))
            x += width
        }
        var elements: [SVGElement] = []
        for (row, items) in rows.enumerated() {
            let y = top + Double(row) * ChartLayout.rowHeight + ChartLayout.rowHeight / 2
            for (item, x) in items {
                elements.append(item.swatch(x, y))
                elements.append(SVGElement("text", ["x": x + swatchWidth + 6, "y": y + 4, "fill": ChartPalette.text], text: item.label))
            }
        }
        return (.group(["class": "legend"], elements), Double(rows.count) * ChartLayout.rowHeight)
    }

    private static func items(_ model: ChartModel) -> [Item] {
        var items: [Item] = []
        let widgets = model.widgets
        if !widgets.isEmpty {
            items.append(Item(label: "relevance score (held for its duration, then 0)") { x, y in
                SVGElement("path", ["d": "M\(SVGText.number(x)) \(SVGText.number(y + 4))h8v-8h8v8h8", "fill": "none",
                                    "stroke": ChartPalette.relevance, "stroke-width": 2])
            })
            items.append(Item(label: "relevant (score above 0)") { x, y in
                band(x, y, fill: ChartPalette.relevant, opacity: 0.18)
            })
            items.append(Item(label: "score at a step") { x, y in ChartMarks.score(x: x + swatchWidth / 2, y: y) })
        }
        if widgets.contains(where: { !$0.windows.isEmpty }) {
            items.append(Item(label: "suggestion window") { x, y in band(x, y, fill: ChartPalette.suggestion) })
        }
        if widgets.contains(where: { $0.samples.contains { $0.result.error != nil || !($0.result.suggestion?.errors.isEmpty ?? true) } }) {
            items.append(Item(label: "evaluation error") { x, y in ChartMarks.error(x: x + swatchWidth / 2, y: y + 1) })
        }
        if !model.tips.isEmpty {
            // Each status the lanes show (a fill names its status).
            let states: [(TipTrack.State, String)] = [
                (.pendingByRules, "pending: a rule is false"),
                (.heldBack(until: nil), "pending: held back by the display frequency or a cap"),
                (.heldOut, "pending: held out (the holdout arm)"),
                (.available, "available"),
                (.invalidated(reason: ""), "invalidated (why: in the lane, or in the notes)"),
            ]
            let present = Set(model.tips.flatMap { $0.spans.map { ChartPalette.fill($0.state) } })
            items += states.filter { present.contains(ChartPalette.fill($0.0)) }.map { state, label in
                Item(label: label) { x, y in band(x, y, fill: ChartPalette.fill(state)) }
            }
        }
        if model.tips.contains(where: { !$0.displays.isEmpty }) {
            items.append(Item(label: "shown by the app") { x, y in
                SVGElement("rect", ["x": x + 9, "y": y - 9, "width": 6, "height": 18, "fill": ChartPalette.displaying])
            })
        }
        let arms = Set(model.tips.flatMap { $0.exposures.map(\.arm) })
        for arm in HoldoutArm.allCases where arms.contains(arm) {
            items.append(Item(label: "exposure (\(arm.rawValue))") { x, y in ChartMarks.exposure(x: x + swatchWidth / 2, y: y, arm: arm) })
        }
        let answers = Set(model.tips.flatMap { $0.displays.map(\.answer) })
        if answers.contains(.closed) {
            items.append(Item(label: "the person closes it") { x, y in ChartMarks.closed(x: x + swatchWidth / 2, y: y) })
        }
        if answers.contains(.performedAction) {
            items.append(Item(label: "the person performs its action") { x, y in
                ChartMarks.performedAction(x: x + swatchWidth / 2, y: y)
            })
        }
        if !model.events.isEmpty {
            items.append(Item(label: "donation") { x, y in ChartMarks.donation(x: x + swatchWidth / 2, y: y) })
        }
        if model.sessions.contains(where: \.showed) {
            items.append(Item(label: "app session that shows a tip") { x, y in
                ChartMarks.session(x: x + swatchWidth / 2, y: y, showed: true)
            })
        }
        if model.sessions.contains(where: { !$0.showed }) {
            items.append(Item(label: "app session with no tip to show") { x, y in
                ChartMarks.session(x: x + swatchWidth / 2, y: y, showed: false)
            })
        }
        if !model.actions.isEmpty {
            items.append(Item(label: "parameter change or launch") { x, y in ChartMarks.action(x: x + swatchWidth / 2, y: y) })
        }
        if !model.updates.isEmpty {
            items.append(Item(label: "rules update") { x, y in
                SVGElement("line", ["x1": x + swatchWidth / 2, "y1": y - 9, "x2": x + swatchWidth / 2, "y2": y + 9,
                                    "stroke": ChartPalette.update, "stroke-width": 2.5, "stroke-dasharray": "4 2"])
            })
        }
        if !model.notes.isEmpty {
            items.append(Item(label: "what changed, and why: see the notes below") { x, y in
                ChartMarks.badge("1", x: x + swatchWidth / 2, y: y)
            })
        }
        return items
    }

    private static func band(_ x: Double, _ y: Double, fill: String, opacity: Double = 1) -> SVGElement {
        SVGElement("rect", ["x": x, "y": y - 7, "width": swatchWidth, "height": 14, "fill": fill, "fill-opacity": opacity,
                            "stroke": ChartPalette.quietText, "stroke-width": 0.5])
    }
}
