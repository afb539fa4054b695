#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesRuntime

/// Appends records to one journal file. A record is written with one `write`; a failed write is
/// cut off again, so that the journal always ends at a whole record.
final class JournalWriter {
    let path: String
    private let descriptor: Int32
    /// The journal's size: the end of its last whole record.
    private(set) var size: Int

    /// Opens an existing journal to append after its last good record at `end` (cutting off a
    /// damaged tail), or creates a new one durably.
    init(path: String, folder: String, end: Int?) throws(TipStoreError) {
        self.path = path
        if end == nil { try PosixFile.writeDurably(OperationRecord.journalHeader, to: path, folder: folder) }
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw PosixFile.failure("open", path) }
        self.descriptor = descriptor
        size = end ?? OperationRecord.journalHeader.count
        guard ftruncate(descriptor, off_t(size)) == 0, lseek(descriptor, off_t(size), SEEK_SET) >= 0 else {
            throw PosixFile.failure("cut the damaged tail of", path)
        }
        try PosixFile.sync(descriptor, path: path)
    }

    deinit {
        close(descriptor)
    }

    /// Appends one record (not yet flushed).
    func append(_ record: [UInt8]) throws(TipStoreError) {
        do {
            try PosixFile.writeAll(record, to: descriptor, path: path)
            size += record.count
        } catch {
            undo(to: size)
            throw error
        }
    }

    /// Cuts the journal back to `size` bytes: a record that was written but must not count.
    func undo(to size: Int) {
        ftruncate(descriptor, off_t(size))
        lseek(descriptor, off_t(size), SEEK_SET)
        self.size = size
    }

    /// Flushes the records written so far to disk.
    func sync() throws(TipStoreError) {
        try PosixFile.sync(descriptor, path: path)
    }
}
