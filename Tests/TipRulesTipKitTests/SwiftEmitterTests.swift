@testable import TipRulesCommands
@testable import TipRulesTipKit
@testable import TipRulesToolingCore
import Foundation
import Testing
import TipRulesTestSupport

/// `tiprulec emit-swift`: golden files for every example and for `SwiftGolden/Programs`,
/// target checks, and a type-check of the generated Swift against the stand-in TipKit
/// and SwiftUI modules in `SwiftGolden/StandIn` (run with `swiftc -typecheck`).
///
/// Each golden file `SwiftGolden/NAME.iosN.expected` is the standard output of
/// `emit-swift NAME.tiprules --min-ios N`, followed, when there is any, by a
/// `--- standard error ---` line and the standard error. After an intended change:
///
///     TIPRULEC_UPDATE_GOLDEN=1 swift test --filter SwiftEmitterTests
@Suite struct SwiftEmitterTests {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("SwiftGolden", isDirectory: true)
    static let examplesDirectory = repositoryRoot.appendingPathComponent("examples", isDirectory: true)
    static let programsDirectory = goldenDirectory.appendingPathComponent("Programs", isDirectory: true)

    /// One golden case: a source and a target.
    struct Case {
        var source: URL
        var target: Int
        var name: String { source.deletingPathExtension().lastPathComponent + ".ios\(target)" }
    }

