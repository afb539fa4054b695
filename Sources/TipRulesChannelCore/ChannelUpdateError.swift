import TipRulesRuntime
import TipRulesStorage
import TipRulesCalendar

/// Why a channel update was refused or could not be made. The rules in force stay in every case.
public enum ChannelUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The host could not be reached or the connection failed.
    case unreachable(url: String, reason: String)
    /// The host answered with a status other than 200 (or 304 for the manifest).
    case httpStatus(url: String, status: Int)
    /// No answer within the time-out.
    case timedOut(url: String, seconds: Double)
    /// The body is larger than the most this file may be.
    case tooLarge(url: String, limit: Int)
    /// The body ended before its announced length.
    case truncated(url: String, received: Int, expected: Int)
    /// A redirect to another scheme (https to http, to file:) or a URL the updater does not fetch.
    case redirectRefused(url: String, to: String)
    /// The manifest or its signature file is not what its format says.
    case malformed(ChannelFormatError)
    /// No signature on the manifest is by a trusted key and verifies (the key ids found).
    case untrustedSignature(keyIDs: [String])
    /// The manifest is for another app.
    case otherApp(expected: String, found: String)
    /// The manifest's release is below the highest this install has ever seen, or below the
    /// release the rules in force carry: a replay.
    case replayedRelease(offered: Int, highestSeen: Int)
    /// The manifest expired: the channel is frozen or stale.
    case expired(release: Int, expires: Double)
    /// An artifact's size or SHA-512 differs from the manifest's.
    case artifactMismatch(path: String, reason: String)
    /// An artifact the bytecode reader refuses.
    case unreadableArtifact(path: String, BytecodeError)
    /// The release holds no program this runtime can load.
    case nothingToLoad(release: Int, newestReadable: Int)
    /// The state folder refused or failed the update (or the updater's record in it).
    case store(TipStoreError)

    public var description: String {
        switch self {
        case .unreachable(let url, let reason): return "cannot reach \(url): \(reason)"
        case .httpStatus(let url, let status): return "\(url) answered HTTP \(status)"
        case .timedOut(let url, let seconds): return "\(url) did not answer within \(Self.number(seconds)) s"
        case .tooLarge(let url, let limit): return "\(url) is larger than \(limit) bytes, the most it may be"
        case .truncated(let url, let received, let expected):
            return "\(url) ended after \(received) of \(expected) bytes"
        case .redirectRefused(let url, let target): return "\(url) redirects to \(target), which is not followed"
        case .malformed(let error): return error.description
        case .untrustedSignature(let keyIDs):
            return "the manifest's signature is not by a trusted key or does not verify (signed by "
                + (keyIDs.isEmpty ? "no key" : keyIDs.joined(separator: ", ")) + ")"
        case .otherApp(let expected, let found): return "the channel is for the app '\(found)', not '\(expected)'"
        case .replayedRelease(let offered, let seen):
            return "the manifest is release \(offered), below release \(seen) this install has seen or has in force (a replayed or stale manifest)"
        case .expired(let release, let expires):
            return "release \(release)'s manifest expired at \(CivilCalendar.rfc3339(expires) ?? "\(expires)") (the channel is stale or frozen)"
        case .artifactMismatch(let path, let reason): return "\(path): \(reason)"
        case .unreadableArtifact(let path, let error): return "\(path) cannot be loaded: \(error)"
        case .nothingToLoad(let release, let newest):
            return "release \(release) holds no program for a runtime reading format versions up to \(newest)"
        case .store(let error): return error.description
        }
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
