/// The options a tip may have in `options { … }`, by the names they are written with
/// (`Tips.MaxDisplayCount(3)`): the one list of them, which the checker, the linter, the
/// built-ins table and the disassembler read.
public enum TipOption: String, Hashable, Sendable, CaseIterable {
    case maxDisplayCount = "MaxDisplayCount"
    case ignoresDisplayFrequency = "IgnoresDisplayFrequency"
    case maxDisplayDuration = "MaxDisplayDuration"
    case frequencyCap = "FrequencyCap"
    case priority = "Priority"

    /// The name as written: `MaxDisplayCount`.
    public var name: String { rawValue }

    /// Whether TipKit has it (`Tips.MaxDisplayCount`); the others are tiprulec's own.
    public var isTipKit: Bool {
        switch self {
        case .maxDisplayCount, .ignoresDisplayFrequency, .maxDisplayDuration: return true
        case .frequencyCap, .priority: return false
        }
    }
}
