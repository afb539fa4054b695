import Foundation
import TipRulesChannelCore

/// How `tiprulec` reaches a channel without linking networking: `file:` URLs are read in the
/// process (`ChannelFileTransport`); http and https go through the helper `tiprulec-fetch`,
/// which the package builds next to `tiprulec` (as git keeps HTTP in `git-remote-https`).
struct HelperChannelTransport: ChannelTransport {
    static let helperName = "tiprulec-fetch"

    func get(_ url: String, ifNoneMatch etag: String?, limit: Int, timeout: Double) throws(ChannelUpdateError) -> ChannelResponse {
        let lowered = url.lowercased()
        if lowered.hasPrefix("file:") { return try ChannelFileTransport().get(url, ifNoneMatch: etag, limit: limit, timeout: timeout) }
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
            throw .redirectRefused(url: url, to: "a scheme other than http, https or file")
        }
        let helper = try Self.helperPath(url: url)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: helper)
        process.arguments = [url, "--limit", String(limit), "--timeout", String(timeout)]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw .unreachable(url: url, reason: "cannot start \(helper): \(error)") }
        // The helper stops at the limit itself; one byte more means it did not.
        var body: [UInt8] = []
        while body.count <= limit, let chunk = try? output.fileHandleForReading.read(upToCount: min(1 << 16, limit + 1 - body.count)), !chunk.isEmpty {
            body.append(contentsOf: chunk)
        }
        if body.count > limit { process.terminate() }
        let message = String(decoding: (try? errors.fileHandleForReading.read(upToCount: 1 << 16)) ?? Data(), as: UTF8.self)
        process.waitUntilExit()
        if body.count > limit { throw .tooLarge(url: url, limit: limit) }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let line = message.split(separator: "\n").last.map(String.init) ?? ""
            throw ChannelTransportFailure.error(line) ?? .unreachable(url: url, reason: "\(Self.helperName) failed: \(line.isEmpty ? "status \(process.terminationStatus)" : line)")
        }
        return ChannelResponse(status: 200, body: body)
    }

    /// `tiprulec-fetch` in the folder of the running executable.
    private static func helperPath(url: String) throws(ChannelUpdateError) -> String {
        let folder = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent().path ?? "."
        let path = folder + "/" + helperName
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw .unreachable(url: url, reason: "http and https need the helper \(helperName), which is not at \(path): "
                + "build it with the package (swift build) and keep it next to tiprulec")
        }
        return path
    }
}
