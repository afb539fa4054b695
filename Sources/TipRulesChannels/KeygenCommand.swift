import TipRulesRuntime
import TipRulesToolingCore
import TipRulesChannelCore
import TipRulesSigning

/// `tiprulec keygen -o NAME`: a new Ed25519 key pair for signing a channel.
package enum KeygenCommand {
    package static let usage = """
    usage: tiprulec keygen -o NAME

    Writes a new Ed25519 key pair: NAME.key, the private key (PKCS#8 PEM, mode 0600),
    and NAME.pub, the public key (SubjectPublicKeyInfo PEM) that app builds trust.
    Both are the files 'openssl genpkey -algorithm ed25519' and 'openssl pkey -pubout'
    read and write. Prints the key id: the first 16 hexadecimal digits of the SHA-512
    of the 32-byte public key. An existing file is never replaced.
    Exit status: 0 written, 2 usage or a file that cannot be written.
    """

    package static func run(_ arguments: [String]) throws(CommandResultError) -> CommandResult {
        let parsed = try ParsedArguments.parse(arguments, valueOptions: ["--output"], flags: [],
                                               shortNames: ["-o": "--output"]).orFailure(usage: usage)
        guard parsed.positionals.isEmpty, let name = parsed.options["--output"], !name.isEmpty else {
            return .failure("keygen takes -o NAME and nothing else\n" + usage)
        }
        var generator = SystemRandomNumberGenerator()
        let seed = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        guard let key = Ed25519KeyFile(seed: seed), let privateKey = key.privateKeyPEM else {
            return .failure("cannot derive the public key")
        }
        if let error = SigningKeyFiles.writeNew(privateKey, to: name + ".key", mode: 0o600) {
            return .failure(error.message)
        }
        if let error = SigningKeyFiles.writeNew(key.publicKeyPEM, to: name + ".pub", mode: 0o644) {
            return .failure(error.message)
        }
        return CommandResult(standardOutput: "wrote \(name).key and \(name).pub; key id \(key.keyID)\n")
    }
}
