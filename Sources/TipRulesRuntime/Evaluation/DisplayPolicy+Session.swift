/// Which tips an app shows now: the answer to "which tips do I show" (language.md, "Showing
/// tips"), where each tip's `display` answers "may this tip show".
extension DisplayPolicy {
    /// The tips to show at `now`, in declaration order, decided one at a time as if each shown
    /// tip had been recorded before the next is decided: once a tip that never displayed is
    /// shown, the display frequency holds back every other tip that never displayed (tips
    /// displayed before, tips that ignore the frequency and tips shown by a testing override
    /// still show). A tip that belongs to a group shows only as the current tip of one of its
    /// groups, and a group presents one tip. `status` and `displays` are each tip's decision; a
    /// tip `heldOut` takes no place in its groups.
    func tipsToShow(status: (Int) -> TipStatus, displays: (Int) -> Bool, heldOut: (Int) -> Bool) -> [Int] {
        var groupsOfTip = Array(repeating: [Int](), count: program.tips.count)
        for (group, info) in program.groups.enumerated() {
            for member in Set(info.members) where groupsOfTip.indices.contains(member) { groupsOfTip[member].append(group) }
        }
        var newTipShown = false
        var presented = Array(repeating: false, count: program.groups.count)
        var shown: [Int] = []
        func mayShow(_ tip: Int) -> Bool {
            displays(tip) && !(newTipShown && heldBackByANewTip(tip))
        }
        for tip in program.tips.indices where mayShow(tip) {
            if !groupsOfTip[tip].isEmpty {
                let presenting = groupsOfTip[tip].filter { group in
                    !presented[group] && currentTip(in: program.groups[group], status: status, displays: mayShow,
                                                          heldOut: heldOut) == tip
                }
                guard !presenting.isEmpty else { continue }
                for group in presenting { presented[group] = true }
            }
            shown.append(tip)
            // A tip's first display is when the last new tip appeared (`recordDisplay`).
            if store.tipState(tip).displayCount == 0 { newTipShown = true }
        }
        return shown
    }

    /// The held-out tips a session at `now` would have presented (what records their exposure),
    /// given each tip's standing: for each held-out tip, the session of `tipsToShow` with that
    /// tip alone in treatment and every other tip in its real arm.
    func heldOutTipsPresented(_ standings: (Int) -> Standing) -> [Int] {
        program.tips.indices.filter { tip in
            standings(tip).heldOutBucket != nil && tipsToShow(status: { Self.status(of: $0, treating: tip, standings) },
                                                              displays: { Self.displays($0, treating: tip, standings) },
                                                              heldOut: { $0 != tip && standings($0).heldOutBucket != nil }).contains(tip)
        }
    }

    /// The held-out members `group` would have presented, given each tip's standing: for each,
    /// the group's current tip with that member alone in treatment.
    func heldOutMembersPresented(in group: GroupInfo, _ standings: (Int) -> Standing) -> [Int] {
        Set(group.members).sorted().filter { tip in
            standings(tip).heldOutBucket != nil && currentTip(in: group, status: { Self.status(of: $0, treating: tip, standings) },
                                                              displays: { Self.displays($0, treating: tip, standings) },
                                                              heldOut: { $0 != tip && standings($0).heldOutBucket != nil }) == tip
        }
    }

    /// Tip `tip`'s status were the unit in treatment of tip `treated` alone: a held-out tip would
    /// be available.
    private static func status(of tip: Int, treating treated: Int, _ standings: (Int) -> Standing) -> TipStatus {
        tip == treated && standings(tip).heldOutBucket != nil ? .available : standings(tip).status
    }

    /// Whether tip `tip` displays were the unit in treatment of tip `treated` alone.
    private static func displays(_ tip: Int, treating treated: Int, _ standings: (Int) -> Standing) -> Bool {
        tip == treated ? standings(tip).displaysInTreatment : standings(tip).displays
    }

    /// Whether the display frequency holds the tip back once a new tip appeared now.
    private func heldBackByANewTip(_ tip: Int) -> Bool {
        let info = program.tips[tip]
        return program.displayFrequency > 0 && store.tipState(tip).displayCount == 0
            && !info.options.ignoresDisplayFrequency && override(of: info) != .shown
    }
}
