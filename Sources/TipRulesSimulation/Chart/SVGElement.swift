/// An SVG element: a name, attributes in the order given, text or children, and an optional
/// tooltip (a `<title>` child, which viewers show on hover). Written by `rendered()` as an
/// indented, self-contained document fragment.
package struct SVGElement {
    var name: String
    var attributes: [(name: String, value: String)]
    var text: String?
    var tooltip: String?
    var children: [SVGElement]

    package init(_ name: String, _ attributes: KeyValuePairs<String, any SVGAttributeValue> = [:], text: String? = nil,
         tooltip: String? = nil, children: [SVGElement] = []) {
        self.name = name
        self.attributes = attributes.map { ($0.key, $0.value.svgText) }
        self.text = text
        self.tooltip = tooltip
        self.children = children
    }

    /// A group of elements, e.g. `SVGElement.group(["class": "tip"], children)`.
    package static func group(_ attributes: KeyValuePairs<String, any SVGAttributeValue> = [:], _ children: [SVGElement]) -> SVGElement {
        SVGElement("g", attributes, children: children)
    }

    /// The element and its children, one element per line, indented by depth.
    package func rendered(depth: Int = 0) -> String {
        var lines: [String] = []
        append(to: &lines, depth: depth)
        return lines.joined(separator: "\n") + "\n"
    }

    private func append(to lines: inout [String], depth: Int) {
        let indent = String(repeating: " ", count: depth)
        let open = "<" + name + attributes.map { " \($0.name)=\"\(SVGText.escaped($0.value))\"" }.joined()
        let titleElement = tooltip.map { "<title>\(SVGText.escaped($0))</title>" }
        if children.isEmpty {
            let content = (titleElement ?? "") + (text.map(SVGText.escaped) ?? "")
            lines.append(indent + open + (content.isEmpty ? "/>" : ">" + content + "</\(name)>"))
            return
        }
        lines.append(indent + open + ">" + (titleElement ?? "") + (text.map(SVGText.escaped) ?? ""))
        for child in children { child.append(to: &lines, depth: depth + 1) }
        lines.append(indent + "</\(name)>")
    }
}

/// A value an SVG attribute can take: text as is, numbers rounded to 0.01 without a
/// trailing ".0".
package protocol SVGAttributeValue {
    var svgText: String { get }
}

extension String: SVGAttributeValue {
    package var svgText: String { self }
}

extension Int: SVGAttributeValue {
    package var svgText: String { String(self) }
}

extension Double: SVGAttributeValue {
    package var svgText: String { SVGText.number(self) }
}

/// Escaping and number formatting for SVG text (the escaping serves every XML the tooling
/// writes: the JUnit report too).
package enum SVGText {
    /// `&`, `<`, `>` and `"` as entities.
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    /// "52.6", "12", "0.25": rounded to two decimals, a whole number without a fraction; a
    /// value that is not finite is written as 0 (a coordinate must be a number).
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 100).rounded() / 100
        if abs(rounded) < 1e15, rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(rounded)
    }
}
