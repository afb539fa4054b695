import TipRulesCompiler

/// A small parser for `tiprulec COMMAND [OPTIONS] [ARGUMENTS]`: options with values
/// (`--format json` or `--format=json`), flags (`--stdin`) and positionals.
package struct ParsedArguments {
    package var positionals: [String] = []
    package var options: [String: String] = [:]
    /// Every value of each option in the order given (`options` keeps the last), for options that repeat.
    package var repeatedOptions: [String: [String]] = [:]
    package var flags: Set<String> = []

    /// Parses `arguments` given which options take a value and which are flags.
    package static func parse(_ arguments: [String], valueOptions: Set<String>, flags knownFlags: Set<String>,
                      shortNames: [String: String] = [:]) -> Result<ParsedArguments, CommandError> {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            var argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            if let long = shortNames[argument] { argument = long }
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                inlineValue = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            if knownFlags.contains(argument) {
                guard inlineValue == nil else { return .failure(CommandError("option '\(argument)' takes no value")) }
                parsed.flags.insert(argument)
            } else if valueOptions.contains(argument) {
                if let inlineValue {
                    parsed.options[argument] = inlineValue
                } else {
                    guard index < arguments.count else { return .failure(CommandError("option '\(argument)' needs a value")) }
                    parsed.options[argument] = arguments[index]
                    index += 1
                }
                parsed.repeatedOptions[argument, default: []].append(parsed.options[argument] ?? "")
            } else {
                let known = Array(knownFlags) + Array(valueOptions)
                let hint = Spelling.closest(to: argument, in: known).map { " (did you mean '\($0)'?)" } ?? ""
                return .failure(CommandError("unknown option '\(argument)'\(hint)"))
            }
        }
        return .success(parsed)
    }

    /// The value of `--format`, checked against the allowed formats.
    package func format(allowed: [String]) -> Result<String, CommandError> {
        let value = options["--format"] ?? "text"
        guard allowed.contains(value) else {
            return .failure(CommandError("unknown format '\(value)'; use \(allowed.joined(separator: ", "))"))
        }
        return .success(value)
    }

    /// The whole number an option gives, if given, within `range`.
    package func wholeNumber(_ option: String, in range: ClosedRange<Int>) -> Result<Int?, CommandError> {
        guard let text = options[option] else { return .success(nil) }
        guard let value = Int(text), range.contains(value) else {
            return .failure(CommandError("\(option) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'"))
        }
        return .success(value)
    }
}
