/// Reading a JSON file for a command (timelines, test files, their fixtures).
package enum JSONFile {
    /// The parsed document at `path` (at most the size of a timeline, 64 MiB), or a message
    /// naming the file and the problem.
    package static func read(_ path: String) -> Result<JSONValue, CommandError> {
        FileAccess.read(path, as: .timeline, environment: CommandEnvironment()).flatMap { bytes in
            Result { try JSONParser().parse(bytes) }.mapError { CommandError("\(path): not valid JSON: \($0)") }
        }
    }
}
