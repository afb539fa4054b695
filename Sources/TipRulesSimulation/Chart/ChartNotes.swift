/// The notes under the chart: every status change and rules update, numbered as on the lanes,
/// with its time and the whole sentence of the log (why), wrapped to the chart's width.
enum ChartNotes {
    /// At most this many notes are written; the text log has them all.
    static let limit = 500
    private static let lineHeight = 15.0
    private static let textLeft = 150.0

    static func render(_ notes: [ChartModel.Note], clock: SimulationClock, top: Double) -> (element: SVGElement, height: Double) {
        guard !notes.isEmpty else { return (.group([:], []), 0) }
        var elements = [SVGElement("text", ["x": 16, "y": top + 14, "font-size": 13, "font-weight": "bold", "fill": ChartPalette.text],
                                   text: "What changed, and why")]
        var y = top + 24
        for note in notes.prefix(limit) {
            let lines = TextMetrics.wrapped(note.sentence, toWidth: ChartLayout.width - 16 - textLeft, size: ChartLayout.fontSize)
            elements.append(ChartMarks.badge(String(note.number), x: 32, y: y + lineHeight / 2))
            elements.append(SVGElement("text", ["x": 52, "y": y + lineHeight / 2 + 4, "fill": ChartPalette.quietText],
                                       text: clock.label(note.at)))
            for (index, line) in lines.enumerated() {
                elements.append(SVGElement("text", ["x": textLeft, "y": y + Double(index) * lineHeight + lineHeight / 2 + 4,
                                                    "fill": ChartPalette.text], text: line))
            }
            y += Double(lines.count) * lineHeight + 3
        }
        if notes.count > limit {
            elements.append(SVGElement("text", ["x": 16, "y": y + 12, "fill": ChartPalette.quietText],
                                       text: "… and \(notes.count - limit) more changes: the text log (simulate without --format) has them all"))
            y += 18
        }
        return (.group(["class": "notes"], elements), y - top + 8)
    }
}
