/// Ed25519 signatures as RFC 8032 defines them (pure Ed25519, not Ed25519ph or Ed25519ctx), in the
/// standard library alone, so every platform the runtime runs on verifies alike. Signatures are
/// deterministic: the one made here for a seed and a message is, byte for byte, OpenSSL's.
public enum Ed25519 {
    /// Whether `signature` is a valid signature of `message` by `publicKey`, checked strictly:
    /// - the signature is 64 bytes and the public key 32, or it fails;
    /// - S (the signature's last 32 bytes) is below the group order L: a non-canonical S,
    ///   which would make a second valid signature of the same message, fails;
    /// - the public key is a canonical encoding of a curve point (y below p, no x = 0 with its
    ///   sign bit set, a point on the curve), or it fails;
    /// - the check is the cofactorless equation of RFC 8032 section 5.1.7 as OpenSSL computes it:
    ///   [S]B - [k]A, encoded, must equal R byte for byte (k = SHA-512(R ‖ A ‖ M) mod L). So an R
    ///   that is not the canonical encoding of a point never matches.
    ///
    /// Public keys and R of small order are not refused when the equation holds (as in OpenSSL);
    /// see docs/signing.md.
    public static func isValidSignature(_ signature: [UInt8], of message: [UInt8], publicKey: [UInt8]) -> Bool {
        guard signature.count == 64, publicKey.count == 32 else { return false }
        let r = Array(signature[0 ..< 32])
        let s = Array(signature[32 ..< 64])
        guard Scalar.isCanonical(s[...]), let a = EdwardsPoint(decoding: publicKey) else { return false }
        var hasher = SHA512.Hasher()
        hasher.update(r)
        hasher.update(publicKey)
        hasher.update(message)
        let k = Scalar.reduced(hasher.finalize())
        let check = DoubleMultiplication.multiply(k, a.negated, plusBaseTimes: s)
        return check.encoded == r
    }

    /// The 32-byte public key of a 32-byte private key (the seed, as RFC 8032 and OpenSSL's
    /// PKCS#8 files hold it); nil unless the seed is 32 bytes.
    public static func publicKey(fromSeed seed: [UInt8]) -> [UInt8]? {
        guard let expanded = ExpandedKey(seed: seed) else { return nil }
        return expanded.publicKey
    }

    /// The 64-byte signature (R ‖ S) of `message` by the private key `seed` (RFC 8032 section
    /// 5.1.6); nil unless the seed is 32 bytes. Deterministic, and in time independent of the
    /// seed as far as the compiler preserves the branch-free code.
    public static func signature(of message: [UInt8], seed: [UInt8]) -> [UInt8]? {
        guard let expanded = ExpandedKey(seed: seed) else { return nil }
        var nonceHasher = SHA512.Hasher()
        nonceHasher.update(expanded.prefix)
        nonceHasher.update(message)
        let nonce = Scalar.reduced(nonceHasher.finalize())
        let r = BaseMultiplication.multiply(nonce).encoded
        var challengeHasher = SHA512.Hasher()
        challengeHasher.update(r)
        challengeHasher.update(expanded.publicKey)
        challengeHasher.update(message)
        let k = Scalar.reduced(challengeHasher.finalize())
        return r + Scalar.multiplyAdd(k, expanded.scalar, nonce)
    }

    /// The values a seed expands to (RFC 8032 section 5.1.5).
    private struct ExpandedKey {
        /// The clamped secret scalar s.
        let scalar: [UInt8]
        /// The second half of SHA-512(seed), which derives each signature's nonce.
        let prefix: [UInt8]
        /// [s]B, encoded.
        let publicKey: [UInt8]

        init?(seed: [UInt8]) {
            guard seed.count == 32 else { return nil }
            let digest = SHA512.hash(seed)
            var scalar = Array(digest[0 ..< 32])
            scalar[0] &= 248
            scalar[31] &= 127
            scalar[31] |= 64
            self.scalar = scalar
            prefix = Array(digest[32 ..< 64])
            publicKey = BaseMultiplication.multiply(scalar).encoded
        }
    }
}
