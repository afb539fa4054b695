import Foundation
import TipRulesCompiler
import TipRulesRuntime
import TipRulesToolingCore
import TipRulesCalendar

/// Users of a program written the hard way: every value spelled as JSON allows but rarely is
/// (escapes, non-ASCII, `3.0`, `1e2`, `-0`, big integers, dates as fractions and as RFC 3339 with
/// offsets and lowercase letters), keys escaped and in any order, whitespace between tokens, tip
/// states over several rows, many donations at equal dates, ids written as a number in one row
/// and as a string in the next. Each user's rows, and a fixture with the same content written with
/// the same spellings: what `eval` of it says is what `reach` must count for the user.
struct HardRowWriter {
    let program: Program
    let now: Double
    /// `--user-parameter`: the `String` parameter that takes the user's id when no row gives it.
    var userParameter: String?
    private var state: UInt64

    init(program: Program, now: Double, seed: UInt64) {
        self.program = program
        self.now = now
        state = seed | 1
    }

    mutating func next(_ bound: Int) -> Int {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return Int((state &* 0x2545_F491_4F6C_DD1D) % UInt64(max(bound, 1)))
    }

    private mutating func pick(_ items: [String]) -> String { items[next(items.count)] }

    /// Whitespace JSON allows between tokens.
    private mutating func space() -> String { pick(["", "", " ", "\t", "  ", " \t"]) }

    /// A name (a key, an event's, a field's): as is, or with its first letter as a `\u` escape.
    private mutating func name(_ text: String) -> String {
        guard next(3) == 0, let first = text.unicodeScalars.first, first.isASCII else { return "\"\(text)\"" }
        return "\"\\u00\(String(format: "%02x", first.value))\(String(text.unicodeScalars.dropFirst()))\""
    }

