import TipRulesRuntime

/// What a rules update changed, as the host says it: the program's release, the tips added,
/// removed, paused and resumed, and each tip whose words (title, message, image) changed.
struct UpdateReport {
    var summary: String
    /// One line per tip whose words changed: the new words and the old.
    var wordLines: [String]

    init(from old: Program, to new: Program) {
        let before = Dictionary(old.tips.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Set(new.tips.map(\.id))
        var parts = [new.release.map { "rules release \($0)" } ?? "the rules name no release"]
        func list(_ label: String, _ ids: [String]) {
            if !ids.isEmpty { parts.append(label + " " + ids.joined(separator: ", ")) }
        }
        list("added", new.tips.map(\.id).filter { before[$0] == nil })
        list("removed", old.tips.map(\.id).filter { !after.contains($0) })
        list("paused", new.tips.filter { tip in tip.isPaused && before[tip.id].map { !$0.isPaused } ?? true }.map(\.id))
        list("resumed", new.tips.filter { tip in !tip.isPaused && before[tip.id]?.isPaused == true }.map(\.id))
        let reworded = new.tips.compactMap { tip in before[tip.id].flatMap { Self.wordChanges($0, tip) }.map { (tip.id, $0) } }
        list("words changed", reworded.map(\.0))
        if parts.count == 1 { parts.append("no tip changed") }
        summary = parts.joined(separator: "; ")
        wordLines = reworded.map { id, changes in "words \(id): " + changes.joined(separator: ", ") }
    }

    /// `title "New" (was "Old")` for each of the tip's words that changed; nil when none did.
    private static func wordChanges(_ old: TipInfo, _ new: TipInfo) -> [String]? {
        let pairs: [(String, String?, String?)] = [("title", old.title, new.title), ("message", old.message, new.message),
                                                   ("image", old.image, new.image)]
        let changes = pairs.filter { $0.1 != $0.2 }.map { name, was, now in "\(name) \(quoted(now)) (was \(quoted(was)))" }
        return changes.isEmpty ? nil : changes
    }
}

/// A tip's words in quotes, or `none`.
func quoted(_ text: String?) -> String {
    text.map { "\"\($0)\"" } ?? "none"
}
