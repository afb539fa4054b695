import Testing
import TipRulesRuntime
import TipRulesTestSupport

/// The runtime's own MurmurHash3, rollout buckets, version order and local calendar.
struct TargetingPrimitiveTests {
    /// Published MurmurHash3 x86_32 vectors (SMHasher's verification values as collected by
    /// Ian Boyd), bytes and seed.
    @Test(arguments: [
        ([UInt8](), UInt32(0), UInt32(0)),
        ([], 1, 0x514E_28B7),
        ([], 0xFFFF_FFFF, 0x81F1_6F39),
        ([0, 0, 0, 0], 0, 0x2362_F9DE),
        ([0xFF, 0xFF, 0xFF, 0xFF], 0, 0x7629_3B50),
        ([0x21, 0x43, 0x65, 0x87], 0, 0xF55B_516B),
        ([0x21, 0x43, 0x65, 0x87], 0x5082_EDEE, 0x2362_F9DE),
        ([0x21, 0x43, 0x65], 0, 0x7E4A_8634),
        ([0x21, 0x43], 0, 0xA0F7_B07A),
        ([0x21], 0, 0x7266_1CF4),
        ([0, 0, 0], 0, 0x85F0_B427),
        ([0, 0], 0, 0x30F4_C306),
        ([0], 0, 0x514E_28B7),
    ] as [([UInt8], UInt32, UInt32)])
    func murmurBytes(bytes: [UInt8], seed: UInt32, expected: UInt32) {
        #expect(MurmurHash3.x86_32(bytes, seed: seed) == expected)
    }

    @Test(arguments: [
        ("Hello, world!", UInt32(0x2488_4CBA)),
        ("ππππππππ", 0xD580_63C1),
        ("a", 0x7FA0_9EA6),
        ("aaaa", 0x5A97_808A),
        ("abc", 0xC84A_62DD),
        ("abcd", 0xF047_8627),
        ("The quick brown fox jumps over the lazy dog", 0x2FA8_26CD),
    ])
    func murmurStrings(text: String, expected: UInt32) {
        #expect(MurmurHash3.x86_32(text.utf8, seed: 0x9747_B28C) == expected)
    }

    /// Unleash's own `normalizedHash` vectors.
    @Test func unleashBuckets() {
        #expect(RolloutBucket.bucket(of: "174", group: "Feature.flexibleRollout.10") == 10)
        #expect(RolloutBucket.bucket(of: "499", group: "Feature.flexibleRollout.10") == 32)
        #expect(RolloutBucket.includes("174", percentage: 10, group: "Feature.flexibleRollout.10"))
        #expect(!RolloutBucket.includes("499", percentage: 31, group: "Feature.flexibleRollout.10"))
        #expect(!RolloutBucket.includes("", percentage: 100, group: "g"))
        #expect(!RolloutBucket.includes("174", percentage: 0, group: "Feature.flexibleRollout.10"))
    }

    /// For random ids and groups, the bucket equals a straightforward reference
    /// implementation of the C code, over byte arrays.
    @Test func bucketsAgreeWithReference() {
        var generator = Xorshift(state: 17)
        let alphabet = Array("abcXYZ019-_:/.é🐦".unicodeScalars)
        func randomText() -> String { generator.text(from: alphabet, shorterThan: 24) }
        for _ in 0..<2_000 {
            let id = randomText(), group = randomText()
            let expected = Int(referenceMurmur(Array((group + ":" + id).utf8)) % 100) + 1
            #expect(RolloutBucket.bucket(of: id, group: group) == expected)
        }
    }

    // MARK: Versions

