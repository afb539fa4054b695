import TipRulesRuntime
import TipRulesChannelCore
import TipRulesSigning

extension FuzzEntryPoints {
    /// A key the channel target trusts: its signatures never verify on mutated bytes, so the
    /// target reaches the signature check, the key-id match and the Base64 decoder.
    private static let channelTrust = ChannelTrust(publicKeys: [Ed25519.publicKey(fromSeed: Array(repeating: 7, count: 32)) ?? []])

    /// Bytes as a channel's files, the parsers a device runs on what any host serves: the
    /// signature file's and the manifest's (each whole; also split at the first NUL byte into
    /// `manifest.json` and `manifest.json.sig` through the device's checks in order), then what
    /// a manifest that parses is asked: each runtime's artifact, a staged release's share, the
    /// manifest written again and read back.
    public static func channel(_ bytes: [UInt8]) {
        let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false).map(Array.init)
        let manifestBytes = parts[0]
        let signatureBytes = parts.count > 1 ? parts[1] : bytes
        if let signatures = try? ChannelSignatures(json: signatureBytes) {
            _ = try? channelTrust.verify(manifestBytes, signatures: signatures)
            _ = try? ChannelSignatures(json: signatures.json)
        }
        _ = try? ChannelChecks.manifest(manifestBytes, signatures: signatureBytes, trust: channelTrust,
                                        expecting: .init(app: "com.example.backyard", highestSeenRelease: 3, now: fixedNow))
        for candidate in [bytes, manifestBytes] {
            guard let manifest = try? ChannelManifest(json: candidate) else { continue }
            for version in 0...BytecodeFormat.newestVersion + 1 {
                _ = manifest.artifacts.artifact(forRuntimeReadingUpTo: version)
            }
            _ = manifest.artifacts(forInstall: "fuzz-install")
            _ = try? ChannelManifest(json: manifest.json)
        }
    }
}
