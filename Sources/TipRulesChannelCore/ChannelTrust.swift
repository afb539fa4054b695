import TipRulesRuntime
import TipRulesSigning

/// The public keys an app build trusts for its channel (several, so that a key can be rotated:
/// ship the new key in one app release, sign with it in a later one). A manifest is accepted
/// when one of its signatures is by one of these keys and verifies over its exact bytes.
public struct ChannelTrust: Hashable, Sendable {
    /// Each trusted key's id (`KeyID.of(publicKey:)`) and its 32 bytes.
    public let keys: [(id: String, publicKey: [UInt8])]

    public init(publicKeys: [[UInt8]]) {
        keys = publicKeys.map { (KeyID.of(publicKey: $0), $0) }
    }

    /// Reads trusted keys from `PUBLIC KEY` PEM files' text.
    public init(pemFiles: [String]) throws(ChannelFormatError) {
        var keys: [[UInt8]] = []
        for text in pemFiles {
            do { keys.append(try Ed25519KeyFile(pem: text).publicKey) } catch {
                throw ChannelFormatError("not an Ed25519 PUBLIC KEY PEM file: \(error)")
            }
        }
        self.init(publicKeys: keys)
    }

    /// The id of the trusted key whose signature in `signatures` verifies over `message`; throws
    /// with the key ids found when none does. Nothing else of the message is read before.
    public func verify(_ message: [UInt8], signatures: ChannelSignatures) throws(ChannelUpdateError) -> String {
        for entry in signatures.entries {
            guard let key = keys.first(where: { $0.id == entry.keyID }),
                  let signature = try? Base64.decode(entry.signature), signature.count == 64 else { continue }
            if Ed25519.isValidSignature(signature, of: message, publicKey: key.publicKey) { return key.id }
        }
        throw .untrustedSignature(keyIDs: signatures.entries.map(\.keyID))
    }

    public static func == (left: ChannelTrust, right: ChannelTrust) -> Bool {
        left.keys.map(\.publicKey) == right.keys.map(\.publicKey)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(keys.map(\.publicKey))
    }
}
