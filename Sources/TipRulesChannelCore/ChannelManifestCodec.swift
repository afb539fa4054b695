import TipRulesJSON
import TipRulesRuntime
import TipRulesCalendar

extension ChannelManifest {
    /// Reads a manifest. Refuses a manifest format newer than this library reads, dates that
    /// are not RFC 3339, and artifacts whose path is not the one their hash names.
    public init(json bytes: [UInt8]) throws(ChannelFormatError) {
        guard bytes.count <= Self.maximumSize else {
            throw ChannelFormatError("manifest.json is larger than \(Self.maximumSize) bytes")
        }
        let json = try ChannelJSON.object(bytes, place: "manifest.json")
        manifestVersion = try json.integer("manifestVersion")
        guard manifestVersion >= 1, manifestVersion <= Self.currentVersion else {
            throw ChannelFormatError("manifest.json is of manifest version \(manifestVersion), newer than this library reads (\(Self.currentVersion))")
        }
        app = try json.string("app")
        release = try json.integer("release")
        guard release >= 1 else { throw ChannelFormatError("manifest.json: 'release' must be at least 1") }
        published = try Self.date(json, "published")
        expires = try Self.date(json, "expires")
        artifacts = try Self.artifacts(json, "artifacts")
        paused = try json.strings("paused")
        pausesAll = try json.bool("pauseAll")
        if let staging = try json.optionalObject("staging") {
            let percent = try staging.integer("percent")
            guard (1...99).contains(percent) else { throw ChannelFormatError("manifest.json staging: 'percent' must be 1 to 99") }
            self.staging = ChannelStaging(percent: percent, group: try staging.string("group"),
                                          previousRelease: try staging.integer("previousRelease"),
                                          previousArtifacts: try Self.artifacts(staging, "previousArtifacts"))
        } else {
            staging = nil
        }
    }

    /// The manifest's bytes: a JSON object with sorted keys, as `publish` writes it.
    public var json: [UInt8] {
        var members: [(String, JSONValue)] = [
            ("manifestVersion", .integer(manifestVersion)), ("app", .string(app)), ("release", .integer(release)),
            ("published", .string(CivilCalendar.rfc3339(published) ?? "")), ("expires", .string(CivilCalendar.rfc3339(expires) ?? "")),
            ("artifacts", .array(artifacts.map(\.json))), ("paused", .array(paused.map(JSONValue.string))), ("pauseAll", .bool(pausesAll)),
        ]
        if let staging {
            members.append(("staging", ChannelJSON.sorted([
                ("percent", .integer(staging.percent)), ("group", .string(staging.group)),
                ("previousRelease", .integer(staging.previousRelease)),
                ("previousArtifacts", .array(staging.previousArtifacts.map(\.json))),
            ])))
        }
        return ChannelJSON.bytes(members)
    }

    private static func date(_ json: ChannelJSON, _ key: String) throws(ChannelFormatError) -> Double {
        let text = try json.string(key)
        do { return try RFC3339.parse(text) } catch {
            throw ChannelFormatError("\(json.place): '\(key)' is not an RFC 3339 date: \(error)")
        }
    }

    private static func artifacts(_ json: ChannelJSON, _ key: String) throws(ChannelFormatError) -> [ChannelArtifact] {
        var artifacts: [ChannelArtifact] = []
        for entry in try json.objects(key) {
            let artifact = ChannelArtifact(formatVersion: try entry.integer("formatVersion"), path: try entry.string("path"),
                                           sha512: try entry.string("sha512"), size: try entry.integer("size"))
            guard artifact.isWellFormed else {
                throw ChannelFormatError("\(entry.place): the path must be artifacts/<sha512>.tipc with its 128-digit lowercase SHA-512")
            }
            guard artifact.formatVersion >= 1, !artifacts.contains(where: { $0.formatVersion == artifact.formatVersion }) else {
                throw ChannelFormatError("\(entry.place): 'formatVersion' must be at least 1 and listed once")
            }
            artifacts.append(artifact)
        }
        return artifacts
    }
}

extension ChannelArtifact {
    var json: JSONValue {
        ChannelJSON.sorted([("formatVersion", .integer(formatVersion)), ("path", .string(path)),
                            ("sha512", .string(sha512)), ("size", .integer(size))])
    }
}
