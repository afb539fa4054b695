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

    /// The partials of `paths` added up: `decode` reads each; the first must be of `version` (the
    /// header's `versionOf`) and pass `admit` (nil, or what is wrong with it alone); each later one
    /// must have no `mismatch` with the sum so far (nil, or what differs in words) and is merged.
    /// Nil when no partial was given; the first error names the partial and the one it was merged with.
    package static func merge<Header, Tally: RowsTally>(
        _ paths: [String], environment: CommandEnvironment,
        decode: (JSONValue) throws(CommandError) -> (header: Header, tally: Tally), version: Int, versionOf: (Header) -> Int,
        admit: (Tally) -> String? = { _ in nil }, mismatch: (Header, Tally, Header, Tally) -> String?
    ) -> Result<(header: Header, tally: Tally)?, CommandError> {
        var merged: (header: Header, tally: Tally, source: String)?
        let failure = read(paths, environment: environment) { json, source throws(CommandError) in
            let partial = try decode(json)
            guard var current = merged else {
                let found = versionOf(partial.header)
                guard found == version else { throw CommandError("a partial of version \(found); this tiprulec reads version \(version)") }
                if let problem = admit(partial.tally) { throw CommandError(problem) }
                merged = (partial.header, partial.tally, source)
                return
            }
            if versionOf(current.header) != versionOf(partial.header) {
                throw CommandError("cannot be merged with \(current.source): partial versions differ "
                                   + "(\(versionOf(current.header)) and \(versionOf(partial.header)))")
            }
            if let difference = mismatch(current.header, current.tally, partial.header, partial.tally) {
                throw CommandError("cannot be merged with \(current.source): \(difference)")
            }
            do throws(CommandError) {
                try current.tally.merge(partial.tally)
            } catch {
                throw CommandError("cannot be merged with \(current.source): \(error.message)")
            }
            merged = current
        }
        if let failure { return .failure(failure) }
        return .success(merged.map { ($0.header, $0.tally) })
    }
}
