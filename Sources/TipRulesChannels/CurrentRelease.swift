#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesRuntime
import TipRulesToolingCore
import TipRulesChannelCore

/// What `publish` builds on: the channel folder's current manifest, trusted only once a
/// signature by the team's key verifies over its exact bytes, and the artifacts it carries
/// over, trusted only once their bytes have the size and SHA-512 that manifest names. A folder
/// edited behind the team's back (a manifest, its `previousArtifacts`, an artifact) is refused
/// rather than signed.
enum CurrentRelease {
    /// A channel folder held by one publish: its lock, the release an interrupted publish left
    /// and this one finished, the verified current manifest, and what to tell the team.
    struct Base {
        var lock: PublishLock
        var finished: ChannelManifest?
        var manifest: ChannelManifest?
        var notes = ""
    }

    /// Locks `channel` (`PublishLock`), finishes a publish interrupted in it
    /// (`ChannelWriter.finishInterrupted`), and reads its verified manifest; with `startingOver`,
    /// neither: it builds on nothing in the folder.
    static func locked(_ channel: String, trust: ChannelTrust, startingOver: Bool) -> Result<Base, CommandError> {
        var waited = false
        return PublishLock.acquire(channel, waiting: { waited = true }).flatMap { lock in
            var base = Base(lock: lock)
            if waited { base.notes = "waited for another publish into \(channel) to finish\n" }
            guard !startingOver else { return .success(base) }
            return ChannelWriter.finishInterrupted(in: channel, trust: trust).flatMap { finished in
                base.finished = finished
                if let finished { base.notes += "finished the interrupted publish of release \(finished.release) first\n" }
                return manifest(in: channel, trust: trust).map { current in
                    base.manifest = current
                    return base
                }
            }
        }
    }

    /// The verified manifest of `channel`, nil for a new channel; or why it cannot be built on.
    static func manifest(in channel: String, trust: ChannelTrust) -> Result<ChannelManifest?, CommandError> {
        let path = channel + "/manifest.json"
        guard access(path, F_OK) == 0 else { return .success(nil) }
        let manifestBytes: [UInt8]
        let signatureBytes: [UInt8]
        switch (FileAccess.read(path, as: .fixture, environment: CommandEnvironment()),
                FileAccess.read(path + ".sig", as: .fixture, environment: CommandEnvironment())) {
        case (.failure(let error), _), (_, .failure(let error)): return .failure(refusal(error.message))
        case (.success(let manifest), .success(let signatures)): (manifestBytes, signatureBytes) = (manifest, signatures)
        }
        do throws(ChannelUpdateError) {
            // Any expiry: a heartbeat may follow an expired release.
            let (manifest, _) = try ChannelChecks.manifest(manifestBytes, signatures: signatureBytes, trust: trust,
                                                           expecting: .init(app: nil, now: -.infinity))
            return .success(manifest)
        } catch {
            return .failure(refusal("\(path): \(error)"))
        }
    }

    /// Checks that each artifact the next manifest carries over from the current one (not
    /// written by this publish) is in the folder with the bytes the verified manifest names.
    static func checkCarriedOver(_ artifacts: [ChannelArtifact], in channel: String) -> CommandError? {
        for artifact in Set(artifacts) {
            let path = channel + "/" + artifact.path
            switch FileAccess.read(path, as: .bytecode, environment: CommandEnvironment()) {
            case .failure(let error): return refusal(error.message)
            case .success(let bytes):
                do throws(ChannelUpdateError) { try ChannelChecks.content(bytes, of: artifact) } catch {
                    return refusal("\(channel)/\(error)")
                }
            }
        }
        return nil
    }

    private static func refusal(_ problem: String) -> CommandError {
        CommandError("""
        \(problem)
        publish builds only on what the team's key has signed: the channel folder was changed by something \
        other than publish, or a publish was interrupted. Check it (tiprulec channel verify DIR --key PUB); \
        a key rotation names the old key with --previous-key PUB; to build on nothing in it, publish with \
        --start-over and a release above any the channel ever had
        """)
    }
}
