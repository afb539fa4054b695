import TipRulesRuntime
import TipRulesToolingCore
import TipRulesChannelCore
import TipRulesSigning
import TipRulesCalendar

/// What `publish` makes of its programs and the channel's current manifest: the artifacts of
/// each format version, and the next manifest (a new release, or a heartbeat re-signing the
/// current one with a later expiry).
enum ReleasePlan {
    /// A program of a release as `publish` encodes it.
    struct Encoded {
        var name: String
        var bytes: [UInt8]
        var formatVersion: Int
        /// The app the program names (`configure { app(…) }`), if any.
        var app: String?
    }

    /// The artifacts of a release: for each format version from the oldest any program needs
    /// to the newest this build writes, the newest program a runtime reading up to it loads
    /// (the one of the highest format version it reads). Two programs of one format version
    /// are refused: which is newer would be a guess. So is, for a channel of `app`, a program
    /// naming no app that runtimes able to hold app-named rules would load: every device whose
    /// rules name the app refuses it.
    static func artifacts(of programs: [Encoded], app: String) -> Result<(artifacts: [ChannelArtifact], files: [String: [UInt8]]), CommandError> {
        var byVersion: [Int: Encoded] = [:]
        for program in programs {
            if let other = byVersion[program.formatVersion] {
                return .failure(CommandError("\(other.name) and \(program.name) are both of bytecode format version \(program.formatVersion); give one program per format version (compile a fallback with --bytecode-version)"))
            }
            byVersion[program.formatVersion] = program
        }
        guard let oldest = byVersion.keys.min() else { return .failure(CommandError("publish needs at least one program")) }
        var artifacts: [ChannelArtifact] = []
        var files: [String: [UInt8]] = [:]
        for version in oldest...max(BytecodeFormat.newestVersion, byVersion.keys.max() ?? oldest) {
            guard let loaded = byVersion.filter({ $0.key <= version }).max(by: { $0.key < $1.key })?.value else { continue }
            if !app.isEmpty, loaded.app == nil, version >= FormatConstruct.programIdentity.since {
                return .failure(CommandError("\(loaded.name) names no app, yet runtimes reading format version \(version) would load it from the channel of '\(app)', and every device whose rules name the app refuses it; add configure { app(\"\(app)\") } to it (a fallback for older runtimes goes beside such a program)"))
            }
            let hash = Hex.string(SHA512.hash(loaded.bytes))
            let artifact = ChannelArtifact(formatVersion: version, path: ChannelArtifact.path(forHash: hash), sha512: hash, size: loaded.bytes.count)
            artifacts.append(artifact)
            files[artifact.path] = loaded.bytes
        }
        return .success((artifacts, files))
    }

    /// What a publish asks for besides its programs.
    struct Request {
        var app: String
        var release: Int
        var artifacts: [ChannelArtifact]
        var stagePercent: Int?
        var paused: [String]
        var pausesAll: Bool
        var now: Double
        var expires: Double
    }

    /// The next manifest, and whether it is a heartbeat; or why the release is refused.
    static func manifest(after current: ChannelManifest?, _ request: Request) -> Result<(manifest: ChannelManifest, heartbeat: Bool), CommandError> {
        if let current, current.app != request.app {
            return .failure(CommandError("the channel is for the app '\(current.app)', not '\(request.app)'"))
        }
        var next = ChannelManifest(app: request.app, release: request.release, published: request.now, expires: request.expires,
                                   artifacts: request.artifacts, paused: request.paused, pausesAll: request.pausesAll)
        if let current, request.release <= current.release {
            let unchanged = request.release == current.release && current.artifacts == request.artifacts
                && current.paused == request.paused && current.pausesAll == request.pausesAll
                && (request.stagePercent ?? 100) == (current.staging?.percent ?? 100)
            guard unchanged else {
                return .failure(CommandError("release \(request.release) is not above the channel's release \(current.release); publish a changed release, or a rollback, under a higher number"))
            }
            // The same expiry: the same publish run again within its second (it writes the same bytes).
            guard request.expires >= current.expires else {
                return .failure(CommandError("release \(current.release) already expires at \(CivilCalendar.rfc3339(current.expires) ?? ""); a heartbeat must expire later"))
            }
            next.staging = current.staging
            return .success((next, true))
        }
        if let percent = request.stagePercent, percent < 100 {
            guard let current else {
                return .failure(CommandError("--stage needs a previous release for the installs outside the share; the channel has none"))
            }
            if let staging = current.staging, current.artifacts == request.artifacts {
                // Widening: the same group keeps every install already in the share.
                guard percent >= staging.percent else {
                    return .failure(CommandError("--stage \(percent) narrows the share of \(staging.percent)%; it may only widen"))
                }
                next.staging = ChannelStaging(percent: percent, group: staging.group, previousRelease: staging.previousRelease,
                                              previousArtifacts: staging.previousArtifacts)
            } else {
                // The installs outside the share keep the last release that reached everyone: a
                // staged release over a staged one never widens the first one's audience.
                let previous = current.staging.map { ($0.previousRelease, $0.previousArtifacts) } ?? (current.release, current.artifacts)
                next.staging = ChannelStaging(percent: percent, group: "\(request.app):\(request.release)",
                                              previousRelease: previous.0, previousArtifacts: previous.1)
            }
        }
        return .success((next, false))
    }
}
