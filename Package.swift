// swift-tools-version:5.10
import PackageDescription

/// tiprulec: a compiler and virtual machine for in-app tip and relevance rules.
/// No package dependencies: the toolchain's standard library, Foundation and XCTest only.
let package = Package(
    name: "tiprulec",
    products: [
        .library(name: "TipRulesRuntime", targets: ["TipRulesRuntime"]),
        .library(name: "TipRulesCompiler", targets: ["TipRulesCompiler"]),
        .executable(name: "tiprulec", targets: ["tiprulec"]),
    ],
    targets: [
        // Bytecode format, verifier, VM and event store. Standard library only: no Foundation.
        .target(name: "TipRulesRuntime"),
        // Syntax, semantic analysis and code generation.
        .target(name: "TipRulesCompiler", dependencies: ["TipRulesRuntime"]),
        // JSON, fixtures, diagnostics and result rendering, the command-line driver, the LSP server.
        .target(name: "TipRulesTooling", dependencies: ["TipRulesCompiler", "TipRulesRuntime"]),
        .executableTarget(name: "tiprulec", dependencies: ["TipRulesTooling"]),
        .executableTarget(name: "tiprulec-bench", dependencies: ["TipRulesTooling"]),
        .testTarget(name: "TipRulesRuntimeTests", dependencies: ["TipRulesRuntime", "TipRulesCompiler"]),
        .testTarget(name: "TipRulesCompilerTests", dependencies: ["TipRulesCompiler"]),
        // Golden files and scenarios are read from the source tree (found through #filePath).
        .testTarget(name: "TipRulesToolingTests", dependencies: ["TipRulesTooling"],
                    exclude: ["Golden", "Scenarios", "FuzzRegressions", "SwiftGolden", "ImportGolden", "Compatibility", "ReachGolden"]),
    ]
)
