/// The chart's colours: the Okabe–Ito palette, which colour-blind readers tell apart, with the
/// tip statuses also told apart by lightness and pattern (so that they survive greyscale).
enum ChartPalette {
    static let black = "#000000"
    static let orange = "#E69F00"
    static let skyBlue = "#56B4E9"
    static let bluishGreen = "#009E73"
    static let blue = "#0072B2"
    static let vermillion = "#D55E00"
    static let reddishPurple = "#CC79A7"

    static let text = "#1a1a1a"
    static let quietText = "#555555"
    static let grid = "#e3e3e3"
    static let dayGrid = "#9a9a9a"
    static let laneBackground = "#f4f4f4"

    /// The relevance score line and its points.
    static let relevance = blue
    /// Behind the relevance chart where the widget is relevant (score above 0).
    static let relevant = bluishGreen
    /// A suggestion window.
    static let suggestion = "url(#suggested)"
    static let error = vermillion
    static let update = reddishPurple

    /// How a lane is filled for a tip status.
    static func fill(_ state: TipTrack.State) -> String {
        switch state {
        case .pendingByRules: return "url(#pending-rules)"
        case .heldBack: return "url(#held-back)"
        case .heldOut: return "url(#held-out)"
        case .available: return bluishGreen
        case .invalidated: return "url(#invalidated)"
        }
    }

    /// The colour of text written on a lane of that status.
    static func textColour(on state: TipTrack.State) -> String {
        state == .available ? "#ffffff" : text
    }

    /// "displaying": the app shows the tip.
    static let displaying = black

    /// The patterns the fills name: light diagonal stripes for pending by rules, a light
    /// cross-hatch for held back, grey upright stripes for held out, dark back-diagonal stripes for
    /// invalidated, orange stripes for suggestion windows.
    static var definitions: SVGElement {
        SVGElement("defs", children: [
            stripes("pending-rules", background: "#e3f2fb", colour: skyBlue, angle: 45, width: 1.5),
            crossHatch("held-back", background: "#fbe7b0", colour: orange),
            stripes("held-out", background: "#ececec", colour: "#8c8c8c", angle: 0, width: 2),
            stripes("invalidated", background: "#f3c9ad", colour: vermillion, angle: -45, width: 4),
            stripes("suggested", background: "#fdf0cc", colour: orange, angle: 45, width: 3),
        ])
    }

    private static func stripes(_ id: String, background: String, colour: String, angle: Int, width: Double) -> SVGElement {
        SVGElement("pattern", ["id": id, "width": 6, "height": 6, "patternUnits": "userSpaceOnUse",
                               "patternTransform": "rotate(\(angle))"], children: [
            SVGElement("rect", ["width": 6, "height": 6, "fill": background]),
            SVGElement("rect", ["width": width, "height": 6, "fill": colour]),
        ])
    }

    private static func crossHatch(_ id: String, background: String, colour: String) -> SVGElement {
        SVGElement("pattern", ["id": id, "width": 6, "height": 6, "patternUnits": "userSpaceOnUse"], children: [
            SVGElement("rect", ["width": 6, "height": 6, "fill": background]),
            SVGElement("path", ["d": "M0 3H6M3 0V6", "stroke": colour, "stroke-width": 1.5]),
        ])
    }
}
