#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TipRulesTestSupport
import TipRulesRuntime
import TipRulesStorage
import TipRulesChannelCore

/// What the updater's record promises, over nginx: a `304` is still subject to the settled
/// manifest's expiry, a failed write of the record never lifts replay protection, an update
/// that failed is never in force after a relaunch, and activation compares the release in force.
@Suite(.nginxInstalled)
struct ChannelRecordTests {
    let work: ChannelWorkspace

    init() throws {
        work = try .servedByNginx()
    }

    @Test func aFrozenChannelAnswering304IsFoundStale() throws {
        try work.publish([try work.rules(release: 5)], release: 5, ["--expires", "15s"])
        let store = try work.openStore()
        let updater = try work.updater(url: work.url)
        guard case .success(.ready) = work.update(updater, store) else { Issue.record("the release was not applied"); return }
        #expect(work.update(updater, store, at: work.now + 10) == .success(.notModified))
        // nginx answers 304 forever; past the expiry the channel is stale all the same.
        let late = work.update(updater, store, at: work.now + 16)
        guard case .failure(.expired(release: 5, _)) = late else { Issue.record("\(late)"); return }
        #expect(try work.folderRules().release == 5)
    }

    @Test func aFailedFolderFlushKeepsTheRecordAndReplayProtection() throws {
        try work.publish([try work.rules(release: 5)], release: 5)
        let replay = try work.channelFiles()
        let store = try work.openStore()
        _ = work.update(try work.updater(url: work.url), store)
        try work.publish([try work.rules(release: 7)], release: 7)
        _ = work.update(try work.updater(url: work.url), store)
        #expect(try work.folderRules().release == 7)
        // A routine check whose every folder flush fails.
        let failing = FailingFolderFlush()
        let result = work.update(try work.updater(url: work.url, fileLayer: failing), store)
        guard case .failure(.store) = result else { Issue.record("\(result)"); return }
        #expect(FileManager.default.fileExists(atPath: work.state + "/channel-updater.json"))
        // The older, validly signed manifest served again is a replay.
        try work.restoreChannelFiles(replay)
        #expect(work.update(try work.updater(url: work.url), store) == .failure(.replayedRelease(offered: 5, highestSeen: 7)))
        #expect(try work.folderRules().release == 7)
    }

    @Test func anUpdateWhoseRecordCannotBeWrittenIsNeverInForce() throws {
        try work.publish([try work.rules(release: 5)], release: 5)
        let store = try work.openStore()
        let failing = FailingFolderFlush(failing: false)
        let updater = try work.updater(url: work.url, fileLayer: failing)
        guard case .ready(let download) = try updater.fetchBlocking(inForce: store.programBytes, now: work.now) else {
            Issue.record("the release was not offered"); return
        }
        failing.failsFromNowOn()
        #expect(throws: ChannelUpdateError.self) { try updater.activate(download, in: store) }
        // As a relaunch finds the folder: the bundled rules, and the update offered again.
        #expect(try work.folderRules().release == 1)
        guard case .success(.ready) = work.update(try work.updater(url: work.url), store) else { Issue.record("not offered again"); return }
        #expect(try work.folderRules().release == 5)
    }

    @Test func aDownloadBelowTheReleaseInForceIsNotActivated() throws {
        try work.publish([try work.rules(release: 5)], release: 5)
        let store = try work.openStore()
        let updater = try work.updater(url: work.url)
        guard case .ready(let older) = try updater.fetchBlocking(inForce: store.programBytes, now: work.now) else {
            Issue.record("release 5 was not offered"); return
        }
        try work.publish([try work.rules(release: 6)], release: 6)
        guard case .success(.ready) = work.update(updater, store) else { Issue.record("release 6 was not applied"); return }
        #expect(throws: ChannelUpdateError.replayedRelease(offered: 5, highestSeen: 6)) { try updater.activate(older, in: store) }
        #expect(try work.folderRules().release == 6)
    }
}

/// A file layer whose folder flushes fail with EIO (all of them, or from a chosen moment on).
final class FailingFolderFlush: FileLayer, @unchecked Sendable {
    private let lock = NSLock()
    private var failing: Bool

    /// `failing: false`: folder flushes succeed until `failsFromNowOn`.
    init(failing: Bool = true) {
        self.failing = failing
    }

    func failsFromNowOn() {
        lock.withLock { failing = true }
    }

    func syncFolder(_ path: String) -> Int32 {
        guard lock.withLock({ failing }) else { return PosixFileLayer().syncFolder(path) }
        errno = EIO
        return -1
    }
}
