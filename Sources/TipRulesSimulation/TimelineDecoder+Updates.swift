import TipRulesRuntime
import TipRulesToolingCore

/// Rules updates in a timeline: loading an `update` step's program, and decoding every other
/// step for the program (or programs) its occurrences run under.
extension TimelineDecoder {
    /// An update step: one instant, and a program that loads.
    static func decodeUpdate(_ members: JSONObject, _ timing: StepTiming, load: ProgramSource?,
                             at path: String) throws(FixtureError) -> TimelineUpdate {
        guard members["every"] == nil, members["times"] == nil else {
            throw FixtureError(path: "\(path).\(members["every"] == nil ? "times" : "every")", "an update step is not repeated")
        }
        guard let file = members["update"]?.stringValue, !file.isEmpty else {
            throw FixtureError(path: "\(path).update", "expected the path of a .tiprules or .tipc file")
        }
        guard let load else {
            throw FixtureError(path: "\(path).update", "a timeline with updates is read from a file (simulate, test)")
        }
        do {
            return TimelineUpdate(path: file, program: try load(file))
        } catch {
            throw FixtureError(path: "\(path).update", error.description)
        }
    }

    /// The step as one `TimelineStep` per program its occurrences run under.
    static func decodeRuns(_ members: JSONObject, _ timing: StepTiming, order: Int,
                           epochs: TimelineEpochs) throws(FixtureError) -> [TimelineStep] {
        if timing.action == "update", let update = epochs.updates.first(where: { $0.order == order }) {
            return [TimelineStep(at: timing.at, action: .update(update.update))]
        }
        var steps: [TimelineStep] = []
        for run in epochs.runs(at: timing.at, every: timing.every, times: timing.times, order: order) {
            let action: TimelineAction
            do {
                action = try decodeAction(timing.action, members, program: epochs.program(run.epoch), at: timing.path)
            } catch {
                let since = epochs.updateOrder(run.epoch).map { " (in the program of the update at steps[\($0)])" } ?? ""
                throw FixtureError(path: error.path, error.message + since)
            }
            steps.append(TimelineStep(at: timing.at + Double(run.first) * timing.every, every: timing.every,
                                      times: run.count, action: action))
        }
        return steps
    }
}
