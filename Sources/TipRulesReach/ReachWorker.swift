import TipRulesCompiler
import TipRulesRuntime
import TipRulesToolingCore

/// Reads rows grouped by user, line by line, and counts each user's result: the rows of a user
/// become its fixture and store (one store, reused), evaluated by the runtime's `Evaluator` as `eval`
/// does, with the baseline too. One worker per part of the input; parts are merged afterwards.
package struct ReachWorker {
    let setup: ReachSetup
    package private(set) var tally: ReachTally
    private(set) var fingerprints = UserFingerprints()
    /// The users whose rows came back after other users' rows.
    private(set) var notContiguous = UserFingerprints()
    /// The first errors (every one kept until `ReachSetup.reasonsKept` with `--skip-invalid`; the
    /// first alone otherwise, which stops the worker).
    private(set) var errors: [ReachInputError] = []
    /// Lines read so far: the position of the next line.
    private(set) var position = 0
    /// Whether the worker reads no more: a bad row stopped the run, or the run spent its budget.
    var stopped: Bool { !setup.skipsInvalid && !errors.isEmpty || budgetSpent }
    /// The work of this worker's evaluations charged to the run's budget so far.
    private var workCharged = 0
    /// Whether the run's budget was found spent (by this worker or another) at the last charge.
    private var budgetSpent = false

    private var program: UserEvaluation
    private var baseline: UserEvaluation?
    private var row = ParsedRow()
    private var user: [UInt8] = []
    private var candidate: [UInt8] = []
    private var hasUser = false
    private var userInvalid = false
    private var userRows = 0
    private var countsAsSkipped = true

    package init(setup: ReachSetup) {
        self.setup = setup
        tally = ReachTally(program: setup.program, baseline: setup.baseline)
        program = UserEvaluation(program: setup.program, userParameter: setup.userParameter?.program)
        baseline = setup.baseline.map { UserEvaluation(program: $0, userParameter: setup.userParameter?.baseline) }
    }

    /// Reads one line (without its newline).
    package mutating func read(_ line: UnsafeBufferPointer<UInt8>) {
        defer { position += 1 }
        guard !stopped, line.contains(where: { !Self.isSpace($0) }) else { return }
        tally.rows += 1
        guard RowScanner.scan(line, into: &row) || readSlowly(line) else { return }
        guard readUser(row[.user], line: line) else { return }
        if !hasUser || !candidate.elementsEqual(user) { startUser() }
        userRows += 1
        guard !userInvalid else { return }
        guard userRows <= ReachSetup.maximumRowsPerUser else {
            return invalidate(FixtureError(path: "", "the user has more than \(ReachSetup.maximumRowsPerUser) rows"))
        }
        do {
            try program.builder.add(row, line: line)
            if baseline != nil { try baseline?.builder.add(row, line: line) }
        } catch {
            invalidate(error)
        }
    }

    /// Counts the last user; call once after the last line.
    package mutating func finish() {
        finishUser()
        hasUser = false
    }

    // MARK: users

    private mutating func startUser() {
        finishUser()
        swap(&user, &candidate)
        hasUser = true
        userInvalid = false
        countsAsSkipped = true
        userRows = 0
        program.builder.reset()
        baseline?.builder.reset()
        let earlier = user.withUnsafeBufferPointer { fingerprints.insert($0, at: position) }
        let excluded = setup.excludedUsers.map { set in user.withUnsafeBufferPointer { set.contains($0) } } ?? false
        if let earlier {
            invalidate(FixtureError(path: "", "the user's rows are not contiguous"), earlier: earlier)
            _ = user.withUnsafeBufferPointer { notContiguous.insert($0, at: 0) }
            // Skipped once: in a run that leaves such users out from their first rows on, they were counted then.
            countsAsSkipped = !excluded
        } else if excluded {
            userInvalid = true
        }
    }

    private mutating func finishUser() {
        guard hasUser, !stopped else { return }
        if userInvalid {
            if countsAsSkipped { tally.skippedUsers += 1 }
            return
        }
        do {
            let result = try user.withUnsafeBufferPointer { id throws(FixtureError) in try program.evaluate(user: id, now: setup.now) }
            let old = try user.withUnsafeBufferPointer { id throws(FixtureError) in try baseline?.evaluate(user: id, now: setup.now) }
            tally.add(result, baseline: old)
            let work = program.workDone + (baseline?.workDone ?? 0)
            budgetSpent = !setup.budget.charge(work - workCharged)
            workCharged = work
        } catch {
            position -= 1
            invalidate(error)
            position += 1
            tally.skippedUsers += 1
        }
    }

    private mutating func invalidate(_ error: FixtureError, earlier: Int? = nil) {
        userInvalid = true
        fail(error, user: String(decoding: user, as: UTF8.self), earlier: earlier)
    }

    private mutating func fail(_ error: FixtureError, user: String?, earlier: Int? = nil) {
        guard errors.count < (setup.skipsInvalid ? ReachSetup.reasonsKept : 1) else { return }
        errors.append(ReachInputError(position: position, earlier: earlier, user: user, message: "\(error)"))
    }

    // MARK: rows

    /// The slow path: the full JSON parser reads the line (escapes, unusual numbers, every error).
    /// False when the line is no row: its error is recorded, as its user's when it names one, else as
    /// a user of its own (the current user goes on).
    private mutating func readSlowly(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let json: JSONValue
        do {
            json = try JSONParser().parse(Array(line))
        } catch {
            failAlone(FixtureError(path: "", "not valid JSON: \(error.message) (column \(error.column))"))
            return false
        }
        do {
            try row.fill(from: json)
            return true
        } catch {
            if let user = json["user"], readUser(ParsedRow.scalar(user), line: line) {
                if !hasUser || !candidate.elementsEqual(self.user) { startUser() }
                userRows += 1
                if !userInvalid { invalidate(error) }
            } else if json["user"] == nil {
                failAlone(error)
            }
            return false
        }
    }

    private mutating func failAlone(_ error: FixtureError) {
        fail(error, user: nil)
        if setup.skipsInvalid { tally.skippedUsers += 1 }
    }

    /// Reads the user's id as text into `candidate`; false (the error recorded) when there is none.
    private mutating func readUser(_ value: RowValue?, line: UnsafeBufferPointer<UInt8>) -> Bool {
        candidate.removeAll(keepingCapacity: true)
        switch value {
        case .bytes(let range)?: candidate.append(contentsOf: UnsafeBufferPointer(rebasing: line[range]))
        case .text(let text)?: candidate.append(contentsOf: text.utf8)
        case .integer(let number)?: candidate.append(contentsOf: String(number).utf8)
        case nil:
            failAlone(FixtureError(path: "", "the row has no \"user\""))
            return false
        default:
            failAlone(FixtureError(path: "user", "expected a string or an integer, found \(FixtureDecoder.describe(value?.json(in: line) ?? .null))"))
            return false
        }
        return true
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
}

