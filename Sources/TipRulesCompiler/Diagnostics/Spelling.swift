/// "Did you mean …?": the closest candidate to a misspelled name.
public enum Spelling {
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
            guard distance <= allowedEdits * 2 else { continue }
            if let current = best, current.distance <= distance { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

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
