/// Substring search without Foundation, in linear time: Knuth–Morris–Pratt over UTF-8 bytes, so
/// that a crafted text and pattern cost `text + pattern` steps, never `text × pattern`.
enum StringSearch {
    /// Whether `text` contains `part`, comparing UTF-8 bytes (no Unicode normalization).
    /// The empty string is contained in every string.
    static func contains(_ text: String, _ part: String) -> Bool {
        var text = text
        var part = part
        return text.withUTF8 { haystack in
            part.withUTF8 { needle in contains(haystack, needle) }
        }
    }

    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard needle.count <= haystack.count else { return false }
        guard !needle.isEmpty else { return true }
        let fallback = failureTable(needle)
        var matched = 0
        for byte in haystack {
            while matched > 0 && needle[matched] != byte { matched = Int(fallback[matched - 1]) }
            if needle[matched] == byte { matched += 1 }
            if matched == needle.count { return true }
        }
        return false
    }

    /// For each prefix of `needle`, the length of its longest proper prefix that is also its suffix.
    private static func failureTable(_ needle: UnsafeBufferPointer<UInt8>) -> [Int32] {
        var table = [Int32](repeating: 0, count: needle.count)
        var length = 0
        var index = 1
        while index < needle.count {
            if needle[index] == needle[length] {
                length += 1
                table[index] = Int32(length)
                index += 1
            } else if length > 0 {
                length = Int(table[length - 1])
            } else {
                index += 1
            }
        }
        return table
    }
}
