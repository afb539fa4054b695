import TipRulesJSON
import TipRulesStorage

/// What the updater keeps in the state folder (`channel-updater.json`), replaced durably, so
/// that it survives relaunches: the highest release ever seen (a replay is refused even after
/// the rules went back), the release in force and what it put in force, until when its manifest
/// holds, the manifest's ETag and when the channel was last asked.
struct ChannelUpdaterState: Hashable, Sendable {
    static let fileName = "channel-updater.json"

    /// The highest release of a verified manifest this install has seen.
    var highestSeenRelease = 0
    /// The release in force: the highest whose program was applied, or found already in force.
    var settledRelease = 0
    /// The SHA-512 of the program the settled release put in force (nil in a record written
    /// before it was kept).
    var settledProgram: String?
    /// When the settled release's newest verified manifest expires (seconds since 1970).
    var settledExpires: Double?
    /// The manifest's ETag, for `If-None-Match`, once its release is settled.
    var etag: String?
    /// When the channel was last asked (seconds since 1970).
    var lastAttempt: Double?

    init() {}

    /// The record rebuilt from what the folder still says when the file is damaged: the rules in
    /// force (`program`, the SHA-512 of their bytes) and the release they carry, which becomes
    /// the release in force and the floor. Their manifest's expiry and ETag are not known: the
    /// next verified manifest of that release brings them back.
    init(rebuiltFrom program: String, release: Int) {
        highestSeenRelease = release
        settledRelease = release
        settledProgram = program
    }

    /// Reads the file's bytes.
    init(json bytes: [UInt8]) throws(ChannelFormatError) {
        let json = try ChannelJSON.object(bytes, place: Self.fileName)
        highestSeenRelease = try json.integer("highestSeenRelease")
        settledRelease = try json.integer("settledRelease")
        settledProgram = try json.optionalString("settledProgram")
        settledExpires = try json.optionalInteger("settledExpiresMilliseconds").map { Double($0) / 1000 }
        etag = try json.optionalString("etag")
        lastAttempt = try json.optionalInteger("lastAttemptMilliseconds").map { Double($0) / 1000 }
    }

    var json: [UInt8] {
        var members: [(String, JSONValue)] = [("highestSeenRelease", .integer(highestSeenRelease)), ("settledRelease", .integer(settledRelease))]
        if let settledProgram { members.append(("settledProgram", .string(settledProgram))) }
        if let milliseconds = Self.milliseconds(settledExpires) { members.append(("settledExpiresMilliseconds", .integer(milliseconds))) }
        if let etag { members.append(("etag", .string(etag))) }
        if let milliseconds = Self.milliseconds(lastAttempt) { members.append(("lastAttemptMilliseconds", .integer(milliseconds))) }
        return ChannelJSON.bytes(members)
    }

    /// Records `release` as in force, with its program, its manifest's expiry and ETag.
    mutating func settle(_ release: Int, program: String, expires: Double, etag: String?) {
        settledRelease = release
        settledProgram = program
        settledExpires = expires
        highestSeenRelease = max(highestSeenRelease, release)
        self.etag = etag
    }

    /// Whether the settled release governs the rules at `now`: applied, and its manifest unexpired.
    func governs(at now: Double) -> Bool {
        guard settledRelease > 0, let settledExpires else { return false }
        return now < settledExpires
    }

    /// The record in `folder` (a fresh one when there is none), or, when the file is damaged,
    /// what is wrong with it: the caller rebuilds it from the rules in force
    /// (`init(rebuiltFrom:release:)`), whose release is the floor of every check.
    static func load(folder: String, layer: any FileLayer) throws(ChannelUpdateError) -> (state: ChannelUpdaterState, damage: String?) {
        let bytes: [UInt8]?
        do { bytes = try FolderFiles(layer: layer).contents(of: folder + "/" + fileName) } catch { throw .store(error) }
        guard let bytes else { return (ChannelUpdaterState(), nil) }
        do { return (try ChannelUpdaterState(json: bytes), nil) } catch {
            return (ChannelUpdaterState(), "\(fileName) was damaged (\(error))")
        }
    }

    /// Replaces the record: the folder holds the old one or this one, never none.
    func save(folder: String, layer: any FileLayer) throws(ChannelUpdateError) {
        do { try FolderFiles(layer: layer).replaceDurably(json, at: folder + "/" + Self.fileName, folder: folder) } catch { throw .store(error) }
    }

    private static func milliseconds(_ seconds: Double?) -> Int? {
        guard let seconds, seconds.isFinite, abs(seconds) < 1e12 else { return nil }
        return Int(seconds * 1000)
    }
}
