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
    static let defaultExpiry = "1d"

    package static let usage = """
    usage: tiprulec publish PROGRAM... --channel DIR --key KEY --release N
                            [--expires DURATION] [--stage PERCENT] [--pause TIP...|--pause-all] [--app ID]
                            [--previous-key PUB] [--start-over]
           tiprulec publish --heartbeat --channel DIR --key KEY [--expires DURATION] [--previous-key PUB]

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
      --heartbeat          re-sign the channel's current release, unchanged, with a fresh
                           expiry (cheap: run it on a schedule shorter than the expiry)
    publish builds only on what it has verified: the current manifest must carry a valid
    signature by KEY (or PUB), and every artifact it carries over must have the SHA-512
    the manifest names. One publish at a time writes DIR (another waits for it, up to
    \(Int(PublishLock.patience)) s). N must be above the channel's release; the same N with
    the same programs and options re-signs the release with a later expiry (a heartbeat).
    A rollback is the older program published under a higher N. N is written into each
    program that can carry a release (format version 3 and later): the rules a device puts
    in force carry the channel's release. A publish that was interrupted is finished by
    running it again. The expiry bounds how long a host answering 304 keeps devices on a
    release: keep it to a day or less, with a heartbeat. A tip whose holdout changes its
    group or share since the current release is a warning: the release moves people
    already in the experiment. Prints the signing key's id.
    Exit status: 0 written, 1 a program has errors, 2 usage, unreadable input or a
    refused release.
    """

    package static func run(_ arguments: [String], environment: CommandEnvironment,
                            currentTime: () -> Double) throws(CommandResultError) -> CommandResult {
        let (rest, paused) = extractPausedTips(arguments)
        let parsed = try ParsedArguments.parse(
            rest, valueOptions: ["--channel", "--key", "--release", "--expires", "--stage", "--app", "--previous-key"],
            flags: ["--pause-all", "--start-over", "--heartbeat"]).orFailure(usage: usage)
        let expiryText = parsed.options["--expires"] ?? defaultExpiry
        guard let lifetime = DurationOption.seconds(expiryText) else {
            return .failure("--expires takes a number and a unit (90s, 45m, 12h, 30d), not '\(expiryText)'")
        }
        if parsed.flags.contains("--heartbeat") { return try PublishHeartbeat.run(parsed, lifetime: lifetime, currentTime: currentTime) }
        guard !parsed.positionals.isEmpty, let channel = parsed.options["--channel"], parsed.options["--key"] != nil else {
            return .failure("publish needs programs, --channel DIR, --key KEY and --release N\n" + usage)
        }
        guard let release = Int(parsed.options["--release"] ?? ""), release >= 1, release < 1 << 53 else {
            return .failure("--release takes a whole number from 1, not '\(parsed.options["--release"] ?? "")'\n" + usage)
        }
        let stage = try parsed.wholeNumber("--stage", in: 1...100).orFailure()
        if paused?.isEmpty == true { return .failure("--pause needs the tips to pause") }
        if paused != nil, parsed.flags.contains("--pause-all") { return .failure("give --pause TIP... or --pause-all, not both") }
        if parsed.flags.contains("--start-over"), parsed.options["--previous-key"] != nil {
            return .failure("give --previous-key PUB or --start-over, not both")
        }
        let (key, trust) = try signingKeys(parsed).orFailure()
        var programs: [Program] = []
        for path in parsed.positionals {
            programs.append(try ProgramLoader.load(path, environment: environment).get().program)
        }
        let pausedTips = parsed.flags.contains("--pause-all") ? Set(programs.flatMap { $0.tips.map(\.id) }) : Set(paused ?? [])
        for tip in pausedTips where !programs.contains(where: { $0.tips.contains { $0.id == tip || $0.name == tip } }) {
            return .failure("--pause: no program has a tip '\(tip)'")
        }
        var ready: [(name: String, program: Program)] = []
        for (path, program) in zip(parsed.positionals, programs) {
            do { ready.append((path, try ProgramPause.pausing(pausedTips, in: program))) } catch {
                return .failure("\(path): \(error)")
            }
        }
        let apps = Set(programs.compactMap(\.app) + [parsed.options["--app"]].compactMap { $0 })
        guard apps.count <= 1 else { return .failure("the programs and --app name different apps: \(apps.sorted().joined(separator: ", "))") }

        // From here to the last write, this publish alone reads and writes the folder.
        let base = try CurrentRelease.locked(channel, trust: trust, startingOver: parsed.flags.contains("--start-over")).orFailure()
        defer { withExtendedLifetime(base.lock) {} }
        var notes = base.notes
        if let finished = base.finished, finished.release == release {
            return CommandResult(standardOutput: summary(finished, heading: "finished the interrupted publish of release \(release) of \(finished.app)", keyID: KeyID.of(publicKey: key.publicKey)),
                                 standardError: notes)
        }
        let current = base.manifest
        let app = apps.first ?? current?.app ?? ""
        if app.isEmpty {
            notes += "warning: no program names its app (configure { app(\"…\") }) and no --app was given; devices, which check the app, refuse this channel\n"
        }
        notes += holdoutWarnings(programs, since: current, in: channel)
        let plan = try ProgramRelease.artifacts(of: ready, release: release, current: current, in: channel, app: app).orFailure()
        for (name, program) in ready {
            if let own = program.release, own != plan.carried {
                notes += "note: \(name) names release(\(own)); the channel's release \(plan.carried) is written into it\n"
            }
        }
        let now = currentTime().rounded(.down)
        let request = ReleasePlan.Request(app: app, release: release, artifacts: plan.artifacts, stagePercent: stage,
                                          paused: parsed.flags.contains("--pause-all") ? [] : pausedTips.sorted(),
                                          pausesAll: parsed.flags.contains("--pause-all"), now: now, expires: now + Double(lifetime))
        let next = try ReleasePlan.manifest(after: current, request).orFailure()
        let carriedOver = (next.manifest.artifacts + (next.manifest.staging?.previousArtifacts ?? [])).filter { plan.files[$0.path] == nil }
        if let error = CurrentRelease.checkCarriedOver(carriedOver, in: channel)
            ?? ChannelWriter.write(next.manifest, files: plan.files, to: channel, key: key) {
            return .failure(error.message)
        }
        let heading = next.heartbeat ? "re-signed release \(release) of \(app) (heartbeat)" : "published release \(release) of \(app)"
        return CommandResult(standardOutput: summary(next.manifest, heading: heading, keyID: KeyID.of(publicKey: key.publicKey)),
                             standardError: notes)
    }

    /// The signing key of `--key` and the keys whose signature `publish` builds on: it, and the
    /// one of `--previous-key`.
    static func signingKeys(_ parsed: ParsedArguments) -> Result<(key: (seed: [UInt8], publicKey: [UInt8]), trust: ChannelTrust), CommandError> {
        SigningKeyFiles.privateKey(at: parsed.options["--key"] ?? "").flatMap { key in
            guard let previous = parsed.options["--previous-key"] else { return .success((key, ChannelTrust(publicKeys: [key.publicKey]))) }
            return SigningKeyFiles.publicKey(at: previous).map { (key, ChannelTrust(publicKeys: [key.publicKey, $0])) }
        }
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

    /// What was written: `heading` (`published release 7 of APP`), the expiry and key, and what
    /// each format version loads.
    static func summary(_ manifest: ChannelManifest, heading: String, keyID: String) -> String {
        var text = heading + ", expires \(CivilCalendar.rfc3339(manifest.expires) ?? ""), signed with key id \(keyID)\n"
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
