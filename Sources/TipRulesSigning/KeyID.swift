/// The short name of an Ed25519 public key that commands print and signature files carry.
public enum KeyID {
    /// The key id of a public key: the first 8 bytes of SHA-512 of the 32-byte raw public key,
    /// as 16 lowercase hexadecimal digits. It depends on the public key alone, so anyone holding
    /// the public key (or the private key it comes from) computes the same id.
    public static func of(publicKey: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in SHA512.hash(publicKey).prefix(8) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
