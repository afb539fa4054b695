import TipRulesRuntime
import TipRulesToolingCore
import TipRulesChannelCore

/// The channel's release written into each program of a release that can carry one (format
/// version 3 and later): the rules a device puts in force then carry the release that put them
/// there, the floor of every update after it, whatever becomes of the updater's record. A
/// rollback's older program so carries the new, higher number. Programs published again
/// unchanged (a heartbeat, a widened or completed staged release) keep the artifacts, and so the
/// release, they were first published with, so that no install takes them anew.
enum ProgramRelease {
    /// The artifacts of `programs` published as `release` in `channel` over its verified
    /// `current` manifest (`ReleasePlan.artifacts`), and the release the programs carry: `release`,
    /// or the one they carry in the current manifest's artifacts when, carrying it, they are
    /// exactly those artifacts.
    static func artifacts(of programs: [(name: String, program: Program)], release: Int, current: ChannelManifest?, in channel: String,
                          app: String) -> Result<(artifacts: [ChannelArtifact], files: [String: [UInt8]], carried: Int), CommandError> {
        let candidates = current.map { releases(carriedBy: $0, in: channel).subtracting([release]).sorted() } ?? []
        for stamp in candidates {
            if case .success(let plan) = artifacts(of: programs, carrying: stamp, app: app), plan.artifacts == current?.artifacts {
                return .success((plan.artifacts, plan.files, stamp))
            }
        }
        return artifacts(of: programs, carrying: release, app: app).map { ($0.artifacts, $0.files, release) }
    }

    /// The artifacts of `programs`, each carrying `release` where it can.
    private static func artifacts(of programs: [(name: String, program: Program)], carrying release: Int,
                                  app: String) -> Result<(artifacts: [ChannelArtifact], files: [String: [UInt8]]), CommandError> {
        var encoded: [ReleasePlan.Encoded] = []
        for (name, program) in programs {
            do {
                let ready = try stamping(release, in: program)
                encoded.append(.init(name: name, bytes: try ready.encoded(formatVersion: ready.formatVersion),
                                     formatVersion: ready.formatVersion, app: ready.app))
            } catch {
                return .failure(CommandError("\(name): \(error)"))
            }
        }
        return ReleasePlan.artifacts(of: encoded, app: app)
    }

    /// The releases the current manifest's programs may carry: its own, the one its staging
    /// started at, and those read from its artifacts in the channel folder (only those whose
    /// bytes have the size and SHA-512 the verified manifest names).
    private static func releases(carriedBy current: ChannelManifest, in channel: String) -> Set<Int> {
        let started = current.staging.flatMap { Int($0.group.split(separator: ":").last ?? "") }
        return Set([current.release, started].compactMap { $0 } + current.artifacts.compactMap { artifact in
            guard case .success(let bytes) = FileAccess.read(channel + "/" + artifact.path, as: .bytecode, environment: CommandEnvironment()),
                  (try? ChannelChecks.content(bytes, of: artifact)) != nil else { return nil }
            return (try? Program(bytes: bytes))?.release
        })
    }

    /// `program` naming `release`; a program of format versions 1 and 2 (which cannot name one)
    /// as it is.
    static func stamping(_ release: Int, in program: Program) throws -> Program {
        guard program.formatVersion >= FormatConstruct.programIdentity.since, program.release != release else { return program }
        return try program.with(release: release)
    }
}

extension Program {
    /// This program with other tips, constants or release, the rest the same.
    func with(constants: [ScalarValue]? = nil, tips: [TipInfo]? = nil, release: Int? = nil) throws -> Program {
        try Program(sourceName: sourceName, displayFrequency: displayFrequency, constants: constants ?? self.constants,
                    parameters: parameters, events: events, tips: tips ?? self.tips, groups: groups, widgets: widgets,
                    app: app, release: release ?? self.release)
    }
}
