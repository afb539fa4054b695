#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TipRulesRuntime
import TipRulesStorage
import TipRulesState
import TipRulesChannelCore
import TipRulesChannelHTTP

// tiprules-demo: what an app does with the runtime and the storage library, runnable.
//
//     tiprules-demo --state DIR --bundled RULES.tipc [--updates DIR] [--app ID]
//                   [--channel URL --trusted-key PUB... [--install-id ID] [--interval SECONDS]] [--sync DIR]
//
// It opens its state folder (creating it with the bundled rules), then reads one command a line
// from standard input and answers each on standard output once it is durable:
//
//     update                      with --channel: fetch the channel (off the main thread), verify,
//                                 apply; otherwise apply the newest rules in the updates folder
//     set NAME VALUE              set a parameter
//     donate EVENT AT [F=V ...]   donate an event at AT (seconds since 1970) with its fields
//     show AT                     the tips to display at AT; each is recorded as displayed
//     close TIP | action TIP      the person closed the tip or performed its action
//     status AT                   each tip's status at AT
//     sync                        exchange change sets with the person's other installs
//
// Kill it at any instant and start it again: nothing that was answered is lost.
//
// With `--sync DIR`, two demos with their own state folders are two installs of one person
// (a phone and a tablet): `sync` writes what this install holds that it has not sent yet as a
// change set file into DIR, and applies every change set file there, in whatever order, as an
// app does with CloudKit records (docs/runtime.md, "Syncing a person's devices").

/// The demo's command line.
struct Options {
    var state = ""
    var bundled = ""
    var updates: String?
    var app: String?
    var sync: String?
    var channel: String?
    var trustedKeys: [String] = []
    var installID = "demo-install"
    var interval = 0.0

    static let usage = "usage: tiprules-demo --state DIR --bundled RULES.tipc [--updates DIR] [--app ID] "
        + "[--channel URL --trusted-key PUB... [--install-id ID] [--interval SECONDS]] [--sync DIR]"

    init(_ arguments: [String]) throws(DemoError) {
        var rest = arguments[...]
        while let option = rest.popFirst() {
            guard let value = rest.popFirst() else { throw DemoError("\(option) needs a value") }
            switch option {
            case "--state": state = value
            case "--bundled": bundled = value
            case "--updates": updates = value
            case "--app": app = value
            case "--channel": channel = value
            case "--sync": sync = value
            case "--install-id": installID = value
            case "--interval":
                guard let seconds = Double(value), seconds >= 0 else { throw DemoError("--interval takes seconds") }
                interval = seconds
            case "--trusted-key":
                trustedKeys.append(value)
                while let next = rest.first, !next.hasPrefix("--") { trustedKeys.append(next); rest.removeFirst() }
            default: throw DemoError("unknown option \(option)")
            }
        }
        guard !state.isEmpty, !bundled.isEmpty, channel == nil || (!trustedKeys.isEmpty && app != nil) else {
            throw DemoError(Self.usage + " (--channel needs --trusted-key and --app)")
        }
    }
}

/// A refused command or a failed start, said in one line.
struct DemoError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The app: its store, and how it answers each command.
final class DemoApp {
    let store: TipStore
    let options: Options
    /// What this install has written to the sync folder so far (nothing at launch: the first
    /// `sync` sends the whole history; a receiver skips what it holds).
    private var sent = VersionVector()
    let updater: ChannelUpdater?

