import TipRulesStorage

/// What the updater keeps in the state folder (`channel-updater.json`), written durably, so
/// that it survives relaunches: the highest release ever seen (a replay is refused even after
/// the rules went back), the release last acted on, the manifest's ETag and when the channel
/// was last asked.
struct ChannelUpdaterState: Hashable, Sendable {
    static let fileName = "channel-updater.json"

    /// The highest release of a verified manifest this install has seen.
    var highestSeenRelease = 0
    /// The highest release whose programs were applied, or found already in force.
    var settledRelease = 0
    /// The manifest's ETag, for `If-None-Match`, once its release is settled.
    var etag: String?
    /// When the channel was last asked (seconds since 1970).
    var lastAttempt: Double?

    init() {}

    /// Reads the file's bytes; a damaged file is a fresh start but keeps no one from replaying,
    /// so it is reported to the caller as an error instead.
    init(json bytes: [UInt8]) throws(ChannelFormatError) {
        let json = try ChannelJSON.object(bytes, place: Self.fileName)
        highestSeenRelease = try json.integer("highestSeenRelease")
        settledRelease = try json.integer("settledRelease")
        etag = try json.optionalString("etag")
        lastAttempt = try json.optionalInteger("lastAttemptMilliseconds").map { Double($0) / 1000 }
    }

    var json: [UInt8] {
        var object: [String: Any] = ["highestSeenRelease": highestSeenRelease, "settledRelease": settledRelease]
        if let etag { object["etag"] = etag }
        if let lastAttempt, lastAttempt.isFinite, abs(lastAttempt) < 1e12 { object["lastAttemptMilliseconds"] = Int(lastAttempt * 1000) }
        return ChannelJSON.bytes(object)
    }

    static func load(folder: String) throws(ChannelUpdateError) -> ChannelUpdaterState {
        let bytes: [UInt8]?
        do { bytes = try FolderFiles(layer: PosixFileLayer()).contents(of: folder + "/" + fileName) } catch { throw .store(error) }
        guard let bytes else { return ChannelUpdaterState() }
        do { return try ChannelUpdaterState(json: bytes) } catch {
            throw .store(.notAStateFolder(folder: folder, "\(fileName) is damaged (\(error)); remove it to start the channel's record anew"))
        }
    }

    func save(folder: String) throws(ChannelUpdateError) {
        let files = FolderFiles(layer: PosixFileLayer())
        do { try files.createDurably(json, at: folder + "/" + Self.fileName, folder: folder) } catch { throw .store(error) }
    }
}
