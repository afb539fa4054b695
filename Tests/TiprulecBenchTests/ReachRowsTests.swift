import Foundation
import Testing
@testable import tiprulec_bench
import TipRulesTestSupport

/// The reach benchmark's rows: deterministic, valid rows of examples/backyard.tiprules with the
/// generator's distribution, each user's rows together, cached once complete.
@Suite struct ReachRowsTests {
    static func lines(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    @Test func theSameRecipeWritesTheSameBytes() throws {
        let folder = temporaryFolder(prefix: "tiprulec-bench-tests")
        defer { removeTemporaryFolder(folder) }
        let first = try ReachRowsFile.generate(.init(users: 300), into: folder + "/a.ndjson")
        let second = try ReachRowsFile.generate(.init(users: 300), into: folder + "/b.ndjson")
        #expect(first.bytes == second.bytes && first.rows == second.rows && first.users == 300)
        #expect(FileManager.default.contents(atPath: first.path) == FileManager.default.contents(atPath: second.path))
    }

    @Test func rowsAreValidAndEachUsersRowsAreTogether() throws {
        let folder = temporaryFolder(prefix: "tiprulec-bench-tests")
        defer { removeTemporaryFolder(folder) }
        let file = try ReachRowsFile.generate(.init(users: 2_000), into: folder + "/rows.ndjson")
        let rows = try Self.lines(file.path)
        #expect(rows.count == file.rows)
        #expect(file.bytes == FileManager.default.contents(atPath: file.path)?.count)
        let iso = ISO8601DateFormatter()
        var users: [String] = []
        var donations = 0
        for row in rows {
            let user = try #require(row["user"].map { "\($0)" })
            if users.last != user {
                #expect(!users.contains(user), "\(user)'s rows are not together")
                users.append(user)
            }
            if let event = row["event"] as? String {
                donations += 1
                #expect(event == "enteredBackyardDetailView")
                let backyard = try #require((row["fields"] as? [String: Any])?["backyardID"] as? Int)
                #expect((1...6).contains(backyard))
            }
            if let date = row["date"] ?? row["lastDisplayDate"] {
                let seconds = (date as? String).flatMap { iso.date(from: $0)?.timeIntervalSince1970 } ?? (date as? Double)
                let age = Double(ReachRowGenerator.now) - (try #require(seconds, "\(date)"))
                #expect((0...10 * 86_400).contains(age))
            }
        }
        #expect(users.count == 2_000)
        // About 9.3 donations a user on average (the draws 0, 0, 1, 2, 3, 5, 8, 13, 21, 40).
        #expect((8.0...10.6).contains(Double(donations) / 2_000))
        #expect(users.contains("0") || users.contains("1"))
        #expect(users.contains { $0.hasPrefix("user-") && $0.count == 12 })
    }

    @Test func fewerUsersWithMoreDonationsStopAtTheRowLimit() throws {
        let folder = temporaryFolder(prefix: "tiprulec-bench-tests")
        defer { removeTemporaryFolder(folder) }
        let file = try ReachRowsFile.generate(.init(users: 1_000, donationMultiplier: 4, rowLimit: 5_000),
                                              into: folder + "/rows.ndjson")
        #expect(file.rows == 5_000)
        #expect(try Self.lines(file.path).count == 5_000)
        #expect((100...200).contains(file.users ?? 0))
    }

    @Test func aCachedFileIsReusedAndATruncatedOneWrittenAgain() throws {
        let folder = temporaryFolder(prefix: "tiprulec-bench-tests")
        defer { removeTemporaryFolder(folder) }
        let recipe = ReachRowsFile.Recipe(users: 100)
        let first = try #require(try ReachRowsFile.cached(recipe, in: folder))
        #expect(try #require(try ReachRowsFile.cached(recipe, in: folder)) == first)
        let handle = try #require(FileHandle(forWritingAtPath: first.path))
        try handle.truncate(atOffset: 10)
        try handle.close()
        #expect(try #require(try ReachRowsFile.cached(recipe, in: folder)) == first)
        #expect(try ReachRowsFile.existing(first.path) == ReachRowsFile(path: first.path, bytes: first.bytes, rows: first.rows, users: nil))
    }
}
