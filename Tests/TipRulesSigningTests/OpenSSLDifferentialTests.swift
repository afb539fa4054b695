import Foundation
import Testing
import TipRulesRuntime
import TipRulesSigning
import TipRulesTestSupport

/// The `openssl` command line, found on PATH; nil when it is not installed.
enum OpenSSLCommand {
    static let path: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        .split(separator: ":")
        .map { "\($0)/openssl" }
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs openssl with `arguments` in `folder`; its exit status.
    @discardableResult
    static func run(_ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path ?? "openssl")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// Ed25519 against OpenSSL's command line with random keys and messages, both ways: OpenSSL's key
/// files and signatures read and verified here; the key files and signatures made here byte for
/// byte OpenSSL's, and verified by it. (Messages are 1 byte or longer: OpenSSL 3.0's
/// `pkeyutl -rawin` cannot sign an empty file.) Skipped when `openssl` is not installed.
@Suite(.enabled(if: OpenSSLCommand.path != nil, "openssl is not installed: the differential test against it is skipped"))
struct OpenSSLDifferentialTests {
    static let cases = ProcessInfo.processInfo.environment["TIPRULES_OPENSSL_CASES"].flatMap { Int($0) } ?? 20

    @Test func randomKeysAndMessagesAgreeWithOpenSSL() throws {
        let folder = URL(fileURLWithPath: temporaryFolder(prefix: "ed25519"), isDirectory: true)
        defer { removeTemporaryFolder(folder.path) }
        func file(_ name: String) -> URL { folder.appendingPathComponent(name) }
        func read(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: file(name))) }
        func write(_ bytes: [UInt8], _ name: String) throws { try Data(bytes).write(to: file(name)) }

        let start = UInt64(UInt32.random(in: 1...UInt32.max))
        var random = Xorshift(state: start)
        for index in 0..<Self.cases {
            let message = random.bytes(1 + random.next(300))
            try write(message, "message")

            // OpenSSL's key and signature, read and checked here.
            try #require(try OpenSSLCommand.run(["genpkey", "-algorithm", "ed25519", "-out", "openssl.key"], in: folder) == 0)
            try #require(try OpenSSLCommand.run(["pkey", "-in", "openssl.key", "-pubout", "-out", "openssl.pub"], in: folder) == 0)
            try #require(try OpenSSLCommand.run(["pkeyutl", "-sign", "-rawin", "-inkey", "openssl.key", "-in", "message",
                                                 "-out", "openssl.sig"], in: folder) == 0)
            let opensslKey = try Ed25519KeyFile(pem: try read("openssl.key"))
            let opensslPublic = try Ed25519KeyFile(pem: try read("openssl.pub"))
            let seed = try #require(opensslKey.seed)
            #expect(opensslPublic.publicKey == opensslKey.publicKey, "case \(index) from seed \(start)")
            #expect(Array(opensslKey.privateKeyPEM?.utf8 ?? "".utf8) == (try read("openssl.key")), "case \(index) from seed \(start)")
            #expect(Array(opensslKey.publicKeyPEM.utf8) == (try read("openssl.pub")), "case \(index) from seed \(start)")
            let opensslSignature = try read("openssl.sig")
            #expect(Ed25519.isValidSignature(opensslSignature, of: message, publicKey: opensslPublic.publicKey), "case \(index) from seed \(start)")
            #expect(Ed25519.signature(of: message, seed: seed) == opensslSignature, "case \(index) from seed \(start)")

            // Our key and signature, read and checked by OpenSSL.
            let ours = try #require(Ed25519KeyFile(seed: random.bytes(32)))
            try write(Array((ours.privateKeyPEM ?? "").utf8), "ours.key")
            try write(Array(ours.publicKeyPEM.utf8), "ours.pub")
            let signature = try #require(Ed25519.signature(of: message, seed: ours.seed ?? []))
            try write(signature, "ours.sig")
            #expect(try OpenSSLCommand.run(["pkeyutl", "-verify", "-pubin", "-inkey", "ours.pub", "-rawin", "-in", "message",
                                            "-sigfile", "ours.sig"], in: folder) == 0, "case \(index) from seed \(start)")
            try #require(try OpenSSLCommand.run(["pkeyutl", "-sign", "-rawin", "-inkey", "ours.key", "-in", "message",
                                                 "-out", "ours-by-openssl.sig"], in: folder) == 0)
            #expect(try read("ours-by-openssl.sig") == signature, "case \(index) from seed \(start)")

            // A changed signature fails on both sides.
            var changed = signature
            let bit = random.next(512)
            changed[bit / 8] ^= 1 << (bit % 8)
            try write(changed, "changed.sig")
            #expect(try OpenSSLCommand.run(["pkeyutl", "-verify", "-pubin", "-inkey", "ours.pub", "-rawin", "-in", "message",
                                            "-sigfile", "changed.sig"], in: folder) != 0, "case \(index) from seed \(start)")
            #expect(!Ed25519.isValidSignature(changed, of: message, publicKey: ours.publicKey), "case \(index) from seed \(start)")
        }
    }
}
