import Testing
import TipRulesRuntime
import TipRulesSigning
import TipRulesTestSupport

/// PEM key files: the bytes OpenSSL writes, and the files refused with a typed error.
@Suite struct Ed25519KeyFileTests {
    /// RFC 8032's TEST 1 key, as `openssl genpkey -algorithm ed25519` and `openssl pkey -pubout` write it.
    static let seed = bytes(hex: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60") ?? []
    static let privatePEM = "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIJ1hsZ3v/VpguoRK9JLsLMREScVpezJpGXA7rAMcrn9g\n-----END PRIVATE KEY-----\n"
    static let publicPEM = "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=\n-----END PUBLIC KEY-----\n"

    @Test func writesWhatOpenSSLWrites() throws {
        let key = try #require(Ed25519KeyFile(seed: Self.seed))
        #expect(key.privateKeyPEM == Self.privatePEM)
        #expect(key.publicKeyPEM == Self.publicPEM)
        #expect(try Ed25519KeyFile(pem: Self.privatePEM) == key)
        let publicOnly = try Ed25519KeyFile(pem: Self.publicPEM)
        #expect(publicOnly.seed == nil)
        #expect(publicOnly.privateKeyPEM == nil)
        #expect(publicOnly.publicKey == key.publicKey)
        #expect(publicOnly.keyID == key.keyID)
    }

    @Test func keyIDIsTheStartOfTheKeysHash() throws {
        let key = try #require(Ed25519KeyFile(seed: Self.seed))
        #expect(key.keyID == hex(Array(SHA512.hash(key.publicKey).prefix(8))))
        #expect(key.keyID.count == 16)
    }

    @Test func toleratesCRLFAndSurroundingBlankLines() throws {
        let text = "\n\r\n" + Self.privatePEM.split(separator: "\n").joined(separator: "\r\n") + "\r\n\n"
        #expect(try Ed25519KeyFile(pem: text).seed == Self.seed)
    }

    static let refusals: [(String, Ed25519KeyFileError)] = [
        ("", .notPEM),
        ("hello\n", .notPEM),
        ("comment\n" + privatePEM, .textOutsideBlock),
        (privatePEM + "more\n", .textOutsideBlock),
        ("-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIJ1hsZ3v/VpguoRK9JLsLMREScVpezJpGXA7rAMcrn9g\n", .missingEnd("PRIVATE KEY")),
        ("-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIJ1hsZ3v/VpguoRK9JLsLMREScVpezJpGXA7rAMcrn9g\n-----END PUBLIC KEY-----\n",
         .missingEnd("PRIVATE KEY")),
        ("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n", .unexpectedLabel("CERTIFICATE")),
        ("-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n", .encryptedPrivateKey),
        ("-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo\n-----END PUBLIC KEY-----\n",
         .base64(.invalidLength(59))),
        ("-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURp=\n-----END PUBLIC KEY-----\n",
         .base64(.nonCanonical)),
        // An X25519 public key (1.3.101.110).
        ("-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VuAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=\n-----END PUBLIC KEY-----\n",
         .notEd25519(algorithm: "1.3.101.110")),
        // A public key of 31 bytes.
        (publicFile(der: [0x30, 0x29, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x20, 0x00] + [UInt8](repeating: 1, count: 31)),
         .wrongKeyLength(31)),
        // A seed of 33 bytes.
        (privateFile(der: [0x30, 0x2f, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x23, 0x04, 0x21]
                     + [UInt8](repeating: 1, count: 33)), .wrongKeyLength(33)),
        // A byte after the structure.
        (privateFile(der: [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]
                     + seed + [0]), .trailingBytes(1)),
        // Version 1.
        (privateFile(der: [0x30, 0x2e, 0x02, 0x01, 0x01, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]
                     + seed), .unsupportedVersion),
        // A length in long form where the short one fits.
        (privateFile(der: [0x30, 0x81, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]
                     + seed), .malformedDER("PrivateKeyInfo's length is not minimal")),
        // y = 2 is not on the curve.
        (publicFile(der: [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00, 2] + [UInt8](repeating: 0, count: 31)),
         .invalidPublicKey),
        (rsaPublicKey, .notEd25519(algorithm: "1.2.840.113549.1.1.1")),
    ]

    @Test(arguments: refusals)
    func refuses(text: String, error: Ed25519KeyFileError) {
        #expect(throws: error) { try Ed25519KeyFile(pem: text) }
    }

    /// An RSA 1024-bit public key (`openssl genpkey -algorithm rsa -pkeyopt rsa_keygen_bits:1024 | openssl pkey -pubout`).
    static let rsaPublicKey = """
        -----BEGIN PUBLIC KEY-----
        MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDQIj/3HSbmYLvuxQTNWPFKr22p
        RYMqzc3LY+SvWi3k/pmYNRPm2jwFl1n5U67/1MY+rbj/Gwi6f4RVQU/8uHSIVKYX
        O41kzxCNVwDo1uz8eS4tTVEwp/F1IbqqNYMSE84wAg8adarx6RAuOuXmJvuIs/Kf
        87YWJnrQCgfMRwtGIQIDAQAB
        -----END PUBLIC KEY-----

        """

    static func publicFile(der: [UInt8]) -> String {
        "-----BEGIN PUBLIC KEY-----\n\(Base64.encode(der))\n-----END PUBLIC KEY-----\n"
    }

    static func privateFile(der: [UInt8]) -> String {
        "-----BEGIN PRIVATE KEY-----\n\(Base64.encode(der))\n-----END PRIVATE KEY-----\n"
    }

    /// Random bytes, and random changes to a valid file, never crash the reader or the verifier.
    @Test func randomInputNeverCrashes() {
        var random = Xorshift(state: 0xf022)
        let valid = Array(Self.privatePEM.utf8)
        for _ in 0..<300 {
            var text = random.next(2) == 0 ? random.bytes(random.next(200)) : valid
            for _ in 0..<random.next(4) where !text.isEmpty {
                text[random.next(text.count)] = UInt8(random.next(256))
            }
            _ = try? Ed25519KeyFile(pem: text)
            let der = random.bytes(random.next(60))
            _ = try? Ed25519KeyFile(pem: Self.privateFile(der: der))
            _ = try? Ed25519KeyFile(pem: Self.publicFile(der: der))
            _ = Ed25519.isValidSignature(random.bytes(64), of: random.bytes(random.next(50)), publicKey: random.bytes(32))
        }
    }
}
