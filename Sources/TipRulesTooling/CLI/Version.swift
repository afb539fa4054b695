/// The version of tiprulec and of what it reads and writes.
public enum Version {
    /// `tiprulec --version`.
    public static let current = "0.1.0"
}