    @Test func semanticVersioningPrecedenceExample() throws {
        let chain = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2",
                     "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "2.0.0", "2.1.0", "2.1.1"]
        let versions = try chain.map { try #require(SemanticVersion($0), "\($0)") }
        for (i, left) in versions.enumerated() {
            for (j, right) in versions.enumerated() {
                #expect((left < right) == (i < j), "\(left) < \(right)")
                #expect((left == right) == (i == j), "\(left) == \(right)")
            }
        }
    }

    @Test func shortVersionsAndBuildMetadata() {
        #expect(SemanticVersion("2.3") == SemanticVersion("2.3.0"))
        #expect(SemanticVersion("2") == SemanticVersion("2.0.0"))
        #expect(SemanticVersion("1.0.0+a") == SemanticVersion("1.0.0+b"))
        #expect(SemanticVersion("1.0.0-rc.1+build.5") == SemanticVersion("1.0.0-rc.1"))
        #expect(SemanticVersion("2.0.0-rc.1")! < SemanticVersion("2.0")!)
        #expect(SemanticVersion("2.10")! > SemanticVersion("2.9.9")!)
        #expect(SemanticVersion("2.3.1")?.description == "2.3.1")
        #expect(SemanticVersion("1.2")?.minor == 2)
        // The one-pass reading of releases agrees with the full parser.
        for text in ["0", "0.1", "10.20.30", "1.0.0", "2.3", "999999999.0.1"] {
            #expect(SemanticVersion(text) == (try? SemanticVersion.parse(text).get()), "\(text)")
        }
    }

    @Test(arguments: ["", "v2.0", "V1", "01.2", "1.02", "1.2.3.4", "1..2", " 1.2", "1.2 ", "1.2.3-", "1.2.3-01",
                      "1.2.3-a..b", "1.2.3+", "1.2.3-ä", "1.x", "-1.0", "99999999999999999999.0", "1.0.0+a+b"])
    func invalidVersions(text: String) {
        #expect(SemanticVersion(text) == nil)
    }

    @Test func invalidVersionMessages() {
        #expect(describe("v2.0") == "a version has no leading 'v'")
        #expect(describe("1.02") == "the minor version '02' has a leading zero")
        #expect(describe("1.2.3.4") == "a version has one to three numbers (MAJOR.MINOR.PATCH), found 4")
        #expect(describe("1.2.3-01") == "the pre-release identifier '01' has a leading zero")
    }

    private func describe(_ text: String) -> String? {
        if case .failure(let error) = SemanticVersion.parse(text) { return error.message }
        return nil
    }

    /// For random versions, the order is a total preorder consistent with the precedence rules.
    @Test func versionOrderIsATotalPreorder() throws {
        var generator = Xorshift(state: 23)
        let identifiers = ["alpha", "beta", "rc", "1", "2", "11", "0", "a-1", "x"]
        func randomVersion() -> String {
            var text = "\(generator.next(3)).\(generator.next(3)).\(generator.next(3))"
            let count = generator.next(4)
            if count > 0 {
                text += "-" + (0..<count).map { _ in generator.pick(identifiers) }
                    .joined(separator: ".")
            }
            if generator.next(4) == 0 { text += "+b\(generator.next(9))" }
            return text
        }
        let versions = try (0..<120).map { _ in try #require(SemanticVersion(randomVersion())) }
        for a in versions {
            for b in versions {
                // Total: exactly one of <, ==, > holds.
                #expect([a < b, a == b, b < a].filter { $0 }.count == 1)
                #expect((a < b) == (referenceCompare(a, b) < 0))
                for c in versions.prefix(20) where a < b && b < c {
                    #expect(a < c)
                }
            }
        }
    }

    // MARK: Calendar

    @Test func calendarComponentsWithOffset() {
        // 2026-12-01T23:30:15Z is a Tuesday.
        let date = 1_796_167_815.0
        #expect(CalendarComponent.allCases.map { $0.value(of: date, utcOffset: 0) } == [2026, 12, 1, 23, 30, 15, 3])
        // At +09:00 it is Wednesday 2026-12-02 08:30:15.
        #expect(CalendarComponent.allCases.map { $0.value(of: date, utcOffset: 9 * 3600) } == [2026, 12, 2, 8, 30, 15, 4])
        // At -05:00, 18:30.
        #expect(CalendarComponent.hour.value(of: date, utcOffset: -5 * 3600) == 18)
        // Before 1970: 1969-12-31T23:59:59.5Z is a Wednesday.
        #expect(CalendarComponent.allCases.map { $0.value(of: -0.5, utcOffset: 0) } == [1969, 12, 31, 23, 59, 59, 4])
        #expect(CalendarComponent.weekday.value(of: 0, utcOffset: 0) == 5)
        #expect(CalendarComponent.year.value(of: .infinity, utcOffset: 0) == nil)
        #expect(UTCOffsetFormatting.describe(9 * 3600) == "UTC+09:00")
        #expect(UTCOffsetFormatting.describe(-(5 * 3600 + 1800)) == "UTC-05:30")
    }
}

/// MurmurHash3 x86_32 with seed 0 as the C reference writes it, over a byte array (for property tests).
func referenceMurmur(_ data: [UInt8]) -> UInt32 {
    var h: UInt32 = 0
    let c1: UInt32 = 0xcc9e2d51, c2: UInt32 = 0x1b873593
    let blocks = data.count / 4
    for i in 0..<blocks {
        var k = UInt32(data[4 * i]) | UInt32(data[4 * i + 1]) << 8 | UInt32(data[4 * i + 2]) << 16 | UInt32(data[4 * i + 3]) << 24
        k = k &* c1
        k = (k << 15) | (k >> 17)
        k = k &* c2
        h ^= k
        h = (h << 13) | (h >> 19)
        h = h &* 5 &+ 0xe6546b64
    }
    var k: UInt32 = 0
    let tail = blocks * 4
    switch data.count & 3 {
    case 3:
        k ^= UInt32(data[tail + 2]) << 16
        fallthrough
    case 2:
        k ^= UInt32(data[tail + 1]) << 8
        fallthrough
    case 1:
        k ^= UInt32(data[tail])
        k = k &* c1
        k = (k << 15) | (k >> 17)
        k = k &* c2
        h ^= k
    default: break
    }
    h ^= UInt32(truncatingIfNeeded: data.count)
    h ^= h >> 16
    h = h &* 0x85ebca6b
    h ^= h >> 13
    h = h &* 0xc2b2ae35
    h ^= h >> 16
    return h
}

/// Semantic Versioning §11 written out directly: -1, 0 or 1.
private func referenceCompare(_ a: SemanticVersion, _ b: SemanticVersion) -> Int {
    for (x, y) in [(a.major, b.major), (a.minor, b.minor), (a.patch, b.patch)] where x != y { return x < y ? -1 : 1 }
    switch (a.prerelease.isEmpty, b.prerelease.isEmpty) {
    case (true, true): return 0
    case (true, false): return 1
    case (false, true): return -1
    case (false, false): break
    }
    for (x, y) in zip(a.prerelease, b.prerelease) where x != y {
        switch (Int(x), Int(y)) {
        case let (m?, n?): return m < n ? -1 : 1
        case (_?, nil): return -1
        case (nil, _?): return 1
        case (nil, nil): return Array(x.utf8).lexicographicallyPrecedes(Array(y.utf8)) ? -1 : 1
        }
    }
    return a.prerelease.count == b.prerelease.count ? 0 : (a.prerelease.count < b.prerelease.count ? -1 : 1)
}
