import TipRulesRuntime
import TipRulesState

/// A state folder's `FORMAT` file as its writer keeps it (docs/runtime.md, "The state folder"):
/// the storage version it names, raised before the folder first holds what a library of a lower
/// version would read as damage (`FolderLayout.storageVersion`) — an exposure, or a version 2
/// change set in its history files — so that such a library refuses the folder whole, as newer
/// than itself (`newerStorageVersion`). A folder that holds neither stays at the first version.
final class FolderFormat {
    let layout: FolderLayout
    let files: FolderFiles
    /// The version `FORMAT` names; nil until it is written (a new folder writes it last).
    private(set) var version: Int?

    init(layout: FolderLayout, files: FolderFiles, version: Int?) {
        (self.layout, self.files, self.version) = (layout, files, version)
    }

    /// Writes `FORMAT` naming the version `store` needs, where there is none.
    func create(holding store: EventStore) throws(TipStoreError) {
        let needed = Self.version(holding: store)
        try files.createDurably(FolderLayout.formatFile(version: needed), at: layout.formatPath, folder: layout.folder)
        version = needed
    }

    /// Raises `FORMAT` to `needed` (written to a new file, flushed, renamed over the old one) when
    /// it names a lower version; nothing before `FORMAT` is first written.
    func require(_ needed: Int) throws(TipStoreError) {
        guard let version, needed > version else { return }
        try files.replaceDurably(FolderLayout.formatFile(version: needed), at: layout.formatPath, folder: layout.folder)
        self.version = needed
    }

    /// The version a folder whose state is `store` needs.
    static func version(holding store: EventStore) -> Int {
        store.exposures.isEmpty ? FolderLayout.firstStorageVersion : FolderLayout.storageVersion
    }

    /// The version a folder whose history files hold `changeSet` needs: a change set with a
    /// baseline or an exposure is of change set format version 2.
    static func version(writing changeSet: ChangeSet) -> Int {
        let exposes = changeSet.operations.contains { if case .exposure = $0.change { true } else { false } }
        return exposes || changeSet.baseline != nil ? FolderLayout.storageVersion : FolderLayout.firstStorageVersion
    }

    /// The version recording `operation` under `program` needs: an `expose` record's, and a
    /// display's when the rules hold out a share of a tip (a treatment's first display records
    /// an exposure).
    static func version(recording operation: TipOperation, program: Program) -> Int {
        switch operation {
        case .expose:
            return FolderLayout.storageVersion
        case .display where program.tips.contains(where: { $0.holdout != nil }):
            return FolderLayout.storageVersion
        default:
            return FolderLayout.firstStorageVersion
        }
    }
}
