// TEMPORARY: stands in for TipRulesRuntime/Signing until the ed25519 branch is merged. Delete then.
public enum SHA512 { public static func hash(_ bytes: [UInt8]) -> [UInt8] { [] } }
public enum Ed25519 {
    public static func isValidSignature(_ sig: [UInt8], of msg: [UInt8], publicKey: [UInt8]) -> Bool { false }
    public static func publicKey(fromSeed seed: [UInt8]) -> [UInt8]? { nil }
    public static func signature(of msg: [UInt8], seed: [UInt8]) -> [UInt8]? { nil }
}
public enum Ed25519KeyFile {
    public static func publicKey(fromPEM text: String) -> [UInt8]? { nil }
    public static func seed(fromPEM text: String) -> [UInt8]? { nil }
    public static func privateKeyPEM(seed: [UInt8]) -> String { "" }
    public static func publicKeyPEM(publicKey: [UInt8]) -> String { "" }
}
public enum Base64 {
    public static func decode(_ text: String) -> [UInt8]? { nil }
    public static func encode(_ bytes: [UInt8]) -> String { "" }
}
public enum KeyID { public static func of(publicKey: [UInt8]) -> String { "" } }
