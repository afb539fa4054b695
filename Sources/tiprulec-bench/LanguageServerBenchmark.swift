import TipRulesLanguageServer
import TipRulesToolingCore

/// The editor targets, measured on the in-process language server over a generated
/// document of about 5,000 lines: diagnostics after a one-line change, hover, completion,
/// and 20 changes that arrive in one read (the server analyses only the latest).
struct LanguageServerBenchmark {
    /// One measurement: its name, the median of its runs in milliseconds, and the target.
    struct Measurement {
        var name: String
        var milliseconds: Double
        var targetMilliseconds: Double
        var met: Bool { milliseconds < targetMilliseconds }
    }

    private let uri = "file:///bench/app.tiprules"
    /// How many times each request runs; the median is reported.
    var runs: Int

    /// A realistic document of at least `lines` lines: parameters, events and tips whose rules
    /// read them, in the layout of the examples.
    static func document(lines: Int) -> String {
        var text = "configure {\n    displayFrequency(.daily)\n}\n\n"
        var tip = 0
        while text.utf8.reduce(0, { $0 + ($1 == 10 ? 1 : 0) }) < lines {
            text += """
            parameter isLoggedIn\(tip): Bool = false
            event visited\(tip)(placeID: Int, amount: Double)

            tip Tip\(tip) {
                title: "Tip \(tip)"
                message: "Shown after a few visits."
                #Rule(Self.$isLoggedIn\(tip)) { $0 == true }
                #Rule(Self.visited\(tip)) {
                    $0.donations
                        .donatedWithin(.days(5))
                        .filter { $0.amount > 2.5 }
                        .largestSubset(groupedBy: \\.placeID)
                        .count >= 3
                }
                options {
                    Tips.MaxDisplayCount(5)
                }
            }


            """
            tip += 1
        }
        return text
    }

    /// Runs every measurement.
    func measure(lines: Int) -> [Measurement] {
        let text = Self.document(lines: lines)
        var server = LanguageServer()
        var id = 0
        func request(_ method: String, _ params: JSONValue) -> JSONValue {
            id += 1
            return .object(["jsonrpc": "2.0", "id": .integer(id), "method": .string(method), "params": params])
        }
        func notification(_ method: String, _ params: JSONValue) -> JSONValue {
            .object(["jsonrpc": "2.0", "method": .string(method), "params": params])
        }
        func frame(_ message: JSONValue) -> FrameEvent { .message(Array(JSONWriter.string(from: message).utf8)) }
        var version = 1
        func change(line: Int, to replacement: String) -> JSONValue {
            version += 1
            let range: JSONValue = .object([
                "start": .object(["line": .integer(line), "character": 0]),
                "end": .object(["line": .integer(line + 1), "character": 0]),
            ])
            return notification("textDocument/didChange", .object([
                "textDocument": .object(["uri": .string(uri), "version": .integer(version)]),
                "contentChanges": .array([.object(["range": range, "text": .string(replacement)])]),
            ]))
        }
        _ = server.handle(request("initialize", .object(["processId": .null, "rootUri": .null, "capabilities": .object([:])])))
        _ = server.handle(notification("initialized", .object([:])))
        _ = server.handle(notification("textDocument/didOpen", .object(["textDocument": .object([
            "uri": .string(uri), "languageId": "tiprules", "version": 1, "text": .string(text)])])))

        // The title line of the last tip, a `$0.amount` and a `.donatedWithin` to ask about.
        let lineOfTitle = lineNumber(of: "    title: \"Tip 0\"", in: text)
        let hoverAt: JSONValue = .object(["line": .integer(lineOfTitle + 6), "character": 24])
        let completeAt: JSONValue = .object(["line": .integer(lineOfTitle + 5), "character": 14])
        let at: (JSONValue) -> JSONValue = { .object(["textDocument": .object(["uri": .string(self.uri)]), "position": $0]) }

        let edit = median { server.handle(change(line: lineOfTitle, to: "    title: \"Tip zero \(version)\"\n")) }
        let hover = median { server.handle(request("textDocument/hover", at(hoverAt))) }
        let completion = median { server.handle(request("textDocument/completion", at(completeAt))) }
        let queued = median {
            server.handle((0..<20).map { frame(change(line: lineOfTitle, to: "    title: \"Tip \($0) \(version)\"\n")) })
        }
        return [
            Measurement(name: "diagnostics after a one-line change", milliseconds: edit, targetMilliseconds: 30),
            Measurement(name: "hover", milliseconds: hover, targetMilliseconds: 5),
            Measurement(name: "completion", milliseconds: completion, targetMilliseconds: 20),
            Measurement(name: "20 queued changes", milliseconds: queued, targetMilliseconds: 100),
        ]
    }

    /// The median wall time of `runs` calls of `body`, in milliseconds.
    private func median<T>(_ body: () -> T) -> Double {
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<max(1, runs) {
            let elapsed = clock.measure { _ = body() }
            times.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
        }
        times.sort()
        return times[times.count / 2]
    }

    /// The zero-based number of the first line that is exactly `line`.
    private func lineNumber(of line: String, in text: String) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == line } ?? 0
    }
}

extension LanguageServerBenchmark {
    /// `tiprulec-bench lsp [LINES]`: prints each measurement with its target, met or missed.
    static func main(arguments: [String]) {
        let lines = arguments.first.flatMap { Int($0) } ?? 5_000
        let text = document(lines: lines)
        let actual = text.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        print("language server, in process, on a generated document of \(actual) lines (median of 21 runs)")
        for measurement in LanguageServerBenchmark(runs: 21).measure(lines: lines) {
            let label = measurement.name + String(repeating: " ", count: max(1, 40 - measurement.name.count))
            let value = String(Int(measurement.milliseconds * 100 + 0.5) / 100) + "." + String(
                (Int(measurement.milliseconds * 100 + 0.5) % 100) + 100).dropFirst()
            print(label + value + " ms   target < \(Int(measurement.targetMilliseconds)) ms: "
                  + (measurement.met ? "met" : "missed"))
        }
    }
}
