import Foundation
import Testing

/// A fresh folder under the system's temporary folder for one test's files, removed when the
/// test's suite instance (which holds it) goes away. Every test gets its own, so tests that run
/// in parallel never share a file.
final class TemporaryFolder: Sendable {
    let url: URL

    /// Creates the folder, named `prefix` and a UUID; a failure to create it fails the test.
    init(prefix: String = "tiprulec-test") {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            Issue.record(error, "cannot create \(url.path)")
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `bytes` to `name` in the folder; its path.
    func write(_ name: String, _ bytes: some Sequence<UInt8>) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }
}
