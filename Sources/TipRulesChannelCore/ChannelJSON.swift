import TipRulesJSON

/// Reads and writes the channel's small JSON files (the manifest, its signatures, the updater's
/// record) with the project's strict JSON parser and writer, each field checked for its type
/// with an error that names it.
struct ChannelJSON {
    let object: JSONObject
    /// Where the object is, for messages: `manifest.json`, `staging` …
    let place: String

    /// Parses `bytes` as one JSON object.
    static func object(_ bytes: [UInt8], place: String) throws(ChannelFormatError) -> ChannelJSON {
        let parsed: JSONValue
        do { parsed = try JSONParser().parse(bytes) } catch {
            throw ChannelFormatError("\(place) is not valid JSON (\(error))")
        }
        guard let object = parsed.objectValue else { throw ChannelFormatError("\(place) is not a JSON object") }
        return ChannelJSON(object: object, place: place)
    }

    /// An object of `members` with its keys sorted, as the channel's files are written.
    static func sorted(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }))
    }

    /// Writes a JSON object two-space indented, ending in a newline.
    static func bytes(_ members: [(String, JSONValue)]) -> [UInt8] {
        Array(JSONWriter.string(from: sorted(members), style: .pretty).utf8) + [0x0A]
    }

    func string(_ key: String) throws(ChannelFormatError) -> String {
        guard let value = object[key]?.stringValue else { throw missing(key, "a string") }
        return value
    }

    func optionalString(_ key: String) throws(ChannelFormatError) -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        return try string(key)
    }

    /// A whole number that a double holds exactly (below 2^53 in magnitude); `3.0` is 3.
    func integer(_ key: String) throws(ChannelFormatError) -> Int {
        switch object[key] {
        case .integer(let value)? where value.magnitude < 1 << 53: return value
        case .number(let value)? where value.magnitude < 0x1p53: if let integer = Int(exactly: value) { return integer }
        default: break
        }
        throw missing(key, "a whole number")
    }

    func optionalInteger(_ key: String) throws(ChannelFormatError) -> Int? {
        object[key] == nil ? nil : try integer(key)
    }

    func bool(_ key: String) throws(ChannelFormatError) -> Bool {
        guard let flag = object[key]?.boolValue else { throw missing(key, "true or false") }
        return flag
    }

    func strings(_ key: String) throws(ChannelFormatError) -> [String] {
        guard let value = object[key]?.arrayValue else { throw missing(key, "an array of strings") }
        var strings: [String] = []
        for element in value {
            guard let string = element.stringValue else { throw missing(key, "an array of strings") }
            strings.append(string)
        }
        return strings
    }

    func objects(_ key: String) throws(ChannelFormatError) -> [ChannelJSON] {
        guard let value = object[key]?.arrayValue else { throw missing(key, "an array of objects") }
        var objects: [ChannelJSON] = []
        for (index, element) in value.enumerated() {
            guard let object = element.objectValue else { throw missing(key, "an array of objects") }
            objects.append(ChannelJSON(object: object, place: "\(place) \(key)[\(index)]"))
        }
        return objects
    }

    func optionalObject(_ key: String) throws(ChannelFormatError) -> ChannelJSON? {
        guard let value = object[key] else { return nil }
        guard let object = value.objectValue else { throw missing(key, "an object") }
        return ChannelJSON(object: object, place: "\(place) \(key)")
    }

    private func missing(_ key: String, _ kind: String) -> ChannelFormatError {
        ChannelFormatError("\(place): '\(key)' must be \(kind)")
    }
}

/// A channel file that is not what its format says, with where and what.
public struct ChannelFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
