import Foundation

/// The counts that `tiprulec reach` and the DuckDB anchor both answer for examples/backyard.tiprules
/// over the benchmark rows: the users, and how many fail each of FavoriteBackyardTip's two rules
/// (not logged in; no backyard visited at least 3 times within 5 days).
struct ReachCounts: Codable, Equatable, CustomStringConvertible {
    var users: Int
    var notLoggedIn: Int
    var fewerThanThreeVisits: Int

    var description: String {
        "\(grouped(users)) users, rule 1 false for \(grouped(notLoggedIn)), rule 2 false for \(grouped(fewerThanThreeVisits))"
    }

    /// The counts of a `reach --format json` report: its users and its first tip's rules' `false`.
    init(reachReport data: Data) throws {
        guard let report = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let users = report["users"] as? Int,
              let tips = report["tips"] as? [[String: Any]], let rules = tips.first?["rules"] as? [[String: Any]],
              rules.count >= 2, let first = rules[0]["false"] as? Int, let second = rules[1]["false"] as? Int else {
            throw BenchError("reach's JSON report has no users or no two rules: \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
        self.init(users: users, notLoggedIn: first, fewerThanThreeVisits: second)
    }

    /// The counts of examples/reach/bench/reach_duckdb.py's first line, `[(users, logged in,
    /// largest group >= 3, both)]`: the rules' false counts are the users less those.
    init(duckDBLine line: Substring) throws {
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard numbers.count == 4 else { throw BenchError("DuckDB printed \(line), not four counts") }
        self.init(users: numbers[0], notLoggedIn: numbers[0] - numbers[1], fewerThanThreeVisits: numbers[0] - numbers[2])
    }

    init(users: Int, notLoggedIn: Int, fewerThanThreeVisits: Int) {
        self.users = users
        self.notLoggedIn = notLoggedIn
        self.fewerThanThreeVisits = fewerThanThreeVisits
    }
}
