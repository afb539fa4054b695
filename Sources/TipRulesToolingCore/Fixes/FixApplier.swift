import TipRulesCompiler

/// The one engine that applies fix-its, shared by `tiprulec check --fix` and the language
/// server's code actions. Only a diagnostic with exactly one fix-it is fixed automatically
/// (with several, choosing is the author's job). Fixes are taken in source order; a fix with
/// an edit outside the text, or overlapping (or inserting at the same place as) an edit
/// already chosen, is skipped whole and reported, so the chosen edits never interfere.
/// A fix that may change what the program means (`FixApplicability.maybeIncorrect`: a guessed
/// name, a truncated number, a parameter deleted) is applied only when asked for, by code or
/// with every fix allowed.
public enum FixApplier {
    /// Whether a fix-all applies `diagnostic`'s fix without being asked: it keeps the meaning.
    public static func fixedByDefault(_ diagnostic: Diagnostic) -> Bool {
        automaticFix(of: diagnostic)?.applicability == .machineApplicable
    }

    /// The fixes chosen for a text, and the diagnostics whose fix had to be left out.
    public struct Plan {
        /// The diagnostics fixed, with their fix, in source order.
        public var fixed: [(diagnostic: Diagnostic, fix: FixIt)] = []
        /// The fixable diagnostics whose fix overlapped one already chosen.
        public var skipped: [Diagnostic] = []

        /// Every chosen edit, first in the text first.
        public var edits: [TextEdit] {
            fixed.flatMap(\.fix.edits).sorted { ($0.span.start, $0.span.end) < ($1.span.start, $1.span.end) }
        }
    }

    /// The single fix-it of `diagnostic`, if it has exactly one.
    public static func automaticFix(of diagnostic: Diagnostic) -> FixIt? {
        diagnostic.fixes.count == 1 ? diagnostic.fixes.first : nil
    }

    /// Chooses the fixes of `diagnostics` (those `include` accepts) for a text of `size` bytes.
    public static func plan(_ diagnostics: [Diagnostic], size: Int,
                            include: (Diagnostic) -> Bool = fixedByDefault) -> Plan {
        var plan = Plan()
        var taken: [SourceSpan] = []
        let fixable = diagnostics.filter { include($0) && automaticFix(of: $0) != nil }
        for diagnostic in fixable.sorted(by: { $0.span.start < $1.span.start }) {
            guard let fix = automaticFix(of: diagnostic) else { continue }
            let spans = fix.edits.map(\.span)
            let fits = spans.allSatisfy { span in
                span.start >= 0 && span.end <= size && !taken.contains { conflict(span, $0) }
            } && !hasInternalConflict(spans)
            if fits {
                plan.fixed.append((diagnostic, fix))
                taken += spans
            } else {
                plan.skipped.append(diagnostic)
            }
        }
        return plan
    }

    /// `bytes` with `edits` (which must not overlap) applied, in one pass over the text, so
    /// that the time is linear in its size whatever the number of edits. Insertions at the same
    /// offset go in the reverse of their order in `edits`; an edit outside the text or overlapping
    /// one before it is left out.
    public static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        let ordered = edits.enumerated().sorted { ($0.element.span.start, -$0.offset) < ($1.element.span.start, -$1.offset) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var copied = 0
        for edit in ordered.map(\.element) where edit.span.start >= copied && edit.span.end <= bytes.count && edit.span.start <= edit.span.end {
            result += bytes[copied..<edit.span.start]
            result += edit.newText.utf8
            copied = edit.span.end
        }
        result += bytes[copied...]
        return result
    }

    /// What fixing a file until nothing changes gave.
    public struct Outcome {
        /// The fixed text.
        public var bytes: [UInt8]
        /// Every diagnostic fixed, round by round.
        public var fixed: [Diagnostic]
        /// The compilation of the fixed text: what remains.
        public var remaining: Compilation
    }

    /// The most rounds `fixRepeatedly` runs: a fix may reveal another, but never forever.
    public static let maximumRounds = 8

    /// Fixes the file, checks it again and repeats while a round fixed something, at most
    /// `maximumRounds` times; `include` picks the diagnostics to fix (e.g. by code).
    public static func fixRepeatedly(name: String, bytes: [UInt8],
                                     include: (Diagnostic) -> Bool = fixedByDefault) -> Outcome {
        var current = bytes
        var compilation = Compilation(name: name, bytes: current)
        var fixed: [Diagnostic] = []
        for _ in 0..<maximumRounds {
            let plan = plan(compilation.diagnostics, size: current.count, include: include)
            guard !plan.fixed.isEmpty else { break }
            let next = apply(plan.edits, to: current)
            guard next != current else { break }
            fixed += plan.fixed.map(\.diagnostic)
            current = next
            compilation = Compilation(name: name, bytes: current)
        }
        return Outcome(bytes: current, fixed: fixed, remaining: compilation)
    }

    /// Whether two edits would interfere: their spans overlap, or both insert (or one inserts)
    /// at the same offset, where their order would be a guess.
    private static func conflict(_ a: SourceSpan, _ b: SourceSpan) -> Bool {
        if a.start == b.start { return true }
        return a.start < b.end && b.start < a.end
    }

    private static func hasInternalConflict(_ spans: [SourceSpan]) -> Bool {
        for (index, span) in spans.enumerated() where spans[(index + 1)...].contains(where: { conflict(span, $0) }) {
            return true
        }
        return false
    }
}
