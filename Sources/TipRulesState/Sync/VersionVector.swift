import TipRulesRuntime

/// How many operations of each install a history holds: install → the count of its operations
/// numbered 1…count. A peer sends a version vector to ask for what it lacks
/// (`SyncHistory.changes(since:)`).
///
/// Text form (the command line's `--since`): `INSTALL=COUNT` pairs separated by commas, each
/// INSTALL 32 hexadecimal digits, e.g. `3f0c…9a=12,77e1…04=3`; the empty text is the empty
/// vector (nothing seen).
public struct VersionVector: Hashable, Sendable, CustomStringConvertible {
    public private(set) var counts: [InstallID: Int]

    public init(_ counts: [InstallID: Int] = [:]) {
        self.counts = counts.filter { $0.value > 0 }
    }

    /// The count of `install`'s operations held (0 when none).
    public subscript(install: InstallID) -> Int {
        counts[install] ?? 0
    }

    /// Whether operation `sequence` of `install` is among those held.
    public func covers(_ install: InstallID, _ sequence: Int) -> Bool {
        sequence <= self[install]
    }

    /// The vector in its text form, installs in order.
    public var description: String {
        counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    }

    /// Reads the text form; the error says what is wrong where.
    public init(parsing text: String) throws(VersionVectorError) {
        var counts: [InstallID: Int] = [:]
        let trimmed = text.split(separator: " ", omittingEmptySubsequences: true).joined()
        guard !trimmed.isEmpty else {
            self.init()
            return
        }
        for (index, pair) in trimmed.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let parts = pair.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw VersionVectorError(entry: index + 1, "expected INSTALL=COUNT, found '\(pair)'") }
            guard let install = InstallID(parts[0]) else {
                throw VersionVectorError(entry: index + 1, "'\(parts[0])' is not an install id (32 hexadecimal digits)")
            }
            guard let count = Int(parts[1]), count >= 0 else {
                throw VersionVectorError(entry: index + 1, "'\(parts[1])' is not a count of operations")
            }
            guard counts[install] == nil else { throw VersionVectorError(entry: index + 1, "install \(install) appears twice") }
            counts[install] = count
        }
        self.init(counts)
    }
}

/// Why a version vector's text could not be read: which entry (from 1) and what is wrong.
public struct VersionVectorError: Error, Hashable, Sendable, CustomStringConvertible {
    public let entry: Int
    public let message: String

    init(entry: Int, _ message: String) {
        self.entry = entry
        self.message = message
    }

    public var description: String { "version vector entry \(entry): \(message)" }
}
