/// The oldest iOS release generated TipKit code must build for (`--min-ios`).
/// Each release adds TipKit API: groups and `MaxDisplayDuration` need 18, event donation limits 26.
public enum SwiftTarget: Int, CaseIterable, Sendable {
    case iOS17 = 17
    case iOS18 = 18
    case iOS26 = 26

    /// The target for a `--min-ios` value, or nil when TipKit has no such release.
    public init?(minimumIOS text: String) {
        guard let number = Int(text), let target = SwiftTarget(rawValue: number) else { return nil }
        self = target
    }
}

/// Something `emit-swift` cannot carry over to TipKit for the chosen target: an error.
public struct SwiftEmissionProblem: Hashable, Sendable {
    /// The `.tiprules` line the problem is about.
    public var line: Int
    public var message: String
    /// What to write instead.
    public var note: String

    public init(line: Int, message: String, note: String) {
        self.line = line
        self.message = message
        self.note = note
    }
}
