#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesRuntime
import TipRulesState

/// Appends records to one journal file. A record is written with one `write`; a record whose
/// write or flush fails is cut off again, so that the journal ends at its last answered record.
final class JournalWriter {
    let path: String
    private let files: FolderFiles
    private let descriptor: Int32
    /// The journal's size: the end of its last whole record.
    private(set) var size: Int

    /// Opens an existing journal to append after its last good record at `end` (cutting off a
    /// damaged tail), or creates a new one durably (`FolderFiles.createDurably`).
    init(path: String, folder: String, end: Int?, files: FolderFiles) throws(TipStoreError) {
        self.path = path
        self.files = files
        if end == nil { try files.createDurably(OperationRecord.journalHeader, at: path, folder: folder) }
        let descriptor = files.layer.open(path, flags: O_WRONLY | O_APPEND | O_CLOEXEC, mode: 0)
        guard descriptor >= 0 else { throw FolderFiles.failure("open", path) }
        self.descriptor = descriptor
        size = end ?? OperationRecord.journalHeader.count
        // Every stored property is set from here on, so a throw runs `deinit`, which closes the
        // descriptor: closing it here too would close whatever file reused its number.
        guard files.layer.truncate(descriptor, to: size) == 0 else {
            throw FolderFiles.failure("cut the damaged tail of", path)
        }
        try files.sync(descriptor, path: path)
    }

    deinit {
        _ = files.layer.close(descriptor)
    }

    /// Appends one record, flushed when `flushing`. On failure the record is cut off again and
    /// the error thrown; when the cut fails too after the whole record was written, the record
    /// may be read back: `TipStoreError.inDoubt`. (A record whose write failed is torn, and a
    /// reader drops a torn record.) Either way the journal is not appended to again.
    func append(_ record: [UInt8], flushing: Bool) throws(TipStoreError) {
        var written = false
        do {
            try files.writeAll(record, to: descriptor, path: path)
            written = true
            if flushing { try files.sync(descriptor, path: path) }
            size += record.count
        } catch {
            let cut = files.layer.truncate(descriptor, to: size) == 0
            throw written && !cut ? error.inDoubt : error
        }
    }

    /// Flushes the records written so far to disk.
    func sync() throws(TipStoreError) {
        try files.sync(descriptor, path: path)
    }
}
