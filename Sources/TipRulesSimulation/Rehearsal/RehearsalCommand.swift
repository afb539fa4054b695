import TipRulesRuntime
import TipRulesStorage
import TipRulesToolingCore

/// `tiprulec simulate PROGRAM --population N --scenario FILE --rows OUT [--seed S]`: a rehearsal of
/// an experiment before it ships (docs/simulate.md, "Rehearsals"). N people, each drawn from the
/// scenario and run through the engine as one `simulate` runs a timeline, their histories written
/// to OUT as the rows `state rows` exports, one person at a time (the file is renamed into place
/// once whole).
enum RehearsalCommand {
    static let options: Set<String> = ["--population", "--scenario", "--rows", "--seed"]
    /// The most people one rehearsal runs.
    static let maximumPopulation = 100_000_000

    static func run(_ arguments: [String], environment: CommandEnvironment) throws(CommandResultError) -> CommandResult {
        let parsed = try ParsedArguments.parse(arguments, valueOptions: options, flags: []).orFailure(usage: SimulateCommand.usage)
        guard parsed.positionals.count == 1, let programPath = parsed.positionals.first else {
            return .failure("simulate takes one program\n" + SimulateCommand.usage)
        }
        guard let population = try parsed.wholeNumber("--population", in: 1...maximumPopulation).orFailure() else {
            return .failure("a rehearsal needs --population N, how many people to simulate\n" + SimulateCommand.usage)
        }
        guard let scenarioPath = parsed.options["--scenario"] else {
            return .failure("a rehearsal needs --scenario SCENARIO.json, what the people do\n" + SimulateCommand.usage)
        }
        guard let rowsPath = parsed.options["--rows"] else {
            return .failure("a rehearsal needs --rows OUT, the file its rows are written to\n" + SimulateCommand.usage)
        }
        guard !rowsPath.isEmpty, ![programPath, scenarioPath].contains(rowsPath) else {
            return .failure("--rows needs a file that is not an input, e.g. --rows rows.ndjson")
        }
        var seed: UInt64?
        if let text = parsed.options["--seed"] {
            guard let value = UInt64(text) else { return .failure("--seed takes a whole number from 0 to \(UInt64.max), not '\(text)'") }
            seed = value
        }
        let program = try ProgramLoader.load(programPath, environment: environment).get().program
        let scenario: RehearsalScenario
        do {
            scenario = try RehearsalScenarioDecoder.decode(try JSONFile.read(scenarioPath).orFailure(), for: program)
        } catch let error as FixtureError {
            return .failure("\(scenarioPath): \(error)")
        } catch {
            throw error as? CommandResultError ?? CommandResultError(.failure("\(scenarioPath): \(error)"))
        }
        let output = try AtomicFileOutput.create(rowsPath).orFailure()
        let rehearsal = Rehearsal(program: program, scenario: scenario, seed: seed ?? scenario.seed)
        let summary: RehearsalSummary
        do {
            summary = try rehearsal.run(population: population) { rows in
                for row in rows {
                    output.append(row)
                    output.append("\n")
                }
            }
        } catch {
            output.abandon()
            return .failure("\(scenarioPath): \(error)")
        }
        if let error = output.commit() { return .failure(error.message) }
        return CommandResult(standardOutput: summary.text(program: program, programPath: programPath, rowsPath: rowsPath))
    }
}
