// swift-tools-version:6.0
import PackageDescription

/// tiprulec: a compiler and virtual machine for in-app tip and relevance rules.
/// No package dependencies: the toolchain's standard library, Foundation and Swift Testing only.
let package = Package(
    name: "tiprulec",
    products: [
        .library(name: "TipRulesRuntime", targets: ["TipRulesRuntime"]),
        .library(name: "TipRulesCompiler", targets: ["TipRulesCompiler"]),
        .library(name: "TipRulesStorage", targets: ["TipRulesStorage"]),
        .executable(name: "tiprulec", targets: ["tiprulec"]),
    ],
    targets: [
        // Bytecode format, verifier, VM and event store. Standard library only: no Foundation.
        .target(name: "TipRulesRuntime"),
        // The engine's state in a folder: journal, snapshots, lock, the rules in force. Foundation allowed.
        .target(name: "TipRulesStorage", dependencies: ["TipRulesRuntime"]),
        // Syntax, semantic analysis and code generation.
        .target(name: "TipRulesCompiler", dependencies: ["TipRulesRuntime"]),
        // The tooling, one module per feature; dependencies go one way (docs/architecture.md, "Modules").
        // Core: JSON, fixtures, diagnostics and result rendering, fix-its, formatting, the commands' support.
        .target(name: "TipRulesToolingCore", dependencies: ["TipRulesCompiler", "TipRulesRuntime", "TipRulesStorage"]),
        // The long explanations of diagnostic codes (`tiprulec explain`, docs/diagnostics.md).
        .target(name: "TipRulesExplain", dependencies: ["TipRulesToolingCore", "TipRulesTipKit"]),
        // TipKit Swift in (`tiprulec import`) and out (`tiprulec emit-swift`).
        .target(name: "TipRulesTipKit", dependencies: ["TipRulesToolingCore"]),
        // The Language Server Protocol server (`tiprulec lsp`).
        .target(name: "TipRulesLanguageServer", dependencies: ["TipRulesToolingCore", "TipRulesTipKit"]),
        // Timelines, the simulator and its chart, rule test files (`tiprulec simulate`, `tiprulec test`).
        .target(name: "TipRulesSimulation", dependencies: ["TipRulesToolingCore"]),
        // Reach over many users' exported histories (`tiprulec reach`).
        .target(name: "TipRulesReach", dependencies: ["TipRulesToolingCore"]),
        // Did a tip work: holdout experiments measured over the same rows (`tiprulec measure`), with its statistics.
        .target(name: "TipRulesMeasure", dependencies: ["TipRulesReach", "TipRulesSimulation", "TipRulesToolingCore"]),
        // Every command and their dispatch, a library so that tests run commands in-process; the fuzz entry points.
        // Signed channels: keygen, publish, channel verify (docs/shipping.md).
        .target(name: "TipRulesChannels", dependencies: ["TipRulesToolingCore", "TipRulesStorage", "TipRulesRuntime"]),
        .target(name: "TipRulesCommands",
                dependencies: ["TipRulesToolingCore", "TipRulesExplain", "TipRulesTipKit", "TipRulesLanguageServer",
                               "TipRulesSimulation", "TipRulesReach", "TipRulesMeasure", "TipRulesChannels"]),
        .executableTarget(name: "tiprulec", dependencies: ["TipRulesCommands", "TipRulesLanguageServer", "TipRulesToolingCore"]),
        .executableTarget(name: "tiprulec-bench", dependencies: ["TipRulesLanguageServer", "TipRulesToolingCore", "TipRulesStorage"]),
        // The crash test's writer: records operations into a state folder and reports each durable one.
        .executableTarget(name: "tiprules-crash-writer", dependencies: ["TipRulesStorage"]),
        // An example host: what an app does with the runtime and the storage library (docs/runtime.md).
        .executableTarget(name: "tiprules-demo", dependencies: ["TipRulesStorage"]),
        // What tests of several targets share: driving a child host process (Foundation only; no product).
        .target(name: "TipRulesTestSupport", path: "Tests/TipRulesTestSupport"),
        // Wycheproof's Ed25519 vectors (and their licence) are read from the source tree (through #filePath).
        .testTarget(name: "TipRulesRuntimeTests", dependencies: ["TipRulesRuntime", "TipRulesCompiler"],
                    exclude: ["Vectors"]),
        .testTarget(name: "TipRulesCompilerTests", dependencies: ["TipRulesCompiler"]),
        .testTarget(name: "TipRulesStorageTests",
                    dependencies: ["TipRulesStorage", "TipRulesCompiler", "TipRulesTestSupport", "tiprules-crash-writer", "tiprules-demo"]),
        // Channels as they run in the field: nginx and the tests' fault server (Servers/) on the loopback
        // interface, the example host killed during updates, keys made by OpenSSL.
        .testTarget(name: "TipRulesChannelTests",
                    dependencies: ["TipRulesCommands", "TipRulesChannels", "TipRulesToolingCore", "TipRulesStorage", "TipRulesRuntime",
                                   "TipRulesTestSupport", "tiprules-demo"],
                    exclude: ["Servers"]),
        // The reach benchmark's rows and options, and a small run of it (the `tiprulec` it runs is built too).
        .testTarget(name: "TiprulecBenchTests", dependencies: ["tiprulec-bench", "tiprulec"]),
        // Golden files and scenarios are read from the source tree (found through #filePath).
        .testTarget(name: "TipRulesToolingTests",
                    dependencies: ["TipRulesCommands", "TipRulesToolingCore", "TipRulesExplain", "TipRulesTipKit",
                                   "TipRulesLanguageServer", "TipRulesSimulation", "TipRulesReach", "TipRulesMeasure", "TipRulesCompiler",
                                   "TipRulesRuntime", "TipRulesStorage"],
                    exclude: ["Golden", "Scenarios", "FuzzRegressions", "SwiftGolden", "ImportGolden", "ImportCorpus",
                              "Compatibility", "ChartGolden", "ReachGolden", "MeasureGolden"]),
    ]
)
