#if canImport(FoundationEssentials)
import FoundationEssentials
#endif
import Foundation

/// Reads and writes the channel's small JSON files (the manifest, its signatures, the updater's
/// state) with Foundation's parser, each field checked for its type with an error that names it.
struct ChannelJSON {
    let object: [String: Any]
    /// Where the object is, for messages: `manifest.json`, `staging` …
    let place: String

    /// Parses `bytes` as one JSON object.
    static func object(_ bytes: [UInt8], place: String) throws(ChannelFormatError) -> ChannelJSON {
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: Data(bytes)) } catch {
            throw ChannelFormatError("\(place) is not valid JSON")
        }
        guard let object = parsed as? [String: Any] else { throw ChannelFormatError("\(place) is not a JSON object") }
        return ChannelJSON(object: object, place: place)
    }

    /// Writes a JSON object with sorted keys, two-space indented, ending in a newline.
    static func bytes(_ object: [String: Any]) -> [UInt8] {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return Array(data) + [0x0A]
    }

    func string(_ key: String) throws(ChannelFormatError) -> String {
        guard let value = object[key] as? String else { throw missing(key, "a string") }
        return value
    }

    func optionalString(_ key: String) throws(ChannelFormatError) -> String? {
        guard object[key] != nil, !(object[key] is NSNull) else { return nil }
        return try string(key)
    }

    func integer(_ key: String) throws(ChannelFormatError) -> Int {
        guard let value = object[key], !Self.isBoolean(value), let number = value as? NSNumber,
              let integer = Int(exactly: number.doubleValue), abs(integer) < 1 << 53 else {
            throw missing(key, "a whole number")
        }
        return integer
    }

    func optionalInteger(_ key: String) throws(ChannelFormatError) -> Int? {
        object[key] == nil ? nil : try integer(key)
    }

    func bool(_ key: String) throws(ChannelFormatError) -> Bool {
        guard let value = object[key], Self.isBoolean(value), let flag = value as? Bool else { throw missing(key, "true or false") }
        return flag
    }

    func strings(_ key: String) throws(ChannelFormatError) -> [String] {
        guard let value = object[key] as? [Any] else { throw missing(key, "an array of strings") }
        var strings: [String] = []
        for element in value {
            guard let string = element as? String else { throw missing(key, "an array of strings") }
            strings.append(string)
        }
        return strings
    }

    func objects(_ key: String) throws(ChannelFormatError) -> [ChannelJSON] {
        guard let value = object[key] as? [Any] else { throw missing(key, "an array of objects") }
        var objects: [ChannelJSON] = []
        for (index, element) in value.enumerated() {
            guard let object = element as? [String: Any] else { throw missing(key, "an array of objects") }
            objects.append(ChannelJSON(object: object, place: "\(place) \(key)[\(index)]"))
        }
        return objects
    }

    func optionalObject(_ key: String) throws(ChannelFormatError) -> ChannelJSON? {
        guard let value = object[key] else { return nil }
        guard let object = value as? [String: Any] else { throw missing(key, "an object") }
        return ChannelJSON(object: object, place: "\(place) \(key)")
    }

    /// Whether a parsed value is JSON's `true` or `false` (Foundation bridges numbers and
    /// booleans both to `NSNumber`, and `1 is Bool` holds).
    private static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(describing: type(of: number)).contains("Boolean")
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
