import TipRulesRuntime

/// The small shapes the chart marks instants with, drawn alike on the lanes and in the legend:
/// each centred on (x, y).
enum ChartMarks {
    /// The person closed the tip: a ×.
    static func closed(x: Double, y: Double, tooltip: String? = nil) -> SVGElement {
        haloed("closed", "M\(SVGText.number(x - 4)) \(SVGText.number(y - 4))l8 8m0 -8l-8 8", tooltip: tooltip)
    }

    /// The person performed the tip's action: a ✓.
    static func performedAction(x: Double, y: Double, tooltip: String? = nil) -> SVGElement {
        haloed("performed-action", "M\(SVGText.number(x - 4)) \(SVGText.number(y))l3 3.5l5.5 -7.5", tooltip: tooltip)
    }

    /// A black stroke on a white halo, readable on any lane.
    private static func haloed(_ className: String, _ path: String, tooltip: String?) -> SVGElement {
        .group(["class": className], [
            SVGElement("path", ["d": path, "fill": "none", "stroke": "#ffffff", "stroke-width": 5, "stroke-linecap": "round"]),
            SVGElement("path", ["d": path, "fill": "none", "stroke": ChartPalette.black, "stroke-width": 2.2], tooltip: tooltip),
        ])
    }

    /// A parameter change or a launch: a diamond.
    static func action(x: Double, y: Double, tooltip: String? = nil) -> SVGElement {
        SVGElement("path", ["class": "action", "d": "M\(SVGText.number(x)) \(SVGText.number(y - 5))l5 5l-5 5l-5 -5z",
                            "fill": ChartPalette.blue, "stroke": "#ffffff", "stroke-width": 1], tooltip: tooltip)
    }

    /// An exposure in a holdout experiment: a star-like flag on the lane's top edge, filled
    /// black in treatment, white with a black outline in the holdout arm.
    static func exposure(x: Double, y: Double, arm: HoldoutArm, tooltip: String? = nil) -> SVGElement {
        SVGElement("path", ["class": "exposure", "data-arm": arm.rawValue,
                            "d": "M\(SVGText.number(x)) \(SVGText.number(y - 5))l2 3.5h3.5l-2.5 3l1 4l-4 -2l-4 2l1 -4l-2.5 -3h3.5z",
                            "fill": arm == .treatment ? ChartPalette.black : "#ffffff", "stroke": ChartPalette.black,
                            "stroke-width": 1.2], tooltip: tooltip)
    }

    /// An app session: a black dot when it showed a tip, a ring when it showed none.
    static func session(x: Double, y: Double, showed: Bool, tooltip: String? = nil) -> SVGElement {
        SVGElement("circle", ["class": showed ? "session" : "session-without-tip", "cx": x, "cy": y, "r": 4,
                              "fill": showed ? ChartPalette.black : "#ffffff", "stroke": ChartPalette.black, "stroke-width": 1.5],
                   tooltip: tooltip)
    }

    /// Marks too close to tell apart (`MarkRuns`): a capsule from `from` to `to`.
    static func run(_ className: String, from: Double, to: Double, y: Double, fill: String, stroke: String,
                    tooltip: String) -> SVGElement {
        SVGElement("rect", ["class": "\(className)-run", "x": from, "y": y - 4, "width": max(to - from, 2), "height": 8, "rx": 4,
                            "fill": fill, "stroke": stroke, "stroke-width": 1.5], tooltip: tooltip)
    }

    /// A donation: a short vertical tick.
    static func donation(x: Double, y: Double, tooltip: String? = nil) -> SVGElement {
        SVGElement("line", ["class": "donation", "x1": x, "y1": y - 6, "x2": x, "y2": y + 6,
                            "stroke": ChartPalette.reddishPurple, "stroke-width": 2], tooltip: tooltip)
    }

    /// An evaluation error: a triangle with "!".
    static func error(x: Double, y: Double, tooltip: String? = nil) -> SVGElement {
        .group(["class": "error"], [
            SVGElement("path", ["d": "M\(SVGText.number(x)) \(SVGText.number(y - 7))l7 12h-14z", "fill": ChartPalette.error],
                       tooltip: tooltip),
            SVGElement("text", ["x": x, "y": y + 4, "text-anchor": "middle", "font-size": 9, "font-weight": "bold",
                                "fill": "#ffffff"], text: "!"),
        ])
    }

    /// A relevance score at a step: a dot.
    static func score(x: Double, y: Double, radius: Double = 3) -> SVGElement {
        SVGElement("circle", ["cx": x, "cy": y, "r": radius, "fill": ChartPalette.relevance, "stroke": "#ffffff", "stroke-width": 1])
    }

    /// The number of a note ("3"), or of a run of notes ("3, 4", "3…9"): a white disc or
    /// capsule with the numbers, as wide as they need.
    static func badge(_ numbers: String, x: Double, y: Double, tooltip: String? = nil) -> SVGElement {
        let width = badgeWidth(numbers)
        return .group(["class": "note-badge"], [
            SVGElement("rect", ["x": x - width / 2, "y": y - 6.5, "width": width, "height": 13, "rx": 6.5,
                                "fill": "#ffffff", "stroke": ChartPalette.black, "stroke-width": 1], tooltip: tooltip),
            SVGElement("text", ["x": x, "y": y + 3.5, "text-anchor": "middle", "font-size": 9, "font-weight": "bold",
                                "fill": ChartPalette.black], text: numbers),
        ])
    }

    /// The width of a note's badge.
    static func badgeWidth(_ numbers: String) -> Double {
        max(13, Double(numbers.count) * 6 + 6)
    }
}
