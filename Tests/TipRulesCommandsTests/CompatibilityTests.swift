import Foundation
import Testing
import TipRulesCompiler
import TipRulesRuntime
import TipRulesToolingCore
import TipRulesTestSupport

/// Old bytes stay readable forever: the `.tipc` files of `Compatibility/` (each format version as
/// the compiler of its time wrote it) load, and evaluate as their source compiled today does.
@Suite struct CompatibilityTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Compatibility", isDirectory: true)

    /// Every kept file, as (format version, program name).
    static let files: [(version: Int, name: String)] = BytecodeFormat.readableVersions.flatMap { version in
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("v\(version)").path)) ?? []
        return names.filter { $0.hasSuffix(".tipc") }.sorted().map { (version, String($0.dropLast(".tipc".count))) }
    }

    /// Programs whose meaning today's compiler changed on purpose, and how: their kept files
    /// still load and evaluate as they always did, but today's compilation of their frozen source
    /// decides (and is written) otherwise.
    static let redefined: [String: String] = [
        "filters": "a holdout's bucket is drawn with its own salt, bucket(of: ID, group: \"holdout:\" + G)",
    ]

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(path)))
    }

    /// The frozen source of `name`, compiled today.
    static func compiled(_ name: String) throws -> Program {
        try compile(bytes: try bytes("sources/\(name).tiprules"), name: "\(name).tiprules")
    }

    @Test func everyVersionHasFiles() {
        for version in BytecodeFormat.readableVersions {
            #expect(Self.files.filter { $0.version == version }.count >= 11, "too few files of version \(version)")
        }
    }

    @Test(arguments: files.map { "v\($0.version)/\($0.name)" })
    func loadsAndEvaluatesAsItsSourceDoesToday(_ file: String) throws {
        let parts = file.split(separator: "/")
        let version = Int(parts[0].dropFirst()) ?? 0, name = String(parts[1])
        let old = try Program(bytes: try Self.bytes("\(file).tipc"))
        #expect(old.formatVersion == version)
        let today = try Self.compiled(name)
        let fixtures = try FileManager.default.contentsOfDirectory(atPath: Self.folder.appendingPathComponent("fixtures").path)
            .filter { $0.hasPrefix(name + ".") && $0.hasSuffix(".json") }.sorted()
        if ["backyard", "cards", "colleagues", "commute", "passkey", "reader"].contains(name) { #expect(!fixtures.isEmpty) }
        for fixtureName in fixtures {
            let fixtureBytes = try Self.bytes("fixtures/\(fixtureName)")
            let fixture = try FixtureDecoder.decode(fixtureBytes, for: old)
            let now = fixture.now ?? 0
            let oldResult = evaluate(old, store: try fixture.makeStore(for: old), now: now)
            let todayResult = evaluate(today, store: try fixture.makeStore(for: today), now: now)
            if Self.redefined[name] != nil { continue }
            #expect(JSONResultRenderer.document(for: oldResult) == JSONResultRenderer.document(for: todayResult),
                    "\(file).tipc evaluates \(fixtureName) differently from its source compiled today")
        }
    }

    /// A redefined program's kept file decides as it always did: filters' version-4 file holds
    /// `u-53` out (bucket 4 of "pro-filters"); today's compilation of the same source puts `u-53`
    /// in treatment (holdout bucket 83).
    @Test func aRedefinedProgramsKeptFileDecidesAsItAlwaysDid() throws {
        let old = try Program(bytes: try Self.bytes("v4/filters.tipc"))
        let today = try Self.compiled("filters")
        let fixture = try FixtureDecoder.decode(try Self.bytes("fixtures/filters.held-out.json"), for: old)
        let now = fixture.now ?? 0
        #expect(evaluate(old, store: try fixture.makeStore(for: old), now: now).tips[0].pendingReason == .heldOut)
        #expect(evaluate(today, store: try fixture.makeStore(for: today), now: now).tips[0].status == .available)
    }

    /// Today's compiler writes each frozen source exactly as the oldest kept version that carries it.
    @Test(arguments: Set(files.map(\.name)).sorted())
    func todaysCompilerWritesTheOldestVersionByteForByte(_ name: String) throws {
        let today = try Self.compiled(name)
        guard Self.redefined[name] == nil else { return }
        let oldest = try #require(Self.files.first { $0.name == name }).version
        #expect(today.requiredFormatVersion == oldest)
        #expect(today.encoded() == (try Self.bytes("v\(oldest)/\(name).tipc")), "\(name): not the bytes of v\(oldest)")
        for kept in Self.files where kept.name == name {
            #expect(try today.encoded(formatVersion: kept.version) == (try Self.bytes("v\(kept.version)/\(name).tipc")),
                    "\(name): today's version-\(kept.version) bytes differ from the kept file")
        }
    }
}
