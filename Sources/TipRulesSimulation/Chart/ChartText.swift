/// Text the chart writes over its gridlines: bold, on a white backing as wide as the text.
enum ChartText {
    static func heading(_ text: String, x: Double, baseline: Double, size: Double, className: String) -> SVGElement {
        .group(["class": className], [
            SVGElement("rect", ["x": x - 3, "y": baseline - size, "width": TextMetrics.width(text, size: size, bold: true) + 6,
                                "height": size + 4, "fill": "#ffffff"]),
            SVGElement("text", ["x": x, "y": baseline, "font-size": size, "font-weight": "bold", "fill": ChartPalette.text],
                       text: text),
        ])
    }
}
