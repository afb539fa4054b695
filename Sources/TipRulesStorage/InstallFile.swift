import TipRulesRuntime
import TipRulesState

/// A state folder's `install` file: `tiprules-install ID`, a line break, then `folder DEVICE
/// INODE` and a line break: ID the folder's install id (32 hexadecimal digits), DEVICE and INODE
/// (decimal) where the folder lived when the id was made. A copy of the folder (a backup restored,
/// a device migrated) lives elsewhere, so it is detected when a writer opens it: the copy becomes
/// a new install (`FolderHistory.forWriter`), and two folders never number operations under one id.
/// A file without the second line (written before it existed) is given it.
enum InstallFile {
    static let name = "install"
    static let prefix = "tiprules-install "
    static let folderPrefix = "folder "

    static func path(in folder: String) -> String { folder + "/" + name }

    /// The folder's install id and the identity it was made in (nil: not recorded); nil when it
    /// has none yet.
    static func read(folder: String, files: FolderFiles) throws(TipStoreError) -> (install: InstallID, identity: FileIdentity?)? {
        guard let bytes = try files.contents(of: path(in: folder)) else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2, lines.last == "", lines[0].hasPrefix(prefix), let install = InstallID(lines[0].dropFirst(prefix.count)) else {
            throw .notAStateFolder(folder: folder, "its install file does not hold an install id")
        }
        guard lines.count > 2 else { return (install, nil) }
        let parts = lines[1].split(separator: " ", omittingEmptySubsequences: false)
        guard lines.count == 3, parts.count == 3, parts[0] == "folder", let device = UInt64(parts[1]), let inode = UInt64(parts[2]) else {
            throw .notAStateFolder(folder: folder, "its install file does not say where the folder lived")
        }
        return (install, FileIdentity(device: device, inode: inode))
    }

    static func write(_ install: InstallID, identity: FileIdentity, folder: String, files: FolderFiles) throws(TipStoreError) {
        let text = "\(prefix)\(install)\n\(folderPrefix)\(identity.device) \(identity.inode)\n"
        try files.createDurably(Array(text.utf8), at: path(in: folder), folder: folder)
    }
}
