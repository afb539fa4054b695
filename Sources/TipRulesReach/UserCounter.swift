import TipRulesToolingCore

/// What a run over rows grouped by user does with each user's rows — `reach` evaluates them
/// (`ReachCounter`), `measure` follows an experiment's exposures — while `RowsWorker` reads the
/// lines, groups them by user and keeps the errors. One counter per part of the input; the
/// parts' tallies are merged in order.
package protocol UserCounter: SendableMetatype {
    associatedtype Tally: RowsTally
    /// The counts so far.
    var tally: Tally { get set }
    /// The work of every evaluation so far, charged to the run's budget (0 for a counter that evaluates nothing).
    var workDone: Int { get }
    /// Forgets the previous user's rows, keeping the storage.
    mutating func startUser()
    /// Adds one row of the current user (its `user` key already read); `text` is the row's text.
    mutating func add(_ row: borrowing ParsedRow, text: UnsafeBufferPointer<UInt8>) throws(FixtureError)
    /// Counts the current user, whose id is `user` (as text), into the tally.
    mutating func count(user: UnsafeBufferPointer<UInt8>) throws(FixtureError)
    /// The shapes of the donation rows this counter takes as read by shape (`DonationShapes`).
    func makeDonationShapes() -> DonationShapes
    /// Adds the donation `shapes` read last from `text` to the current user's rows, as `add` adds
    /// the same row.
    mutating func addDonation(_ shapes: borrowing DonationShapes, text: UnsafeBufferPointer<UInt8>)
}

/// The counts every report over rows keeps besides its own, and how two parts' counts add up.
package protocol RowsTally {
    /// Users counted (for progress).
    var users: Int { get }
    /// Lines read that were not blank.
    var rows: Int { get set }
    /// Users left out for bad rows (`--skip-invalid`).
    var skippedUsers: Int { get set }
    /// Adds another part's counts; a count that would overflow is an error naming it.
    mutating func merge(_ other: Self) throws(CommandError)
}

/// How a run reads its rows, whatever it counts: whether bad users are skipped, the work budget
/// its threads share, and on a second pass the users to leave out.
package struct RowsSetup: Sendable {
    package var skipsInvalid: Bool
    /// The run's work budget (`--max-steps`), shared by its threads.
    package var budget: RunBudget
    /// With `--skip-invalid`, on a second pass over files: the users whose rows were found not
    /// contiguous, left out from their first rows on.
    var excludedUsers: UserFingerprints?
    /// Whether donation rows of the usual shape are read by shape (`DonationShapes`); false reads
    /// every row the usual way (the tests compare the two).
    package var readsDonationsByShape = true

    /// The most rows one user may have (`docs/limits.md`).
    package static let maximumRowsPerUser = 1_000_000
    /// How many reasons for skipped users are kept to print.
    static let reasonsKept = 10
    /// The steps a worker does before charging them to the run's budget, which threads share: a
    /// run stops at most this many steps a thread after its budget is spent.
    static let workPerCharge = 1 << 16

    package init(skipsInvalid: Bool, budget: RunBudget = RunBudget(), excludedUsers: UserFingerprints? = nil) {
        self.skipsInvalid = skipsInvalid
        self.budget = budget
        self.excludedUsers = excludedUsers
    }
}
