/// The DER structures of RFC 8410 that hold Ed25519 keys, read strictly.
///
///     PrivateKeyInfo ::= SEQUENCE { version INTEGER (0), AlgorithmIdentifier, OCTET STRING { OCTET STRING seed } }
///     SubjectPublicKeyInfo ::= SEQUENCE { AlgorithmIdentifier, BIT STRING (0 unused bits) key }
///     AlgorithmIdentifier ::= SEQUENCE { OBJECT IDENTIFIER 1.3.101.112 }   -- no parameters
enum KeyDER {
    /// Every byte of an OpenSSL Ed25519 private key file's DER before the seed.
    static let privateKeyInfoPrefix: [UInt8] = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70,
                                                0x04, 0x22, 0x04, 0x20]
    /// Every byte of an OpenSSL Ed25519 public key file's DER before the key.
    static let subjectPublicKeyInfoPrefix: [UInt8] = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70,
                                                      0x03, 0x21, 0x00]
    /// The content of the object identifier 1.3.101.112 (id-Ed25519).
    private static let ed25519Identifier: [UInt8] = [0x2b, 0x65, 0x70]

    private enum Tag: UInt8 {
        case integer = 0x02, bitString = 0x03, octetString = 0x04, objectIdentifier = 0x06, sequence = 0x30
    }

    /// The seed of a PKCS#8 PrivateKeyInfo.
    static func seed(fromPrivateKeyInfo der: [UInt8]) throws(Ed25519KeyFileError) -> [UInt8] {
        var outer = DERReader(der[...])
        var info = DERReader(try outer.read(.sequence, "PrivateKeyInfo"))
        try outer.expectEnd()
        guard try info.read(.integer, "the version") == [0] else { throw .unsupportedVersion }
        try checkAlgorithm(&info)
        var privateKey = DERReader(try info.read(.octetString, "the private key"))
        try info.expectEnd()
        let seed = try privateKey.read(.octetString, "the seed")
        try privateKey.expectEnd()
        guard seed.count == 32 else { throw .wrongKeyLength(seed.count) }
        return Array(seed)
    }

    /// The key of a SubjectPublicKeyInfo.
    static func publicKey(fromSubjectPublicKeyInfo der: [UInt8]) throws(Ed25519KeyFileError) -> [UInt8] {
        var outer = DERReader(der[...])
        var info = DERReader(try outer.read(.sequence, "SubjectPublicKeyInfo"))
        try outer.expectEnd()
        try checkAlgorithm(&info)
        let bits = try info.read(.bitString, "the public key")
        try info.expectEnd()
        guard bits.first == 0 else { throw .malformedDER("the public key's bit string has unused bits") }
        guard bits.count == 33 else { throw .wrongKeyLength(bits.count - 1) }
        return Array(bits.dropFirst())
    }

    /// Reads an AlgorithmIdentifier and refuses any but Ed25519's, with no parameters.
    private static func checkAlgorithm(_ reader: inout DERReader) throws(Ed25519KeyFileError) {
        var algorithm = DERReader(try reader.read(.sequence, "the AlgorithmIdentifier"))
        let identifier = try algorithm.read(.objectIdentifier, "the algorithm")
        guard identifier.elementsEqual(ed25519Identifier) else {
            throw .notEd25519(algorithm: dotted(identifier))
        }
        guard algorithm.isAtEnd else { throw .malformedDER("parameters after Ed25519's algorithm identifier") }
    }

    /// An object identifier in dotted form (components too large to show are written "?").
    private static func dotted(_ content: ArraySlice<UInt8>) -> String {
        var components: [String] = []
        var value: UInt64 = 0
        var tooLarge = false
        for byte in content {
            if value >> 56 != 0 { tooLarge = true }
            value = (value << 7) | UInt64(byte & 0x7f)
            guard byte & 0x80 == 0 else { continue }
            if components.isEmpty {
                let first = min(value / 40, 2)
                components = ["\(first)", tooLarge ? "?" : "\(value - first * 40)"]
            } else {
                components.append(tooLarge ? "?" : "\(value)")
            }
            value = 0
            tooLarge = false
        }
        return components.isEmpty ? "(empty)" : components.joined(separator: ".")
    }

    /// A cursor over DER bytes that reads one element at a time, with the minimal length forms only.
    private struct DERReader {
        private var bytes: ArraySlice<UInt8>

        init(_ bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
        }

        var isAtEnd: Bool { bytes.isEmpty }

        /// The content of the next element, which must have `tag`; `what` names it in errors.
        mutating func read(_ tag: Tag, _ what: String) throws(Ed25519KeyFileError) -> ArraySlice<UInt8> {
            guard let first = bytes.first else { throw .malformedDER("\(what) is missing") }
            guard first == tag.rawValue else {
                throw .malformedDER("\(what): tag 0x\(String(first, radix: 16)) where 0x\(String(tag.rawValue, radix: 16)) belongs")
            }
            bytes = bytes.dropFirst()
            guard let lengthByte = bytes.first else { throw .malformedDER("\(what) has no length") }
            bytes = bytes.dropFirst()
            var length = Int(lengthByte)
            if lengthByte & 0x80 != 0 {
                let count = Int(lengthByte & 0x7f)
                guard count >= 1, count <= 3, bytes.count >= count else {
                    throw .malformedDER("\(what) has an invalid length")
                }
                length = bytes.prefix(count).reduce(0) { $0 << 8 | Int($1) }
                guard length >= 128, bytes.first != 0 else { throw .malformedDER("\(what)'s length is not minimal") }
                bytes = bytes.dropFirst(count)
            }
            guard bytes.count >= length else { throw .malformedDER("\(what) is cut short") }
            let content = bytes.prefix(length)
            bytes = bytes.dropFirst(length)
            return content
        }

        /// Refuses bytes after the last element read.
        func expectEnd() throws(Ed25519KeyFileError) {
            guard bytes.isEmpty else { throw .trailingBytes(bytes.count) }
        }
    }
}
