import Foundation
import TipRulesRuntime
import TipRulesToolingCore

/// The benchmark rows of `tiprulec-bench reach` for examples/backyard.tiprules, written in Swift
/// with the distribution of examples/reach/bench/gen_reach_rows.py (not its bytes: its own
/// deterministic generator): per user an isLoggedIn parameter row (70 %, true 60 %), 0–40
/// enteredBackyardDetailView donations over the 10 days before `now` with backyardID 1–6 (a hot
/// one half the time), dates half RFC 3339 and half seconds since 1970, sometimes a
/// FavoriteBackyardTip state row and a lastDisplayDate, a bare `{"user":…}` row when there is
/// none; users integers or `"user-0000123"` strings; each user's rows together, shuffled.
struct ReachRowGenerator {
    /// The benchmark's instant, 2026-11-21T09:00:00Z, in seconds since 1970.
    static let now = 1_795_251_600
    static let nowText = "2026-11-21T09:00:00Z"
    /// The donation counts a user draws from, as the Python generator's.
    static let donationCounts = [0, 0, 1, 2, 3, 5, 8, 13, 21, 40]
    static let invalidationReasons: [StaticString?] = [nil, "actionPerformed", "tipClosed", "displayCountExceeded",
                                                 "displayDurationExceeded"]

    /// One row of a user, before it is written.
    enum Row {
        case parameter(Bool)
        case donation(date: Int, epoch: Bool, backyard: Int)
        case tipState(displayCount: Int, displayDuration: Int, invalidated: Int)
        case lastDisplayDate(date: Int, epoch: Bool)
        case bare
    }

    /// Each donation count drawn is multiplied by this: 1 for the benchmark's users, more for
    /// fewer users with as many rows between them.
    let donationMultiplier: Int
    private var random: SplitMix64
    private var rows: [Row] = []

    init(seed: UInt64 = 1, donationMultiplier: Int = 1) {
        random = SplitMix64(seed: seed)
        self.donationMultiplier = donationMultiplier
        rows.reserveCapacity(64 * donationMultiplier)
    }

    /// Writes user number `user`'s rows, at most `limit` of them; returns how many.
    mutating func writeUser(_ user: Int, upTo limit: Int = .max, to out: inout ByteWriter) -> Int {
        rows.removeAll(keepingCapacity: true)
        let numbered = random.chance(0.5)
        if random.chance(0.7) { rows.append(.parameter(random.chance(0.6))) }
        let hot = random.integer(in: 1...6)
        let count = Self.donationCounts[random.integer(in: 0...Self.donationCounts.count - 1)] * donationMultiplier
        for _ in 0..<count {
            let backyard = random.chance(0.5) ? hot : random.integer(in: 1...6)
            let date = Self.now - random.integer(in: 0...10 * 86_400)
            rows.append(.donation(date: date, epoch: random.chance(0.5), backyard: backyard))
        }
        if random.chance(0.2) {
            rows.append(.tipState(displayCount: random.integer(in: 0...6), displayDuration: random.integer(in: 0...100),
                                  invalidated: random.integer(in: 0...Self.invalidationReasons.count - 1)))
        }
        if random.chance(0.15) {
            rows.append(.lastDisplayDate(date: Self.now - random.integer(in: 0...3 * 86_400), epoch: random.chance(0.5)))
        }
        if rows.isEmpty { rows.append(.bare) }
        for index in stride(from: rows.count - 1, to: 0, by: -1) {
            rows.swapAt(index, random.integer(in: 0...index))
        }
        let written = rows.prefix(limit)
        for row in written { write(row, user: user, numbered: numbered, to: &out) }
        return written.count
    }

    private func write(_ row: Row, user: Int, numbered: Bool, to out: inout ByteWriter) {
        out.append("{\"user\":")
        if numbered {
            out.append(integer: user)
        } else {
            out.append("\"user-")
            out.append(integer: user, width: 7)
            out.append("\"")
        }
        switch row {
        case .parameter(let value):
            out.append(value ? ",\"parameter\":\"isLoggedIn\",\"value\":true}\n" : ",\"parameter\":\"isLoggedIn\",\"value\":false}\n")
        case .donation(let date, let epoch, let backyard):
            out.append(",\"event\":\"enteredBackyardDetailView\",\"date\":")
            out.append(date: date, epoch: epoch)
            out.append(",\"fields\":{\"backyardID\":")
            out.append(integer: backyard)
            out.append("}}\n")
        case .tipState(let displayCount, let displayDuration, let invalidated):
            out.append(",\"tip\":\"FavoriteBackyardTip\",\"displayCount\":")
            out.append(integer: displayCount)
            out.append(",\"displayDuration\":")
            out.append(integer: displayDuration)
            out.append(",\"invalidated\":")
            if let reason = Self.invalidationReasons[invalidated] {
                out.append("\"")
                out.append(reason)
                out.append("\"}\n")
            } else {
                out.append("null}\n")
            }
        case .lastDisplayDate(let date, let epoch):
            out.append(",\"lastDisplayDate\":")
            out.append(date: date, epoch: epoch)
            out.append("}\n")
        case .bare:
            out.append("}\n")
        }
    }
}