    init(_ options: Options) throws {
        self.options = options
        let bundled = try Program(bytes: readFile(options.bundled))
        updater = try options.channel.map { channel in
            let url = channel.contains("://") ? channel : URL(fileURLWithPath: channel, isDirectory: true).absoluteString
            let trust = try ChannelTrust(pemFiles: options.trustedKeys.map { String(decoding: try readFile($0), as: UTF8.self) })
            let configuration = ChannelConfiguration(url: url, trust: trust, app: options.app ?? "", installID: options.installID,
                                                     minimumInterval: options.interval, timeout: 5)
            return ChannelUpdater(configuration: configuration, folder: options.state, transport: URLSessionChannelTransport())
        }
        // While the channel's release governs, the bundled rules (an app update's) do not replace it.
        let governed = try updater?.governsRules() ?? false
        store = try TipStore.open(folder: options.state, bundledProgram: bundled, policy: RulesUpdatePolicy(app: options.app),
                                  bundledMayReplace: !governed)
        say("opened \(options.state): rules release \(store.engine.program.release.map(String.init) ?? "none")")
        for note in store.recovery { say("recovered: \(note)") }
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
        case ("donate", 3...):
            try donate(words[1], at: try number(words[2]), fields: Array(words.dropFirst(3)))
            say("ok donated \(words[1])")
        case ("show", 2):
            let now = try number(words[1])
            let tips = store.tipsToDisplay(at: now)
            for tip in tips { try store.recordDisplay(tip: tip, at: now) }
            say("ok showing [\(tips.joined(separator: ", "))]")
        case ("close", 2):
            try store.close(tip: words[1])
            say("ok closed \(words[1])")
        case ("action", 2):
            try store.performAction(tip: words[1])
            say("ok action \(words[1])")
        case ("sync", 1):
            try sync()
        case ("status", 2):
            for tip in store.evaluate(at: try number(words[1])).tips { say("\(tip.id): \(tip.status)") }
            say("ok status")
        default:
            throw DemoError("unknown command: \(words.joined(separator: " "))")
        }
    }

    /// Fetches the channel (the store is not touched meanwhile; this host has nothing else to do
    /// while it waits, an app awaits `fetch` instead), then applies a verified release through
    /// the folder's rules update.
    private func applyChannelUpdate(_ updater: ChannelUpdater) throws {
        switch try updater.fetchBlocking(inForce: store.programBytes) {
        case .tooSoon(let next): say("ok too soon: next request after \(Int(next))")
        case .notModified: say("ok not modified")
        case .upToDate(let release): say("ok up to date with release \(release)")
        case .ready(let download):
            let problems = try updater.activate(download, in: store)
            say("ok updated to channel release \(download.release): rules release \(store.engine.program.release.map(String.init) ?? "none")")
            for problem in problems { say("not carried over: \(problem)") }
        }
    }

    /// Applies the update of the highest release in the updates folder, as if just downloaded.
    private func applyNewestUpdate() throws {
        guard let folder = options.updates else { throw DemoError("no --updates folder") }
        let names = try listFiles(folder).filter { $0.hasSuffix(".tipc") }
        let offers = names.compactMap { name in (try? readFile(folder + "/" + name)).map { (name, $0) } }
        let newest = offers.max { ((try? Program(bytes: $0.1))?.release ?? 0) < ((try? Program(bytes: $1.1))?.release ?? 0) }
        guard let (name, bytes) = newest else { throw DemoError("no rules update in \(folder)") }
        let problems = try store.update(toRules: bytes, policy: RulesUpdatePolicy(app: options.app))
        say("ok updated to \(name): rules release \(store.engine.program.release.map(String.init) ?? "none")")
        for problem in problems { say("not carried over: \(problem)") }
    }

    /// Sends what was not sent yet as a change set file, then applies every change set file.
    private func sync() throws {
        guard let folder = options.sync else { throw DemoError("no --sync folder") }
        let outgoing = try store.changes(since: sent)
        if !outgoing.operations.isEmpty {
            let name = "\(store.installID)-\(store.versionVector.counts.values.reduce(0, +)).tipsync"
            try writeFile(outgoing.encoded(), to: folder + "/" + name)
        }
        var merged = 0
        for name in try listFiles(folder) where name.hasSuffix(".tipsync") {
            merged += try store.apply(changeSet: readFile(folder + "/" + name)).applied
        }
        // What it holds now was sent by this install or is in the folder already.
        sent = store.versionVector
        say("ok synced: sent \(outgoing.operations.count), merged \(merged)")
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
    case .double: return .double(try number(text))
    case .date: return .date(try number(text))
    case .duration: return .duration(try number(text))
    }
}

func number(_ text: String) throws -> Double {
    guard let number = Double(text), number.isFinite else { throw DemoError("expected a number, found \(text)") }
    return number
}

func say(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
}

func readFile(_ path: String) throws -> [UInt8] {
    guard let file = fopen(path, "rb") else { throw DemoError("cannot read \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if count == 0 { return bytes }
        bytes += chunk[0..<count]
    }
}

/// Writes a new file under a temporary name and renames it, so that readers see it whole.
func writeFile(_ bytes: [UInt8], to path: String) throws {
    guard let file = fopen(path + ".tmp", "wb") else { throw DemoError("cannot write \(path)") }
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
    guard written == bytes.count, rename(path + ".tmp", path) == 0 else { throw DemoError("cannot write \(path)") }
}

func listFiles(_ folder: String) throws -> [String] {
    guard let directory = opendir(folder) else { throw DemoError("cannot list \(folder)") }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
    }
    return names.sorted()
}

do {
    let app = try DemoApp(try Options(Array(CommandLine.arguments.dropFirst())))
    while let line = readLine() {
        let words = line.split(separator: " ").map(String.init)
        guard !words.isEmpty else { continue }
        do { try app.perform(words) } catch { say("refused: \(error)") }
    }
} catch {
    say("error: \(error)")
    exit(1)
}
