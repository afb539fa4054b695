import Foundation
import Testing
import TipRulesCommands
import TipRulesToolingCore
import TipRulesTestSupport

/// `--help` and docs/cli.md say the same: each command's synopsis lines are those of its
/// section in cli.md, every help ends with the exit statuses, and the top-level help lists
/// every command with options its own help has, in aligned columns.
@Suite struct CommandHelpTests {
    static let commands = ["check", "compile", "fmt", "eval", "state", "reach", "simulate", "migrate", "test", "disasm",
                           "emit-swift", "import", "lsp", "explain"]

    private static let cliPage: String = {
        let url = repositoryRoot.appendingPathComponent("docs/cli.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    private func help(_ command: String) -> String {
        TiprulecCommand.run([command, "--help"], environment: CommandEnvironment()).standardOutput
    }

    /// Synopsis lines, each `tiprulec …` with its continuation lines joined and spaces collapsed.
    private static func synopses(_ lines: [Substring]) -> [String] {
        var joined: [String] = []
        for line in lines {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("tiprulec ") || joined.isEmpty { joined.append(text) } else { joined[joined.count - 1] += " " + text }
        }
        return joined.map { $0.replacingOccurrences(of: "...", with: "…").split(separator: " ").joined(separator: " ") }
    }

    /// The synopsis of `command --help`: its lines up to the first blank one, without `usage:`.
    private func helpSynopses(_ command: String) -> [String] {
        let lines = help(command).split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
        return Self.synopses(lines.map { Substring($0.replacingOccurrences(of: "usage: ", with: "")) })
    }

    /// The synopsis of `command` in cli.md: the first ```sh block of its section.
    private func pageSynopses(_ command: String) -> [String] {
        guard let section = Self.cliPage.range(of: "## `tiprulec \(command)`\n"),
              let open = Self.cliPage.range(of: "```sh\n", range: section.upperBound..<Self.cliPage.endIndex),
              let close = Self.cliPage.range(of: "\n```", range: open.upperBound..<Self.cliPage.endIndex) else { return [] }
        return Self.synopses(Self.cliPage[open.upperBound..<close.lowerBound].split(separator: "\n"))
    }

    @Test(arguments: commands) func helpAndTheCommandLinePageShowTheSameSynopsis(_ command: String) {
        let fromHelp = helpSynopses(command)
        #expect(!fromHelp.isEmpty)
        #expect(fromHelp == pageSynopses(command))
    }

    @Test(arguments: commands) func everyHelpSaysTheExitStatuses(_ command: String) {
        #expect(help(command).contains("Exit status: 0 "), "\(command) --help")
    }

    @Test func theOverviewListsEveryCommandWithItsOwnOptionsInAlignedColumns() throws {
        let overview = TiprulecCommand.run(["--help"], environment: CommandEnvironment()).standardOutput
        let entries = overview.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        for command in Self.commands {
            let listed = entries.filter { $0.dropFirst(2).hasPrefix(command + " ") }
            #expect(!listed.isEmpty, "\(command) is not in the overview")
            let options = Set(helpSynopses(command).flatMap { $0.split(separator: " ") }.filter { $0.contains("-") })
            for entry in listed {
                for word in entry.split(separator: " ") where word.hasPrefix("[-") || word.hasPrefix("-") {
                    let option = word.trimmingCharacters(in: CharacterSet(charactersIn: "[]|")).split(separator: " ").first.map(String.init) ?? ""
                    #expect(options.contains { $0.contains(option) }, "\(command): the overview's \(option) is not in its --help")
                }
            }
        }
        #expect(overview.contains("  lsp [--docs-url BASE|none] ") && overview.contains("  explain CODE | --list | --markdown "))
        // Every summary starts in one column, on the synopsis's line or the next.
        let columns = overview.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix("  "), let gap = line.range(of: "  ", range: line.index(line.startIndex, offsetBy: 2)..<line.endIndex),
                  let summary = line[gap.upperBound...].firstIndex(where: { $0 != " " }) else { return nil }
            return line.distance(from: line.startIndex, to: summary)
        }
        #expect(Set(columns).count == 1, "summaries start at columns \(Set(columns).sorted())")
    }
}
