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
        // JSON, fixtures, diagnostics and result rendering, the command-line driver, the LSP server.
        .target(name: "TipRulesTooling", dependencies: ["TipRulesCompiler", "TipRulesRuntime", "TipRulesStorage"]),
        .executableTarget(name: "tiprulec", dependencies: ["TipRulesTooling"]),
        .executableTarget(name: "tiprulec-bench", dependencies: ["TipRulesTooling", "TipRulesStorage"]),
        // The crash test's writer: records operations into a state folder and reports each durable one.
        .executableTarget(name: "tiprules-crash-writer", dependencies: ["TipRulesStorage"]),
        // An example host: what an app does with the runtime and the storage library (docs/runtime.md).
        .executableTarget(name: "tiprules-demo", dependencies: ["TipRulesStorage"]),
        // Wycheproof's Ed25519 vectors (and their licence) are read from the source tree (through #filePath).
        .testTarget(name: "TipRulesRuntimeTests", dependencies: ["TipRulesRuntime", "TipRulesCompiler"],
                    exclude: ["Vectors"]),
        .testTarget(name: "TipRulesCompilerTests", dependencies: ["TipRulesCompiler"]),
        .testTarget(name: "TipRulesStorageTests",
                    dependencies: ["TipRulesStorage", "TipRulesCompiler", "tiprules-crash-writer", "tiprules-demo"]),
        // Golden files and scenarios are read from the source tree (found through #filePath).
        .testTarget(name: "TipRulesToolingTests", dependencies: ["TipRulesTooling"],
                    exclude: ["Golden", "Scenarios", "FuzzRegressions", "SwiftGolden", "ImportGolden", "ImportCorpus",
                              "Compatibility", "ChartGolden", "ReachGolden"]),
    ]
)
