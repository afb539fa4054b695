import TipRulesRuntime

/// A channel's manifest (`manifest.json`, docs/shipping.md): which release of which app, when it
/// was published and when it expires, and for each bytecode format version the artifact a
/// runtime reading up to that version loads. It is the one file of a channel that changes; the
/// signatures in `manifest.json.sig` cover its exact bytes.
public struct ChannelManifest: Hashable, Sendable {
    /// The manifest format this library writes and the newest it reads.
    public static let currentVersion = 1
    /// The largest manifest a device reads (a manifest lists a few artifacts: a few KiB).
    public static let maximumSize = 64 * 1024

    /// The manifest format (`manifestVersion`).
    public var manifestVersion: Int
    /// The app the rules are for (`configure { app(…) }`).
    public var app: String
    /// The release number; each publish raises it.
    public var release: Int
    /// When it was published and when it stops being valid, in seconds since 1970.
    public var published: Double
    public var expires: Double
    /// The release's programs, one per format version from the oldest that any of them needs.
    public var artifacts: [ChannelArtifact]
    /// The share of installs the release goes to, and what the others keep; nil for everyone.
    public var staging: ChannelStaging?
    /// The tips this release pauses (they carry a rule that is always false), and whether it
    /// pauses all of them.
    public var paused: [String]
    public var pausesAll: Bool

    public init(manifestVersion: Int = ChannelManifest.currentVersion, app: String, release: Int, published: Double,
                expires: Double, artifacts: [ChannelArtifact], staging: ChannelStaging? = nil,
                paused: [String] = [], pausesAll: Bool = false) {
        self.manifestVersion = manifestVersion
        self.app = app
        self.release = release
        self.published = published
        self.expires = expires
        self.artifacts = artifacts
        self.staging = staging
        self.paused = paused
        self.pausesAll = pausesAll
    }

    /// The artifacts an install with `installID` takes: the release's, or, for an install
    /// outside a staged release's share, the previous release's; with the release they belong to.
    public func artifacts(forInstall installID: String) -> (release: Int, artifacts: [ChannelArtifact]) {
        guard let staging, !staging.includes(installID) else { return (release, artifacts) }
        return (staging.previousRelease, staging.previousArtifacts)
    }
}

/// One program of a release: the format version it is listed for, where it is in the channel
/// (`artifacts/<sha512>.tipc`, never rewritten) and the SHA-512 and size of its bytes.
public struct ChannelArtifact: Hashable, Sendable {
    public var formatVersion: Int
    public var path: String
    /// The SHA-512 of the file, 128 lowercase hexadecimal digits.
    public var sha512: String
    public var size: Int

    public init(formatVersion: Int, path: String, sha512: String, size: Int) {
        self.formatVersion = formatVersion
        self.path = path
        self.sha512 = sha512
        self.size = size
    }

    /// The path a channel keeps a file of this hash at.
    public static func path(forHash sha512: String) -> String { "artifacts/\(sha512).tipc" }

    /// Whether the path is the one its hash names: a device fetches nothing else (no `..`,
    /// no other host, no other file).
    public var isWellFormed: Bool {
        sha512.utf8.count == 128 && sha512.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
            && path == Self.path(forHash: sha512) && size >= 0
    }
}

extension Array where Element == ChannelArtifact {
    /// The artifact a runtime reading format versions up to `newestReadable` loads: the one
    /// listed for the highest version it reads, or nil when it reads none of them.
    public func artifact(forRuntimeReadingUpTo newestReadable: Int) -> ChannelArtifact? {
        filter { $0.formatVersion <= newestReadable }.max { $0.formatVersion < $1.formatVersion }
    }
}

/// A staged release: the share of installs it goes to (by `RolloutBucket`, in the group the
/// staging started with, so that widening it keeps every install already in) and the release
/// the other installs keep.
public struct ChannelStaging: Hashable, Sendable {
    /// 1 to 99.
    public var percent: Int
    /// The rollout group: `app` and the release the staging started at.
    public var group: String
    public var previousRelease: Int
    public var previousArtifacts: [ChannelArtifact]

    public init(percent: Int, group: String, previousRelease: Int, previousArtifacts: [ChannelArtifact]) {
        self.percent = percent
        self.group = group
        self.previousRelease = previousRelease
        self.previousArtifacts = previousArtifacts
    }

    /// Whether the install is in the share (`rollout(percent, group)` as the rules compute it).
    public func includes(_ installID: String) -> Bool {
        RolloutBucket.includes(installID, percentage: percent, group: group)
    }
}
