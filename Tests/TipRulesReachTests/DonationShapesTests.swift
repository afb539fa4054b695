@testable import TipRulesReach
import TipRulesRuntime
import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// Donation rows in the usual shape are read by shape (`DonationShapes`), straight to the user's
/// store; every other line the usual way. Both ways make the same stores and the same errors, line
/// for line: the rows below are the usual ones with every kind of change (values of every kind and
/// of the wrong kind, spaces, keys in another order, missing, extra or repeated, escapes, bytes
/// after the row, unknown events), and each run is read both ways and compared.
@Suite struct DonationShapesTests {
    private static let source = """
        event visited(count: Int, weight: Double, pinned: Bool, label: String, when: Date)
        event opened
        event saved(id: Int)
        """

    /// A baseline that declares `opened` alike (at another index), `saved` with another field
    /// type, `visited` with its fields in another order, and an event of its own.
    private static let baseline = """
        event opened
        event visited(weight: Double, count: Int, pinned: Bool, label: String, when: Date)
        event saved(id: Double)
        event closed
        """

    @Test func usualRowsAreReadByShape() throws {
        var shapes = DonationShapes(program: try compile(Self.source))
        let lines = [
            #"{"user":"u-1","event":"visited","date":1795251000,"fields":{"count":3,"weight":2.5,"pinned":true,"label":"a b","when":"2026-11-20T10:00:00Z"}}"#,
            #"{"user":-7,"event":"opened","date":"2026-11-20T10:00:00Z"}"#,
            #"{"user":7,"event":"saved","date":0,"fields":{"id":-3}}"#,
            #"{"user":"u-1","event":"visited","date":"2026-11-20T10:00:00.5+01:00","fields":{"count":0,"weight":-1e3,"pinned":false,"label":"","when":1}}"#,
            // As DuckDB's `json_object` writes them (examples/reach/export.sql).
            #"{"user":"u1","event":"opened","date":1795168800.0,"fields":{}}"#,
            #"{"user":"u1","event":"visited","date":1795168800.25,"fields":{"count":1,"weight":1.0,"pinned":true,"label":"x","when":1795168800.0}}"#,
        ]
        for line in lines {
            let read = Array(line.utf8).withUnsafeBufferPointer { shapes.read($0) }
            #expect(read, "\(line)")
        }
        #expect(shapes.event == 0 && shapes.date == 1_795_168_800.25, "the last line's event and date")
        // Another order, spaces, an event's fields missing or given where it has none, an unknown
        // event, a user or a date not of the usual kind.
        for line in [#"{"event":"opened","user":1,"date":1}"#, #"{"user":1,"event":"opened", "date":1}"#,
                     #"{"user":1,"event":"saved","date":1}"#, #"{"user":1,"event":"closed","date":1}"#,
                     #"{"user":1,"event":"opened","date":1,"fields":{} }"#, #"{"user":1,"event":"opened","date":1} "#,
                     #"{"user":1.5,"event":"opened","date":1}"#, #"{"user":1,"event":"opened","date":1e400}"#,
                     #"{"user":1,"event":"saved","date":1,"fields":{}}"#, #"{"user":1,"event":"opened","date":1,"fields":{"id":1}}"#] {
            let read = Array(line.utf8).withUnsafeBufferPointer { shapes.read($0) }
            #expect(!read, "\(line)")
        }
        // With a baseline, the events it declares alike, numbered as it numbers them; no others.
        var both = DonationShapes(program: try compile(Self.source), baseline: try compile(Self.baseline))
        for (line, baselineEvent) in [(#"{"user":7,"event":"opened","date":0}"#, 0), (#"{"user":7,"event":"saved","date":0,"fields":{"id":-3}}"#, nil),
                                      (#"{"user":"u-1","event":"visited","date":1,"fields":{"count":3,"weight":2.5,"pinned":true,"label":"a","when":1}}"#, nil)] {
            let read = Array(line.utf8).withUnsafeBufferPointer { both.read($0) }
            #expect(read == (baselineEvent != nil) && (!read || both.baselineEvent == baselineEvent), "\(line)")
        }
    }

    @Test func randomRowsMakeTheSameStoresAndErrorsBothWays() throws {
        let program = try compile(Self.source)
        var rows = RandomRows(seed: 0xD0_4A7E)
        var compared = 0, readByShape = 0
        for _ in 0..<60 {
            let text = rows.run()
            var shapes = DonationShapes(program: program)
            readByShape += text.filter { line in line.withUnsafeBufferPointer { shapes.read($0) } }.count
            for skipsInvalid in [false, true] {
                let byShape = Self.read(text, program: program, byShape: true, skipsInvalid: skipsInvalid)
                let usual = Self.read(text, program: program, byShape: false, skipsInvalid: skipsInvalid)
                #expect(byShape == usual, "\(text.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n"))")
                compared += 1
            }
        }
        #expect(compared == 120)
        #expect(readByShape > 1_000, "\(readByShape) lines read by shape")
    }

    /// `reach` with a baseline that declares one event alike and the others otherwise: the rows of
    /// the event both declare alike are read by shape for both programs, the others the usual way
    /// (and refused as the baseline refuses them); the reports and errors are the same both ways.
    @Test func withABaselineReachReportsTheSameBothWays() throws {
        let tips = """

            tip Visits {
                title: "v"
                message: "m"
                #Rule(Self.visited) { $0.donations.filter { $0.count > 3 && $0.pinned }.count >= 2 }
            }
            tip Opened {
                title: "o"
                message: "m"
                #Rule(Self.opened) { $0.donations.donatedWithin(.days(3)).count >= 1 }
            }
            """
        let program = try compile(Self.source + tips), baseline = try compile(Self.baseline + tips)
        var rows = RandomRows(seed: 0xBA5E_11)
        for _ in 0..<40 {
            let text = rows.run()
            for (setup, skipsInvalid) in [(ReachSetup(program: program, baseline: baseline, now: 1_795_251_600), true),
                                          (ReachSetup(program: program, baseline: program, now: 1_795_251_600), true),
                                          (ReachSetup(program: program, baseline: baseline, now: 1_795_251_600), false)] {
                let reports = [true, false].map { byShape in
                    let worker = Self.worker(reading: text, with: ReachCounter(setup: setup), byShape: byShape, skipsInvalid: skipsInvalid)
                    return (JSONWriter.string(from: ReachReportCoding.document(worker.tally, now: 1_795_251_600)), worker.errors)
                }
                #expect(reports[0].0 == reports[1].0)
                #expect(reports[0].1 == reports[1].1)
            }
        }
    }

    /// The stores made of `lines`, user by user, and the errors, read by shape or not.
    private static func read(_ lines: [[UInt8]], program: Program, byShape: Bool, skipsInvalid: Bool) -> [String] {
        let worker = Self.worker(reading: lines, with: StoreRecorder(program: program), byShape: byShape, skipsInvalid: skipsInvalid)
        let tally = worker.tally
        return tally.stores + worker.errors.map { "\($0.position) \($0.beganEarlier) \($0.user ?? "-"): \($0.message)" }
            + ["\(tally.rows) rows, \(tally.skippedUsers) skipped"]
    }

    /// A worker of `counter` that has read `lines`, by shape or not, and finished.
    private static func worker<Counter: UserCounter>(reading lines: [[UInt8]], with counter: Counter, byShape: Bool,
                                                     skipsInvalid: Bool) -> RowsWorker<Counter> {
        var setup = RowsSetup(skipsInvalid: skipsInvalid)
        setup.readsDonationsByShape = byShape
        var worker = RowsWorker(setup: setup, counter: counter)
        var row = ParsedRow()
        for line in lines { line.withUnsafeBufferPointer { worker.read($0, into: &row) } }
        worker.finish()
        return worker
    }
}

/// A counter that keeps, for each user, their finished store's donations as text.
private struct StoreRecorder: UserCounter {
    struct Tally: RowsTally {
        var stores: [String] = []
        var users: Int { stores.count }
        var rows = 0
        var skippedUsers = 0
        mutating func merge(_ other: Self) throws(CommandError) {
            stores += other.stores
            rows += other.rows
            skippedUsers += other.skippedUsers
        }
    }

    let program: Program
    var tally = Tally()
    private var builder: UserStoreBuilder
    var workDone: Int { 0 }

    init(program: Program) {
        self.program = program
        builder = UserStoreBuilder(program: program, now: 1_795_251_600)
    }

    mutating func startUser() { builder.reset() }

    mutating func add(_ row: borrowing ParsedRow, text: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        try builder.add(row, text: text)
    }

    mutating func count(user: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        try builder.finish()
        let donations = program.events.indices.map { event in
            builder.store.donations(event: event).map { "\($0.date) \($0.fields)" }.joined(separator: "; ")
        }
        tally.stores.append(String(decoding: user, as: UTF8.self) + ": " + donations.joined(separator: " | "))
    }

    func makeDonationShapes() -> DonationShapes { DonationShapes(program: program) }

    mutating func addDonation(_ shapes: borrowing DonationShapes, text: UnsafeBufferPointer<UInt8>) {
        builder.addDonation(shapes, event: shapes.event, text: text)
    }
}

/// Random runs of users' rows for `DonationShapesTests.source`: the usual donation rows of its
/// three events, with values of every kind and of the wrong kind, and every kind of change to a
/// row (spaces, keys in another order, missing, extra or repeated, bytes cut off or added, unknown
/// events).
private struct RandomRows {
    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// One run: 1 to 30 users of 1 to 12 rows each, as lines.
    mutating func run() -> [[UInt8]] {
        var lines: [String] = []
        for _ in 0..<random.integer(in: 1...30) {
            let id = user()
            for _ in 0..<random.integer(in: 1...12) { lines.append(mutated(row(user: id))) }
        }
        return lines.map { Array($0.utf8) }
    }

    private mutating func pick<T>(_ items: [T]) -> T { items[random.integer(in: 0...(items.count - 1))] }
    private mutating func integer() -> String {
        random.chance(0.8) ? String(random.integer(in: -1_000...1_000))
            : pick(["0", "-0", "007", "1e3", "1.5", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
                    "\"3\"", "null", "true", "[1]"])
    }
    private mutating func double() -> String {
        random.chance(0.7) ? pick(["2.5", "-1e3", "0.1", "7", "1E-2", "-0.0"]) : pick(["1e999", "\"2\"", "false", "{}", ".5"])
    }
    private mutating func bool() -> String { random.chance(0.8) ? pick(["true", "false"]) : pick(["1", "\"true\"", "null", "tru"]) }
    private mutating func string() -> String {
        random.chance(0.8) ? pick(["\"\"", "\"a\"", "\"cafe latte\"", "\"0123456789abcdefg\""])
            : pick(["\"caf\\u00e9\"", "\"é\"", "\"a\\\"b\"", "\"tab\there\"", "12", "null"])
    }
    private mutating func date() -> String {
        switch random.integer(in: 0...9) {
        case 0...3: return String(1_795_251_000 - random.integer(in: 0...900_000))
        case 4...7: return pick(["\"2026-11-20T10:00:00Z\"", "\"2026-11-01T23:59:59Z\"", "\"2024-02-29T00:00:00Z\""])
        default:
            return pick(["\"2026-11-20T10:00:00.25Z\"", "\"2026-11-20T10:00:00+02:00\"", "\"2026-13-01T00:00:00Z\"",
                         "\"2023-02-29T00:00:00Z\"", "\"yesterday\"", "-62135596801", "253402300800", "1795251000.5", "1795251000.0",
                         "-62135596800.5", "-62135596800.0", "253402300799.9", "2.5e9",
                         "1795251000000", "null", "\"2026-11-20t10:00:00z\""])
        }
    }
    private mutating func user() -> String {
        random.chance(0.5) ? String(random.integer(in: 0...40))
            : pick(["\"u-\(random.integer(in: 0...40))\"", "\"\(random.integer(in: 0...40))\"", "-1", "\"\"", "\"\\u0075-1\"",
                    "1.5", "null", "[1]"])
    }
    private mutating func row(user: String) -> String {
        switch random.integer(in: 0...9) {
        case 0...5:
            var members = ["\"count\":\(integer())", "\"weight\":\(double())", "\"pinned\":\(bool())", "\"label\":\(string())",
                           "\"when\":\(date())"]
            if random.chance(0.05) { members.shuffle(using: &random) }
            if random.chance(0.03) { members.removeLast() }
            if random.chance(0.03) { members.append(pick(["\"extra\":1", "\"count\":2"])) }
            return #"{"user":\#(user),"event":"visited","date":\#(date()),"fields":{"# + members.joined(separator: ",") + "}}"
        case 6, 7: return #"{"user":\#(user),"event":"opened","date":\#(date())}"#
        case 8: return #"{"user":\#(user),"event":"saved","date":\#(date()),"fields":{"id":\#(integer())}}"#
        default:
            return pick([#"{"user":\#(user),"event":"closed","date":1}"#, #"{"user":\#(user),"event":"opened","date":1,"fields":{}}"#,
                         #"{"user":\#(user),"date":1,"event":"opened"}"#, #"{"user":\#(user),"event":"opened"}"#,
                         #"{"user":\#(user),"event":"saved","date":1}"#, #"{"user":\#(user)}"#,
                         #"{"user":\#(user),"event":"opened","date":1,"date":2}"#, #"{"user":\#(user),"event":"op\u0065ned","date":1}"#])
        }
    }
    private mutating func mutated(_ line: String) -> String {
        var bytes = Array(line.utf8)
        switch random.integer(in: 0...39) {
        case 0: bytes.insert(pick([UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")]), at: random.integer(in: 0...bytes.count))
        case 1: bytes.append(contentsOf: pick([Array(" ".utf8), Array("\r".utf8), Array("}".utf8), Array("x".utf8)]))
        case 2: bytes.removeLast(random.integer(in: 1...3))
        case 3: bytes.remove(at: random.integer(in: 0...(bytes.count - 1)))
        default: break
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
