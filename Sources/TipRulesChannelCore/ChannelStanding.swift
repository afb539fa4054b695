import TipRulesRuntime
import TipRulesSigning
import TipRulesStorage
import TipRulesCalendar

/// What governs a state folder's rules, as the channel updater's record and the rules in force
/// say at one instant: the channel release in force, until when its manifest holds, and whether
/// it governs (bundled rules do not replace it). What a host says at launch and in `why`, and
/// `tiprulec eval --state` prints.
public struct ChannelStanding: Hashable, Sendable {
    /// The channel release in force; 0 when none was applied (the bundled rules are in force).
    public var release: Int
    /// When that release's newest verified manifest expires; nil when not known (no release, or
    /// a record rebuilt from the rules in force until the channel is asked again).
    public var expires: Double?
    /// The highest release this install has seen (at least the release the rules in force carry).
    public var highestSeenRelease: Int
    /// Whether the rules in force are the program the channel release put in force.
    public var programInForce: Bool
    /// Whether the release governs at the instant asked: applied and unexpired.
    public var governs: Bool
    /// What was wrong with the record when it was rebuilt from the rules in force; nil when it
    /// was read as it was.
    public var damage: String?

    init(_ state: ChannelUpdaterState, programInForce program: String, at now: Double, damage: String?) {
        release = state.settledRelease
        expires = state.settledExpires
        highestSeenRelease = state.highestSeenRelease
        programInForce = state.settledProgram == program
        governs = state.governs(at: now)
        self.damage = damage
    }

    /// The standing of `folder`'s record over the rules in force (`inForce`, their bytes) at
    /// `now`, read without writing anything (a damaged record is taken as the updater rebuilds
    /// it); nil when the folder has no record (no channel has updated it).
    public static func read(folder: String, inForce: [UInt8], now: Double,
                            fileLayer: any FileLayer = PosixFileLayer()) throws(ChannelUpdateError) -> ChannelStanding? {
        let path = folder + "/" + ChannelUpdaterState.fileName
        let exists: Bool
        do { exists = try FolderFiles(layer: fileLayer).contents(of: path) != nil } catch { throw .store(error) }
        guard exists else { return nil }
        var (state, damage) = try ChannelUpdaterState.load(folder: folder, layer: fileLayer)
        let program = Hex.string(SHA512.hash(inForce))
        if damage != nil { state = ChannelUpdaterState(rebuiltFrom: program, release: (try? Program(bytes: inForce))?.release ?? 0) }
        return ChannelStanding(state, programInForce: program, at: now, damage: damage)
    }

    /// One line: which channel release is in force, until when, and what that means.
    public var summary: String {
        guard release > 0 else {
            return "no channel release recorded" + (highestSeenRelease > 0 ? "; the floor is release \(highestSeenRelease)" : "")
        }
        let until = expires.map { CivilCalendar.rfc3339($0) ?? "\($0)" }
        var text = "channel release \(release) in force"
        if !programInForce { text = "channel release \(release) settled, but its program is not in force (the next update offers it again)" }
        switch (governs, until) {
        case (true, let until?): text += ", governs until \(until) (its manifest's expiry)"
        case (false, let until?): text += ", its manifest expired at \(until): newer bundled rules may replace it"
        case (_, nil): text += ", expiry not known until the channel is asked again"
        }
        return text
    }
}
