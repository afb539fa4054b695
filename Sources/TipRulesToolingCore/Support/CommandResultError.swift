/// A command's result carried as an error: a command `try`s each step that can end it early, and
/// the dispatch (`TiprulecCommand.run`) returns the result the step ended it with.
@usableFromInline
package struct CommandResultError: Error {
    package var result: CommandResult

    @usableFromInline
    package init(_ result: CommandResult) {
        self.result = result
    }
}

extension Result where Failure == CommandError {
    /// The value, or the end of the command: exit status 2 and the error's message on standard
    /// error, followed by `usage` when there is one. Inlinable and consuming, so that a command's
    /// call is specialized: a generic one makes the runtime look up `CommandError`'s conformance
    /// to `Error` by a search of the process's conformances (docs/performance.md, "Start-up: what `eval` does beyond `--version`").
    @inlinable
    package consuming func orFailure(usage: String? = nil) throws(CommandResultError) -> Success {
        switch self {
        case .success(let value): return value
        case .failure(let error): throw CommandResultError(.failure(usage.map { error.message + "\n" + $0 } ?? error.message))
        }
    }
}
