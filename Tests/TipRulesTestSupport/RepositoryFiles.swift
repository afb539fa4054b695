import Foundation
import TipRulesToolingCore

/// The repository's root folder, found from this file's path (`Tests/TipRulesTestSupport/`).
public let repositoryRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// The executable `name`, one of the package's products, as `swift test` builds it beside the
/// test bundle.
public func builtProduct(_ name: String) -> URL {
    Bundle.main.bundleURL.appendingPathComponent(name)
}

/// Runs the product `name` built beside the tests with `arguments` and `stdin` on a pipe as its
/// standard input, and waits for it: its exit status and what it printed. Throws `ProductNotBuilt`
/// for a product that is not built.
public func runBuiltProduct(_ name: String, _ arguments: [String], stdin: String = "") throws -> CommandResult {
    let executable = builtProduct(name)
    guard FileManager.default.isExecutableFile(atPath: executable.path) else { throw ProductNotBuilt(path: executable.path) }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let input = Pipe(), output = Pipe(), errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    try input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
    try input.fileHandleForWriting.close()
    let standardError = errors.fileHandleForReading.readDataToEndOfFile()
    let standardOutput = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus, standardOutput: String(decoding: standardOutput, as: UTF8.self),
                         standardError: String(decoding: standardError, as: UTF8.self))
}

/// A product `runBuiltProduct` was asked to run is not built beside the tests.
public struct ProductNotBuilt: Error, CustomStringConvertible {
    /// Where it was looked for.
    public let path: String

    public var description: String { "\(path) is not built" }
}
