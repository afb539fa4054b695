/// An Ed25519 key as OpenSSL keeps it in a PEM file (RFC 8410): a private key as PKCS#8
/// `PRIVATE KEY` (the 32-byte seed), a public key as SubjectPublicKeyInfo `PUBLIC KEY`. Writing
/// gives byte for byte what `openssl genpkey -algorithm ed25519` and `openssl pkey -pubout` write;
/// reading accepts those files and refuses anything else with an `Ed25519KeyFileError`.
public struct Ed25519KeyFile: Equatable, Sendable {
    /// The 32-byte private key (RFC 8032's seed); nil for a public key.
    public let seed: [UInt8]?
    /// The 32-byte public key.
    public let publicKey: [UInt8]

    /// The key of a 32-byte seed; nil for another length.
    public init?(seed: [UInt8]) {
        guard let publicKey = Ed25519.publicKey(fromSeed: seed) else { return nil }
        self.seed = seed
        self.publicKey = publicKey
    }

    /// A public key alone; nil unless it is the 32-byte encoding of a curve point.
    public init?(publicKey: [UInt8]) {
        guard EdwardsPoint(decoding: publicKey) != nil else { return nil }
        seed = nil
        self.publicKey = publicKey
    }

    /// The key a PEM file holds (its bytes or its text): a `PRIVATE KEY` or a `PUBLIC KEY`.
    /// Only white space may surround the one PEM block; lines may end in CR LF.
    public init(pem: some Collection<UInt8>) throws(Ed25519KeyFileError) {
        let (label, der) = try PEMBlock.read(Array(pem))
        switch label {
        case "PRIVATE KEY":
            let seed = try KeyDER.seed(fromPrivateKeyInfo: der)
            guard let key = Ed25519KeyFile(seed: seed) else { throw .wrongKeyLength(seed.count) }
            self = key
        case "PUBLIC KEY":
            let publicKey = try KeyDER.publicKey(fromSubjectPublicKeyInfo: der)
            guard let key = Ed25519KeyFile(publicKey: publicKey) else { throw .invalidPublicKey }
            self = key
        case "ENCRYPTED PRIVATE KEY":
            throw .encryptedPrivateKey
        default:
            throw .unexpectedLabel(label)
        }
    }

    /// The key in a PEM text.
    public init(pem: String) throws(Ed25519KeyFileError) {
        try self.init(pem: Array(pem.utf8))
    }

    /// The private key file's text (PKCS#8, as `openssl genpkey -algorithm ed25519` writes it);
    /// nil for a public key.
    public var privateKeyPEM: String? {
        guard let seed else { return nil }
        return PEMBlock.write(label: "PRIVATE KEY", der: KeyDER.privateKeyInfoPrefix + seed)
    }

    /// The public key file's text (SubjectPublicKeyInfo, as `openssl pkey -pubout` writes it).
    public var publicKeyPEM: String {
        PEMBlock.write(label: "PUBLIC KEY", der: KeyDER.subjectPublicKeyInfoPrefix + publicKey)
    }

    /// The key's id (`KeyID.of(publicKey:)`).
    public var keyID: String {
        KeyID.of(publicKey: publicKey)
    }
}

/// Why a PEM file does not hold an Ed25519 key this library reads.
public enum Ed25519KeyFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No `-----BEGIN …-----` line.
    case notPEM
    /// A PEM block of another kind (`RSA PRIVATE KEY`, `CERTIFICATE`, …).
    case unexpectedLabel(String)
    /// A password-protected PKCS#8 key (`ENCRYPTED PRIVATE KEY`).
    case encryptedPrivateKey
    /// No `-----END …-----` line matching the BEGIN line.
    case missingEnd(String)
    /// Something other than white space before or after the PEM block.
    case textOutsideBlock
    /// The block's body is not strict Base64.
    case base64(Base64.DecodingError)
    /// The DER structure is not what a key file holds; the text says where.
    case malformedDER(String)
    /// A key for another algorithm (its object identifier, e.g. 1.2.840.113549.1.1.1 for RSA).
    case notEd25519(algorithm: String)
    /// A PKCS#8 version other than 0 (v1, the form with attributes or the public key, is not read).
    case unsupportedVersion
    /// Bytes after the key's structure.
    case trailingBytes(Int)
    /// A key that is not 32 bytes.
    case wrongKeyLength(Int)
    /// A public key that is not the encoding of a curve point.
    case invalidPublicKey

    public var description: String {
        switch self {
        case .notPEM: "not a PEM file: no '-----BEGIN ...-----' line"
        case .unexpectedLabel(let label): "a PEM '\(label)' block, not an Ed25519 'PRIVATE KEY' or 'PUBLIC KEY'"
        case .encryptedPrivateKey: "an encrypted private key: decrypt it first (openssl pkey -in KEY -out PLAIN)"
        case .missingEnd(let label): "no '-----END \(label)-----' line"
        case .textOutsideBlock: "text before or after the PEM block"
        case .base64(let error): "the PEM body is not valid Base64: \(error)"
        case .malformedDER(let what): "malformed key structure: \(what)"
        case .notEd25519(let algorithm): "a key for algorithm \(algorithm), not Ed25519 (1.3.101.112)"
        case .unsupportedVersion: "a PKCS#8 private key of a version other than 0"
        case .trailingBytes(let count): "\(count) bytes after the key's structure"
        case .wrongKeyLength(let count): "an Ed25519 key of \(count) bytes (32 expected)"
        case .invalidPublicKey: "the public key is not a point of the curve"
        }
    }
}
