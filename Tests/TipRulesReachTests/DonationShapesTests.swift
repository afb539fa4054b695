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
        // Another order, spaces, an event of the program's without its fields, an unknown event.
        for line in [#"{"event":"opened","user":1,"date":1}"#, #"{"user":1,"event":"opened", "date":1}"#,
                     #"{"user":1,"event":"saved","date":1}"#, #"{"user":1,"event":"closed","date":1}"#,
                     #"{"user":1,"event":"opened","date":1,"fields":{} }"#, #"{"user":1,"event":"opened","date":1} "#,
                     #"{"user":1.5,"event":"opened","date":1}"#, #"{"user":1,"event":"opened","date":1e400}"#,
                     #"{"user":1,"event":"saved","date":1,"fields":{}}"#, #"{"user":1,"event":"opened","date":1,"fields":{"id":1}}"#] {
            let read = Array(line.utf8).withUnsafeBufferPointer { shapes.read($0) }
            #expect(!read, "\(line)")
        }
        // A reach with a baseline reads none by shape.
        var none = DonationShapes(program: try compile(Self.source), isEnabled: false)
        #expect(!Array(#"{"user":7,"event":"saved","date":0,"fields":{"id":-3}}"#.utf8).withUnsafeBufferPointer { none.read($0) })
    }

    @Test func randomRowsMakeTheSameStoresAndErrorsBothWays() throws {
        let program = try compile(Self.source)
        var random = SplitMix64(seed: 0xD0_4A7E)
        func pick<T>(_ items: [T]) -> T { items[random.integer(in: 0...(items.count - 1))] }
        func integer() -> String {
            random.chance(0.8) ? String(random.integer(in: -1_000...1_000))
                : pick(["0", "-0", "007", "1e3", "1.5", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
                        "\"3\"", "null", "true", "[1]"])
        }
        func double() -> String {
            random.chance(0.7) ? pick(["2.5", "-1e3", "0.1", "7", "1E-2", "-0.0"]) : pick(["1e999", "\"2\"", "false", "{}", ".5"])
        }
        func bool() -> String { random.chance(0.8) ? pick(["true", "false"]) : pick(["1", "\"true\"", "null", "tru"]) }
        func string() -> String {
            random.chance(0.8) ? pick(["\"\"", "\"a\"", "\"cafe latte\"", "\"0123456789abcdefg\""])
                : pick(["\"caf\\u00e9\"", "\"é\"", "\"a\\\"b\"", "\"tab\there\"", "12", "null"])
        }
        func date() -> String {
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
        func user() -> String {
            random.chance(0.5) ? String(random.integer(in: 0...40))
                : pick(["\"u-\(random.integer(in: 0...40))\"", "\"\(random.integer(in: 0...40))\"", "-1", "\"\"", "\"\\u0075-1\"",
                        "1.5", "null", "[1]"])
        }
        let fields: [(String, () -> String)] = [("count", integer), ("weight", double), ("pinned", bool), ("label", string), ("when", date)]
        func row(user: String) -> String {
            switch random.integer(in: 0...9) {
            case 0...5:
                var members = fields.map { "\"\($0.0)\":\($0.1())" }
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
        func mutated(_ line: String) -> String {
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
        var compared = 0, readByShape = 0
        for _ in 0..<60 {
            var lines: [String] = []
            for _ in 0..<random.integer(in: 1...30) {
                let id = user()
                for _ in 0..<random.integer(in: 1...12) { lines.append(mutated(row(user: id))) }
            }
            let text = lines.map { Array($0.utf8) }
            var shapes = DonationShapes(program: program)
            readByShape += text.filter { line in line.withUnsafeBufferPointer { shapes.read($0) } }.count
            for skipsInvalid in [false, true] {
                let byShape = Self.read(text, program: program, byShape: true, skipsInvalid: skipsInvalid)
                let usual = Self.read(text, program: program, byShape: false, skipsInvalid: skipsInvalid)
                #expect(byShape == usual, "\(lines.joined(separator: "\n"))")
                compared += 1
            }
        }
        #expect(compared == 120)
        #expect(readByShape > 1_000, "\(readByShape) lines read by shape")
    }

    /// The stores made of `lines`, user by user, and the errors, read by shape or not.
    private static func read(_ lines: [[UInt8]], program: Program, byShape: Bool, skipsInvalid: Bool) -> [String] {
        var setup = RowsSetup(skipsInvalid: skipsInvalid)
        setup.readsDonationsByShape = byShape
        var worker = RowsWorker(setup: setup, counter: StoreRecorder(program: program))
        var row = ParsedRow()
        for line in lines { line.withUnsafeBufferPointer { worker.read($0, into: &row) } }
        worker.finish()
        let tally = worker.tally
        return tally.stores + worker.errors.map { "\($0.position) \($0.beganEarlier) \($0.user ?? "-"): \($0.message)" }
            + ["\(tally.rows) rows, \(tally.skippedUsers) skipped"]
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
        builder.addDonation(shapes, text: text)
    }
}
