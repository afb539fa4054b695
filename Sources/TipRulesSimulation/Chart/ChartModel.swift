import TipRulesRuntime

/// What the chart of a simulation shows, taken from its log: each widget's relevance, each
/// tip's status over time, the donations of each event, the app's sessions, parameter changes
/// and launches, rules updates, and the numbered notes that say what changed and why.
struct ChartModel {
    /// An instant with what happened then, e.g. a donation or a parameter change.
    struct Mark {
        var at: Double
        var sentence: String
    }

    /// The donations of one event: the starting state's and the timeline's.
    struct EventTrack {
        var event: String
        var donations: [Mark]
    }

    /// A rules update: the sentence ("the rules update to backyard-v2.tiprules") and what the
    /// new program could not take over.
    struct Update {
        var at: Double
        var path: String
        var sentence: String
        var notCarriedOver: [String]
        var note: Int
    }

    /// A numbered line of the chart's notes: "day 3 09:00 FavoriteBackyardTip becomes available: …".
    struct Note {
        var number: Int
        var at: Double
        var sentence: String
    }

    var widgets: [WidgetTrack]
    var tips: [TipTrack] = []
    var events: [EventTrack] = []
    /// Parameter changes and launches.
    var actions: [Mark] = []
    /// The app's sessions, each with whether it showed a tip.
    var sessions: [(mark: Mark, showed: Bool)] = []
    var updates: [Update] = []
    var notes: [Note] = []
    /// The first and last instants the chart must show.
    var first: Double
    var last: Double
    private var tipIndex: [String: Int] = [:]
    private var eventIndex: [String: Int] = [:]

    init(_ log: SimulationLog, clock: SimulationClock) {
        widgets = WidgetTrack.tracks(of: log)
        first = log.entries.first?.at ?? log.timeline.start
        let lastStep = log.entries.last?.at ?? first
        last = lastStep
        for donation in log.timeline.state.donations where donation.date >= first {
            addDonation(of: log.program.events[donation.event].name, Mark(
                at: donation.date,
                sentence: "in the starting state: " + SimulationNarrative.donation(donation.event, donation.fields, program: log.program)))
        }
        var latestDisplay = lastStep
        for (entry, step) in zip(log.entries, SimulationNarrative(log, clock: clock).steps) {
            for told in step.before { record(told, at: entry.at) }
            let sentence = step.action ?? ""
            switch entry.action {
            case .donate(let event, let fields):
                addDonation(of: entry.program.events[event].name,
                            Mark(at: entry.at, sentence: SimulationNarrative.donation(event, fields, program: entry.program)))
            case .setParameters, .launch:
                actions.append(Mark(at: entry.at, sentence: sentence))
            case .session(let onScreen, let answer):
                addSession(at: entry.at, shown: entry.shown, presentedBy: entry.presentedBy, onScreen: onScreen, answer: answer)
                latestDisplay = max(latestDisplay, entry.at + max(onScreen, 0))
            case .update(let update):
                addUpdate(at: entry.at, path: update.path, sentence: sentence, notCarriedOver: step.notCarriedOver,
                          keeping: Set(entry.changesAfter.map(\.tip)))
            case .observe:
                break
            }
            for (exposure, sentence) in zip(entry.exposures, step.exposures) {
                addNote(at: entry.at, sentence: sentence)
                tips[track(of: exposure.tip)].exposures.append(TipTrack.ExposureMark(at: entry.at, arm: exposure.arm, sentence: sentence))
            }
            for told in step.after { record(told, at: entry.at) }
            // A group that moves on to another tip is a note; its first report is not.
            for (change, sentence) in zip(entry.groupChangesBefore + entry.groupChangesAfter, step.groupsBefore + step.groupsAfter)
            where change.from != nil {
                addNote(at: entry.at, sentence: sentence)
            }
        }
        // A score or a display may reach past the last step; a long one is cut at the length of
        // the timeline (at least an hour) so that the steps stay readable.
        let reach = max(lastStep - first, 3_600)
        let holds = widgets.compactMap(\.lastHold).max() ?? lastStep
        last = min(max(lastStep, holds, latestDisplay), lastStep + reach)
    }

    /// Notes a status change and begins its span on the tip's lane.
    private mutating func record(_ told: SimulationNarrative.Change, at: Double) {
        addNote(at: at, sentence: told.sentence)
        tips[track(of: told.change.tip)].change(to: told.change.result, at: at, why: told.sentence, note: notes.count)
    }

    /// A session, and a display on the lane of each tip it showed. A busy session names a few of
    /// its tips; each display names its own tip.
    private mutating func addSession(at: Double, shown: [String], presentedBy: [String: String], onScreen: Double,
                                     answer: TimelineAnswer) {
        let listed = SimulationNarrative.shown(shown, presentedBy: presentedBy, onScreen: onScreen, answer: answer, listing: 3)
        sessions.append((Mark(at: at, sentence: listed), !shown.isEmpty))
        let others = shown.count - 1
        for tip in shown {
            let sentence = SimulationNarrative.shown([tip], presentedBy: presentedBy, onScreen: onScreen, answer: answer)
                + (others == 0 ? "" : " (with \(others) other tip\(others == 1 ? "" : "s"))")
            tips[track(of: tip)].displays.append(TipTrack.Display(at: at, onScreen: onScreen, answer: answer, sentence: sentence))
        }
    }

    /// An update and its note; the lanes of the tips the new program does not have end here.
    private mutating func addUpdate(at: Double, path: String, sentence: String, notCarriedOver: [String], keeping kept: Set<String>) {
        addNote(at: at, sentence: ([sentence] + notCarriedOver.map { "not carried over: \($0)" }).joined(separator: "; "))
        updates.append(Update(at: at, path: path, sentence: sentence, notCarriedOver: notCarriedOver, note: notes.count))
        for index in tips.indices where !kept.contains(tips[index].tip) { tips[index].end(at: at) }
    }

    private mutating func addNote(at: Double, sentence: String) {
        notes.append(Note(number: notes.count + 1, at: at, sentence: sentence))
    }

    private mutating func addDonation(of event: String, _ mark: Mark) {
        if let index = eventIndex[event] {
            events[index].donations.append(mark)
        } else {
            eventIndex[event] = events.count
            events.append(EventTrack(event: event, donations: [mark]))
        }
    }

    /// The index of the tip's lane, added when it is new.
    private mutating func track(of tip: String) -> Int {
        if let index = tipIndex[tip] { return index }
        tipIndex[tip] = tips.count
        tips.append(TipTrack(tip: tip))
        return tips.count - 1
    }
}
