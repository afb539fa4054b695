import Testing
import TipRulesCompiler
@testable import TipRulesRuntime
import TipRulesTestSupport

/// Each construct added after format version 1 declares the version it needs, a program is
/// written in the oldest version that carries it, and a reader refuses a file whose version
/// cannot hold what it holds.
@Suite struct FormatVersionTests {
    static let base = """
    parameter userID: String = ""
    parameter isLoggedIn: Bool = false
    event opened
    """

    /// Programs each holding one construct, and the version each needs.
    static let constructs: [(name: String, body: String, version: Int)] = [
        ("plain", "tip T { title: \"t\"\n #Rule(Self.$isLoggedIn) { $0 == true } }", 1),
        ("transient", "transient parameter seen: Bool = false\ntip T { title: \"t\" }", 2),
        ("widget suggestions", "widget W { relevance { score: 1\n duration: .hours(1) }\n suggest { from: now\n to: now + .hours(1) } }", 2),
        ("app", "configure { app(\"com.example.birds\") }\ntip T { title: \"t\" }", 3),
        ("release", "configure { release(2) }\ntip T { title: \"t\" }", 3),
        ("actions", "tip T { title: \"t\"\n actions { Action(id: \"a\", title: \"A\") } }", 3),
        ("bucket", "tip T { title: \"t\"\n #Rule(Self.$userID) { bucket(of: $0, group: \"g\") > 5 } }", 3),
        ("version", "parameter appVersion: Version = \"1.0\"\ntip T { title: \"t\"\n #Rule(Self.$appVersion) { $0 >= \"2.3\" } }", 3),
        ("frequency cap", "tip T { title: \"t\"\n options { Tips.FrequencyCap(1, per: .days(1)) } }", 3),
        ("priority", "tip T { title: \"t\"\n options { Tips.Priority(2) } }", 3),
        ("priority group", "tip T { title: \"t\" }\ntip U { title: \"u\" }\ngroup G(.priority) { T, U }", 3),
        ("app text", "tip T { title: swift(\"Text(L10n.t)\", key: \"t\", defaultValue: \"T\")\n image: swift(\"Image(\\\"hero\\\")\") }", 5),
    ]

    @Test(arguments: constructs.map(\.name))
    func aProgramIsWrittenInTheOldestVersionThatCarriesIt(_ name: String) throws {
        let entry = try #require(Self.constructs.first { $0.name == name })
        let program = try compile(Self.base + "\n" + entry.body)
        #expect(program.requiredFormatVersion == entry.version)
        let bytes = program.encoded()
        #expect(Int(bytes[4]) == entry.version)
        #expect(try Program(bytes: bytes).formatVersion == entry.version)
        for older in BytecodeFormat.oldestVersion..<entry.version {
            #expect(throws: FormatVersionError.self) { try program.encoded(formatVersion: older) }
        }
        for newer in entry.version...BytecodeFormat.newestVersion {
            let written = try program.encoded(formatVersion: newer)
            #expect(try Program(bytes: written).contents == program.contents, "\(name) in version \(newer)")
        }
    }

    /// A text the app makes without a key or a default value changes nothing a runtime shows, so
    /// it keeps the program in the oldest version of its other constructs (runtimes already
    /// shipped load it, showing the text empty as before); from version 5 on it is marked.
    @Test func aTextTheAppMakesWithoutWordsKeepsTheOldestVersion() throws {
        let program = try compile(Self.base + "\ntip T { title: supplied\n message: swift(\"Text(L10n.m)\") }")
        #expect(program.requiredFormatVersion == 1)
        let oldest = try Program(bytes: program.encoded())
        #expect(oldest.formatVersion == 1)
        #expect(oldest.contents.tips[0].appTexts.isEmpty)
        let marked = try Program(bytes: program.encoded(formatVersion: 5))
        #expect(marked.contents == program.contents)
        #expect(marked.contents.tips[0].appTexts[.title] == AppText())
    }

    /// A file that says version 2 but holds a version-3 instruction is refused whole.
    @Test func aFileHoldingAConstructItsVersionCannotHoldIsRefused() throws {
        let program = try compile(Self.base + "\ntip T { title: \"t\"\n #Rule(Self.$userID) { bucket(of: $0, group: \"g\") > 5 } }")
        let mislabelled = BytecodeWriter.encode(program.contents, version: 2)
        #expect(throws: BytecodeError.constructNeedsNewerVersion("the instruction 'bucket'", needs: 3, fileVersion: 2)) {
            try Program(bytes: mislabelled)
        }
        #expect(BytecodeError.constructNeedsNewerVersion("the instruction 'bucket'", needs: 3, fileVersion: 2).description
            == "the file says format version 2, but it holds the instruction 'bucket', which needs version 3")
    }

    @Test func aVersionThisRuntimeDoesNotWriteIsRefused() throws {
        let program = try compile(Self.base)
        #expect(throws: FormatVersionError.unknownVersion(BytecodeFormat.newestVersion + 1)) {
            try program.encoded(formatVersion: BytecodeFormat.newestVersion + 1)
        }
        #expect(throws: FormatVersionError.unknownVersion(0)) { try program.encoded(formatVersion: 0) }
    }

    /// Every instruction and type declares a version this runtime reads.
    @Test func everyConstructDeclaresAVersionThisRuntimeReads() {
        for opcode in Opcode.allCases {
            #expect(BytecodeFormat.readableVersions.contains(opcode.info.since), "\(opcode)")
        }
        for kind in ScalarKind.allCases {
            #expect(BytecodeFormat.readableVersions.contains(kind.since), "\(kind)")
        }
    }
}
