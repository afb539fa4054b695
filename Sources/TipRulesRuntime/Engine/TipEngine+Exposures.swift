/// Exposures in holdout experiments: recorded at a tip's first display in treatment, and when a
/// session would have presented a held-out tip (`tipsToDisplay(at:)`).
extension TipEngine {
    /// Records an exposure unless an earlier one of its tip and group is recorded; returns whether
    /// the store changed. Refuses an exposure whose date is not finite or whose share is not 1…50.
    @discardableResult
    public mutating func recordExposure(_ exposure: Exposure) -> Bool {
        (try? store.recordExposure(exposure)) ?? false
    }

    /// The treatment exposure a display of tip `index` at `date` records: the tip has a holdout,
    /// the person's ID puts them in treatment, and its tip and group have no exposure yet.
    mutating func treatmentExposure(ofTip index: Int, at date: Double) -> Exposure? {
        guard let holdout = program.tips[index].holdout else { return nil }
        let tip = program.tips[index].id
        guard store.exposure(tip: tip, group: holdout.group) == nil,
              evaluator.holdoutAssignment(ofTip: index, store: store, now: date)?.arm == .treatment else { return nil }
        return Exposure(tip: tip, group: holdout.group, percent: holdout.percent, arm: .treatment, date: date)
    }
}
