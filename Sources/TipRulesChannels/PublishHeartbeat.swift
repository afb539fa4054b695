import TipRulesToolingCore
import TipRulesChannelCore
import TipRulesSigning
import TipRulesCalendar

/// `tiprulec publish --heartbeat --channel DIR --key KEY [--expires DURATION]`: re-signs the
/// channel's verified current release, unchanged, with a fresh expiry. Cheap (no program is
/// read or compiled, no artifact written), so a schedule can run it often: the manifest's
/// expiry bounds how long a host answering `304` (or a man in the middle) can keep a device on
/// a release, and the heartbeat keeps that bound short without leaving devices stale.
enum PublishHeartbeat {
    static func run(_ parsed: ParsedArguments, lifetime: Int, currentTime: () -> Double) throws(CommandResultError) -> CommandResult {
        guard parsed.positionals.isEmpty, let channel = parsed.options["--channel"], parsed.options["--key"] != nil else {
            return .failure("publish --heartbeat takes no program, and needs --channel DIR and --key KEY\n" + PublishCommand.usage)
        }
        let others = ["--stage", "--app"].filter { parsed.options[$0] != nil } + ["--pause-all", "--start-over"].filter { parsed.flags.contains($0) }
        if let other = others.first { return .failure("publish --heartbeat re-signs the current release as it is; \(other) changes it") }
        let (key, trust) = try PublishCommand.signingKeys(parsed).orFailure()
        let base = try CurrentRelease.locked(channel, trust: trust, startingOver: false).orFailure()
        defer { withExtendedLifetime(base.lock) {} }
        guard var next = base.manifest else { return .failure("\(channel) has no release to re-sign; publish one first") }
        if let release = parsed.options["--release"], release != String(next.release) {
            return .failure("--release \(release) is not the channel's release \(next.release), which a heartbeat re-signs")
        }
        let now = currentTime().rounded(.down)
        guard now + Double(lifetime) >= next.expires else {
            return .failure("release \(next.release) already expires at \(CivilCalendar.rfc3339(next.expires) ?? ""); a heartbeat must expire later")
        }
        (next.published, next.expires) = (now, now + Double(lifetime))
        if let error = CurrentRelease.checkCarriedOver(next.artifacts + (next.staging?.previousArtifacts ?? []), in: channel)
            ?? ChannelWriter.write(next, files: [:], to: channel, key: key) {
            return .failure(error.message)
        }
        let heading = "re-signed release \(next.release) of \(next.app) (heartbeat)"
        return CommandResult(standardOutput: PublishCommand.summary(next, heading: heading, keyID: KeyID.of(publicKey: key.publicKey)),
                             standardError: base.notes)
    }
}
