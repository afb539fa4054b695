/// How wide text is drawn, estimated without a font: what the chart's layout uses to keep
/// labels from overlapping (generous, so a real sans-serif font fits in the estimate).
enum TextMetrics {
    /// The estimated width of `text` at `size` pixels (bold text is wider).
    static func width(_ text: String, size: Double, bold: Bool = false) -> Double {
        Double(text.count) * characterWidth(size: size, bold: bold)
    }

    /// `text`, cut and ended with "…" to fit `width`; empty when not even "…" fits.
    static func truncated(_ text: String, toWidth width: Double, size: Double, bold: Bool = false) -> String {
        if Self.width(text, size: size, bold: bold) <= width { return text }
        let fitting = Int(width / characterWidth(size: size, bold: bold)) - 1
        return fitting < 1 ? "" : String(text.prefix(fitting)) + "…"
    }

    /// `text` in lines that fit `width`, broken at spaces (a word longer than a line is cut).
    static func wrapped(_ text: String, toWidth width: Double, size: Double) -> [String] {
        let perLine = max(Int(width / characterWidth(size: size, bold: false)), 8)
        var lines: [String] = []
        var line = ""
        for whole in text.split(separator: " ") {
            var word = whole
            while word.count > perLine {
                if !line.isEmpty { lines.append(line) }
                line = ""
                lines.append(String(word.prefix(perLine)))
                word = word.dropFirst(perLine)
            }
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= perLine {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    private static func characterWidth(size: Double, bold: Bool) -> Double {
        size * (bold ? 0.7 : 0.62)
    }
}
