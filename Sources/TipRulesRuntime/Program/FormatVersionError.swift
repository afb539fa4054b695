/// Why a program cannot be written in the format version asked for.
public enum FormatVersionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The version is not one this runtime writes.
    case unknownVersion(Int)
    /// The program holds constructs the version cannot carry (each with the version it needs).
    case needsNewerVersion([FormatRequirement])

    public var description: String {
        switch self {
        case .unknownVersion(let version):
            return "format version \(version) is not one this runtime writes "
                + "(versions \(BytecodeFormat.oldestVersion) to \(BytecodeFormat.newestVersion))"
        case .needsNewerVersion(let requirements):
            let constructs = requirements.map { "\($0.construct) needs version \($0.version)" }
            return "the program needs a newer format version: " + constructs.joinedText(separator: "; ")
        }
    }
}
