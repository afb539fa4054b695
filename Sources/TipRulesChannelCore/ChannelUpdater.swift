import Foundation
import TipRulesRuntime
import TipRulesSigning
import TipRulesStorage

/// What an app's channel is: where, which keys it trusts, which app and install it is, and the
/// bounds of each fetch.
public struct ChannelConfiguration: Sendable {
    /// The channel's folder on the host: `manifest.json` and `artifacts/` are under it.
    public var url: URL
    public var trust: ChannelTrust
    public var app: String
    /// The install's id, kept by the app (for staged releases: its `rollout` bucket).
    public var installID: String
    /// The shortest time between two requests to the channel, in seconds (kept across launches).
    public var minimumInterval: Double
    /// Each request's time-out, in seconds.
    public var timeout: Double
    /// The largest artifact fetched.
    public var maximumArtifactSize: Int
    /// The newest bytecode format version this build's runtime reads.
    public var newestReadableFormat: Int

    public init(url: URL, trust: ChannelTrust, app: String, installID: String, minimumInterval: Double = 3600,
                timeout: Double = 30, maximumArtifactSize: Int = BytecodeFormat.maximumFileSize,
                newestReadableFormat: Int = BytecodeFormat.newestVersion) {
        self.url = url
        self.trust = trust
        self.app = app
        self.installID = installID
        self.minimumInterval = minimumInterval
        self.timeout = timeout
        self.maximumArtifactSize = maximumArtifactSize
        self.newestReadableFormat = newestReadableFormat
    }
}

/// What a fetch found.
public enum ChannelFetch: Sendable, Equatable {
    /// The channel was asked less than the minimum interval ago; ask again after this instant.
    case tooSoon(next: Double)
    /// The manifest has not changed (`304`).
    case notModified
    /// The channel's release is the one this install has already acted on, or its program is
    /// already in force.
    case upToDate(release: Int)
    /// A verified program to activate on the store.
    case ready(ChannelDownload)
}

/// A verified program of a channel's release, fetched and checked, waiting to be activated.
public struct ChannelDownload: Sendable, Equatable {
    /// The manifest's release (the program may be the previous release's, for an install
    /// outside a staged share).
    public var release: Int
    public var bytes: [UInt8]
    public var artifact: ChannelArtifact
    fileprivate var etag: String?
    fileprivate var namesApp: Bool
}

/// The device side of a channel (docs/shipping.md): fetch, verify, then activate. `fetch` runs
/// on a thread of its own and never touches the store, so evaluation never waits for the
/// network (`fetchBlocking` is the same on the caller's thread, for tools and background
/// threads); `activate` applies a download through the store's atomic rules update, on the
/// store's thread. The updater's record (highest release seen, ETag, last request) lives in the
/// state folder beside the state.
///
/// ```swift
/// let updater = ChannelUpdater(configuration: configuration, folder: store.folder)
/// let inForce = store.programBytes
/// Task.detached {
///     guard case .ready(let download) = try await updater.fetch(inForce: inForce) else { return }
///     await MainActor.run { _ = try? updater.activate(download, in: store) }
/// }
/// ```
public final class ChannelUpdater: @unchecked Sendable {
    public let configuration: ChannelConfiguration
    public let folder: String
    /// Serializes the record's reads and writes (a fetch and an activation may overlap).
    private let lock = NSLock()

    public init(configuration: ChannelConfiguration, folder: String) {
        self.configuration = configuration
        self.folder = folder
    }

