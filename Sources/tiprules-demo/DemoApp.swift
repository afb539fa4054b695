import Foundation
import TipRulesRuntime
import TipRulesStorage
import TipRulesState
import TipRulesChannelCore
import TipRulesChannelHTTP

/// The app: its store, its clock, and how it answers each command.
final class DemoApp {
    let store: TipStore
    let options: DemoOptions
    let clock: DemoClock
    /// What this install has written to the sync folder so far (nothing at launch: the first
    /// `sync` sends the whole history; a receiver skips what it holds).
    private var sent = VersionVector()
    let updater: ChannelUpdater?
    /// Why newer bundled rules were set aside at launch, if they were: `why` says it again.
    private var setAside: String?

    init(_ options: DemoOptions) throws {
        self.options = options
        let clock = DemoClock(options.now)
        self.clock = clock
        let bundled = try Program(bytes: readFile(options.bundled))
        updater = try options.channel.map { channel in
            let url = channel.contains("://") ? channel : URL(fileURLWithPath: channel, isDirectory: true).absoluteString
            let trust = try ChannelTrust(pemFiles: options.trustedKeys.map { String(decoding: try readFile($0), as: UTF8.self) })
            let configuration = ChannelConfiguration(url: url, trust: trust, app: options.app ?? "", installID: options.installID,
                                                     minimumInterval: options.interval, timeout: 5)
            return ChannelUpdater(configuration: configuration, folder: options.state, transport: URLSessionChannelTransport())
        }
        // While the channel's release governs, the bundled rules (an app update's) do not replace
        // it; the host's clock decides, as it does every update.
        let governed = try updater?.governsRules(now: clock.now) ?? false
        store = try TipStore.open(folder: options.state, bundledProgram: bundled, policy: RulesUpdatePolicy(app: options.app),
                                  bundledMayReplace: !governed, options: TipStoreOptions(now: { clock.now }))
        let standing = try updater?.standing(inForce: store.programBytes, now: clock.now)
        if let release = bundled.release, release > store.engine.program.release ?? 0, store.programBytes != bundled.encoded() {
            setAside = "bundled rules release \(release) set aside: " + Self.reason(setting: bundled, asideFor: store.engine.program,
                                                                                  policy: RulesUpdatePolicy(app: options.app), standing: standing)
        }
        say("opened \(options.state): " + rulesLine(standing))
        for note in store.recovery { say("recovered: \(note)") }
        if let damage = standing?.damage {
            say("recovered: \(damage); rebuilt from the rules in force, whose release \(standing?.highestSeenRelease ?? 0) is the floor")
        }
    }

    /// The rules in force: their release, the channel release in force with its expiry, and the
    /// bundled rules set aside at launch, with why.
    private func rulesLine(_ standing: ChannelStanding?) -> String {
        let release = store.engine.program.release.map { "rules release \($0)" } ?? "the rules name no release"
        return ([release] + [standing?.summary, setAside].compactMap { $0 }).joined(separator: "; ")
    }

    /// Why newer bundled rules were not put in force.
    private static func reason(setting bundled: Program, asideFor program: Program, policy: RulesUpdatePolicy,
                               standing: ChannelStanding?) -> String {
        if let standing, standing.governs || standing.damage != nil {
            return "channel release \(standing.release) governs" + (standing.damage == nil ? "" : " (its record was damaged)")
        }
        do { try policy.check(bundled, over: program) } catch { return "\(error)" }
        return "the store kept the rules in force"
    }

    func perform(_ words: [String]) throws {
        switch (words.first, words.count) {
        case ("update", 1):
            if let updater { try applyChannelUpdate(updater) } else { try applyNewestUpdate() }
        case ("set", 3):
            let program = store.engine.program
            guard let index = program.parameterIndex(named: words[1]) else { throw DemoError("no parameter named \(words[1])") }
            try store.setParameter(words[1], try value(words[2], program.parameters[index].type))
            say("ok set \(words[1])")
        case ("donate", 2...):
            let dated = words.count > 2 && !words[2].contains("=")
            try donate(words[1], at: try now(dated ? words[2] : nil), fields: Array(words.dropFirst(dated ? 3 : 2)))
            say("ok donated \(words[1])")
        case ("show", 1...2):
            try show(at: try now(words.dropFirst().first))
        case ("close", 2):
            try store.close(tip: words[1])
            say("ok closed \(words[1])")
        case ("action", 2):
            try store.performAction(tip: words[1])
            say("ok action \(words[1])")
        case ("sync", 1):
            try sync()
        case ("status", 1...2):
            let result = store.evaluate(at: try now(words.dropFirst().first), explaining: true)
            for tip in result.tips { say("\(tip.id): \(tip.status)" + (tip.status == .pending ? " (\(Self.pendingReason(tip)))" : "")) }
            say("ok status")
        case ("why", 2...3):
            try why(words[1], at: try now(words.dropFirst(2).first))
        default:
            throw DemoError("unknown command: \(words.joined(separator: " ")) (tiprules-demo --help lists the commands)")
        }
    }

    /// The host's clock, moved to `typed` first when a command gives its time.
    private func now(_ typed: String?) throws -> Double {
        if let typed { clock.set(try seconds(typed)) }
        return clock.now
    }

    /// The tips to show, each with its words as the rules in force give them, recorded as displayed.
    private func show(at now: Double) throws {
        let tips = store.tipsToDisplay(at: now)
        let results = store.evaluate(at: now).tips
        for id in tips {
            try store.recordDisplay(tip: id, at: now)
            guard let tip = results.first(where: { $0.id == id }) else { continue }
            say("\(id): \(quoted(tip.title))" + (tip.message.map { " — \($0)" } ?? "") + (tip.image.map { " (image \($0))" } ?? ""))
        }
        say("ok showing [\(tips.joined(separator: ", "))]")
    }

