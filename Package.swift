// swift-tools-version:6.0
import PackageDescription

/// tiprulec: a compiler and virtual machine for in-app tip and relevance rules.
/// No package dependencies: the toolchain's standard library, Foundation and Swift Testing only.
let package = Package(
    name: "tiprulec",
    products: [
        .library(name: "TipRulesRuntime", targets: ["TipRulesRuntime"]),
        .library(name: "TipRulesCalendar", targets: ["TipRulesCalendar"]),
        .library(name: "TipRulesSigning", targets: ["TipRulesSigning"]),
        .library(name: "TipRulesState", targets: ["TipRulesState"]),
        .library(name: "TipRulesCompiler", targets: ["TipRulesCompiler"]),
        .library(name: "TipRulesStorage", targets: ["TipRulesStorage"]),
        .library(name: "TipRulesChannelCore", targets: ["TipRulesChannelCore"]),
        .library(name: "TipRulesChannelHTTP", targets: ["TipRulesChannelHTTP"]),
        .executable(name: "tiprulec", targets: ["tiprulec"]),
        .executable(name: "tiprulec-fetch", targets: ["tiprulec-fetch"]),
    ],
    targets: [
        // Civil dates (years 1-9999) and RFC 3339 text, read and written. Standard library only.
        .target(name: "TipRulesCalendar"),
        // Bytecode format, verifier, VM, event store and engine. Standard library only: no Foundation.
        .target(name: "TipRulesRuntime", dependencies: ["TipRulesCalendar"]),
        // Ed25519, SHA-512, Base64, OpenSSL's key files and key ids (docs/signing.md). Standard library only.
        .target(name: "TipRulesSigning"),
        // The engine's saved state and operation records, and the history a person's installs share. Standard library only.
        .target(name: "TipRulesState", dependencies: ["TipRulesRuntime"]),
        // A strict JSON parser, value and writer. Standard library only.
        .target(name: "TipRulesJSON"),
        // The engine's state in a folder: journal, snapshots, lock, the rules in force. Standard library and the C library.
        .target(name: "TipRulesStorage", dependencies: ["TipRulesRuntime", "TipRulesState", "TipRulesJSON"]),
        // Signed channels' format and the device's side (docs/shipping.md): manifest and signature files, checks in
        // order, the updater and its record; requests go through the `ChannelTransport` protocol. No Foundation.
        .target(name: "TipRulesChannelCore", dependencies: ["TipRulesRuntime", "TipRulesSigning", "TipRulesStorage", "TipRulesJSON"]),
        // The transport of apps that update from a channel over http and https: URLSession (FoundationNetworking).
        .target(name: "TipRulesChannelHTTP", dependencies: ["TipRulesChannelCore"]),
        // Syntax, semantic analysis and code generation.
        .target(name: "TipRulesCompiler", dependencies: ["TipRulesRuntime"]),
        // The tooling, one module per feature; dependencies go one way (docs/architecture.md, "Modules").
        // Core: fixtures, diagnostics and result rendering, fix-its, formatting, the commands' support (JSON re-exported).
        .target(name: "TipRulesToolingCore", dependencies: ["TipRulesCompiler", "TipRulesRuntime", "TipRulesState", "TipRulesJSON"]),
        // Reading an app's state folder for the commands that take one (`eval`, `simulate`, `state`).
        .target(name: "TipRulesStateFolders", dependencies: ["TipRulesToolingCore", "TipRulesStorage", "TipRulesRuntime"]),
        // The long explanations of diagnostic codes (`tiprulec explain`, docs/diagnostics.md).
        .target(name: "TipRulesExplain", dependencies: ["TipRulesToolingCore", "TipRulesTipKit"]),
        // TipKit Swift in (`tiprulec import`) and out (`tiprulec emit-swift`).
        .target(name: "TipRulesTipKit", dependencies: ["TipRulesToolingCore"]),
        // The Language Server Protocol server (`tiprulec lsp`).
        .target(name: "TipRulesLanguageServer", dependencies: ["TipRulesToolingCore", "TipRulesTipKit"]),
        // Timelines, the simulator and its chart, rule test files (`tiprulec simulate`, `tiprulec test`); rehearsals: many people drawn from a scenario, written as the storage library's rows.
        .target(name: "TipRulesSimulation", dependencies: ["TipRulesToolingCore", "TipRulesStateFolders", "TipRulesStorage"]),
        // Reach over many users' exported histories (`tiprulec reach`).
        .target(name: "TipRulesReach", dependencies: ["TipRulesToolingCore"]),
        // Did a tip work: holdout experiments measured over the same rows (`tiprulec measure`), with its statistics.
        .target(name: "TipRulesMeasure", dependencies: ["TipRulesReach", "TipRulesSimulation", "TipRulesToolingCore"]),
        // Signed channels' commands: keygen, publish, channel verify (docs/shipping.md).
        .target(name: "TipRulesChannels",
                dependencies: ["TipRulesToolingCore", "TipRulesChannelCore", "TipRulesSigning", "TipRulesRuntime"]),
        // Every command and their dispatch, a library so that tests run commands in-process; the fuzz entry points.
        .target(name: "TipRulesCommands",
                dependencies: ["TipRulesToolingCore", "TipRulesExplain", "TipRulesTipKit", "TipRulesLanguageServer",
                               "TipRulesSimulation", "TipRulesReach", "TipRulesMeasure", "TipRulesChannels", "TipRulesStateFolders",
                               "TipRulesStorage", "TipRulesState", "TipRulesChannelCore", "TipRulesSigning"]),
        // The compiler's executable; it links no networking: `channel verify URL` runs `tiprulec-fetch`, built beside it.
        .executableTarget(name: "tiprulec", dependencies: ["TipRulesCommands", "TipRulesLanguageServer", "TipRulesToolingCore"]),
        // Fetches one file of a channel over http or https for `tiprulec channel verify`.
        .executableTarget(name: "tiprulec-fetch", dependencies: ["TipRulesChannelCore", "TipRulesChannelHTTP"]),
        .executableTarget(name: "tiprulec-bench",
                          dependencies: ["TipRulesLanguageServer", "TipRulesToolingCore", "TipRulesStorage", "TipRulesState", "TipRulesSigning"]),
        // The crash test's writer: records operations into a state folder and reports each durable one.
        .executableTarget(name: "tiprules-crash-writer", dependencies: ["TipRulesStorage"]),
        // An example host: what an app does with the runtime and the storage library (docs/runtime.md).
        .executableTarget(name: "tiprules-demo",
                          dependencies: ["TipRulesStorage", "TipRulesState", "TipRulesChannelCore", "TipRulesChannelHTTP"]),
        // What the test targets share: compiling a source, temporary folders, seeded random generators, the
        // repository's files and the built products, commands run in-process, driving a child host process (no product).
        .target(name: "TipRulesTestSupport",
                dependencies: ["TipRulesCommands", "TipRulesToolingCore", "TipRulesCompiler", "TipRulesRuntime"],
                path: "Tests/TipRulesTestSupport"),
        // The tests, one target per module (docs/architecture.md, "Tests"). Golden files, scenarios and corpora sit
        // beside the tests that read them and are read from the source tree (found through #filePath).
        .testTarget(name: "TipRulesCalendarTests", dependencies: ["TipRulesCalendar", "TipRulesTestSupport"]),
        .testTarget(name: "TipRulesRuntimeTests",
                    dependencies: ["TipRulesRuntime", "TipRulesCalendar", "TipRulesState", "TipRulesCompiler", "TipRulesTestSupport"]),
        // Wycheproof's Ed25519 vectors (and their licence) are read from the source tree.
        .testTarget(name: "TipRulesSigningTests", dependencies: ["TipRulesSigning", "TipRulesRuntime", "TipRulesState", "TipRulesTestSupport"],
                    exclude: ["Vectors"]),
        .testTarget(name: "TipRulesStateTests",
                    dependencies: ["TipRulesState", "TipRulesRuntime", "TipRulesCompiler", "TipRulesTestSupport"]),
        .testTarget(name: "TipRulesJSONTests", dependencies: ["TipRulesJSON", "TipRulesTestSupport"]),
        .testTarget(name: "TipRulesCompilerTests", dependencies: ["TipRulesCompiler", "TipRulesRuntime", "TipRulesTestSupport"]),
        .testTarget(name: "TipRulesStorageTests",
                    dependencies: ["TipRulesStorage", "TipRulesState", "TipRulesCompiler", "TipRulesTestSupport", "tiprules-crash-writer", "tiprules-demo"]),
        // Channels as they run in the field: nginx and the tests' fault server (Servers/) on the loopback
        // interface, the example host killed during updates, keys made by OpenSSL.
        .testTarget(name: "TipRulesChannelTests",
                    dependencies: ["TipRulesCommands", "TipRulesChannels", "TipRulesChannelCore", "TipRulesSigning", "TipRulesToolingCore",
                                   "TipRulesStorage", "TipRulesRuntime",
                                   "TipRulesChannelHTTP", "TipRulesTestSupport", "tiprules-demo", "tiprulec-fetch", "tiprulec"],
                    exclude: ["Servers"]),
        .testTarget(name: "TipRulesToolingCoreTests",
                    dependencies: ["TipRulesToolingCore", "TipRulesCompiler", "TipRulesRuntime", "TipRulesTestSupport"]),
        .testTarget(name: "TipRulesExplainTests",
                    dependencies: ["TipRulesExplain", "TipRulesTipKit", "TipRulesCommands", "TipRulesToolingCore", "TipRulesCompiler",
                                   "TipRulesRuntime", "TipRulesTestSupport"]),
        .testTarget(name: "TipRulesTipKitTests",
                    dependencies: ["TipRulesTipKit", "TipRulesExplain", "TipRulesCommands", "TipRulesToolingCore", "TipRulesCompiler",
                                   "TipRulesRuntime", "TipRulesTestSupport"],
                    exclude: ["ImportGolden", "ImportCorpus", "SwiftGolden"]),
        // The language server in process and as a `tiprulec lsp` child (the `tiprulec` it runs is built too).
        .testTarget(name: "TipRulesLanguageServerTests",
                    dependencies: ["TipRulesLanguageServer", "TipRulesCommands", "TipRulesToolingCore", "TipRulesCompiler",
                                   "TipRulesTestSupport", "tiprulec"]),
        .testTarget(name: "TipRulesSimulationTests",
                    dependencies: ["TipRulesSimulation", "TipRulesCommands", "TipRulesToolingCore", "TipRulesCompiler", "TipRulesRuntime",
                                   "TipRulesCalendar", "TipRulesTestSupport"],
                    exclude: ["ChartGolden"]),
        .testTarget(name: "TipRulesReachTests",
                    dependencies: ["TipRulesReach", "TipRulesToolingCore", "TipRulesCompiler", "TipRulesRuntime", "TipRulesCalendar",
                                   "TipRulesTestSupport"],
                    exclude: ["ReachGolden"]),
        .testTarget(name: "TipRulesMeasureTests",
                    dependencies: ["TipRulesMeasure", "TipRulesCommands", "TipRulesToolingCore", "TipRulesTestSupport"],
                    exclude: ["MeasureGolden"]),
        // The commands end to end (check, fmt, compile, eval, disasm, state, migrate), the scenarios, the
        // diagnostics' golden files, the old bytecode kept forever and the fuzz regressions.
        .testTarget(name: "TipRulesCommandsTests",
                    dependencies: ["TipRulesCommands", "TipRulesToolingCore", "TipRulesCompiler", "TipRulesRuntime", "TipRulesState",
                                   "TipRulesTestSupport", "tiprulec"],
                    exclude: ["Golden", "Scenarios", "FuzzRegressions", "Compatibility"]),
        // The reach benchmark's rows and options, and a small run of it (the `tiprulec` it runs is built too).
        .testTarget(name: "TiprulecBenchTests", dependencies: ["tiprulec-bench", "tiprulec", "TipRulesTestSupport"]),
    ]
)

// The libFuzzer targets' entry point (fuzz/run.sh, docs/fuzzing.md), built only when TIPRULES_FUZZ=1, so
// that `swift build` and `swift test` never build it; fuzz/run.sh builds it with the sanitizers.
if Context.environment["TIPRULES_FUZZ"] == "1" {
    package.targets.append(.executableTarget(name: "tiprules-fuzz", dependencies: ["TipRulesCommands"],
                                             path: "fuzz/Target"))
}
