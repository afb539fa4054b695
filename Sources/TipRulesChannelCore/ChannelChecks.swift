import TipRulesRuntime
import TipRulesSigning

/// The device's checks, in the order that keeps unsigned bytes away from every parser but the
/// signature file's: signature, then the manifest's app, release and expiry; for an artifact,
/// size and hash, then the bytecode reader.
public enum ChannelChecks {
    /// What a device requires of a manifest besides its signature.
    public struct Expectations: Hashable, Sendable {
        public var app: String?
        /// The highest release this install has seen; a lower one is a replay.
        public var highestSeenRelease: Int
        public var now: Double

        public init(app: String?, highestSeenRelease: Int = 0, now: Double) {
            self.app = app
            self.highestSeenRelease = highestSeenRelease
            self.now = now
        }
    }

    /// The manifest in `manifestBytes`, once a trusted signature in `signatureBytes` verifies
    /// over its exact bytes and it passes `expectations`; the signing key's id with it.
    public static func manifest(_ manifestBytes: [UInt8], signatures signatureBytes: [UInt8], trust: ChannelTrust,
                                expecting expectations: Expectations) throws(ChannelUpdateError) -> (ChannelManifest, keyID: String) {
        guard manifestBytes.count <= ChannelManifest.maximumSize else {
            throw .tooLarge(url: "manifest.json", limit: ChannelManifest.maximumSize)
        }
        let signatures: ChannelSignatures
        do { signatures = try ChannelSignatures(json: signatureBytes) } catch { throw .malformed(error) }
        let keyID = try trust.verify(manifestBytes, signatures: signatures)
        let manifest: ChannelManifest
        do { manifest = try ChannelManifest(json: manifestBytes) } catch { throw .malformed(error) }
        if let app = expectations.app, manifest.app != app { throw .otherApp(expected: app, found: manifest.app) }
        guard manifest.release >= expectations.highestSeenRelease else {
            throw .replayedRelease(offered: manifest.release, highestSeen: expectations.highestSeenRelease)
        }
        guard expectations.now < manifest.expires else { throw .expired(release: manifest.release, expires: manifest.expires) }
        return (manifest, keyID)
    }

    /// The program in `bytes`, once its size and SHA-512 are the manifest's, and it names no
    /// other app than `app`.
    public static func program(_ bytes: [UInt8], of artifact: ChannelArtifact, app: String?) throws(ChannelUpdateError) -> Program {
        try content(bytes, of: artifact)
        let program: Program
        do { program = try Program(bytes: bytes) } catch {
            throw .unreadableArtifact(path: artifact.path, error as? BytecodeError ?? .verificationFailed("\(error)"))
        }
        if let app, let named = program.app, named != app { throw .otherApp(expected: app, found: named) }
        return program
    }

    /// Checks that `bytes` have the artifact's size and SHA-512.
    public static func content(_ bytes: [UInt8], of artifact: ChannelArtifact) throws(ChannelUpdateError) {
        guard bytes.count == artifact.size else {
            throw .artifactMismatch(path: artifact.path, reason: "\(bytes.count) bytes where the manifest says \(artifact.size)")
        }
        guard Hex.string(SHA512.hash(bytes)) == artifact.sha512 else {
            throw .artifactMismatch(path: artifact.path, reason: "its SHA-512 is not the manifest's")
        }
    }
}

/// Lowercase hexadecimal.
public enum Hex {
    public static func string(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
