import TipRulesCompiler
import TipRulesRuntime
import TipRulesToolingCore

/// Reads rows grouped by user, line by line: finds where each user's rows begin and end (and a
/// user whose rows come back), keeps the errors, and hands each user's rows to its `Counter`
/// (reach's evaluation, measure's exposures). One worker per part of the input; parts are merged
/// afterwards.
package struct RowsWorker<Counter: UserCounter> {
    let setup: RowsSetup
    /// The counts so far.
    package var tally: Counter.Tally {
        var tally = counter.tally
        tally.rows += rows
        return tally
    }
    private(set) var fingerprints = UserFingerprints()
    /// The users whose rows came back after other users' rows.
    private(set) var notContiguous = UserFingerprints()
    /// The first errors (every one kept until `RowsSetup.reasonsKept` with `--skip-invalid`; the
    /// first alone otherwise, which stops the worker).
    package private(set) var errors: [ReachInputError] = []
    /// Lines read so far: the position of the next line.
    private(set) var position = 0
    /// Whether the worker reads no more: a bad row stopped the run, or the run spent its budget.
    /// A property computed from a stored flag: a run of a counter from another module (not
    /// specialized) that read a stored property of the worker directly would ask the runtime for
    /// the worker's type at every line.
    var stopped: Bool { isStopped }
    /// What `stopped` answers, set where an error or the budget's end is found: every line asks.
    private var isStopped = false
    /// The work of this worker's evaluations charged to the run's budget so far.
    private var workCharged = 0
    /// Whether the run's budget was found spent (by this worker or another) at the last charge.
    private var budgetSpent = false

    private var user = UserIDBytes()
    private var candidate = UserIDBytes()
    /// The current user's id when its last row wrote it as an integer (its text is that number's).
    private var userNumber: Int?
    private var hasUser = false
    private var userInvalid = false
    private var userRows = 0
    private var countsAsSkipped = true
    /// Lines read that were not blank, counted here rather than in the counter's tally: a row then
    /// asks nothing of the counter's type (its tally's), which a worker of a counter from another
    /// module (not specialized) would ask the runtime, row after row.
    private var rows = 0
    /// The counter's donation rows of the usual shape, read straight to it.
    private var shapes: DonationShapes
    /// Last of the stored properties: the others' places do not depend on the counter's type, so
    /// a worker of a counter from another module (not specialized) reaches them without asking
    /// the runtime for its type's layout, row after row.
    private(set) var counter: Counter

    package init(setup: RowsSetup, counter: Counter) {
        self.setup = setup
        self.counter = counter
        shapes = setup.readsDonationsByShape ? counter.makeDonationShapes() : DonationShapes.none
    }

    /// Reads one line (without its newline): a donation of the usual shape straight to the counter,
    /// any other row into `row`, the caller's (a row kept outside the worker is read in place, never
    /// copied), by the scanner or else the JSON parser.
    package mutating func read(_ line: UnsafeBufferPointer<UInt8>, into row: inout ParsedRow) {
        defer { position += 1 }
        guard !isStopped, !Self.isBlank(line) else { return }
        rows += 1
        if shapes.read(line) {
            if addsRow(of: shapes.user, text: line) { counter.addDonation(shapes, text: line) }
        } else if RowScanner.scan(line, into: &row, after: shapes.declinedUser) {
            add(row, text: line)
        } else if readSlowly(line, into: &row) {
            let text = row.decoded
            text.withUnsafeBufferPointer { add(row, text: $0) }
        }
    }

    /// Adds a row read: to the current user's, or to a new user's.
    private mutating func add(_ row: borrowing ParsedRow, text: UnsafeBufferPointer<UInt8>) {
        guard addsRow(of: row[.user], text: text) else { return }
        do {
            try counter.add(row, text: text)
        } catch {
            invalidate(error)
        }
    }

    /// Counts a row of the user `id` names (its row value over `text`), starting that user when it
    /// is not the current one; whether the row is then to be added (not when the row names no user
    /// or the user is invalid). Inlined into the worker's loop: a row of the current user, the
    /// usual one, makes no call.
    @inline(__always)
    private mutating func addsRow(of id: RowValue?, text: UnsafeBufferPointer<UInt8>) -> Bool {
        if !isCurrentUser(id, text: text) {
            guard takesUser(id, text: text) else { return false }
        }
        if case .integer(let number)? = id { userNumber = number } else { userNumber = nil }
        userRows += 1
        guard !userInvalid else { return false }
        guard userRows <= RowsSetup.maximumRowsPerUser else { return refusesMoreRows() }
        return true
    }

    /// Reads the user `id` names, written otherwise than the current user's last row wrote it,
    /// and starts them when they are another user; false when the row names no user (the error
    /// recorded).
    @inline(never)
    private mutating func takesUser(_ id: RowValue?, text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard readUser(id, text: text) else { return false }
        if !hasUser || !candidate.equals(user) { startUser() }
        return true
    }

    /// Invalidates the current user, who has more rows than a user may have; false.
    @inline(never)
    private mutating func refusesMoreRows() -> Bool {
        invalidate(FixtureError(path: "", "the user has more than \(RowsSetup.maximumRowsPerUser) rows"))
        return false
    }

    /// Counts the last user; call once after the last line.
    package mutating func finish() {
        finishUser()
        hasUser = false
        chargeWork(atLeast: 1)
    }

    /// Charges the work done since the last charge to the run's budget once it is `minimum` or more.
    private mutating func chargeWork(atLeast minimum: Int) {
        let work = counter.workDone
        guard work - workCharged >= minimum else { return }
        budgetSpent = !setup.budget.charge(work - workCharged)
        updateStopped()
        workCharged = work
    }

    // MARK: users

    private mutating func startUser() {
        finishUser()
        swap(&user, &candidate)
        userNumber = nil
        hasUser = true
        userInvalid = false
        countsAsSkipped = true
        userRows = 0
        counter.startUser()
        let isNew = fingerprints.insert(user.bytes)
        let excluded = setup.excludedUsers.map { $0.contains(user.bytes) } ?? false
        if !isNew {
            invalidate(FixtureError(path: "", ReachInputError.notContiguous), beganEarlier: true)
            _ = notContiguous.insert(user.bytes)
            // Skipped once: in a run that leaves such users out from their first rows on, they were counted then.
            countsAsSkipped = !excluded
        } else if excluded {
            userInvalid = true
        }
    }

    private mutating func finishUser() {
        guard hasUser, !isStopped else { return }
        if userInvalid {
            if countsAsSkipped { counter.tally.skippedUsers += 1 }
            return
        }
        do {
            try counter.count(user: user.bytes)
            chargeWork(atLeast: RowsSetup.workPerCharge)
        } catch {
            position -= 1
            invalidate(error)
            position += 1
            counter.tally.skippedUsers += 1
        }
    }

    private mutating func invalidate(_ error: FixtureError, beganEarlier: Bool = false) {
        userInvalid = true
        fail(error, user: String(decoding: user.bytes, as: UTF8.self), beganEarlier: beganEarlier)
    }

    private mutating func fail(_ error: FixtureError, user: String?, beganEarlier: Bool = false) {
        guard errors.count < (setup.skipsInvalid ? RowsSetup.reasonsKept : 1) else { return }
        errors.append(ReachInputError(position: position, beganEarlier: beganEarlier, user: user, message: "\(error)"))
        updateStopped()
    }

    private mutating func updateStopped() {
        isStopped = !setup.skipsInvalid && !errors.isEmpty || budgetSpent
    }

    // MARK: rows

    /// The slow path: the full JSON parser reads the line (escapes, unusual numbers, every error).
    /// False when the line is no row: its error is recorded, as its user's when it names one, else as
    /// a user of its own (the current user goes on).
    private mutating func readSlowly(_ line: UnsafeBufferPointer<UInt8>, into row: inout ParsedRow) -> Bool {
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
            guard let user = json["user"] else {
                failAlone(error)
                return false
            }
            // The id as a row value over a text of its own (its JSON, when it is no string).
            let text = user.stringValue.map { Array($0.utf8) } ?? Array(JSONWriter.string(from: user).utf8)
            let value: RowValue = switch user {
            case .string: .string(0..<text.count)
            case .integer(let number): .integer(number)
            default: .composite(0..<text.count)
            }
            let named = text.withUnsafeBufferPointer { readUser(value, text: $0) }
            if named {
                if !hasUser || !candidate.equals(self.user) { startUser() }
                userRows += 1
                if !userInvalid { invalidate(error) }
            }
            return false
        }
    }

    private mutating func failAlone(_ error: FixtureError) {
        fail(error, user: nil)
        if setup.skipsInvalid { counter.tally.skippedUsers += 1 }
    }

    /// Whether `value` is the current user's id, seen without copying it (the usual case: a user's
    /// rows follow one another).
    @inline(__always)
    private func isCurrentUser(_ value: RowValue?, text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard hasUser else { return false }
        switch value {
        case .integer(let number)?: return number == userNumber
        case .string(let range)?:
            guard range.count == user.count, let base = text.baseAddress, let id = user.bytes.baseAddress else { return false }
            return SameBytes.equal(id, base + range.lowerBound, count: range.count)
        default: return false
        }
    }

    /// Reads the user's id as text into `candidate`; false (the error recorded) when there is none.
    private mutating func readUser(_ value: RowValue?, text: UnsafeBufferPointer<UInt8>) -> Bool {
        switch value {
        case .string(let range)?: candidate.set(UnsafeBufferPointer(rebasing: text[range]))
        case .integer(let number)?: candidate.set(decimal: number)
        case nil:
            failAlone(FixtureError(path: "", "the row has no \"user\""))
            return false
        case let other?:
            failAlone(FixtureError(path: "user", "expected a string or an integer, found \(FixtureDecoder.describe(other.json(in: text)))"))
            return false
        }
        return true
    }

    /// Whether the line is only spaces, tabs and carriage returns (a row's first byte says it is not).
    @inline(__always)
    private static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        if let first = line.first, !isSpace(first) { return false }
        return !line.contains { !isSpace($0) }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
}

