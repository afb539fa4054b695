import TipRulesRuntime

/// Which program a timeline's step occurrences run under: the timeline's own until its first
/// `update` step, then each update's program until the next (in time order; at the same
/// instant, in the order the steps are written).
struct TimelineEpochs {
    /// The update steps in the order they run, with their position in the timeline's steps.
    private(set) var updates: [(at: Double, order: Int, update: TimelineUpdate)] = []
    let initial: Program

    init(initial: Program) {
        self.initial = initial
    }

    /// Adds an update step; `updates` stays in the order they run.
    mutating func add(at: Double, order: Int, update: TimelineUpdate) {
        let position = epochOf(at, order: order)
        updates.insert((at, order, update), at: position)
    }

    /// The program of epoch `epoch` (0: the timeline's own, n: the n-th update's).
    func program(_ epoch: Int) -> Program {
        epoch == 0 || !updates.indices.contains(epoch - 1) ? initial : updates[epoch - 1].update.program
    }

    /// The position in the timeline's steps of the update that starts `epoch` (nil for the first).
    func updateOrder(_ epoch: Int) -> Int? {
        updates.indices.contains(epoch - 1) ? updates[epoch - 1].order : nil
    }

    /// The occurrences of a step (`times` of them from `at`, `every` apart, written at position
    /// `order`) grouped into runs under one program: the first occurrence of each run and how
    /// many occurrences it has.
    func runs(at: Double, every: Double, times: Int, order: Int) -> [(epoch: Int, first: Int, count: Int)] {
        var runs: [(epoch: Int, first: Int, count: Int)] = []
        var epoch = epochOf(at, order: order)
        for occurrence in 0..<times {
            let instant = at + Double(occurrence) * every
            while epoch < updates.count, (updates[epoch].at, updates[epoch].order) < (instant, order) { epoch += 1 }
            if let last = runs.last, last.epoch == epoch {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((epoch, occurrence, 1))
            }
        }
        return runs
    }

    /// How many updates run before an occurrence at `instant` of the step at `order` (binary search).
    private func epochOf(_ instant: Double, order: Int) -> Int {
        var low = 0, high = updates.count
        while low < high {
            let middle = low + (high - low) / 2
            if (updates[middle].at, updates[middle].order) < (instant, order) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