    /// A JSON spelling of a value of `kind`.
    mutating func value(_ kind: ScalarKind) -> String {
        switch kind {
        case .bool: return pick(["true", "false"])
        case .int: return pick(["0", "-0", "1", "2", "3", "7", "-2", "12", "9223372036854775807", "-9223372036854775808"])
        case .double: return pick(["3.0", "1e2", "-0", "-0.0", "2.5E-1", "12", "0.1", "1E+1", "12345678901234567890", "99.5", "7"])
        case .string:
            return pick([#""caf\u00e9""#, #""café""#, #""a\"b""#, #""back\\slash""#, #""line\nbreak""#, #""pro""#, #""p\u0072o""#,
                         #""\ud83d\ude00""#, "\"😀\"", #""en""#, #""e\u006e""#, #""ja""#, #""free""#, #""""#, #""Tokyo""#])
        case .date: return date(before: now)
        case .duration: return pick(["60", "90.5", "0", "3600", "1e3", "-0"])
        case .version: return pick([#""2.3.1""#, #""1.0""#, #""3.0.0-beta.2""#, #""2.\u0033""#, #""10.2""#, #""2.3.0""#])
        }
    }

    /// A date up to ten days before `latest`, spelled one of many ways.
    mutating func date(before latest: Double) -> String {
        let seconds = latest - Double(next(864_000))
        let instant = seconds.rounded(.down)
        switch next(9) {
        case 0: return String(Int(instant))
        case 1: return "\(Int(instant) - 1).25"
        case 2: return "\(String(format: "%.9e", instant))"
        case 3: return rfc3339(instant, offset: 9 * 3600)
        case 4: return rfc3339(instant - 0.5, offset: -(5 * 3600 + 1800))
        case 5: return rfc3339(instant, offset: 0).lowercased()
        case 6: return rfc3339(instant - 0.125, offset: 0)
        case 7: return "\(Int(instant)).0"
        default: return rfc3339(instant, offset: 0)
        }
    }

    /// `seconds` as RFC 3339 at a UTC offset (`Z` when it is 0).
    private func rfc3339(_ seconds: Double, offset: Int) -> String {
        let local = RFC3339.format(seconds + Double(offset)) ?? "1970-01-01T00:00:00Z"
        guard offset != 0 else { return "\"\(local)\"" }
        let sign = offset < 0 ? "-" : "+"
        let zone = String(format: "%@%02d:%02d", sign, abs(offset) / 3600, abs(offset) % 3600 / 60)
        return "\"\(local.dropLast())\(zone)\""
    }

    /// The spellings of user `index`'s id (any of them names the user): a number and its text, or
    /// a string with escapes and its raw form.
    private func idSpellings(_ index: Int) -> [String] {
        switch index % 4 {
        case 0: return ["\(index)", "\"\(index)\""]
        case 1: return [#""\u00e9-"# + "\(index)" + #"\"q""#, "\"é-\(index)\\\"q\""]
        case 2: return ["\"ユーザー\(index)\"", #""\u30e6\u30fc\u30b6\u30fc"# + "\(index)\""]
        default: return ["\"u\(index)\\\\x\\n\"", "\"u\(index)\\u005cx\\u000a\""]
        }
    }

    /// User `index`'s id as text (what every spelling of it decodes to).
    func idText(_ index: Int) -> String {
        switch index % 4 {
        case 0: return "\(index)"
        case 1: return "é-\(index)\"q"
        case 2: return "ユーザー\(index)"
        default: return "u\(index)\\x\n"
        }
    }

    /// A row: `members` in any order, with whitespace and escaped keys, and the user's id.
    private mutating func row(_ members: [(String, String)], user spellings: [String]) -> String {
        var all = [("user", pick(spellings))] + members
        for index in all.indices.reversed() { all.swapAt(index, next(index + 1)) }
        let body = all.map { key, value in "\(space())\(name(key))\(space()):\(space())\(value)\(space())" }
        return "{" + body.joined(separator: ",") + "}"
    }

    /// An object's text from members.
    private mutating func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(name($0.0)):\(space())\($0.1)" }.joined(separator: ",") + "}"
    }

    /// User `index`'s rows (each ending in a newline) and the fixture with the same content.
    mutating func user(_ index: Int) -> (rows: String, fixture: String) {
        let ids = idSpellings(index)
        var rows: [String] = []
        var fixture: [(String, String)] = []
        var parameters: [(String, String)] = []
        for parameter in program.parameters where next(3) > 0 {
            let value = value(parameter.type)
            rows.append(row([("parameter", name(parameter.name)), ("value", value)], user: ids))
            parameters.append((parameter.name, value))
        }
        if let userParameter, !parameters.contains(where: { $0.0 == userParameter }) {
            parameters.append((userParameter, JSONWriter.string(from: .string(idText(index)))))
        }
        fixture.append(("parameters", object(parameters)))
        // Each donation's row, and its event and entry in the fixture (in the rows' order, which
        // orders donations at equal dates).
        var donationRows: [(row: String, event: String, item: String)] = []
        for event in program.events {
            let count = [0, 1, 2, 5, 33, 40][next(6)]
            // Few distinct dates when many donations: equal dates, and the sort's other branch.
            let dates = (0..<max(1, count / 4)).map { _ in date(before: now) }
            for _ in 0..<count {
                let date = dates[next(dates.count)]
                var fields: [(String, String)] = event.fields.map { ($0.name, value($0.type)) }
                if next(2) == 0 { fields.reverse() }
                var members = [("event", name(event.name)), ("date", date)]
                if !event.fields.isEmpty || next(4) == 0 { members.append(("fields", object(fields))) }
                donationRows.append((row(members, user: ids), event.name, object([("date", date)] + fields)))
            }
        }
        var tips: [(String, String)] = []
        for tip in program.tips where next(3) == 0 {
            var state: [(String, String)] = []
            if next(2) == 0 { state.append(("displays", "[" + (0..<next(6)).map { _ in date(before: now) }.joined(separator: ",") + "]")) }
            if next(2) == 0 { state.append(("displayCount", String(next(8)))) }
            if next(2) == 0 { state.append(("displayDuration", pick(["12.5", "40", "0", "1e1", "3600.0"]))) }
            if next(2) == 0 { state.append(("invalidated", pick(["null", #""tipClosed""#, #""actionPerformed""#, #""displayCountExceeded""#]))) }
            // In one row, or key by key in rows of their own.
            if next(2) == 0 || state.count < 2 {
                rows.append(row([("tip", name(tip.id))] + state, user: ids))
            } else {
                for member in state { rows.append(row([("tip", name(tip.id)), member], user: ids)) }
            }
            tips.append((tip.id, object(state)))
        }
        fixture.append(("tips", object(tips)))
        var store: [(String, String)] = []
        if next(2) == 0 { store.append(("lastDisplayDate", next(3) == 0 ? "null" : date(before: now))) }
        if next(2) == 0 { store.append(("utcOffset", pick([#""+09:00""#, "-3600", #""-05:30""#, "0", "50400"]))) }
        if store.count == 2 && next(2) == 0 {
            for member in store { rows.append(row([member], user: ids)) }
        } else if !store.isEmpty {
            rows.append(row(store, user: ids))
        }
        fixture += store
        if rows.isEmpty && donationRows.isEmpty || next(5) == 0 { rows.append(row([], user: ids)) }
        var order = rows.map { ($0, nil as Int?) } + donationRows.indices.map { (donationRows[$0].row, $0) }
        for index in order.indices.reversed() { order.swapAt(index, next(index + 1)) }
        let donated = order.compactMap(\.1).map { donationRows[$0] }
        let donations = program.events.map(\.name).compactMap { event -> (String, String)? in
            let items = donated.filter { $0.event == event }.map(\.item)
            return items.isEmpty ? nil : (event, "[" + items.joined(separator: ",") + "]")
        }
        fixture.insert(("donations", object(donations)), at: 1)
        return (order.map { $0.0 + "\n" }.joined(), "{" + fixture.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}")
    }
}
