#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import TipRulesRuntime
import TipRulesSigning
import TipRulesStorage

/// What an app's channel is: where, which keys it trusts, which app and install it is, and the
/// bounds of each fetch.
public struct ChannelConfiguration: Sendable {
    /// The channel's folder on the host (an http, https or file URL): `manifest.json` and
    /// `artifacts/` are under it.
    public var url: String
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

    public init(url: String, trust: ChannelTrust, app: String, installID: String, minimumInterval: Double = 3600,
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
    /// When the manifest expires: the release governs the rules until then.
    fileprivate var expires: Double
    fileprivate var namesApp: Bool
}

/// The device side of a channel (docs/shipping.md): fetch, verify, then activate. `fetch` runs
/// on a thread of its own and never touches the store, so evaluation never waits for the
/// network (`fetchBlocking` is the same on the caller's thread, for tools and background
/// threads); `activate` applies a download through the store's atomic rules update, on the
/// store's thread. Its requests go through a `ChannelTransport` (`URLSessionChannelTransport` of
/// `TipRulesChannelHTTP` for http and https). The updater's record (highest release seen, the
/// release in force, its program and expiry, ETag, last request) lives in the state folder
/// beside the state; the release the rules in force carry (`publish` writes the channel's
/// release into them) is the floor of every check, whatever becomes of that record, and a
/// damaged record is rebuilt from them. While the release in force is unexpired it governs the
/// rules: open the store with `bundledMayReplace: !updater.governsRules(now:)`, so that an app
/// update's bundled rules do not undo the channel's decision, then ask for its `standing` (which
/// release governs, until when) with the same clock (docs/shipping.md, "What holds").
///
/// ```swift
/// let updater = ChannelUpdater(configuration: configuration, folder: store.folder,
///                              transport: URLSessionChannelTransport())
/// let inForce = store.programBytes
/// Task.detached {
///     guard case .ready(let download) = try await updater.fetch(inForce: inForce) else { return }
///     await MainActor.run { _ = try? updater.activate(download, in: store) }
/// }
/// ```
public final class ChannelUpdater: @unchecked Sendable {
    public let configuration: ChannelConfiguration
    public let folder: String
    public let transport: any ChannelTransport
    /// The file layer the record is read and written through (the real calls by default).
    public let fileLayer: any FileLayer
    /// Serializes the record's reads and writes (a fetch and an activation may overlap).
    private let lock = DispatchSemaphore(value: 1)
    /// The highest release this process has seen, under `lock`: a record whose write failed
    /// never lowers it.
    private var seenInProcess = 0

    public init(configuration: ChannelConfiguration, folder: String, transport: any ChannelTransport,
                fileLayer: any FileLayer = PosixFileLayer()) {
        self.configuration = configuration
        self.folder = folder
        self.transport = transport
        self.fileLayer = fileLayer
    }

