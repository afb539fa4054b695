#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import TipRulesToolingCore

/// One run over rows grouped by user (`reach`, `measure`): files split at user boundaries and read
/// by `jobs` threads, each part's tally merged in order by the tally's `merge`, the code of `reach
/// merge` and `measure merge`; and the errors, each named by its file and line.
package struct RowsRun<Counter: UserCounter> {
    var setup: RowsSetup
    /// The inputs' names (`-` is standard input).
    var inputs: [String]
    var jobs: Int
    var progress: ReachProgress?
    /// A new counter, with programs of its own (one per part: threads that shared one would
    /// contend for its reference counts, user after user).
    var makeCounter: @Sendable () -> Counter

    package init(setup: RowsSetup, inputs: [String], jobs: Int, progress: ReachProgress?, makeCounter: @escaping @Sendable () -> Counter) {
        self.setup = setup
        self.inputs = inputs
        self.jobs = jobs
        self.progress = progress
        self.makeCounter = makeCounter
    }

    /// The merged tally and the errors (the first one when bad rows stop the run), or why an input
    /// cannot be read.
    package struct Outcome {
        package var tally: Counter.Tally
        package var errors: [String]
    }

    package func run() -> Result<Outcome, CommandError> {
        var descriptors: [Int32] = []
        defer { for descriptor in descriptors where descriptor != STDIN_FILENO { close(descriptor) } }
        var sizes: [Int] = []
        for (file, input) in inputs.enumerated() {
            var descriptor = STDIN_FILENO
            if input != "-" {
                descriptor = open(input, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { return .failure(CommandError("\(input): \(FileAccess.reason(errno))")) }
                descriptors.append(descriptor)
            }
            var status = stat()
            guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) != S_IFDIR else {
                return .failure(CommandError("\(input): is a directory"))
            }
            if (status.st_mode & S_IFMT) == S_IFREG, input != "-" || lseek(descriptor, 0, SEEK_CUR) == 0 {
                if input == "-" { descriptors.append(descriptor) }
                sizes.append(Int(status.st_size))
                continue
            }
            // A stream is copied first, and then read as a file.
            switch InputSpool.spool(descriptor, name: name(file)) {
            case .success(let copy):
                if input != "-" { close(descriptors.removeLast()) }
                descriptors.append(copy.descriptor)
                sizes.append(copy.size)
            case .failure(let error):
                return .failure(error)
            }
        }
        progress?.total = sizes.reduce(0, +)
        if jobs > 1 {
            var parts: [ReachPart] = []
            for (file, descriptor) in descriptors.enumerated() {
                parts += ReachInput.split(descriptor, size: sizes[file], into: jobs, file: file)
            }
            if let outcome = runParts(parts, descriptors: descriptors) { return outcome }
        }
        return runSequentially(descriptors: descriptors)
    }

    /// Every input in order by one worker; positions run on from file to file. With `--skip-invalid`,
    /// users found not contiguous are left out by a second pass, from their first rows on.
    private func runSequentially(descriptors: [Int32]) -> Result<Outcome, CommandError> {
        let first = pass(descriptors: descriptors, setup: setup)
        guard case .success(let (_, worker)) = first, setup.skipsInvalid, !worker.notContiguous.isEmpty else {
            return first.map(\.outcome)
        }
        var again = setup
        again.excludedUsers = worker.notContiguous
        return pass(descriptors: descriptors, setup: again).map(\.outcome)
    }

    private func pass(descriptors: [Int32], setup: RowsSetup) -> Result<(outcome: Outcome, worker: RowsWorker<Counter>), CommandError> {
        var worker = RowsWorker(setup: setup, counter: makeCounter())
        var firstPositions: [Int] = []
        for (file, descriptor) in descriptors.enumerated() {
            firstPositions.append(worker.position)
            if let failure = read(ReachPart(file: file, start: 0, end: nil), descriptor: descriptor, into: &worker) {
                return .failure(failure)
            }
            if worker.stopped { break }
        }
        worker.finish()
        var errors = worker.errors
        if errors.contains(where: \.beganEarlier) {
            findEarlierRows(of: &errors, descriptors: descriptors)
        }
        let locate = { (position: Int) -> String in
            let file = firstPositions.lastIndex { $0 <= position } ?? 0
            return "\(inputs[file] == "-" ? "<stdin>" : inputs[file]):\(position - firstPositions[file] + 1)"
        }
        return .success((Outcome(tally: worker.tally, errors: errors.map { render($0, locate) }), worker))
    }

    /// Where the rows of each user named not contiguous began: the inputs (files, all of them) read
    /// again from the start, up to the last such error, for the first line of each such user.
    private func findEarlierRows(of errors: inout [ReachInputError], descriptors: [Int32]) {
        var wanted: [[UInt8]: Int?] = [:]
        for error in errors where error.beganEarlier { wanted[Array((error.user ?? "").utf8)] = .some(nil) }
        let last = errors.filter(\.beganEarlier).map(\.position).max() ?? 0
        var position = 0
        var row = ParsedRow()
        files: for descriptor in descriptors {
            var reader = LineReader(descriptor: descriptor, offset: 0, end: nil)
            while position < last {
                guard let line = reader.next() else { continue files }
                if case .line(let bytes) = line, let user = ReachInput.userID(bytes, row: &row), let entry = wanted[user], entry == nil {
                    wanted[user] = position
                }
                position += 1
            }
            break
        }
        for index in errors.indices where errors[index].beganEarlier {
            errors[index].earlier = wanted[Array((errors[index].user ?? "").utf8)] ?? nil
        }
    }

    /// The parts in `jobs` threads; nil when a user's rows are not contiguous (then the run is
    /// sequential, which names such a user's lines and leaves it out, as for any number of threads).
    private func runParts(_ parts: [ReachPart], descriptors: [Int32]) -> Result<Outcome, CommandError>? {
        // A budget of its own: the work of a parallel pass that gives way to the sequential run is
        // not the run's, which then needs the same budget for every number of threads.
        let runBudget = setup.budget
        var parallel = setup
        parallel.budget = RunBudget(steps: runBudget.steps)
        let setup = parallel
        let results = PartResults<Counter>(count: parts.count)
        DispatchQueue.concurrentPerform(iterations: min(jobs, parts.count)) { _ in
            while let index = results.claim() {
                var worker = RowsWorker(setup: setup, counter: makeCounter())
                let failure = read(parts[index], descriptor: descriptors[parts[index].file], into: &worker)
                worker.finish()
                results.store(index, worker: worker, failure: failure)
            }
        }
        var tally: Counter.Tally?
        var errors: [(file: Int, line: Int, text: String)] = []
        var lineOffsets = [Int](repeating: 0, count: inputs.count)
        for (index, part) in parts.enumerated() {
            guard let worker = results.workers[index] else { return nil }
            if let failure = results.failures[index] { return .failure(failure) }
            // A user whose rows are not contiguous is left out by the sequential run (two passes, or its lines named).
            if !worker.notContiguous.isEmpty { return nil }
            for other in results.workers[..<index] where other?.fingerprints.intersects(worker.fingerprints) ?? false { return nil }
            if tally == nil {
                tally = worker.tally
            } else {
                do throws(CommandError) { try tally?.merge(worker.tally) } catch { return .failure(error) }
            }
            let offset = lineOffsets[part.file]
            for error in worker.errors {
                errors.append((part.file, offset + error.position, render(error) { "\(name(part.file)):\(offset + $0 + 1)" }))
            }
            lineOffsets[part.file] += worker.position
        }
        runBudget.charge(setup.budget.spentSteps)
        let kept = setup.skipsInvalid ? RowsSetup.reasonsKept : 1
        guard let tally else { return nil }
        return .success(Outcome(tally: tally, errors: errors.sorted { ($0.file, $0.line) < ($1.file, $1.line) }.prefix(kept).map(\.text)))
    }

    private func read(_ part: ReachPart, descriptor: Int32, into worker: inout RowsWorker<Counter>) -> CommandError? {
        var reader = LineReader(descriptor: descriptor, offset: part.start, end: part.end)
        var row = ParsedRow()
        var reported = (bytes: 0, users: 0)
        while !worker.stopped, let line = reader.next() {
            switch line {
            case .line(let bytes):
                worker.read(bytes, into: &row)
            case .tooLong:
                return CommandError("\(name(part.file)):\(worker.position + 1): a line is longer than "
                                    + "\(LineReader.maximumLineLength) bytes (docs/limits.md)")
            case .failed(let code):
                return CommandError("\(name(part.file)): cannot be read (\(FileAccess.reason(code)))")
            }
            if worker.position & 0xffff == 0 {
                let users = worker.tally.users + worker.tally.skippedUsers
                progress?.advance(bytes: reader.bytesRead - reported.bytes, rows: 0x10000, users: users - reported.users)
                reported = (reader.bytesRead, users)
            }
        }
        return nil
    }

    private func name(_ file: Int) -> String { inputs[file] == "-" ? "<stdin>" : inputs[file] }

    private func render(_ error: ReachInputError, _ locate: (Int) -> String) -> String {
        var text = locate(error.position) + ": "
        if let user = error.user { text += "user \(user): " }
        text += error.message
        if let earlier = error.earlier {
            text += ": they began at \(locate(earlier)), then other users' rows came"
        } else if error.beganEarlier {
            text += ": they began at an earlier line, then other users' rows came"
        }
        return text
    }
}

/// The workers of the parts, filled in by the threads that read them.
private final class PartResults<Counter: UserCounter>: @unchecked Sendable {
    private var lock = pthread_mutex_t()
    private var next = 0
    private(set) var workers: [RowsWorker<Counter>?]
    private(set) var failures: [CommandError?]

    init(count: Int) {
        workers = Array(repeating: nil, count: count)
        failures = Array(repeating: nil, count: count)
        pthread_mutex_init(&lock, nil)
    }

    deinit { pthread_mutex_destroy(&lock) }

    /// The next part to read, if any is left.
    func claim() -> Int? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        guard next < workers.count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ index: Int, worker: RowsWorker<Counter>, failure: CommandError?) {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        workers[index] = worker
        failures[index] = failure
    }
}
