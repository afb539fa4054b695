import Foundation
import Testing
import TipRulesRuntime
import TipRulesStorage
import TipRulesState
import TipRulesTestSupport

/// The history files of a folder that syncs (`install`, `history.tipsync`,
/// `history-journal.tipsync`) truncated at every length, damaged at every byte, or missing: the
/// folder opens with every answered operation (what the history lost, its state still held, and
/// it is recorded again under a new install), or is refused with a message that says how to
/// recover. Never a silent loss, never a crash — a journal cut exactly at a change set's end (a
/// file-by-file restore) included: the state journal's records say what the history lost.
struct HistoryDamageTests {
    @Test func everyTruncationDamagedByteAndMissingHistoryFileKeepsEveryAnsweredOperation() throws {
        let program = try compile(storageSource)
        let original = temporaryFolder(inMemory: true)
        let work = temporaryFolder(inMemory: true)
        defer {
            removeTemporaryFolder(original)
            removeTemporaryFolder(work)
        }
        let options = TipStoreOptions(now: { 5_000 })
        do {
            let store = try TipStore.open(folder: original, bundledProgram: program, options: options)
            try store.donate(event: "visited", fields: ["backyardID": .int(0)], at: 10)
            _ = try store.changes()
            for visit in 1..<6 { try store.donate(event: "visited", fields: ["backyardID": .int(visit)], at: 10 + Double(visit)) }
            try store.recordDisplay(tip: "Welcome", at: 30, duration: 2)
            try store.close(tip: "Favorite")
        }
        let names = files(in: original).filter { $0 != "lock" }
        var recovered = 0
        var refused = 0
        for name in ["install", "history.tipsync", "history-journal.tipsync"] {
            let whole = bytes(of: original + "/" + name)
            let variants: [[UInt8]?] = [nil] + damagedVariants(of: whole)
            for variant in variants {
                let what = "\(name) \(variant.map { "\($0.count) bytes" } ?? "missing")"
                try copyFiles(names, from: original, to: work, replacing: name, with: variant)
                // A reader (`state export`, `eval --state`, `state rows`) shows what the writer's open
                // recovers, before any writer opened the folder, or is refused as the writer is.
                let reader = Result { try TipStore.read(folder: work) }
                do {
                    do {
                        let store = try TipStore.open(folder: work, bundledProgram: program, options: options)
                        expectWhole(store.engine.store, what)
                        if case .success(let read) = reader {
                            #expect(read.engine.store.donationCount(event: 0) == store.engine.store.donationCount(event: 0), "\(what): read")
                            #expect(read.engine.store.tipState(1) == store.engine.store.tipState(1), "\(what): read")
                            #expect(read.engine.store.tipState(0).invalidation == store.engine.store.tipState(0).invalidation, "\(what): read")
                        } else {
                            Issue.record("\(what): the reader is refused, the writer opens")
                        }
                        try store.donate(event: "visited", fields: ["backyardID": .int(6)], at: 20)
                    }
                    // Reopened after the next write: nothing was cut, nothing waits.
                    let reopened = try TipStore.open(folder: work, bundledProgram: program, options: options)
                    #expect(reopened.engine.store.donationCount(event: 0) == 7, "\(what): reopened")
                    #expect(reopened.syncHistory?.pendingCount == 0, "\(what): operations wait")
                    recovered += 1
                } catch {
                    #expect("\(error)".contains("to recover"), "\(what): refused without saying how to recover: \(error)")
                    if case .success = reader { Issue.record("\(what): the reader shows a state the writer refuses") }
                    refused += 1
                }
            }
        }
        #expect(recovered > 0)
        #expect(refused > 0)
    }

    /// A file-by-file restore: the history journal from an older copy than the state files, cut
    /// exactly at a change set's end. Readers and the writer see the visits the history lost (the
    /// state journal recorded them), the writer records them again under a new install, and the
    /// next open finds nothing more to recover.
    @Test func aHistoryJournalFromAnOlderCopyLosesNothingTheStateJournalRecorded() throws {
        let program = try compile(storageSource)
        let folder = temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let options = TipStoreOptions(now: { 5_000 })
        let journal = folder + "/history-journal.tipsync"
        let older: [UInt8]
        let install: InstallID
        do {
            let store = try TipStore.open(folder: folder, bundledProgram: program, options: options)
            _ = try store.changes()
            for visit in 0..<2 { try store.donate(event: "visited", fields: ["backyardID": .int(visit)], at: 10 + Double(visit)) }
            older = bytes(of: journal)
            for visit in 2..<4 { try store.donate(event: "visited", fields: ["backyardID": .int(visit)], at: 10 + Double(visit)) }
            install = store.installID
        }
        try Data(older).write(to: URL(fileURLWithPath: journal))
        let read = try TipStore.read(folder: folder)
        #expect(read.engine.store.donationCount(event: 0) == 4)
        #expect(read.recovery.contains(.historyBehindState(operations: 2)), "\(read.recovery)")
        do {
            let store = try TipStore.open(folder: folder, bundledProgram: program, options: options)
            #expect(store.engine.store.donationCount(event: 0) == 4)
            #expect(store.installID != install, "numbers past the loss may have reached other devices")
            #expect(store.recovery.contains(.historyRecovered(operations: 2)), "\(store.recovery)")
            #expect(store.syncHistory?.count(of: store.installID) == 2)
        }
        let reopened = try TipStore.open(folder: folder, bundledProgram: program, options: options)
        #expect(reopened.recovery.isEmpty, "\(reopened.recovery)")
        #expect(reopened.engine.store.donationCount(event: 0) == 4)
    }

    /// The state the small folder's operations make: six visits, one display, a closed tip.
    func expectWhole(_ store: EventStore, _ what: String) {
        #expect(store.donationCount(event: 0) == 6, "\(what): visits lost")
        #expect(store.tipState(1).displayCount == 1, "\(what): the display lost")
        #expect(store.tipState(0).invalidation == .tipClosed, "\(what): the close lost")
    }
}