    /// Asks the channel for a newer release than this install has acted on and fetches and
    /// checks its program: signature, then the manifest's app, release and expiry, then the
    /// artifact's size and hash, then the bytecode. `inForce` is the store's `programBytes`.
    public func fetch(inForce: [UInt8], now: Double = ChannelUpdater.currentTime()) async throws(ChannelUpdateError) -> ChannelFetch {
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
    public func fetchBlocking(inForce: [UInt8], now: Double = ChannelUpdater.currentTime()) throws(ChannelUpdateError) -> ChannelFetch {
        let rules = RulesInForce(inForce)
        let inForceHash = rules.program
        let (attempted, asks, _) = try record(rules) { state throws(ChannelUpdateError) in
            if let last = state.lastAttempt, now >= last, now - last < configuration.minimumInterval {
                return false
            }
            state.lastAttempt = now
            return true
        }
        guard asks else { return .tooSoon(next: (attempted.lastAttempt ?? now) + configuration.minimumInterval) }
        // The ETag only while the release in force is the newest seen, its program is in force
        // and its expiry is known: else the manifest is fetched whole and checked again.
        let conditional = attempted.settledRelease == attempted.highestSeenRelease && attempted.settledProgram == inForceHash
            && attempted.settledExpires != nil
        let manifestResponse = try get("manifest.json", ifNoneMatch: conditional ? attempted.etag : nil,
                                       limit: ChannelManifest.maximumSize, allowsNotModified: true)
        if manifestResponse.status == 304 {
            // Not modified is still the settled manifest: past its expiry the channel is stale.
            if let expires = attempted.settledExpires, now >= expires {
                throw .expired(release: attempted.settledRelease, expires: expires)
            }
            return .notModified
        }
        let signatures = try get("manifest.json.sig", ifNoneMatch: nil, limit: ChannelSignatures.maximumSize, allowsNotModified: false)
        var verified: ChannelManifest?
        _ = try record(rules) { state throws(ChannelUpdateError) in
            let expectations = ChannelChecks.Expectations(app: configuration.app, highestSeenRelease: state.highestSeenRelease, now: now)
            let (manifest, _) = try ChannelChecks.manifest(manifestResponse.body, signatures: signatures.body,
                                                           trust: configuration.trust, expecting: expectations)
            verified = manifest
            state.highestSeenRelease = manifest.release
            if manifest.release == state.settledRelease, state.settledProgram == inForceHash {
                state.etag = manifestResponse.etag
                state.settledExpires = manifest.expires
            }
            return true
        }
        guard let manifest = verified else { return .notModified }
        let offered = manifest.artifacts(forInstall: configuration.installID)
        guard let artifact = offered.artifacts.artifact(forRuntimeReadingUpTo: configuration.newestReadableFormat) else {
            throw .nothingToLoad(release: offered.release, newestReadable: configuration.newestReadableFormat)
        }
        if artifact.sha512 == inForceHash {
            try settle(manifest.release, program: artifact.sha512, expires: manifest.expires, etag: manifestResponse.etag, over: rules)
            return .upToDate(release: manifest.release)
        }
        // A newer release, or the release in force whose program is not (an app update's
        // bundled rules, an activation that failed): fetched and put in force again.
        guard artifact.size <= configuration.maximumArtifactSize else {
            throw .tooLarge(url: artifact.path, limit: configuration.maximumArtifactSize)
        }
        let bytes = try get(artifact.path, ifNoneMatch: nil, limit: artifact.size, allowsNotModified: false).body
        let program = try ChannelChecks.program(bytes, of: artifact, app: configuration.app)
        return .ready(ChannelDownload(release: manifest.release, bytes: bytes, artifact: artifact, etag: manifestResponse.etag,
                                      expires: manifest.expires, namesApp: program.app != nil))
    }

    /// Applies a download through the store's rules update (rules and state change together or
    /// not at all). The record says first that its release is in force, so that a record that
    /// cannot be written leaves the rules as they are: an update that throws is never in force
    /// after a relaunch (when the rules update itself fails after the record, the next fetch
    /// offers the program again). A download whose release is below the release in force (a
    /// newer one was activated since it was fetched) is refused. Returns what was not carried over.
    @discardableResult
    public func activate(_ download: ChannelDownload, in store: TipStore) throws(ChannelUpdateError) -> [CarryOverProblem] {
        // The channel's release governs the order; the program's own release may be lower (a rollback).
        let policy = RulesUpdatePolicy(app: download.namesApp ? configuration.app : nil, allowsRollback: true)
        do {
            try policy.check(try Program(bytes: download.bytes), over: store.engine.program)
        } catch let error as RulesUpdateError {
            throw .store(.rulesUpdate(error))
        } catch {
            throw .unreadableArtifact(path: download.artifact.path, error as? BytecodeError ?? .verificationFailed("\(error)"))
        }
        let rules = RulesInForce(program: Hex.string(SHA512.hash(store.programBytes)), release: store.engine.program.release ?? 0)
        _ = try record(rules) { state throws(ChannelUpdateError) in
            // The floor: the release in force, as the record and the rules in force say.
            let floor = max(state.settledRelease, rules.release)
            guard download.release >= floor else { throw .replayedRelease(offered: download.release, highestSeen: floor) }
            state.settle(download.release, program: download.artifact.sha512, expires: download.expires, etag: download.etag)
            return true
        }
        do { return try store.update(toRules: download.bytes, policy: policy) } catch { throw .store(error) }
    }

    /// Whether the release in force governs the folder's rules at `now` (the same clock as every
    /// other decision of the app): one was applied (or found in force) and its manifest has not
    /// expired. While it does, the app opens its store with `bundledMayReplace: false`. A damaged
    /// record governs too, so that the rules in force stay until `standing(inForce:now:)` has
    /// rebuilt it from them.
    public func governsRules(now: Double = ChannelUpdater.currentTime()) throws(ChannelUpdateError) -> Bool {
        let (state, damage) = try ChannelUpdaterState.load(folder: folder, layer: fileLayer)
        return damage != nil || state.governs(at: now)
    }

    /// What governs the rules in force (`inForce`, the store's `programBytes`) at `now`: the
    /// channel release in force and its expiry. A damaged record is rebuilt here from the rules
    /// in force (their release the floor) and the standing says so (`damage`); later updates
    /// work as before. An app calls it once its store is open.
    public func standing(inForce: [UInt8], now: Double = ChannelUpdater.currentTime()) throws(ChannelUpdateError) -> ChannelStanding {
        let rules = RulesInForce(inForce)
        let (state, _, damage) = try record(rules) { _ throws(ChannelUpdateError) in false }
        return ChannelStanding(state, programInForce: rules.program, at: now, damage: damage)
    }

    /// The highest release this install has seen, as recorded in the folder.
    public func highestSeenRelease() throws(ChannelUpdateError) -> Int {
        try ChannelUpdaterState.load(folder: folder, layer: fileLayer).state.highestSeenRelease
    }

    /// Records `release` as in force with its program, unless a higher one is.
    private func settle(_ release: Int, program: String, expires: Double, etag: String?, over rules: RulesInForce) throws(ChannelUpdateError) {
        _ = try record(rules) { state throws(ChannelUpdateError) in
            guard release >= state.settledRelease else { return false }
            state.settle(release, program: program, expires: expires, etag: etag)
            return true
        }
    }

    /// Loads the record, lets `change` edit it, and saves it when `change` returns true. The
    /// release the rules in force carry is a floor of the highest release seen, whatever the
    /// record says (a record deleted or damaged never lets a lower release in), and a damaged
    /// record is rebuilt from them and saved. Returns the record, whether `change` changed it,
    /// and what was wrong with a rebuilt one.
    private func record(_ rules: RulesInForce, _ change: (inout ChannelUpdaterState) throws(ChannelUpdateError) -> Bool)
        throws(ChannelUpdateError) -> (state: ChannelUpdaterState, changed: Bool, damage: String?) {
        lock.wait()
        defer { lock.signal() }
        var (state, damage) = try ChannelUpdaterState.load(folder: folder, layer: fileLayer)
        if damage != nil { state = ChannelUpdaterState(rebuiltFrom: rules.program, release: rules.release) }
        state.highestSeenRelease = max(state.highestSeenRelease, seenInProcess, rules.release)
        let changed = try change(&state)
        guard changed || damage != nil else { return (state, false, nil) }
        seenInProcess = max(seenInProcess, state.highestSeenRelease)
        try state.save(folder: folder, layer: fileLayer)
        return (state, changed, damage)
    }

    private func get(_ path: String, ifNoneMatch etag: String?, limit: Int, allowsNotModified: Bool) throws(ChannelUpdateError) -> ChannelResponse {
        let url = channelFileURL(path, in: configuration.url)
        let response = try transport.get(url, ifNoneMatch: etag, limit: limit, timeout: configuration.timeout)
        guard response.status == 200 || (allowsNotModified && response.status == 304) else {
            throw .httpStatus(url: url, status: response.status)
        }
        return response
    }

    /// The rules in force as the record's checks see them: the SHA-512 of their bytes and the
    /// release they carry (0 for none), the floor of every release this install takes.
    private struct RulesInForce {
        var program: String
        var release: Int

        init(program: String, release: Int) {
            self.program = program
            self.release = release
        }

        init(_ bytes: [UInt8]) {
            self.init(program: Hex.string(SHA512.hash(bytes)), release: (try? Program(bytes: bytes))?.release ?? 0)
        }
    }

    /// The system's clock, in seconds since 1970.
    public static func currentTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
