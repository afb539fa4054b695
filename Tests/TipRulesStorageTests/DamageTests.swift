import Foundation
import Testing
import TipRulesRuntime
import TipRulesStorage
import TipRulesState
import TipRulesTestSupport

/// Every file of a small folder truncated at every length and damaged at every byte: the folder
/// opens with what can be recovered (reported), or fails with a `TipStoreError`; never a crash.
struct DamageTests {
    @Test func everyTruncationAndDamagedByteOpensOrFailsClearly() throws {
        let program = try compile(storageSource)
        let original = temporaryFolder(inMemory: true)
        let work = temporaryFolder(inMemory: true)
        defer {
            removeTemporaryFolder(original)
            removeTemporaryFolder(work)
        }
        let complete: [UInt8]
        do {
            let store = try TipStore.open(folder: original, bundledProgram: program)
            try store.donate(event: "visited", fields: ["backyardID": .int(1)], at: 10)
            try store.compact()
            try store.donate(event: "visited", fields: ["backyardID": .int(2)], at: 20)
            try store.recordDisplay(tip: "Welcome", at: 30, duration: 2)
            complete = store.engine.savedState()
        }
        let names = files(in: original).filter { $0 != "lock" }
        var opened = 0
        var refused = 0
        for name in names {
            let whole = bytes(of: original + "/" + name)
            let variants = damagedVariants(of: whole)
            for (number, variant) in variants.enumerated() {
                try copyFiles(names, from: original, to: work, replacing: name, with: variant)
                do {
                    let read = try TipStore.read(folder: work)
                    opened += 1
                    // The writer (which rewrites the folder, flushing each file) opens every other one.
                    guard number % 2 == 0 else { continue }
                    let store = try TipStore.open(folder: work, bundledProgram: program)
                    #expect(store.engine.savedState() == read.engine.savedState(), "\(name): the writer and a reader disagree")
                    // A journal cut at a record boundary is a journal with fewer records, as after a
                    // crash before they were written: nothing tells it apart.
                    let cleanCut = variant.count < whole.count && (try? OperationRecord.read(variant))?.damage == nil
                    if store.engine.savedState() != complete && !cleanCut {
                        #expect(!store.recovery.isEmpty, "\(name) \(variant.count) of \(whole.count): state lost without a report")
                    }
                } catch {
                    // Both calls throw only `TipStoreError`: a typed, described refusal.
                    #expect(!"\(error)".isEmpty)
                    refused += 1
                }
            }
        }
        #expect(opened > 0)
        #expect(refused > 0)
    }
}
