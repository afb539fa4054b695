import Foundation

/// The wall time of `tiprulec eval examples/backyard.tiprules --fixture
/// examples/backyard.logged-out.json` as a whole process (`TiprulecProcess`), in turns with
/// `tiprulec --version`: the same process's start-up without the work, so that the difference
/// is what `eval` itself costs.
struct EvalWallTime: Codable {
    static let command = "tiprulec eval examples/backyard.tiprules --fixture examples/backyard.logged-out.json"
    /// The `tiprulec` that ran.
    var executable: String
    var runs: Int
    /// The median wall time of one run, in milliseconds.
    var milliseconds: Double
    /// The median wall time of `tiprulec --version`, in milliseconds.
    var versionMilliseconds: Double
    /// The median over pairs of runs of eval's wall time less `--version`'s, in milliseconds.
    var overVersionMilliseconds: Double

    /// The measurement, or why it was skipped.
    static func measure(runs: Int) throws -> Result<EvalWallTime, BenchError> {
        let executable: String
        switch TiprulecProcess.executable() {
        case .success(let path): executable = path
        case .failure(let reason): return .failure(reason)
        }
        guard let examples = examplesFolder() else {
            return .failure(BenchError("examples/backyard.tiprules not found"))
        }
        let arguments = ["eval", examples.appendingPathComponent("backyard.tiprules").path,
                         "--fixture", examples.appendingPathComponent("backyard.logged-out.json").path]
        let times = try TiprulecProcess.pairedMilliseconds(executable, arguments, baseline: ["--version"], runs: runs)
        return .success(EvalWallTime(executable: executable, runs: max(1, runs), milliseconds: times.median,
                                     versionMilliseconds: times.baseline, overVersionMilliseconds: times.difference))
    }
}
