import Foundation
import TipRulesRuntime
import TipRulesToolingCore

/// Realistic rows of a holdout experiment for examples/measure/pro-filters.tiprules, as an app's
/// analytics export holds them: per user a few openedSearch donations; for three users in four an
/// exposure to ProFiltersTip's group "pro-filters" in the last `days` days (the arm from the user's
/// real holdout bucket, `percent` held out), the treatment's display, action and close
/// interactions, and filterApplied donations — a Poisson number in the 7 days after the exposure
/// with mean `holdoutMean` held out and `holdoutMean × (1 + effect)` in treatment (the chosen true
/// effect), some more before the exposure and after the window. Users exposed in the last week
/// are immature; a few are crossed (exposed in both arms, as two devices of a person can be).
/// Each user's rows together, shuffled; dates half RFC 3339 and half seconds; the same rows on
/// every machine for a seed.
struct MeasureRowGenerator {
    /// The instant of the experiment's report: ReachRowGenerator's.
    static let now = ReachRowGenerator.now
    static let group = "pro-filters"
    static let window = 7 * 86_400

    var percent = 10
    var holdoutMean = 0.25
    var effect = 0.2
    var days = 30
    var crossedShare = 0.003
    private var random: SplitMix64
    private var rows: [Row] = []

    private enum Row {
        case search(date: Int)
        case goal(date: Int, filters: Int)
        case exposure(date: Int, holdout: Bool)
        case interaction(date: Int, kind: StaticString)
    }

    init(seed: UInt64 = 1) { random = SplitMix64(seed: seed) }

    /// Writes user number `user`'s rows; returns how many.
    mutating func writeUser(_ user: Int, to out: inout ByteWriter) -> Int {
        rows.removeAll(keepingCapacity: true)
        let searches = random.integer(in: 0...5)
        let exposed = random.chance(0.75)
        let start = Self.now - random.integer(in: 60...days * 86_400)
        for _ in 0..<searches { rows.append(.search(date: start - random.integer(in: 1...20 * 86_400))) }
        appendGoals(mean: 0.2, from: start - 10 * 86_400, to: start)
        if exposed {
            let holdout = RolloutBucket.bucket(of: String(user), group: Holdout.salt + Self.group) <= percent
            rows.append(.exposure(date: start, holdout: holdout))
            if random.chance(crossedShare) { rows.append(.exposure(date: min(start + random.integer(in: 60...86_400), Self.now), holdout: !holdout)) }
            if !holdout {
                rows.append(.interaction(date: start, kind: "display"))
                if random.chance(0.12) { rows.append(.interaction(date: start + random.integer(in: 1...60), kind: "actionPerformed")) }
                if random.chance(0.35) { rows.append(.interaction(date: start + random.integer(in: 1...60), kind: "tipClosed")) }
            }
            appendGoals(mean: holdout ? holdoutMean : holdoutMean * (1 + effect), from: start, to: start + Self.window)
            appendGoals(mean: 0.1, from: start + Self.window, to: start + 2 * Self.window)
        }
        if rows.isEmpty { rows.append(.search(date: start)) }
        for index in stride(from: rows.count - 1, to: 0, by: -1) { rows.swapAt(index, random.integer(in: 0...index)) }
        for row in rows { write(row, user: user, to: &out) }
        return rows.count
    }

    /// A Poisson number of goal donations with `mean`, dated in (`from`, `to`] and not after now.
    private mutating func appendGoals(mean: Double, from: Int, to: Int) {
        let limit = exp(-mean)
        var product = uniform()
        while product > limit {
            let date = from + random.integer(in: 1...to - from)
            if date <= Self.now { rows.append(.goal(date: date, filters: random.integer(in: 1...5))) }
            product *= uniform()
        }
    }

    private mutating func uniform() -> Double { Double(random.next() >> 11) * 0x1p-53 }

    private mutating func write(_ row: Row, user: Int, to out: inout ByteWriter) {
        out.append("{\"user\":")
        out.append(integer: user)
        let epoch = random.chance(0.5)
        switch row {
        case .search(let date):
            out.append(",\"event\":\"openedSearch\",\"date\":")
            out.append(date: date, epoch: epoch)
        case .goal(let date, let filters):
            out.append(",\"event\":\"filterApplied\",\"date\":")
            out.append(date: date, epoch: epoch)
            out.append(",\"fields\":{\"filterCount\":")
            out.append(integer: filters)
            out.append("}")
        case .exposure(let date, let holdout):
            out.append(",\"exposure\":\"ProFiltersTip\",\"group\":\"pro-filters\",\"percent\":")
            out.append(integer: percent)
            out.append(holdout ? ",\"arm\":\"holdout\",\"date\":" : ",\"arm\":\"treatment\",\"date\":")
            out.append(date: date, epoch: epoch)
        case .interaction(let date, let kind):
            out.append(",\"interaction\":\"ProFiltersTip\",\"kind\":\"")
            out.append(kind)
            out.append("\",\"date\":")
            out.append(date: date, epoch: epoch)
        }
        out.append("}\n")
    }
}