    /// Why a tip displays or not, as `tiprulec eval` explains it: its status, what holds it back,
    /// each rule and the values that made it false.
    private func why(_ name: String, at now: Double) throws {
        let program = store.engine.program
        guard let index = program.tips.firstIndex(where: { $0.id == name || $0.name == name }) else {
            throw DemoError("no tip named \(name)")
        }
        let tip = store.evaluate(at: now, explaining: true).tips[index]
        say("tip \(tip.id): \(tip.status), \(tip.display ? "displays" : "does not display")")
        say("  rules: " + rulesLine(try updater?.standing(inForce: store.programBytes, now: now)))
        say("  " + tip.displayExplanation)
        for note in tip.groupExplanations { say("  " + note) }
        for rule in tip.rules {
            let paused = program.tips[index].rules[rule.index].code.summary == TipInfo.pauseRuleSummary
            let detail = paused ? ["paused by the channel"] : (rule.error.map { [$0] } ?? rule.explanation)
            say("  rule \(rule.index + 1), line \(rule.line): \(rule.result)" + (rule.result || detail.isEmpty ? "" : " — " + detail.joined(separator: "; ")))
        }
        say("ok why \(tip.id)")
    }

    /// What keeps a pending tip back, in a few words.
    static func pendingReason(_ tip: TipResult) -> String {
        let text = tip.displayExplanation
        return text.hasPrefix("pending: ") ? String(text.dropFirst("pending: ".count)) : text
    }

    /// Fetches the channel (the store is not touched meanwhile; this host has nothing else to do
    /// while it waits, an app awaits `fetch` instead), then applies a verified release through
    /// the folder's rules update, and says what it changed.
    private func applyChannelUpdate(_ updater: ChannelUpdater) throws {
        switch try updater.fetchBlocking(inForce: store.programBytes, now: clock.now) {
        case .tooSoon(let next): say("ok too soon: next request after \(Int(next))")
        case .notModified: say("ok not modified")
        case .upToDate(let release): say("ok up to date with release \(release)")
        case .ready(let download):
            let before = store.engine.program
            let problems = try updater.activate(download, in: store)
            report("ok updated to channel release \(download.release)", from: before, problems: problems)
        }
    }

    /// Applies the update of the highest release in the updates folder, as if just downloaded.
    private func applyNewestUpdate() throws {
        guard let folder = options.updates else { throw DemoError("no --updates folder") }
        let names = try listFiles(folder).filter { $0.hasSuffix(".tipc") }
        let offers = names.compactMap { name in (try? readFile(folder + "/" + name)).map { (name, $0) } }
        let newest = offers.max { ((try? Program(bytes: $0.1))?.release ?? 0) < ((try? Program(bytes: $1.1))?.release ?? 0) }
        guard let (name, bytes) = newest else { throw DemoError("no rules update in \(folder)") }
        let before = store.engine.program
        let problems = try store.update(toRules: bytes, policy: RulesUpdatePolicy(app: options.app))
        report("ok updated to \(name)", from: before, problems: problems)
    }

    private func report(_ heading: String, from before: Program, problems: [CarryOverProblem]) {
        let changes = UpdateReport(from: before, to: store.engine.program)
        say("\(heading): \(changes.summary)")
        for line in changes.wordLines { say(line) }
        for problem in problems { say("not carried over: \(problem)") }
    }

    /// Sends what was not sent yet as a change set file, then applies every change set file.
    private func sync() throws {
        guard let folder = options.sync else { throw DemoError("no --sync folder") }
        let outgoing = try store.changes(since: sent)
        let news = outgoing.operations(past: sent).count
        if news > 0 {
            let name = "\(store.installID)-\(store.versionVector.counts.values.reduce(0, +)).tipsync"
            try writeFile(outgoing.encoded(), to: folder + "/" + name)
        }
        var merged = 0
        for name in try listFiles(folder) where name.hasSuffix(".tipsync") {
            let report = try store.apply(changeSet: readFile(folder + "/" + name))
            merged += report.applied
            for warning in report.warnings { say("warning: \(name): \(warning)") }
        }
        // What it holds now was sent by this install or is in the folder already.
        sent = store.versionVector
        say("ok synced: sent \(news), merged \(merged)")
    }

    private func donate(_ event: String, at date: Double, fields: [String]) throws {
        let program = store.engine.program
        guard let index = program.eventIndex(named: event) else { throw DemoError("no event named \(event)") }
        var values: [String: ScalarValue] = [:]
        for field in fields {
            let parts = field.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let position = program.fieldIndex(named: parts[0], inEvent: index) else {
                throw DemoError("expected FIELD=VALUE with a field of \(event), found \(field)")
            }
            values[parts[0]] = try value(parts[1], program.events[index].fields[position].type)
        }
        try store.donate(event: event, fields: values, at: date)
    }
}

func value(_ text: String, _ kind: ScalarKind) throws -> ScalarValue {
    switch kind {
    case .bool:
        guard let flag = Bool(text) else { throw DemoError("expected true or false, found \(text)") }
        return .bool(flag)
    case .int:
        guard let number = Int(text) else { throw DemoError("expected an integer, found \(text)") }
        return .int(number)
    case .string: return .string(text)
    case .version:
        guard SemanticVersion(text) != nil else { throw DemoError("expected a version such as 2.3.1, found \(text)") }
        return .string(text)
    case .double: return .double(try seconds(text))
    case .date: return .date(try seconds(text))
    case .duration: return .duration(try seconds(text))
    }
}
