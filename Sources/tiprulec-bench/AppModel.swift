/// One rule of a generated app, as every contender reads it.
enum AppRule {
    /// `#Rule(Self.$flagP) { $0 == true }`
    case flag(parameter: Int)
    /// `#Rule(Self.$levelP) { $0 >= K }`
    case level(parameter: Int, atLeast: Int)
    /// `donatedWithin(.days(D)).count >= K`
    case window(event: Int, days: Int, atLeast: Int)
    /// `donatedWithin(.days(D)).filter { $0.amount > A && $0.placeID < P }.count >= K`
    case filter(event: Int, days: Int, amountAbove: Int, placeBelow: Int, atLeast: Int)
    /// `donatedWithin(.days(D)).largestSubset(groupedBy: \.placeID).count >= K`
    case largestSubset(event: Int, days: Int, atLeast: Int)
}

/// A generated app in the layout of the examples: Bool and Int parameters, events with a
/// place and an amount, and tips of one to three rules of every kind, with thresholds around
/// what donations at `perDay` donations a day per event reach, so about half the rules hold.
/// The whole-app scenario and the compile throughput use it.
struct AppModel {
    static let places = 10
    let events: Int
    /// How many Bool parameters (`flagN`) and how many Int parameters (`levelN`).
    let parameters: Int
    private(set) var tips: [[AppRule]] = []
    private(set) var source: String
    private(set) var lineCount: Int
    private let perDay: Double
    private var random: Random

    /// An app of `tips` tips over `events` events.
    init(tips: Int, events: Int, perDay: Double, seed: UInt64) {
        self.init(events: events, perDay: perDay, seed: seed)
        while self.tips.count < tips { addTip() }
    }

    /// An app of at least `lines` lines, with an event for every 50 lines.
    init(lines: Int, perDay: Double, seed: UInt64) {
        self.init(events: max(1, lines / 50), perDay: perDay, seed: seed)
        while lineCount < lines { addTip() }
    }

    private init(events: Int, perDay: Double, seed: UInt64) {
        self.events = events
        parameters = max(1, events / 5)
        self.perDay = perDay
        random = Random(seed: seed)
        var text = ""
        for index in 0..<parameters {
            text += "parameter flag\(index): Bool = false\nparameter level\(index): Int = 0\n"
        }
        text += "\n"
        for index in 0..<events {
            text += "event event\(index)(placeID: Int, amount: Double) limit(maximumCount: 10000000)\n"
        }
        source = text + "\n"
        lineCount = 2 * parameters + events + 2
    }

    private mutating func addTip() {
        let index = tips.count
        let rules = (0...random.next(3)).map { _ in makeRule() }
        var lines = ["tip Tip\(index) {", "    title: \"Tip \(index)\"", "    message: \"Shown when its rules hold.\""]
        lines += rules.flatMap(Self.text)
        lines += ["}", ""]
        tips.append(rules)
        source += lines.joined(separator: "\n") + "\n"
        lineCount += lines.count
    }

    /// A threshold near `expected`: from half of it to one and a half times it, at least 1.
    private mutating func around(_ expected: Double) -> Int {
        max(1, Int(expected * Double(50 + random.next(101)) / 100))
    }

    private mutating func makeRule() -> AppRule {
        let event = random.next(events)
        let days = [1, 3, 5, 7, 14, 30][random.next(6)]
        let inWindow = perDay * Double(days)
        switch random.next(5) {
        case 0:
            return .flag(parameter: random.next(parameters))
        case 1:
            return .level(parameter: random.next(parameters), atLeast: random.next(10))
        case 2:
            return .window(event: event, days: days, atLeast: around(inWindow))
        case 3:
            let amount = 10 * random.next(10)
            let place = 1 + random.next(Self.places)
            let expected = inWindow * Double(100 - amount) / 100 * Double(place) / Double(Self.places)
            return .filter(event: event, days: days, amountAbove: amount, placeBelow: place, atLeast: around(expected))
        default:
            return .largestSubset(event: event, days: days, atLeast: around(1.2 * inWindow / Double(Self.places)))
        }
    }

    /// A rule's lines in a tip; the longer ones over several lines, as in the examples.
    private static func text(_ rule: AppRule) -> [String] {
        switch rule {
        case .flag(let parameter):
            return ["    #Rule(Self.$flag\(parameter)) { $0 == true }"]
        case .level(let parameter, let atLeast):
            return ["    #Rule(Self.$level\(parameter)) { $0 >= \(atLeast) }"]
        case .window(let event, let days, let atLeast):
            return ["    #Rule(Self.event\(event)) { $0.donations.donatedWithin(.days(\(days))).count >= \(atLeast) }"]
        case .filter(let event, let days, let amount, let place, let atLeast):
            return ["    #Rule(Self.event\(event)) {",
                    "        $0.donations",
                    "            .donatedWithin(.days(\(days)))",
                    "            .filter { $0.amount > \(amount) && $0.placeID < \(place) }",
                    "            .count >= \(atLeast)",
                    "    }"]
        case .largestSubset(let event, let days, let atLeast):
            return ["    #Rule(Self.event\(event)) {",
                    "        $0.donations",
                    "            .donatedWithin(.days(\(days)))",
                    "            .largestSubset(groupedBy: \\.placeID)",
                    "            .count >= \(atLeast)",
                    "    }"]
        }
    }
}
