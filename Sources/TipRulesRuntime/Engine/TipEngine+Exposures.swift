/// Exposures in holdout experiments, recorded in both arms at the same decision point: when an
/// API that decides what shows (`tipsToDisplay(at:)`, `evaluate(at:explaining:)`,
/// `status(ofTip:at:)`, `currentTip(ofGroup:at:)`) decides that a tip shows (treatment) or would
/// have shown were the unit in treatment of that tip alone (holdout).
extension TipEngine {
    /// Records an exposure unless an earlier one of its tip and group is recorded; returns whether
    /// the store changed. Refuses an exposure whose date is not finite or whose share is not 1…50.
    @discardableResult
    public mutating func recordExposure(_ exposure: Exposure) -> Bool {
        (try? store.recordExposure(exposure)) ?? false
    }

    /// The exposures a decision at `now` records for `presented`, the tips it shows or, in their
    /// holdout arm, would have shown: of each that has a holdout, a unit in one of its arms
    /// (`Evaluator.holdoutAssignment(ofTip:store:now:)`) and no exposure of its tip and group yet;
    /// in declaration order.
    mutating func exposures(ofPresented presented: [Int], at now: Double) -> [Exposure] {
        guard evaluator.hasHoldouts, !presented.isEmpty else { return [] }
        let assignments = evaluator.holdoutAssignments(store: store, now: now)
        return Set(presented).sorted().compactMap { tip in
            guard let holdout = program.tips[tip].holdout, let arm = assignments[tip]?.arm,
                  store.exposure(tip: program.tips[tip].id, group: holdout.group) == nil else { return nil }
            return Exposure(tip: program.tips[tip].id, group: holdout.group, percent: holdout.percent, arm: arm, date: now)
        }
    }

    /// The exposures deciding every tip at `now` records: of each tip that displays, or in its
    /// holdout arm would display on its own.
    mutating func exposuresOfEveryTip(at now: Double) -> [Exposure] {
        guard evaluator.hasHoldouts else { return [] }
        let standings = standings(at: now)
        return exposures(ofPresented: program.tips.indices.filter { standings[$0].displaysInTreatment }, at: now)
    }

    /// The treatment exposure a display of tip `index` at `date` records when no decision recorded
    /// one (an app that shows the tip without asking the engine, a history written before
    /// decisions recorded them): the tip has a holdout, the person's ID puts them in treatment,
    /// and its tip and group have no exposure yet.
    mutating func treatmentExposure(ofTip index: Int, at date: Double) -> Exposure? {
        guard let holdout = program.tips[index].holdout else { return nil }
        let tip = program.tips[index].id
        guard store.exposure(tip: tip, group: holdout.group) == nil,
              evaluator.holdoutAssignment(ofTip: index, store: store, now: date)?.arm == .treatment else { return nil }
        return Exposure(tip: tip, group: holdout.group, percent: holdout.percent, arm: .treatment, date: date)
    }
}
