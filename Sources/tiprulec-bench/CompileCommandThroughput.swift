import Foundation

/// `tiprulec compile generated.tiprules -o generated.tipc` of the compile throughput's generated
/// app, from the shell: the whole process (`TiprulecProcess`), reading the source file, checking,
/// generating and writing the `.tipc` (atomically, flushed to disk).
struct CompileCommandThroughput: Codable {
    /// The `tiprulec` that ran.
    var executable: String
    var lines: Int
    var runs: Int
    /// The median wall time of one run, in milliseconds.
    var milliseconds: Double
    var linesPerSecond: Double { Double(lines) / (milliseconds / 1e3) }

    /// The measurement over `model`'s source written to a temporary file, or why it was skipped.
    static func measure(_ model: AppModel, runs: Int) throws -> Result<CompileCommandThroughput, BenchError> {
        let executable: String
        switch TiprulecProcess.executable() {
        case .success(let path): executable = path
        case .failure(let reason): return .failure(reason)
        }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("tiprulec-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("generated.tiprules")
        try Data(model.source.utf8).write(to: source)
        let arguments = ["compile", source.path, "-o", folder.appendingPathComponent("generated.tipc").path]
        let milliseconds = try TiprulecProcess.medianMilliseconds(executable, arguments, runs: runs)
        return .success(CompileCommandThroughput(executable: executable, lines: model.lineCount, runs: max(1, runs),
                                                 milliseconds: milliseconds))
    }

    /// One line for the report.
    var summary: String {
        "tiprulec compile: \(grouped(lines)) lines, the whole process \(number(milliseconds)) ms wall "
            + "(median of \(runs)): \(grouped(Int(linesPerSecond))) lines/s"
    }
}
