#if canImport(FoundationEssentials)
import FoundationEssentials
#endif
import Foundation
import TipRulesRuntime
import TipRulesToolingCore
import TipRulesChannelCore

/// `tiprulec channel verify DIR|URL --key PUB… [--app ID] [--format text|json]`: checks a
/// channel as a device trusting those keys would, and says what each runtime would load.
package enum ChannelVerifyCommand {
    package static let usage = """
    usage: tiprulec channel verify DIR|URL --key PUB... [--app ID] [--format text|json]

    Checks the channel folder DIR, or the channel at an http, https or file URL, as a
    device trusting the public keys PUB (PEM files; give --key once per key) would: the
    signature of manifest.json in manifest.json.sig, the app (with --app), the expiry,
    and each artifact's size, SHA-512 and bytecode. Prints the release and, for each
    bytecode format version, the program a runtime reading up to it would load (for a
    staged release, also what the installs outside the share load). A program that
    names no app, where runtimes that may hold rules naming the channel's app load it,
    is flagged: those devices refuse it. A manifest that expires more than a day from
    now is accepted with a warning: a host answering 304 can keep devices on it until then.
    Exit status: 0 a device would accept the channel, 1 it would refuse it (saying
    why), 2 usage or unreadable keys.
    """

    package static func run(_ arguments: [String], environment: CommandEnvironment,
                            currentTime: () -> Double) throws(CommandResultError) -> CommandResult {
        guard arguments.first == "verify" else { return .failure("channel takes 'verify'\n" + usage) }
        var keyPaths: [String] = []
        var rest: [String] = []
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            if argument == "--key" {
                guard let path = iterator.next() else { return .failure("option '--key' needs a value") }
                keyPaths.append(path)
            } else if argument.hasPrefix("--key=") {
                keyPaths.append(String(argument.dropFirst(6)))
            } else {
                rest.append(argument)
            }
        }
        let parsed = try ParsedArguments.parse(rest, valueOptions: ["--app", "--format"], flags: []).orFailure(usage: usage)
        let format = try parsed.format(allowed: ["text", "json"]).orFailure()
        guard parsed.positionals.count == 1, let location = parsed.positionals.first, !keyPaths.isEmpty else {
            return .failure("channel verify takes one channel and at least one --key\n" + usage)
        }
        var keys: [[UInt8]] = []
        for path in keyPaths {
            keys.append(try SigningKeyFiles.publicKey(at: path).orFailure())
        }
        guard let url = channelURL(location) else { return .failure("'\(location)' is neither a folder nor an http, https or file URL") }
        let trust = ChannelTrust(publicKeys: keys)
        let now = currentTime()
        let app = parsed.options["--app"]
        let report = ChannelInspection.inspect(ChannelFiles(url: url, transport: HelperChannelTransport()), trust: trust, app: app, now: now)
        let output = format == "json" ? report.json : report.text(channel: location)
        return CommandResult(status: report.isAccepted ? ExitStatus.success : ExitStatus.programErrors, standardOutput: output)
    }

    /// A URL for a folder path or an http, https or file URL.
    private static func channelURL(_ location: String) -> String? {
        for scheme in ["http://", "https://", "file://"] where location.lowercased().hasPrefix(scheme) {
            return location
        }
        return location.contains("://") ? nil : URL(fileURLWithPath: location, isDirectory: true).absoluteString
    }
}
