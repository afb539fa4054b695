import TipRulesRuntime
import TipRulesState

/// A state folder's `install` file: `tiprules-install ID` and a line break, ID the folder's
/// install id (32 hexadecimal digits). Written once, when the folder first syncs; its presence
/// says the folder's history files hold its whole history.
enum InstallFile {
    static let name = "install"
    static let prefix = "tiprules-install "

    static func path(in folder: String) -> String { folder + "/" + name }

    /// The folder's install id; nil when it has none yet.
    static func read(folder: String, files: FolderFiles) throws(TipStoreError) -> InstallID? {
        guard let bytes = try files.contents(of: path(in: folder)) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.hasPrefix(prefix), let install = InstallID(text.dropFirst(prefix.count).prefix { $0 != "\n" }) else {
            throw .notAStateFolder(folder: folder, "its install file does not hold an install id")
        }
        return install
    }

    static func write(_ install: InstallID, folder: String, files: FolderFiles) throws(TipStoreError) {
        try files.createDurably(Array("\(prefix)\(install)\n".utf8), at: path(in: folder), folder: folder)
    }
}
