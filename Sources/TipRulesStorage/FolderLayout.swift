/// The files of a state folder (docs/runtime.md, "The state folder"):
///
/// - `FORMAT`: the storage version, `tiprules-state-folder 1` (2 once the folder holds an
///   exposure or a compacted history: `FolderFormat`), written last when the folder is made;
/// - `snapshot-G.tipstate`: generation G's rules and whole state (`SnapshotFile`);
/// - `journal-G.tipjournal`: the operations after snapshot G (`OperationRecord`);
/// - `lock`: held by the one writer;
/// - `install` and the history files: the install id and the merged history (`FolderHistory`).
///
/// Two generations are kept: the snapshot in force and the one it was written after, so that a
/// damaged snapshot falls back to the one before it and the journals after that one.
/// `FORMAT` governs the folder's version: a file of a newer format is written only into a folder
/// whose `FORMAT` names a newer storage version, so in a folder this library reads, a snapshot or
/// journal claiming a newer version is damaged (read around like any damaged file).
struct FolderLayout {
    /// The newest storage version this library writes and reads: 2 for a folder that holds an
    /// exposure (an `expose` record in its journal, a saved state or a history with exposures) or
    /// a version 2 change set in its history files, which a library from before exposures would
    /// read as damage; it refuses the folder whole, as newer than itself (`FolderFormat`). Any
    /// other folder stays at 1, which every library reads.
    static let storageVersion = 2
    /// The storage version of a folder that holds no exposure.
    static let firstStorageVersion = 1
    static let formatPrefix = "tiprules-state-folder "

    let folder: String

    var formatPath: String { folder + "/FORMAT" }
    var lockPath: String { folder + "/lock" }

    func snapshotPath(_ generation: Int) -> String { folder + "/" + snapshotName(generation) }
    func journalPath(_ generation: Int) -> String { folder + "/" + journalName(generation) }
    func snapshotName(_ generation: Int) -> String { "snapshot-\(generation).tipstate" }
    func journalName(_ generation: Int) -> String { "journal-\(generation).tipjournal" }

    /// The files of a folder by what they are.
    struct Listing {
        var snapshots: [Int] = []
        var journals: [Int] = []
        /// Files written under a temporary name and not renamed (a writer stopped midway).
        var temporaries: [String] = []
        /// Files that are not a state folder's.
        var foreign: [String] = []
    }

    /// The generations of the snapshots and journals among `names`, the temporary files, and any
    /// other file (besides `FORMAT` and the lock).
    static func generations(_ names: [String]) -> Listing {
        var listing = Listing()
        for name in names {
            if let generation = generation(of: name, prefix: "snapshot-", suffix: ".tipstate") {
                listing.snapshots.append(generation)
            } else if let generation = generation(of: name, prefix: "journal-", suffix: ".tipjournal") {
                listing.journals.append(generation)
            } else if name.hasSuffix(".tmp") {
                listing.temporaries.append(name)
            } else if name != "FORMAT" && name != "lock" && name != "install" {
                listing.foreign.append(name)
            }
        }
        listing.snapshots.sort()
        listing.journals.sort()
        listing.foreign.sort()
        return listing
    }

    /// Whether `name` is a temporary file this library writes: `FORMAT`, a snapshot or a
    /// journal under its temporary name.
    static func isOwnTemporary(_ name: String) -> Bool {
        guard name.hasSuffix(".tmp") else { return false }
        let stem = String(name.dropLast(4))
        let listing = generations([stem])
        return ["FORMAT", InstallFile.name, FolderHistory.baseName, FolderHistory.journalName].contains(stem)
            || !listing.snapshots.isEmpty || !listing.journals.isEmpty
    }

    private static func generation(of name: String, prefix: String, suffix: String) -> Int? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
        // At most 15 digits, so that the next generations never overflow.
        guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy(\.isASCII), digits.first != "0" else { return nil }
        return Int(digits)
    }

    /// The storage version a `FORMAT` file names: a positive number in decimal digits (at most
    /// 9, no leading zero) after the prefix, then an optional line break; nil for anything else.
    static func storageVersion(in bytes: [UInt8]) -> Int? {
        guard bytes.starts(with: formatPrefix.utf8) else { return nil }
        var digits = bytes.dropFirst(formatPrefix.utf8.count)
        if digits.last == UInt8(ascii: "\n") { digits = digits.dropLast() }
        guard (1...9).contains(digits.count), digits.first != UInt8(ascii: "0"),
              digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// The `FORMAT` file naming `version`.
    static func formatFile(version: Int) -> [UInt8] { Array("\(formatPrefix)\(version)\n".utf8) }

}
