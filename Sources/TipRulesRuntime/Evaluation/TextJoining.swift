extension Array where Element == String {
    /// The texts with `separator` between them, as `joined(separator:)` makes them. That one the
    /// standard library runs unspecialized, and its first call in a process searches every
    /// conformance the process has (`[String]: Collection`), a tenth of a millisecond of a
    /// `tiprulec eval` (docs/performance.md, "Start-up").
    package func joinedText(separator: String) -> String {
        var text = ""
        for (index, element) in enumerated() {
            if index > 0 { text += separator }
            text += element
        }
        return text
    }
}
