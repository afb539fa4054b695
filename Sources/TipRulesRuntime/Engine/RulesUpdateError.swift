/// Why a downloaded rules update was refused. The rules in force stay.
public enum RulesUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not a program this runtime can load: corrupt or truncated, of a newer
    /// format version, holding an unknown instruction or type, or failing verification.
    case unreadable(BytecodeError)
    /// The program is for another app (or names none where one is required).
    case otherApp(expected: String, found: String?)
    /// The program's release is lower than the one in force: a stale download or a replay.
    /// An app that means to go back asks for a rollback.
    case olderRelease(inForce: Int, offered: Int?)

    public var description: String {
        switch self {
        case .unreadable(let error):
            return "the rules update cannot be loaded: \(error)"
        case .otherApp(let expected, let found):
            return "the rules update is for " + (found.map { "the app '\($0)'" } ?? "no named app")
                + ", not for '\(expected)'"
        case .olderRelease(let inForce, let offered):
            return "the rules update is " + (offered.map { "release \($0)" } ?? "unnumbered")
                + ", older than release \(inForce) in force (a stale download or a replay); ask for a rollback to go back"
        }
    }
}

/// What a rules update must satisfy besides being a loadable program.
public struct RulesUpdatePolicy: Hashable, Sendable {
    /// The app's own identifier: an update must name exactly this app. When nil, an update must
    /// name the app the rules in force name, if they name one.
    public var app: String?
    /// Whether an update may have a lower release than the rules in force.
    public var allowsRollback: Bool

    public init(app: String? = nil, allowsRollback: Bool = false) {
        self.app = app
        self.allowsRollback = allowsRollback
    }

    /// Checks `offered` against the rules in force.
    public func check(_ offered: Program, over inForce: Program) throws(RulesUpdateError) {
        if let expected = app ?? inForce.app, offered.app != expected {
            throw .otherApp(expected: expected, found: offered.app)
        }
        if !allowsRollback, let current = inForce.release, (offered.release ?? 0) < current {
            throw .olderRelease(inForce: current, offered: offered.release)
        }
    }
}

extension TipEngine {
    /// Loads downloaded rules: reads and verifies the bytes, checks them against `policy` and the
    /// rules in force, then switches to them as `update(to:)` does. On any failure the engine is
    /// unchanged and the error says why.
    @discardableResult
    public mutating func update(toBytes bytes: [UInt8], policy: RulesUpdatePolicy = RulesUpdatePolicy())
        throws(RulesUpdateError) -> (program: Program, problems: [CarryOverProblem]) {
        let offered: Program
        do {
            offered = try Program(bytes: bytes)
        } catch let error as BytecodeError {
            throw .unreadable(error)
        } catch {
            throw .unreadable(.verificationFailed("\(error)"))
        }
        try policy.check(offered, over: program)
        return (offered, update(to: offered))
    }
}
