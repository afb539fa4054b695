import TipRulesRuntime

/// The version of tiprulec and of what it reads and writes.
public enum Version {
    /// The release of tiprulec and its runtime library.
    public static let current = "0.2.0"

    /// `tiprulec --version`: the release, and the bytecode format versions it reads and writes.
    public static var banner: String {
        let versions = "\(BytecodeFormat.oldestVersion) to \(BytecodeFormat.newestVersion)"
        return """
        tiprulec \(current)
        bytecode format: reads versions \(versions); writes versions \(versions), by default the oldest that carries the program

        """
    }
}
