import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG document read back for tests: its structure as text without coordinates (the
/// elements that carry a class, a `data-` attribute, an id, text or a tooltip, indented by
/// nesting), and every `<text>` with its position, for overlap checks.
struct SVGOutline {
    /// A `<text>` element: its content, anchor point, anchor and font size.
    struct Text {
        var content: String
        var x: Double
        var y: Double
        var anchor: String
        var size: Double
        var bold: Bool
    }

    private(set) var lines: [String] = []
    private(set) var texts: [Text] = []
    /// The root element's width and height.
    private(set) var width = 0.0
    private(set) var height = 0.0

    /// Nil when the document is not well-formed XML.
    init?(_ document: String) {
        let reader = Reader()
        let parser = XMLParser(data: Data(document.utf8))
        parser.delegate = reader
        guard parser.parse(), let root = reader.root else { return nil }
        width = Double(root.attributes["width"] ?? "") ?? 0
        height = Double(root.attributes["height"] ?? "") ?? 0
        walk(root, depth: 0, fontSize: 11, bold: false)
    }

    private mutating func walk(_ node: Node, depth: Int, fontSize: Double, bold: Bool) {
        let size = node.attributes["font-size"].flatMap(Double.init) ?? fontSize
        let isBold = node.attributes["font-weight"].map { $0 == "bold" } ?? bold
        let text = node.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if node.name == "text", !text.isEmpty {
            texts.append(Text(content: text, x: Double(node.attributes["x"] ?? "") ?? 0, y: Double(node.attributes["y"] ?? "") ?? 0,
                              anchor: node.attributes["text-anchor"] ?? "start", size: size, bold: isBold))
        }
        let keys = node.attributes.keys.filter { $0 == "class" || $0 == "id" || $0.hasPrefix("data-") }.sorted()
        let shown = !keys.isEmpty || !text.isEmpty || node.title != nil
        if shown {
            var line = String(repeating: "  ", count: depth) + node.name
            for key in keys { line += " \(key)=\(node.attributes[key] ?? "")" }
            if !text.isEmpty { line += " \"\(text)\"" }
            if let title = node.title { line += " — " + title.replacingOccurrences(of: "\n", with: " / ") }
            lines.append(line)
        }
        for child in node.children where child.name != "title" {
            walk(child, depth: shown ? depth + 1 : depth, fontSize: size, bold: isBold)
        }
    }

    private final class Node {
        let name: String
        let attributes: [String: String]
        var text = ""
        var title: String?
        var children: [Node] = []

        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var root: Node?
        private var stack: [Node] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let node = Node(name: name, attributes: attributes)
            stack.last?.children.append(node)
            if root == nil { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            let node = stack.removeLast()
            if name == "title", let parent = stack.last { parent.title = node.text }
        }
    }
}
