#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesRuntime
import TipRulesToolingCore
import TipRulesChannelCore
import TipRulesSigning

/// The PEM key files of `keygen` and `publish`: OpenSSL's Ed25519 `PRIVATE KEY` (PKCS#8) and
/// `PUBLIC KEY` (SubjectPublicKeyInfo). A private key file that its group or others may read
/// is refused, as ssh refuses one.
enum SigningKeyFiles {
    /// The private key's 32-byte seed and its public key, or why it cannot be used.
    static func privateKey(at path: String) -> Result<(seed: [UInt8], publicKey: [UInt8]), CommandError> {
        var status = stat()
        guard stat(path, &status) == 0 else { return .failure(CommandError("\(path): cannot be read (\(FileAccess.reason(errno)))")) }
        let mode = status.st_mode & 0o777
        guard mode & 0o077 == 0 else {
            return .failure(CommandError("\(path): the private key may be read by others than its owner (mode \(String(mode, radix: 8))); run 'chmod 600 \(path)'"))
        }
        return text(at: path).flatMap { text in
            let file: Ed25519KeyFile
            do { file = try Ed25519KeyFile(pem: text) } catch {
                return .failure(CommandError("\(path): not an Ed25519 PRIVATE KEY PEM file (as 'openssl genpkey -algorithm ed25519' writes): \(error)"))
            }
            guard let seed = file.seed else { return .failure(CommandError("\(path): a public key; --key takes the private key")) }
            return .success((seed, file.publicKey))
        }
    }

    /// The 32-byte public key of a `PUBLIC KEY` PEM file.
    static func publicKey(at path: String) -> Result<[UInt8], CommandError> {
        text(at: path).flatMap { text in
            do { return .success(try Ed25519KeyFile(pem: text).publicKey) } catch {
                return .failure(CommandError("\(path): not an Ed25519 PUBLIC KEY PEM file (as 'openssl pkey -pubout' writes): \(error)"))
            }
        }
    }

    /// Writes a new file readable and writable by its owner only (mode 0600); refuses to
    /// replace an existing file.
    static func writeNew(_ text: String, to path: String, mode: mode_t) -> CommandError? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            return CommandError("\(path): cannot be created (\(FileAccess.reason(errno)))" + (errno == EEXIST ? "; keygen never replaces a key" : ""))
        }
        defer { close(descriptor) }
        guard fchmod(descriptor, mode) == 0, FileDescriptorIO.writeAll(Array(text.utf8), to: descriptor) == nil,
              fsync(descriptor) == 0 else {
            unlink(path)
            return CommandError("\(path): cannot be written (\(FileAccess.reason(errno)))")
        }
        return nil
    }

    private static func text(at path: String) -> Result<String, CommandError> {
        FileAccess.read(path, as: .fixture, environment: CommandEnvironment()).map { String(decoding: $0, as: UTF8.self) }
    }
}
