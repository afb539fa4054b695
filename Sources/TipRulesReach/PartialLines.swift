import TipRulesToolingCore

/// The partial reports given to `reach merge` and `measure merge`: files, or standard input for
/// none or `-`, one partial a line (blank lines ignored), each parsed and named by file and line.
package enum PartialLines {
    /// Calls `each` with every partial's JSON and its place (`FILE:LINE`) in order; the first
    /// error (unreadable, not JSON, or `each`'s) stops it, prefixed with the place.
    package static func read(_ paths: [String], environment: CommandEnvironment,
                             each: (JSONValue, String) throws(CommandError) -> Void) -> CommandError? {
        for path in paths.isEmpty ? ["-"] : paths {
            let bytes: [UInt8]
            switch FileAccess.read(path, as: .fixture, environment: environment) {
            case .success(let value): bytes = value
            case .failure(let error): return error
            }
            let name = path == "-" ? "<stdin>" : path
            for (number, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
            where line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") }) {
                let source = "\(name):\(number + 1)"
                let json: JSONValue
                do {
                    json = try JSONParser().parse(Array(line))
                } catch {
                    return CommandError("\(source): not valid JSON: \(error)")
                }
                do throws(CommandError) {
                    try each(json, source)
                } catch {
                    return CommandError("\(source): \(error.message)")
                }
            }
        }
        return nil
    }
}
