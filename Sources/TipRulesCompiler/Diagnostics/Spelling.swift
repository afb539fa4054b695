/// Names in messages: "did you mean …?" (the closest candidate to a misspelled name) and lists of names.
public enum Spelling {
    /// Items in a sentence: "a", "a and b", "a, b and c" (with `conjunction` "and").
    public static func list(_ items: [String], _ conjunction: String) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }

    /// The candidate with the smallest edit distance to `name` (case differences cost
    /// little), if it is close enough to be a plausible typo.
    public static func closest<S: Sequence>(to name: String, in candidates: S) -> String? where S.Element == String {
        let target = Array(name.unicodeScalars)
        guard !target.isEmpty, target.count <= 64 else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let scalars = Array(candidate.unicodeScalars)
            guard scalars.count <= 64 else { continue }
            let distance = editDistance(target, scalars)
            let allowedEdits = max(1, min(target.count, scalars.count) / 4)
            guard distance <= allowedEdits * 2, !isWeakEvidence(target, scalars) else { continue }
            if let current = best, current.distance <= distance { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// Whether the distance between `name` and `candidate` is the only evidence of a typo, too
    /// little to suggest anything: `name` is a Swift or TipKit word in its own right (`map`,
    /// `filter`, `last`: whoever wrote it meant that API, not a neighbour such as `max`), or both
    /// are words of three letters or fewer that differ in one replaced letter (`sum`, `sun`).
    /// Case differences, transpositions, insertions and deletions in longer names still count
    /// (`titel`, `Count`, `cont`, `dayly`).
    static func isWeakEvidence(_ name: [Unicode.Scalar], _ candidate: [Unicode.Scalar]) -> Bool {
        if swiftVocabulary.contains(String(String.UnicodeScalarView(name))) { return true }
        guard name.count == candidate.count, name.count <= 3 else { return false }
        return zip(name, candidate).filter { $0.properties.lowercaseMapping != $1.properties.lowercaseMapping }.count == 1
    }

    /// Names of Swift standard library and TipKit API that a pasted rule may use as they are.
    static let swiftVocabulary: Set<String> = [
        "map", "compactMap", "flatMap", "filter", "reduce", "sorted", "sort", "first", "last", "min", "max", "count",
        "contains", "prefix", "suffix", "dropFirst", "dropLast", "isEmpty", "joined", "split", "reversed", "lowercased",
        "uppercased", "hasPrefix", "hasSuffix", "starts", "allSatisfy", "forEach", "enumerated", "firstIndex", "lastIndex",
        "description", "rounded", "abs", "donations", "donatedWithin", "largestSubset", "smallestSubset",
    ]

    /// Edit distance (with transpositions, so `titel` is one edit from `title`) in
    /// half-units: a case-only difference costs 1, any other edit 2.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty else { return b.count * 2 }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(stride(from: 0, through: b.count * 2, by: 2))
        var row = previous
        for i in 1...a.count {
            row[0] = i * 2
            for j in stride(from: 1, through: b.count, by: 1) {
                let substitution: Int
                if a[i - 1] == b[j - 1] {
                    substitution = 0
                } else if a[i - 1].properties.lowercaseMapping == b[j - 1].properties.lowercaseMapping {
                    substitution = 1
                } else {
                    substitution = 2
                }
                row[j] = min(previous[j] + 2, row[j - 1] + 2, previous[j - 1] + substitution)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], beforePrevious[j - 2] + 2)
                }
            }
            (beforePrevious, previous, row) = (previous, row, beforePrevious)
        }
        return previous[b.count]
    }
}