    /// Asks the channel for a newer release than this install has acted on and fetches and
    /// checks its program: signature, then the manifest's app, release and expiry, then the
    /// artifact's size and hash, then the bytecode. `inForce` is the store's `programBytes`.
    public func fetch(inForce: [UInt8], now: Double = Date().timeIntervalSince1970) async throws(ChannelUpdateError) -> ChannelFetch {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<ChannelFetch, ChannelUpdateError>, Never>) in
            DispatchQueue.global(qos: .utility).async {
                do throws(ChannelUpdateError) {
                    continuation.resume(returning: .success(try self.fetchBlocking(inForce: inForce, now: now)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// `fetch` on the calling thread, which waits for the network: for a background thread or
    /// a command-line tool, never for the thread that evaluates.
    public func fetchBlocking(inForce: [UInt8], now: Double = Date().timeIntervalSince1970) throws(ChannelUpdateError) -> ChannelFetch {
        var state = try record { state throws(ChannelUpdateError) in
            if let last = state.lastAttempt, now >= last, now - last < configuration.minimumInterval {
                return false
            }
            state.lastAttempt = now
            return true
        }
        guard let attemptedState = state else {
            let last = try ChannelUpdaterState.load(folder: folder).lastAttempt ?? now
            return .tooSoon(next: last + configuration.minimumInterval)
        }
        let etag = attemptedState.settledRelease == attemptedState.highestSeenRelease ? attemptedState.etag : nil
        let manifestResponse = try get("manifest.json", ifNoneMatch: etag, limit: ChannelManifest.maximumSize, allowsNotModified: true)
        if manifestResponse.status == 304 { return .notModified }
        let signatures = try get("manifest.json.sig", ifNoneMatch: nil, limit: ChannelSignatures.maximumSize, allowsNotModified: false)
        var verified: ChannelManifest?
        state = try record { state throws(ChannelUpdateError) in
            let expectations = ChannelChecks.Expectations(app: configuration.app, highestSeenRelease: state.highestSeenRelease, now: now)
            let (manifest, _) = try ChannelChecks.manifest(manifestResponse.body, signatures: signatures.body,
                                                           trust: configuration.trust, expecting: expectations)
            verified = manifest
            state.highestSeenRelease = manifest.release
            if manifest.release <= state.settledRelease { state.etag = manifestResponse.etag }
            return true
        }
        guard let manifest = verified, let current = state else { return .notModified }
        if manifest.release <= current.settledRelease { return .upToDate(release: manifest.release) }
        let offered = manifest.artifacts(forInstall: configuration.installID)
        guard let artifact = offered.artifacts.artifact(forRuntimeReadingUpTo: configuration.newestReadableFormat) else {
            throw .nothingToLoad(release: offered.release, newestReadable: configuration.newestReadableFormat)
        }
        if artifact.sha512 == Hex.string(SHA512.hash(inForce)) {
            try settle(manifest.release, etag: manifestResponse.etag)
            return .upToDate(release: manifest.release)
        }
        guard artifact.size <= configuration.maximumArtifactSize else {
            throw .tooLarge(url: artifact.path, limit: configuration.maximumArtifactSize)
        }
        let bytes = try get(artifact.path, ifNoneMatch: nil, limit: artifact.size, allowsNotModified: false).body
        let program = try ChannelChecks.program(bytes, of: artifact, app: configuration.app)
        return .ready(ChannelDownload(release: manifest.release, bytes: bytes, artifact: artifact,
                                      etag: manifestResponse.etag, namesApp: program.app != nil))
    }

    /// Applies a download through the store's rules update (rules and state change together or
    /// not at all), then records its release as acted on. Returns what was not carried over.
    @discardableResult
    public func activate(_ download: ChannelDownload, in store: TipStore) throws(ChannelUpdateError) -> [CarryOverProblem] {
        // The channel's release governs the order; the program's own release may be lower (a rollback).
        let policy = RulesUpdatePolicy(app: download.namesApp ? configuration.app : nil, allowsRollback: true)
        let problems: [CarryOverProblem]
        do { problems = try store.update(toRules: download.bytes, policy: policy) } catch { throw .store(error) }
        try settle(download.release, etag: download.etag)
        return problems
    }

    /// The highest release this install has seen, as recorded in the folder.
    public func highestSeenRelease() throws(ChannelUpdateError) -> Int {
        try ChannelUpdaterState.load(folder: folder).highestSeenRelease
    }

    private func settle(_ release: Int, etag: String?) throws(ChannelUpdateError) {
        _ = try record { state throws(ChannelUpdateError) in
            guard release >= state.settledRelease else { return false }
            state.settledRelease = release
            state.highestSeenRelease = max(state.highestSeenRelease, release)
            state.etag = etag
            return true
        }
    }

    /// Loads the record, lets `change` edit it, and saves it when `change` returns true; the
    /// saved record, or nil when nothing was saved.
    private func record(_ change: (inout ChannelUpdaterState) throws(ChannelUpdateError) -> Bool) throws(ChannelUpdateError) -> ChannelUpdaterState? {
        lock.lock()
        defer { lock.unlock() }
        var state = try ChannelUpdaterState.load(folder: folder)
        guard try change(&state) else { return nil }
        try state.save(folder: folder)
        return state
    }

    private func get(_ path: String, ifNoneMatch etag: String?, limit: Int, allowsNotModified: Bool) throws(ChannelUpdateError) -> ChannelResponse {
        let url = configuration.url.appendingPathComponent(path)
        let response = try ChannelFetcher.get(url, ifNoneMatch: etag, limit: limit, timeout: configuration.timeout)
        guard response.status == 200 || (allowsNotModified && response.status == 304) else {
            throw .httpStatus(url: url.absoluteString, status: response.status)
        }
        return response
    }
}
