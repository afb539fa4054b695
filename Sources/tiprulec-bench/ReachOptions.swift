import Foundation

/// The options of `tiprulec-bench reach` (docs/performance.md, "Reach").
struct ReachOptions: Equatable {
    static let usage = "tiprulec-bench reach [--users N] [--scale K] [--rows FILE] [--runs N] [--dir DIR] "
        + "[--python PATH] [--json] | tiprulec-bench reach --scaling [--users N] [--runs N] [--dir DIR] [--json]"

    /// Users of the generated rows (times `scale`).
    var users = 300_000
    var scale = 1
    /// A rows file to measure instead of generated rows.
    var rows: String?
    /// Runs of each contender; the medians are reported.
    var runs = 3
    /// Where generated rows are cached.
    var folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    /// The Python that runs the DuckDB anchor.
    var python = "python3"
    var json = false
    /// Jobs 1, 2 and 4 on 1×, 4× and 16× the users, and the equal-rows pair.
    var scaling = false

    /// The options of `arguments` (those after `reach`), or what is wrong with them.
    static func parse(_ arguments: [String]) -> Result<ReachOptions, BenchError> {
        var options = ReachOptions()
        var remaining = arguments[...]
        func count(_ name: String, _ text: String?, in range: ClosedRange<Int>) throws -> Int {
            guard let text, let value = Int(text), range.contains(value) else {
                throw BenchError("\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return value
        }
        func value(_ name: String, _ text: String?) throws -> String {
            guard let text, !text.isEmpty else { throw BenchError("\(name) takes a value") }
            return text
        }
        do {
            while let argument = remaining.popFirst() {
                switch argument {
                case "--users": options.users = try count(argument, remaining.popFirst(), in: 1...1_000_000_000)
                case "--scale": options.scale = try count(argument, remaining.popFirst(), in: 1...1_000)
                case "--runs": options.runs = try count(argument, remaining.popFirst(), in: 1...1_000)
                case "--rows": options.rows = try value(argument, remaining.popFirst())
                case "--dir": options.folder = try value(argument, remaining.popFirst())
                case "--python": options.python = try value(argument, remaining.popFirst())
                case "--json": options.json = true
                case "--scaling": options.scaling = true
                default: throw BenchError("unknown argument \(argument)")
                }
            }
            // Both are bounded above, so their product fits.
            guard options.users * options.scale <= 1_000_000_000 else {
                throw BenchError("--users times --scale is at most 1,000,000,000")
            }
            if options.scaling && (options.rows != nil || options.scale != 1) {
                throw BenchError("--scaling generates its own rows: no --rows, no --scale")
            }
        } catch let error as BenchError {
            return .failure(error)
        } catch {
            return .failure(BenchError("\(error)"))
        }
        return .success(options)
    }
}
