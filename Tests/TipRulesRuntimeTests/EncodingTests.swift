import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// The `.tipc` format: deterministic round trips, and clear errors for files that are not
/// programs of this version, are corrupt or are truncated.
@Suite struct EncodingTests {
    static let source = """
    configure { displayFrequency(.hourly) }
    parameter plan: String = "free"
    parameter limit: Int = 3
    parameter since: Date = Date(timeIntervalSince1970: 1700000000)
    event purchase(amount: Double, category: String) limit(maximumCount: 50, maximumAge: .days(30))
    event opened

    tip Upgrade {
        id: "upgrade-tip"
        title: "Go pro"
        message: "More of everything"
        #Rule(Self.$plan) { $0 != "pro" && $0.lowercased().hasPrefix("fr") }
        #Rule(Self.purchase) { $0.donations.filter { $0.amount > 10 }.count >= 2 }
        options {
            MaxDisplayCount(3)
            IgnoresDisplayFrequency(true)
            MaxDisplayDuration(120)
        }
    }
    tip Welcome {
        title: "Hello"
        #Rule(Self.opened) { $0.donations.isEmpty }
    }
    group Intro(.ordered) { Welcome, Upgrade }
    widget Spend {
        relevance {
            let recent = purchase.donations.donatedWithin(.days(1))
            score: recent.sum(of: \\.amount)
            duration: .hours(2)
        }
    }
    """

    @Test func sameInputSameBytes() throws {
        let first = try compile(Self.source).encoded()
        let second = try compile(Self.source).encoded()
        #expect(first == second)
        let loaded = try Program(bytes: first)
        #expect(loaded.encoded() == first)
        #expect(loaded.contents == (try compile(Self.source).contents))
    }

    @Test func symbolTablesSurviveTheRoundTrip() throws {
        let program = try Program(bytes: try compile(Self.source).encoded())
        #expect(program.displayFrequency == 3600)
        #expect(program.parameters.map(\.name) == ["plan", "limit", "since"])
        #expect(program.parameters[2].defaultValue == .date(1_700_000_000))
        #expect(program.events[0].fields == [FieldInfo(name: "amount", type: .double), FieldInfo(name: "category", type: .string)])
        #expect(program.events[0].maximumCount == 50)
        #expect(program.events[0].maximumAge == Double(30 * 86_400))
        #expect(program.events[1].maximumCount == EventInfo.defaultMaximumCount)
        #expect(program.tips[0].id == "upgrade-tip")
        #expect(program.tips[0].message == "More of everything")
        #expect(program.tips[1].image == nil)
        #expect(program.tips[0].options == TipOptions(maxDisplayCount: 3, ignoresDisplayFrequency: true, maxDisplayDuration: 120))
        #expect(program.tips[0].rules.map(\.line) == [12, 13])
        #expect(program.groups == [GroupInfo(name: "Intro", ordered: true, members: [1, 0], line: 24)])
        #expect(program.widgets.map(\.name) == ["Spend"])
        #expect(program.tipIndex(named: "Upgrade") == 0)
        #expect(program.tipIndex(named: "upgrade-tip") == 0)
        #expect(program.eventIndex(named: "opened") == 1)
        #expect(program.parameterIndex(named: "limit") == 1)
        #expect(program.groupIndex(named: "Intro") == 0)
        #expect(program.widgetIndex(named: "Spend") == 0)
        #expect(program.fieldIndex(named: "category", inEvent: 0) == 1)
        #expect(program.fieldIndex(named: "category", inEvent: 7) == nil)
        #expect(program.tipIndex(named: "Nope") == nil)
    }

    @Test func headerErrors() throws {
        let bytes = try compile(Self.source).encoded()
        #expect(errorDescription { try Program(bytes: []) } == "not a tiprulec bytecode file (bad magic)")
        #expect(errorDescription { try Program(bytes: Array("{\"tips\": []}".utf8)) } == "not a tiprulec bytecode file (bad magic)")
        var version = bytes
        version[4] = UInt8(BytecodeFormat.newestVersion + 1)
        #expect(errorDescription { try Program(bytes: version) } == "unsupported format version \(BytecodeFormat.newestVersion + 1): newer than this runtime reads "
                       + "(versions 1 to \(BytecodeFormat.newestVersion)); compile the rules for it with "
                       + "'tiprulec compile --bytecode-version \(BytecodeFormat.newestVersion)'")
        var flags = bytes
        flags[6] = 1
        #expect(errorDescription { try Program(bytes: flags) } == "malformed bytecode at byte 6: unknown flags in header")
        #expect(errorDescription { try Program(bytes: Array(bytes[0..<10])) } == "truncated at byte 8 while reading header")
        #expect(errorDescription { try Program(bytes: Array(bytes.dropLast())) } == "truncated at byte \(bytes.count - 1) while reading payload (the header says \(bytes.count - 16) bytes)")
        #expect(errorDescription { try Program(bytes: bytes + [0]) } == "unexpected bytes after the end of the program at byte \(bytes.count)")
        var corrupt = bytes
        corrupt[40] ^= 0x20
        #expect(errorDescription { try Program(bytes: corrupt) }?.hasPrefix("checksum mismatch (header says 0x") == true)
    }

    @Test func truncationNamesThePart() throws {
        let bytes = try compile(Self.source).encoded()
        var parts = Set<String>()
        for length in BytecodeFormat.headerSize..<bytes.count {
            guard let message = errorDescription({ try Program(bytes: resealed(Array(bytes[0..<length]))) }) else {
                Issue.record("a program truncated to \(length) bytes loaded")
                return
            }
            if message.hasPrefix("truncated at byte "), let range = message.range(of: " while reading ") {
                parts.insert(String(message[range.upperBound...]))
            }
        }
        for part in ["source name", "configuration", "constant pool", "parameter table", "event table",
                     "tip 'Upgrade' rule 1 (line 12)", "widget 'Spend' score", "debug section"] {
            #expect(parts.contains(part), "no truncation error mentions \(part): \(parts.sorted())")
        }
    }

    @Test func malformedValues() throws {
        let program = try Program(sourceName: "x", constants: [.string("é")])
        var bytes = program.encoded()
        // The constant pool's one string: count 1, tag 3, length 2, then the two bytes of "é".
        let start = try #require(bytes.indices.dropFirst(BytecodeFormat.headerSize).first { bytes[$0] == 0xC3 && bytes[$0 + 1] == 0xA9 })
        bytes[start] = 0xFF
        #expect(errorDescription { try Program(bytes: resealed(bytes)) } == "malformed bytecode at byte \(start): invalid UTF-8 in constant pool")
        bytes[start - 2] = 9
        #expect(errorDescription { try Program(bytes: resealed(bytes)) } == "malformed bytecode at byte \(start - 2): unknown type 9 in constant pool")
    }

    @Test func checksumIsCRC32() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
    }
}
