import Foundation
import TipRulesRuntime
import TipRulesStorage
import TipRulesTestSupport

/// Replaces `destination` with a copy of the folder `source`.
func copyFolder(_ source: String, to destination: String) throws {
    removeTemporaryFolder(destination)
    try FileManager.default.copyItem(atPath: source, toPath: destination)
}

/// Sends what `receiver` lacks from `sender`, through bytes.
@discardableResult
func exchange(from sender: TipStore, to receiver: TipStore) throws -> MergeReport {
    try receiver.apply(changeSet: try sender.changes(since: receiver.versionVector).encoded())
}

/// The rules the storage tests record under.
let storageSource = """
configure { app("com.example.backyard") release(3) }
parameter isLoggedIn: Bool = false
event visited(backyardID: Int)
tip Favorite {
    title: "f"
    #Rule(Self.visited) { $0.donations.count >= 2 }
}
tip Welcome { title: "w" }
"""

/// A file's bytes (empty when it cannot be read).
func bytes(of path: String) -> [UInt8] {
    (FileManager.default.contents(atPath: path)).map { [UInt8]($0) } ?? []
}

func write(_ bytes: [UInt8], to path: String) {
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
}

func files(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}

/// Every truncation of `whole` (each length short of it), then `whole` with each byte flipped.
func damagedVariants(of whole: [UInt8]) -> [[UInt8]] {
    (0..<whole.count).map { Array(whole.prefix($0)) }
        + whole.indices.map { index -> [UInt8] in
            var damaged = whole
            damaged[index] ^= 0xA5
            return damaged
        }
}

/// Makes `work` a copy of the files `names` of `original`, with `name` holding `variant` (nil:
/// missing) instead.
func copyFiles(_ names: [String], from original: String, to work: String, replacing name: String, with variant: [UInt8]?) throws {
    removeTemporaryFolder(work)
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    for file in names where file != name { write(bytes(of: original + "/" + file), to: work + "/" + file) }
    if let variant { write(variant, to: work + "/" + name) }
}
