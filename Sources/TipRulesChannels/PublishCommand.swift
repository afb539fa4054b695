#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesRuntime
import TipRulesToolingCore
import TipRulesChannelCore
import TipRulesSigning
import TipRulesCalendar

/// `tiprulec publish PROGRAM… --channel DIR --key KEY --release N [--expires DURATION]
/// [--stage PERCENT] [--pause TIP…|--pause-all]`: writes a signed release to a channel folder.
package enum PublishCommand {
    /// How long a manifest is valid when `--expires` is not given.
    static let defaultExpiry = "14d"

    package static let usage = """
    usage: tiprulec publish PROGRAM... --channel DIR --key KEY --release N
                            [--expires DURATION] [--stage PERCENT] [--pause TIP...|--pause-all] [--app ID]
                            [--previous-key PUB] [--start-over]

    Publishes release N of the programs (.tiprules, compiled here, or .tipc) to the
    channel folder DIR, which any static HTTP host serves as it is: each program as
    artifacts/<sha512>.tipc, then manifest.json (the app, the release, when it was
    published and expires, and for each bytecode format version the program a runtime
    reading up to it loads) and manifest.json.sig, signed with the Ed25519 private
    key KEY (PKCS#8 PEM; refused when its group or others may read it). Give one
    program per format version: each runtime gets the newest it can load.
      --expires DURATION   how long the manifest is valid: 90s, 45m, 12h, 30d (default \(defaultExpiry))
      --stage PERCENT      only this share of installs (1-100) takes the release; the
                           others keep the channel's last release that reached everyone
      --pause TIP...       the tips never display under this release (a kill switch)
      --pause-all          every tip never displays under this release
      --app ID             the channel's app, when no program names it (configure { app(…) });
                           a program that names no app is refused where runtimes that may hold
                           app-named rules (format version 3 and later) would load it
      --previous-key PUB   also trust this public key's signature on the current release
                           (the first publish after moving to a new key)
      --start-over         build on nothing in DIR: its manifest is neither verified nor read
    publish builds only on what it has verified: the current manifest must carry a valid
    signature by KEY (or PUB), and every artifact it carries over must have the SHA-512
    the manifest names. One publish at a time writes DIR (another waits for it, up to
    \(Int(PublishLock.patience)) s). N must be above the channel's release; the same N with
    the same programs and options re-signs the release with a later expiry (a heartbeat).
    A rollback is the older program published under a higher N. A tip whose holdout
    changes its group or share since the current release is a warning: the release
    moves people already in the experiment. Prints the signing key's id.
    Exit status: 0 written, 1 a program has errors, 2 usage, unreadable input or a
    refused release.
    """

    package static func run(_ arguments: [String], environment: CommandEnvironment,
                            currentTime: () -> Double) throws(CommandResultError) -> CommandResult {
        let (rest, paused) = extractPausedTips(arguments)
        let parsed = try ParsedArguments.parse(
            rest, valueOptions: ["--channel", "--key", "--release", "--expires", "--stage", "--app", "--previous-key"],
            flags: ["--pause-all", "--start-over"]).orFailure(usage: usage)
        guard !parsed.positionals.isEmpty, let channel = parsed.options["--channel"], let keyPath = parsed.options["--key"] else {
            return .failure("publish needs programs, --channel DIR, --key KEY and --release N\n" + usage)
        }
        guard let release = Int(parsed.options["--release"] ?? ""), release >= 1, release < 1 << 53 else {
            return .failure("--release takes a whole number from 1, not '\(parsed.options["--release"] ?? "")'\n" + usage)
        }
        let expiryText = parsed.options["--expires"] ?? defaultExpiry
        guard let lifetime = DurationOption.seconds(expiryText) else {
            return .failure("--expires takes a number and a unit (90s, 45m, 12h, 30d), not '\(expiryText)'")
        }
        let stage = try parsed.wholeNumber("--stage", in: 1...100).orFailure()
        if paused?.isEmpty == true { return .failure("--pause needs the tips to pause") }
        if paused != nil, parsed.flags.contains("--pause-all") { return .failure("give --pause TIP... or --pause-all, not both") }
        if parsed.flags.contains("--start-over"), parsed.options["--previous-key"] != nil {
            return .failure("give --previous-key PUB or --start-over, not both")
        }
        let key = try SigningKeyFiles.privateKey(at: keyPath).orFailure()
        var trusted = [key.publicKey]
        if let previousKey = parsed.options["--previous-key"] {
            trusted.append(try SigningKeyFiles.publicKey(at: previousKey).orFailure())
        }
        var programs: [Program] = []
        for path in parsed.positionals {
            programs.append(try ProgramLoader.load(path, environment: environment).get().program)
        }
        let pausedTips = parsed.flags.contains("--pause-all") ? Set(programs.flatMap { $0.tips.map(\.id) }) : Set(paused ?? [])
        for tip in pausedTips where !programs.contains(where: { $0.tips.contains { $0.id == tip || $0.name == tip } }) {
            return .failure("--pause: no program has a tip '\(tip)'")
        }
        var encoded: [ReleasePlan.Encoded] = []
        for (path, program) in zip(parsed.positionals, programs) {
            do {
                let ready = try ProgramPause.pausing(pausedTips, in: program)
                encoded.append(.init(name: path, bytes: try ready.encoded(formatVersion: ready.formatVersion),
                                     formatVersion: ready.formatVersion, app: ready.app))
            } catch {
                return .failure("\(path): \(error)")
            }
        }
        let apps = Set(programs.compactMap(\.app) + [parsed.options["--app"]].compactMap { $0 })
        guard apps.count <= 1 else { return .failure("the programs and --app name different apps: \(apps.sorted().joined(separator: ", "))") }

        // From here to the last write, this publish alone reads and writes the folder.
        var waited = false
        let lock = try PublishLock.acquire(channel, waiting: { waited = true }).orFailure()
        defer { withExtendedLifetime(lock) {} }
        let current: ChannelManifest? = try parsed.flags.contains("--start-over") ? nil
            : CurrentRelease.manifest(in: channel, trust: ChannelTrust(publicKeys: trusted)).orFailure()
        let app = apps.first ?? current?.app ?? ""
        var notes = waited ? "waited for another publish into \(channel) to finish\n" : ""
        if app.isEmpty {
            notes += "warning: no program names its app (configure { app(\"…\") }) and no --app was given; devices, which check the app, refuse this channel\n"
        }
        notes += holdoutWarnings(programs, since: current, in: channel)
        let plan = try ReleasePlan.artifacts(of: encoded, app: app).orFailure()
        let now = currentTime().rounded(.down)
        let request = ReleasePlan.Request(app: app, release: release, artifacts: plan.artifacts, stagePercent: stage,
                                          paused: parsed.flags.contains("--pause-all") ? [] : pausedTips.sorted(),
                                          pausesAll: parsed.flags.contains("--pause-all"), now: now, expires: now + Double(lifetime))
        let next = try ReleasePlan.manifest(after: current, request).orFailure()
        let carriedOver = (next.manifest.artifacts + (next.manifest.staging?.previousArtifacts ?? [])).filter { plan.files[$0.path] == nil }
        if let error = CurrentRelease.checkCarriedOver(carriedOver, in: channel)
            ?? write(next.manifest, files: plan.files, to: channel, seed: key.seed, publicKey: key.publicKey) {
            return .failure(error.message)
        }
        return CommandResult(standardOutput: summary(next.manifest, heartbeat: next.heartbeat, keyID: KeyID.of(publicKey: key.publicKey)),
                             standardError: notes)
    }

    /// A warning for each tip whose holdout changes its group or share since the channel's current
    /// release (`HoldoutChange`): the release moves people already in the experiment.
    static func holdoutWarnings(_ programs: [Program], since current: ChannelManifest?, in channel: String) -> String {
        var seen = Set<String>()
        var text = ""
        for artifact in current?.artifacts ?? [] {
            guard case .success(let bytes) = FileAccess.read(channel + "/" + artifact.path, as: .bytecode, environment: CommandEnvironment()),
                  let old = try? Program(bytes: bytes) else { continue }
            for change in programs.flatMap({ HoldoutChange.changes(from: old, to: $0) }) where seen.insert(change.message).inserted {
                text += "warning: \(change.message) (release \(current?.release ?? 0) holds out \(change.oldPercent) % of group \"\(change.oldGroup)\")\n"
            }
        }
        return text
    }

    /// The tips after `--pause` (up to the next option or program file), and the other arguments.
    static func extractPausedTips(_ arguments: [String]) -> (rest: [String], paused: [String]?) {
        var rest: [String] = []
        var paused: [String]?
        var taking = false
        for argument in arguments {
            if argument == "--pause" {
                taking = true
                paused = paused ?? []
            } else if taking, !argument.hasPrefix("-"), !argument.hasSuffix(".tiprules"), !argument.hasSuffix(".tipc") {
                paused?.append(contentsOf: argument.split(separator: ",").map(String.init))
            } else {
                taking = false
                rest.append(argument)
            }
        }
        return (rest, paused)
    }

    /// Writes the artifacts not there yet (and any whose bytes are not the ones their name
    /// promises), then the manifest, then its signatures.
    private static func write(_ manifest: ChannelManifest, files: [String: [UInt8]], to channel: String,
                              seed: [UInt8], publicKey: [UInt8]) -> CommandError? {
        for folder in [channel, channel + "/artifacts"] where access(folder, F_OK) != 0 {
            guard mkdir(folder, 0o755) == 0 else { return CommandError("\(folder): cannot be created (\(FileAccess.reason(errno)))") }
        }
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            if case .success(bytes) = FileAccess.read(channel + "/" + path, as: .bytecode, environment: CommandEnvironment()) { continue }
            if let error = AtomicFileWriter.write(bytes, to: channel + "/" + path) { return error }
        }
        let bytes = manifest.json
        guard let signature = Ed25519.signature(of: bytes, seed: seed) else { return CommandError("cannot sign with the key") }
        let signatures = ChannelSignatures(entries: [.init(keyID: KeyID.of(publicKey: publicKey), signature: Base64.encode(signature))])
        return AtomicFileWriter.write(bytes, to: channel + "/manifest.json")
            ?? AtomicFileWriter.write(signatures.json, to: channel + "/manifest.json.sig")
    }

    private static func summary(_ manifest: ChannelManifest, heartbeat: Bool, keyID: String) -> String {
        var text = heartbeat ? "re-signed release \(manifest.release) of \(manifest.app) (heartbeat)"
                             : "published release \(manifest.release) of \(manifest.app)"
        text += ", expires \(CivilCalendar.rfc3339(manifest.expires) ?? ""), signed with key id \(keyID)\n"
        for artifact in manifest.artifacts {
            text += "  format version \(artifact.formatVersion): \(artifact.path) (\(artifact.size) bytes)\n"
        }
        if let staging = manifest.staging {
            text += "  staged to \(staging.percent)% of installs; the others keep release \(staging.previousRelease)\n"
        }
        if manifest.pausesAll { text += "  every tip is paused\n" }
        if !manifest.paused.isEmpty { text += "  paused: \(manifest.paused.joined(separator: ", "))\n" }
        return text
    }
}
