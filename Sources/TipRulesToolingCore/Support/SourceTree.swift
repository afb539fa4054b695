#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The source tree a program was built from, found from one of its source files (`#filePath`)
/// by walking up to the folder that holds `Package.swift`, so no caller counts folders and a
/// file that moves finds it still.
package enum SourceTree {
    /// The file that marks the root of the source tree.
    package static let marker = "Package.swift"

    /// The nearest folder above `file` (a path, as `#filePath` gives) that holds `marker`, or nil
    /// when there is none (the program runs far from the tree it was built from).
    package static func root(containing file: String, marker: String = SourceTree.marker) -> URL? {
        var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(marker).path) { return folder }
            let parent = folder.deletingLastPathComponent()
            guard parent.path != folder.path else { return nil }
            folder = parent
        }
    }
}
