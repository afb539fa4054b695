import Foundation
import TipRulesRuntime
import TipRulesSigning

/// One Ed25519 verification (`Ed25519.isValidSignature` of a 100-byte message) against OpenSSL's,
/// as `openssl speed ed25519` reports it, measured in the same run: ours for the time OpenSSL
/// gets, once before and once after it, averaged, so a busy spell of the machine touches both.
struct SignatureVerification: Codable {
    /// How long each side was timed, in seconds.
    var seconds: Int
    /// Our verifications per second.
    var verificationsPerSecond: Double
    /// OpenSSL's verifications per second, when `openssl` could be run.
    var opensslVerificationsPerSecond: Double?
    /// Why OpenSSL was not measured.
    var opensslSkipped: String?

    /// OpenSSL's rate over ours (how many times faster OpenSSL is).
    var opensslOverOurs: Double? {
        opensslVerificationsPerSecond.map { $0 / verificationsPerSecond }
    }

    static let maximumOpenSSLOverOurs = 5.0

    static func measure(quick: Bool) throws -> SignatureVerification {
        let seconds = quick ? 1 : 3
        let seed = [UInt8](repeating: 7, count: 32)
        let message = (0..<100).map { UInt8($0) }
        guard let publicKey = Ed25519.publicKey(fromSeed: seed),
              let signature = Ed25519.signature(of: message, seed: seed),
              Ed25519.isValidSignature(signature, of: message, publicKey: publicKey) else {
            throw BenchError("Ed25519: a signature made here does not verify")
        }
        let verify = { Ed25519.isValidSignature(signature, of: message, publicKey: publicKey) }
        let before = try rate(seconds: seconds, verify)
        let openssl = opensslRate(seconds: seconds)
        let after = try rate(seconds: seconds, verify)
        var result = SignatureVerification(seconds: seconds, verificationsPerSecond: (before + after) / 2)
        switch openssl {
        case .success(let rate): result.opensslVerificationsPerSecond = rate
        case .failure(let reason): result.opensslSkipped = reason.description
        }
        return result
    }

    /// Verifications per second over `seconds` of back-to-back verifications.
    private static func rate(seconds: Int, _ verify: () -> Bool) throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        var count = 0
        while clock.now - start < .seconds(seconds) {
            for _ in 0..<10 {
                guard verify() else { throw BenchError("Ed25519: a valid signature failed to verify") }
            }
            count += 10
        }
        return Double(count) / ((clock.now - start).nanoseconds / 1e9)
    }

    /// `openssl speed -seconds N ed25519`'s verify/s, or why it could not be had.
    private static func opensslRate(seconds: Int) -> Result<Double, BenchError> {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/openssl" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { return .failure(BenchError("openssl is not installed")) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["speed", "-seconds", "\(seconds)", "ed25519"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(BenchError("openssl could not be run: \(error)"))
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // " 253 bits EdDSA (Ed25519)   0.0001s   0.0002s  17888.5   5766.7": the last column is verify/s.
        guard process.terminationStatus == 0,
              let line = text.split(separator: "\n").last(where: { $0.contains("(Ed25519)") }),
              let rate = line.split(separator: " ").last.flatMap({ Double($0) }) else {
            return .failure(BenchError("openssl speed ed25519 gave no verify/s"))
        }
        return .success(rate)
    }

    /// Whether ours is within 5× of OpenSSL's, when OpenSSL was measured.
    var target: Target? {
        opensslOverOurs.map { value in
            Target(name: "Ed25519 verification: OpenSSL/ours", value: value, limit: "≤ 5",
                   met: value <= Self.maximumOpenSSLOverOurs)
        }
    }

    /// One line for the report.
    var summary: String {
        let ours = "Ed25519 verification: \(grouped(Int(verificationsPerSecond))) verifications/s "
            + "(\(number(1e6 / verificationsPerSecond)) µs each)"
        guard let openssl = opensslVerificationsPerSecond, let ratio = opensslOverOurs else {
            return ours + "; openssl: skipped: \(opensslSkipped ?? "not measured")"
        }
        return ours + "; openssl speed ed25519: \(grouped(Int(openssl)))/s, \(number(ratio))× ours"
    }
}
