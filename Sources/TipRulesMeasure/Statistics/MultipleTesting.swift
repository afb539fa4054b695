/// Adjusted p-values for a family of tests, as statsmodels' `multipletests` computes them: Holm's
/// step-down (`holm`), Benjamini–Hochberg's false discovery rate (`fdr_bh`), or none.
enum MultipleTesting: String, CaseIterable, Sendable {
    case holm
    case bh
    case none

    /// The adjusted p-values, in the order of `pValues`.
    func adjusted(_ pValues: [Double]) -> [Double] {
        let count = pValues.count
        let order = pValues.indices.sorted { (pValues[$0], $0) < (pValues[$1], $1) }
        var adjusted = pValues
        switch self {
        case .none:
            break
        case .holm:
            // max over the smaller ones of (m − j) p_(j), at most 1.
            var running = 0.0
            for (rank, index) in order.enumerated() {
                running = max(running, Double(count - rank) * pValues[index])
                adjusted[index] = min(1, running)
            }
        case .bh:
            // min over the larger ones of m p_(j) / (j + 1), at most 1.
            var running = Double.infinity
            for (rank, index) in order.enumerated().reversed() {
                running = min(running, pValues[index] * Double(count) / Double(rank + 1))
                adjusted[index] = min(1, running)
            }
        }
        return adjusted
    }
}
