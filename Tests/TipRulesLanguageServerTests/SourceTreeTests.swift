import Foundation
import Testing
@testable import TipRulesLanguageServer
@testable import TipRulesToolingCore
import TipRulesTestSupport

/// The source tree is found from a source file by its marker, however deep the file lies.
@Suite struct SourceTreeTests {
    let folder = TemporaryFolder()

    @Test func theRootIsTheNearestFolderAboveTheFileThatHoldsTheMarker() throws {
        let nested = folder.url.appendingPathComponent("Sources/Module/Feature")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        _ = try folder.write("Package.swift", Array("// swift-tools-version:6.0\n".utf8))
        let root = SourceTree.root(containing: nested.appendingPathComponent("File.swift").path)
        #expect(root?.standardizedFileURL.path == folder.url.standardizedFileURL.path)
    }

    @Test func noMarkerAboveTheFileIsNoRoot() {
        let file = folder.url.appendingPathComponent("a/b/File.swift").path
        #expect(SourceTree.root(containing: file, marker: "no-such-marker-\(UUID().uuidString)") == nil)
    }

    @Test func thisPackageIsFoundFromATestFileAndTheServerLinksItsDocs() throws {
        let root = try #require(SourceTree.root(containing: #filePath))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources/TipRulesToolingCore").path))
        #expect(LanguageServer.defaultDocsURL == root.appendingPathComponent("docs/diagnostics.md").absoluteString)
    }
}