    static func sources(in directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "tiprules" }.sorted { $0.path < $1.path }
    }

    /// Every example at iOS 26 (the most TipKit can express), and the programs at 17, 18 and 26.
    static func cases() throws -> [Case] {
        try sources(in: examplesDirectory).map { Case(source: $0, target: 26) }
            + sources(in: programsDirectory).flatMap { source in [17, 18, 26].map { Case(source: source, target: $0) } }
    }

    private func emit(_ source: URL, target: Int) -> CommandResult {
        TiprulecCommand.run(["emit-swift", source.path, "--min-ios", String(target)], environment: CommandEnvironment())
    }

    /// Standard output and error with the source's directory removed from paths.
    private func rendering(of result: CommandResult, source: URL) -> String {
        let directory = source.deletingLastPathComponent().path + "/"
        let error = result.standardError.replacingOccurrences(of: directory, with: "")
        return result.standardOutput + (error.isEmpty ? "" : "--- standard error ---\n" + error)
    }

    @Test func everyCaseMatchesItsGoldenFile() throws {
        let cases = try Self.cases()
        #expect(cases.count >= 12)
        for golden in cases {
            let actual = rendering(of: emit(golden.source, target: golden.target), source: golden.source)
            let url = Self.goldenDirectory.appendingPathComponent(golden.name + ".expected")
            if ProcessInfo.processInfo.environment["TIPRULEC_UPDATE_GOLDEN"] == "1" {
                try actual.write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            let expected = try String(contentsOf: url, encoding: .utf8)
            #expect(actual == expected, "\(golden.name): emit-swift differs from \(url.path)")
        }
    }

    @Test func targetChecksFollowTheOSRelease() throws {
        let tour = Self.programsDirectory.appendingPathComponent("tour.tiprules")
        let iOS17 = emit(tour, target: 17)
        #expect(iOS17.status == ExitStatus.programErrors)
        #expect(iOS17.standardError.contains("error[TR0912]: TipGroup needs iOS 18"))
        #expect(iOS17.standardError.contains("error[TR0912]: Tips.MaxDisplayDuration needs iOS 18"))
        #expect(iOS17.standardOutput == "")
        let iOS18 = emit(tour, target: 18)
        #expect(iOS18.status == ExitStatus.programErrors)
        #expect(!iOS18.standardError.contains("TipGroup"))
        #expect(iOS18.standardError.contains("error[TR0912]: an event donation limit needs iOS 26"))
        let iOS26 = emit(tour, target: 26)
        #expect(iOS26.status == ExitStatus.success)
        #expect(iOS26.standardOutput.contains("donationLimit: Tips.DonationLimit(maximumCount: 50, maximumAge: .days(30))"))
    }

    @Test func rulesTheMacroRejectsAreErrorsWithANote() {
        let source = Self.examplesDirectory.appendingPathComponent("shop.tiprules")
        let result = emit(source, target: 26)
        #expect(result.status == ExitStatus.programErrors)
        #expect(result.standardError.contains("shop.tiprules:38:16: error[TR0910]: TipKit's #Rule macro does not accept min(of:), max(of:) or sum(of:) on donations\n"),
                Comment(rawValue: result.standardError))
        #expect(result.standardError.contains("   = note: they need map(_:) or reduce(_:_:), which are not among the functions #Predicate supports"),
                Comment(rawValue: result.standardError))
        #expect(!result.standardError.contains("needs a parameter or event input"), "one problem per cause")
    }

    /// Each targeting construct is refused with a note saying why TipKit cannot express it.
    @Test func targetingIsRefusedWithANoteEach() {
        let source = Self.examplesDirectory.appendingPathComponent("reader.tiprules")
        let result = emit(source, target: 26)
        #expect(result.status == ExitStatus.programErrors)
        #expect(result.standardOutput == "")
        for refusal in [":10:1: error[TR0913]: TipKit has no Version type (parameter 'appVersion')\n",
                        ":16:1: error[TR0913]: TipKit has no frequency caps (tip 'FavoritesTabTip')\n",
                        ":16:1: error[TR0913]: TipKit has no tip priority (tip 'FavoritesTabTip')\n",
                        ":22:37: error[TR0910]: TipKit's #Rule macro does not accept a version (TipKit has no Version type)\n",
                        ":23:27: error[TR0910]: TipKit's #Rule macro does not accept a stable rollout (TipKit has no bucketing)\n",
                        ":39:5: error[TR0911]: a TipKit #Rule needs a parameter or event input\n",
                        ":40:29: error[TR0910]: TipKit's #Rule macro does not accept a list of constants ('[…].contains')\n",
                        ":49:1: error[TR0913]: TipKit has no priority group ('Home')\n",
                        ":53:20: error[TR0910]: a widget relevance function does not accept the local calendar (Calendar.current.component)\n"] {
            #expect(result.standardError.contains(refusal), Comment(rawValue: refusal))
        }
    }

    @Test func unknownTargetAndMissingFileAreUsageErrors() {
        let backyard = Self.examplesDirectory.appendingPathComponent("backyard.tiprules").path
        #expect(TiprulecCommand.run(["emit-swift", backyard, "--min-ios", "16"], environment: CommandEnvironment()).status == ExitStatus.badInput)
        #expect(TiprulecCommand.run(["emit-swift"], environment: CommandEnvironment()).status == ExitStatus.badInput)
    }

    @Test func outputFileIsWritten() throws {
        let backyard = Self.examplesDirectory.appendingPathComponent("backyard.tiprules").path
        let folder = temporaryFolder(prefix: "emit-swift")
        defer { removeTemporaryFolder(folder) }
        let output = URL(fileURLWithPath: folder).appendingPathComponent("Tips.swift")
        let result = TiprulecCommand.run(["emit-swift", backyard, "-o", output.path], environment: CommandEnvironment())
        #expect(result.status == ExitStatus.success)
        #expect(result.standardOutput == "")
        let written = try String(contentsOf: output, encoding: .utf8)
        #expect(written.contains("struct FavoriteBackyardTip: Tip {"))
        // A parameter of no tip lives in SharedTipInputs, wherever it is read: its TipKit identity never moves.
        #expect(written.contains("#Rule(SharedTipInputs.$isLoggedIn) { $0 == true }"))
    }

    /// Every `.tiprules` file in the tests (diagnostic goldens, scenarios) goes through the
    /// emitter for every target without trapping; a clean emission always has Swift.
    @Test func everyTestProgramEmitsOrExplainsWhyNot() throws {
        let testsDirectory = Self.goldenDirectory.deletingLastPathComponent()
        guard let walker = FileManager.default.enumerator(at: testsDirectory, includingPropertiesForKeys: nil) else {
            Issue.record("cannot list \(testsDirectory.path)")
            return
        }
        var emitted = 0
        for case let url as URL in walker where url.pathExtension == "tiprules" {
            for target in SwiftTarget.allCases {
                let result = emit(url, target: target.rawValue)
                #expect(result.status != ExitStatus.badInput, "\(url.lastPathComponent): \(result.standardError)")
                if result.status == ExitStatus.success {
                    #expect(result.standardOutput.contains("import TipKit"), Comment(rawValue: url.lastPathComponent))
                    emitted += 1
                }
            }
        }
        #expect(emitted > 20)
    }

    @Test func namesSwiftCannotTakeAreErrors() {
        let result = emit(Self.programsDirectory.appendingPathComponent("names.tiprules"), target: 26)
        #expect(result.status == ExitStatus.programErrors)
        #expect(result.standardError.contains(":2:1: error[TR0914]: 'default' is a Swift keyword"))
        #expect(result.standardError.contains(":3:1: error[TR0914]: 'self' is a Swift keyword"))
        #expect(result.standardError.contains(":6:1: error[TR0914]: the Swift type 'Tip' would clash"))
        #expect(result.standardError.contains(":12:1: error[TR0914]: the Swift type 'PurchaseDonation' would clash"))
    }

    @Test func stringLiteralsEscapeWhatSwiftRequires() {
        #expect(SwiftSpelling.stringLiteral("a\"b\\c\nd\u{1}é") == "\"a\\\"b\\\\c\\nd\\u{1}é\"")
        #expect(SwiftSpelling.timeRange(432_000) == ".days(5)")
        #expect(SwiftSpelling.timeRange(90) == ".seconds(90)")
        #expect(SwiftSpelling.timeRange(1_209_600) == ".weeks(2)")
        #expect(SwiftSpelling.double(-.infinity) == "-Double.infinity")
        #expect(SwiftSpelling.double(0.1) == "0.1")
    }

    // MARK: - Type-checking against the stand-in modules

    /// `swiftc`, from `SWIFTC` or the search path, or nil.
    static func swiftCompiler() -> URL? {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["SWIFTC"] { return URL(fileURLWithPath: explicit) }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Runs `swiftc` with `arguments`; its exit status and combined output.
    static func runCompiler(_ compiler: URL, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = compiler
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// Builds the stand-in modules into `work`; false (with an issue recorded) when one fails.
    static func buildStandIns(with compiler: URL, into work: URL) throws -> Bool {
        let standIn = goldenDirectory.appendingPathComponent("StandIn")
        for module in ["SwiftUI", "TipKit", "WidgetKit", "Intents"] {
            let (status, output) = try runCompiler(compiler, [
                "-emit-module", "-module-name", module, "-I", work.path,
                standIn.appendingPathComponent(module + ".swift").path,
                "-o", work.appendingPathComponent(module + ".swiftmodule").path])
            #expect(status == 0, "the stand-in \(module) does not compile:\n\(output)")
            guard status == 0 else { return false }
        }
        return true
    }

    @Test(.enabled(if: swiftCompiler() != nil, "swiftc not found"))
    func generatedSwiftTypeChecksAgainstTheStandInTipKit() throws {
        let compiler = try #require(Self.swiftCompiler())
        let workPath = temporaryFolder(prefix: "tiprulec-standin")
        defer { removeTemporaryFolder(workPath) }
        let work = URL(fileURLWithPath: workPath, isDirectory: true)
        guard try Self.buildStandIns(with: compiler, into: work) else { return }
        var checked = 0
        for golden in try Self.cases() {
            let result = emit(golden.source, target: golden.target)
            guard result.status == ExitStatus.success else { continue }
            // `#Rule` is a macro, which needs a compiler plugin; the stand-in declares `Rule(…) { … }`.
            let swift = result.standardOutput.replacingOccurrences(of: "#Rule(", with: "Rule(")
            let file = work.appendingPathComponent(golden.name + ".swift")
            try swift.write(to: file, atomically: true, encoding: .utf8)
            let (status, output) = try Self.runCompiler(compiler, ["-typecheck", "-I", work.path, file.path])
            #expect(status == 0, "\(golden.name): the generated Swift does not type-check:\n\(output)")
            checked += 1
        }
        #expect(checked >= 4)
    }
}
