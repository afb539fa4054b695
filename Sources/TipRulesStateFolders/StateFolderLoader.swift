#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesRuntime
import TipRulesStorage
import TipRulesToolingCore

/// Reads a state folder for the commands that take one in place of a fixture (`eval`, `simulate`, `state export`).
package enum StateFolderLoader {
    /// The state folder at `folder` as a reader sees it, or why it cannot be read (status 2).
    package static func read(_ folder: String) -> Result<StoredState, CommandResultError> {
        do {
            return .success(try TipStore.read(folder: folder))
        } catch {
            return .failure(CommandResultError(.failure("\(error)")))
        }
    }

    /// The state of the folder under `program`, its clock, and a `warning:` line for each thing it
    /// recovered from or could not carry over. The state is read as its fixture would be (so a
    /// folder imported without a program takes `program`'s types); when it does not fit `program`
    /// (rules that changed since), it is carried over by name as a rules update does.
    package static func carried(_ folder: String, to program: Program) -> Result<(store: EventStore, clock: Double?, warnings: String), CommandResultError> {
        read(folder).map { state in
            let recovered = state.recovery.map { "warning: \(folder): \($0)\n" }.joined()
            if let fixture = try? FixtureDecoder.decode(FixtureEncoder.encode(state.engine.store), for: program),
               let store = try? fixture.makeStore(for: program) {
                return (store, state.engine.clock, recovered)
            }
            let carried = state.engine.store.carriedOver(to: program)
            return (carried.store, state.engine.clock, recovered + carried.problems.map { "warning: \(folder): \($0)\n" }.joined())
        }
    }

    /// Whether `path` names a folder (a state folder, where a fixture file is also accepted).
    package static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
