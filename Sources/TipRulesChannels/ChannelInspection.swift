import TipRulesRuntime
import TipRulesToolingCore
import TipRulesChannelCore
import TipRulesCalendar

/// What `channel verify` found: the verified manifest, what each runtime format version loads,
/// or why a device would refuse the channel.
struct ChannelInspection: Sendable {
    /// What a runtime reading up to one format version loads: a release's artifact, or nothing.
    struct Load: Sendable {
        var formatVersion: Int
        var release: Int
        var artifact: ChannelArtifact?
        /// The artifact names no app, yet this runtime may hold rules that name the channel's:
        /// a device whose rules name the app refuses it.
        var namesNoApp = false
    }

    var manifest: ChannelManifest?
    var keyID: String?
    var loads: [Load] = []
    /// For a staged release: what the installs outside the share load.
    var outsideShare: [Load] = []
    var refusal: ChannelUpdateError?

    /// Whether a device would accept the channel: no refusal, and no program a device whose
    /// rules name the app would refuse.
    /// The longest time to expiry `channel verify` accepts without a warning: a host answering
    /// `304` (or a man in the middle) can keep a device on a release until its manifest expires.
    static let longestQuietExpiry = 86_400.0

    /// The warning about a long expiry, when the manifest expires more than a day after `now`.
    var expiryWarning: String?

    var isAccepted: Bool {
        refusal == nil && !(loads + outsideShare).contains(where: \.namesNoApp)
    }

    /// Fetches and checks the channel as a device would (with no release seen yet).
    static func inspect(_ channel: ChannelFiles, trust: ChannelTrust, app: String?, now: Double) -> ChannelInspection {
        var inspection = ChannelInspection()
        do throws(ChannelUpdateError) {
            let manifestBytes = try channel.fetch("manifest.json", limit: ChannelManifest.maximumSize)
            let signatures = try channel.fetch("manifest.json.sig", limit: ChannelSignatures.maximumSize)
            let (manifest, keyID) = try ChannelChecks.manifest(manifestBytes, signatures: signatures, trust: trust,
                                                               expecting: .init(app: app, now: now))
            inspection.manifest = manifest
            if manifest.expires - now > longestQuietExpiry {
                let hours = Int(((manifest.expires - now) / 3_600).rounded(.down))
                let span = hours < 48 ? "\(hours) h" : "\(hours / 24) days"
                inspection.expiryWarning = "the manifest expires in \(span): a host answering 304 (or a man in the middle) "
                    + "can keep devices on this release that long; publish with --expires 1d or less and run "
                    + "'tiprulec publish --heartbeat' on a schedule"
            }
            inspection.keyID = keyID
            inspection.loads = try loads(manifest.release, manifest.artifacts, from: channel, app: manifest.app)
            if let staging = manifest.staging {
                inspection.outsideShare = try loads(staging.previousRelease, staging.previousArtifacts, from: channel, app: manifest.app)
            }
        } catch {
            inspection.refusal = error
        }
        return inspection
    }

    /// For each format version from 1 to the newest listed or read, the artifact it loads, each
    /// fetched and checked (the bytecode only for the versions this build reads).
    private static func loads(_ release: Int, _ artifacts: [ChannelArtifact], from channel: ChannelFiles, app: String) throws(ChannelUpdateError) -> [Load] {
        let newest = max(BytecodeFormat.newestVersion, artifacts.map(\.formatVersion).max() ?? 1)
        var namesApp: [String: Bool] = [:]
        var loads: [Load] = []
        for version in 1...newest {
            let artifact = artifacts.artifact(forRuntimeReadingUpTo: version)
            if let artifact, namesApp[artifact.path] == nil {
                let bytes = try channel.fetch(artifact.path, limit: artifact.size)
                if version <= BytecodeFormat.newestVersion {
                    namesApp[artifact.path] = try ChannelChecks.program(bytes, of: artifact, app: app).app != nil
                } else {
                    try ChannelChecks.content(bytes, of: artifact)
                    namesApp[artifact.path] = true
                }
            }
            let appless = artifact.map { namesApp[$0.path] == false } ?? false
            loads.append(Load(formatVersion: version, release: release, artifact: artifact,
                              namesNoApp: appless && !app.isEmpty && version >= FormatConstruct.programIdentity.since))
        }
        return loads
    }

    func text(channel: String) -> String {
        guard let manifest else { return "refused \(channel): \(refusal?.description ?? "")\n" }
        var text = "\(isAccepted ? "accepted" : "refused") \(channel): release \(manifest.release) of \(manifest.app), published \(CivilCalendar.rfc3339(manifest.published) ?? ""), expires \(CivilCalendar.rfc3339(manifest.expires) ?? ""), signed by key id \(keyID ?? "")\n"
        if let refusal { return text + "  \(refusal)\n" }
        if let expiryWarning { text += "  warning: \(expiryWarning)\n" }
        text += Self.lines(loads, indent: "  ", app: manifest.app)
        if let staging = manifest.staging {
            text += "  staged to \(staging.percent)% of installs (group \(staging.group)); the others load release \(staging.previousRelease):\n"
            text += Self.lines(outsideShare, indent: "    ", app: manifest.app)
        }
        if manifest.pausesAll { text += "  every tip is paused\n" }
        if !manifest.paused.isEmpty { text += "  paused: \(manifest.paused.joined(separator: ", "))\n" }
        return text
    }

    private static func lines(_ loads: [Load], indent: String, app: String) -> String {
        loads.map { load in
            indent + "format version \(load.formatVersion): "
                + (load.artifact.map { "\($0.path) (\($0.size) bytes)" } ?? "nothing (keeps the rules it has)")
                + (load.namesNoApp ? "; names no app: a device whose rules name '\(app)' refuses it" : "") + "\n"
        }.joined()
    }

    var json: String {
        var object: JSONObject = ["accepted": .bool(isAccepted)]
        if let refusal { object["error"] = .string(refusal.description) }
        if let manifest {
            object["app"] = .string(manifest.app)
            object["release"] = .integer(manifest.release)
            object["published"] = .string(CivilCalendar.rfc3339(manifest.published) ?? "")
            object["expires"] = .string(CivilCalendar.rfc3339(manifest.expires) ?? "")
            object["keyid"] = keyID.map(JSONValue.string) ?? .null
            object["formats"] = Self.json(loads)
            if let staging = manifest.staging {
                object["staging"] = .object(["percent": .integer(staging.percent), "group": .string(staging.group),
                                             "previousRelease": .integer(staging.previousRelease), "formats": Self.json(outsideShare)])
            }
            object["warnings"] = .array(expiryWarning.map { [.string($0)] } ?? [])
            object["paused"] = .array(manifest.paused.map(JSONValue.string))
            object["pauseAll"] = .bool(manifest.pausesAll)
        }
        return JSONWriter.string(from: .object(object), style: .pretty) + "\n"
    }

    private static func json(_ loads: [Load]) -> JSONValue {
        .array(loads.map { load in
            .object(["formatVersion": .integer(load.formatVersion), "release": .integer(load.release),
                     "artifact": load.artifact.map { .string($0.path) } ?? .null,
                     "sha512": load.artifact.map { .string($0.sha512) } ?? .null,
                     "size": load.artifact.map { .integer($0.size) } ?? .null, "namesNoApp": .bool(load.namesNoApp)])
        })
    }
}
