#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TipRulesRuntime
import TipRulesToolingCore
import TipRulesChannelCore
import TipRulesSigning

/// How `publish` writes a release into a channel folder so that a publish killed at any instant
/// is finished by running it again, and a device never takes anything but a whole, signed
/// release: the artifacts first (named by their hash), then the manifest's new signature file
/// under a pending name, then the manifest, then the pending signature file renamed over the
/// old one. Only between the last two steps do the manifest and its signature file disagree (a
/// device refuses the channel then, keeping its rules); the next publish, under the same lock,
/// recognises that state by the pending signature file verifying with the team's key over the
/// manifest in the folder, and finishes it.
enum ChannelWriter {
    static let pendingSignatures = "manifest.json.sig.pending"

    /// Finishes a publish that was interrupted between writing the manifest and renaming its
    /// signature file into place, once the pending signature verifies over the manifest with a
    /// trusted key and the release's artifacts are there with their hashes: the release it
    /// finished, nil when there was nothing to finish. A pending signature file that signs
    /// another manifest (a publish interrupted before it wrote its manifest, which no device saw)
    /// is removed.
    static func finishInterrupted(in channel: String, trust: ChannelTrust) -> Result<ChannelManifest?, CommandError> {
        removeTemporaries(in: channel)
        let pending = channel + "/" + pendingSignatures
        guard access(pending, F_OK) == 0 else { return .success(nil) }
        let environment = CommandEnvironment()
        guard case .success(let signatureBytes) = FileAccess.read(pending, as: .fixture, environment: environment),
              case .success(let manifestBytes) = FileAccess.read(channel + "/manifest.json", as: .fixture, environment: environment),
              let manifest = try? ChannelChecks.manifest(manifestBytes, signatures: signatureBytes, trust: trust,
                                                         expecting: .init(app: nil, now: -.infinity)).0 else {
            return unlink(pending) == 0 || errno == ENOENT ? .success(nil)
                : .failure(CommandError("\(pending): cannot be removed (\(FileAccess.reason(errno)))"))
        }
        if let error = CurrentRelease.checkCarriedOver(manifest.artifacts + (manifest.staging?.previousArtifacts ?? []), in: channel) {
            return .failure(error)
        }
        return move(pending, to: channel + "/manifest.json.sig", in: channel).map { .failure($0) } ?? .success(manifest)
    }

    /// Writes the artifacts not there yet (and any whose bytes are not the ones their name
    /// promises), then the signature file under its pending name, the manifest, and the
    /// signature file in place.
    static func write(_ manifest: ChannelManifest, files: [String: [UInt8]], to channel: String, key: (seed: [UInt8], publicKey: [UInt8])) -> CommandError? {
        for folder in [channel, channel + "/artifacts"] where access(folder, F_OK) != 0 {
            guard mkdir(folder, 0o755) == 0 else { return CommandError("\(folder): cannot be created (\(FileAccess.reason(errno)))") }
        }
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            if case .success(bytes) = FileAccess.read(channel + "/" + path, as: .bytecode, environment: CommandEnvironment()) { continue }
            if let error = AtomicFileWriter.write(bytes, to: channel + "/" + path) { return error }
        }
        let bytes = manifest.json
        guard let signature = Ed25519.signature(of: bytes, seed: key.seed) else { return CommandError("cannot sign with the key") }
        let signatures = ChannelSignatures(entries: [.init(keyID: KeyID.of(publicKey: key.publicKey), signature: Base64.encode(signature))])
        let pending = channel + "/" + pendingSignatures
        return AtomicFileWriter.write(signatures.json, to: pending)
            ?? AtomicFileWriter.write(bytes, to: channel + "/manifest.json")
            ?? move(pending, to: channel + "/manifest.json.sig", in: channel)
    }

    /// Removes the temporary files a publish killed while writing left behind
    /// (`AtomicFileWriter`'s `.NAME.XXXXXXXXXXXXXXXX.tmp`, beside the manifest and the artifacts);
    /// no device reads them, and under the lock no other publish is writing them.
    private static func removeTemporaries(in channel: String) {
        for folder in [channel, channel + "/artifacts"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
                let stem = name.dropFirst().dropLast(4).split(separator: ".").dropLast().joined(separator: ".")
                guard ["manifest.json", pendingSignatures].contains(stem) || stem.hasSuffix(".tipc") else { continue }
                unlink(folder + "/" + name)
            }
        }
    }

    /// Renames `source` over `target` and flushes the folder, so that the rename survives a crash.
    private static func move(_ source: String, to target: String, in folder: String) -> CommandError? {
        guard rename(source, target) == 0 else { return CommandError("\(target): cannot be written (\(FileAccess.reason(errno)))") }
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor >= 0 {
            fsync(descriptor)
            close(descriptor)
        }
        return nil
    }
}
