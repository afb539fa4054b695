/// The files of a state folder (docs/runtime.md, "The state folder"):
///
/// - `FORMAT`: the storage version, `tiprules-state-folder 1`, written last when the folder is made;
/// - `snapshot-G.tipstate`: generation G's rules and whole state (`SnapshotFile`);
/// - `journal-G.tipjournal`: the operations after snapshot G (`OperationRecord`);
/// - `lock`: held by the one writer;
/// - `install` and the history files: the install id and the merged history (`FolderHistory`).
///
/// The two newest generations are kept, so that a damaged snapshot falls back to the one before
/// it and the journals after that one.
struct FolderLayout {
    /// The storage version this library writes and reads.
    static let storageVersion = 1
    static let formatPrefix = "tiprules-state-folder "

    let folder: String

    var formatPath: String { folder + "/FORMAT" }
    var lockPath: String { folder + "/lock" }

    func snapshotPath(_ generation: Int) -> String { folder + "/" + snapshotName(generation) }
    func journalPath(_ generation: Int) -> String { folder + "/" + journalName(generation) }
    func snapshotName(_ generation: Int) -> String { "snapshot-\(generation).tipstate" }
    func journalName(_ generation: Int) -> String { "journal-\(generation).tipjournal" }

    /// The generations of the snapshots and journals among `names`, and whether any other file
    /// (besides temporary files and the lock) is there.
    static func generations(_ names: [String]) -> (snapshots: [Int], journals: [Int], foreign: [String]) {
        var snapshots: [Int] = []
        var journals: [Int] = []
        var foreign: [String] = []
        for name in names {
            if let generation = generation(of: name, prefix: "snapshot-", suffix: ".tipstate") {
                snapshots.append(generation)
            } else if let generation = generation(of: name, prefix: "journal-", suffix: ".tipjournal") {
                journals.append(generation)
            } else if name != "FORMAT" && name != "lock" && name != "install" && !name.hasSuffix(".tmp") {
                foreign.append(name)
            }
        }
        return (snapshots.sorted(), journals.sorted(), foreign.sorted())
    }

    private static func generation(of name: String, prefix: String, suffix: String) -> Int? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
        // At most 15 digits, so that the next generations never overflow.
        guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy(\.isASCII), digits.first != "0" else { return nil }
        return Int(digits)
    }

    /// The storage version a `FORMAT` file names.
    static func storageVersion(in bytes: [UInt8]) -> Int? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.hasPrefix(formatPrefix) else { return nil }
        return Int(text.dropFirst(formatPrefix.count).prefix { $0 != "\n" })
    }

    static var formatFile: [UInt8] { Array("\(formatPrefix)\(storageVersion)\n".utf8) }
}
