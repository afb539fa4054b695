import TipRulesJSON

import TipRulesSigning

/// `manifest.json.sig`: `{"signatures": [{"keyid": "…", "signature": "BASE64"}]}`, each the
/// 64-byte Ed25519 signature of the exact bytes of `manifest.json` by the key with that id.
public struct ChannelSignatures: Hashable, Sendable {
    /// The largest signature file a device reads.
    public static let maximumSize = 16 * 1024

    /// One signature: the signing key's id (`KeyID.of(publicKey:)`) and the signature's text.
    public struct Entry: Hashable, Sendable {
        public var keyID: String
        /// Base64 of the 64-byte signature.
        public var signature: String

        public init(keyID: String, signature: String) {
            self.keyID = keyID
            self.signature = signature
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    public init(json bytes: [UInt8]) throws(ChannelFormatError) {
        guard bytes.count <= Self.maximumSize else {
            throw ChannelFormatError("manifest.json.sig is larger than \(Self.maximumSize) bytes")
        }
        let json = try ChannelJSON.object(bytes, place: "manifest.json.sig")
        var entries: [Entry] = []
        for entry in try json.objects("signatures") {
            entries.append(Entry(keyID: try entry.string("keyid"), signature: try entry.string("signature")))
        }
        self.entries = entries
    }

    public var json: [UInt8] {
        ChannelJSON.bytes([("signatures", .array(entries.map {
            ChannelJSON.sorted([("keyid", .string($0.keyID)), ("signature", .string($0.signature))])
        }))])
    }
}
