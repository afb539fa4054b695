import Testing
import TipRulesCompiler
@testable import TipRulesRuntime
import TipRulesTestSupport

/// targeting.md, clause by clause, every program evaluated from its `.tipc` bytes.
struct TargetingTests {
    private static let now = date("2026-11-21T09:00:00Z")

    /// `source` compiled, written as bytecode and read back.
    private func load(_ source: String) throws -> Program {
        try Program(bytes: try compile(source).encoded())
    }

    private func evaluate(_ program: Program, now: Double = Self.now, configure: (inout EventStore) throws -> Void = { _ in })
        throws -> EvaluationResult {
        var store = EventStore(program: program)
        try configure(&store)
        var evaluator = Evaluator(program: program)
        return evaluator.evaluate(store, now: now, explaining: true)
    }

    private func parameter(_ program: Program, _ name: String) -> Int { program.parameterIndex(named: name) ?? -1 }

    // MARK: Versions

    @Test func versionsCompareBySemanticVersioning() throws {
        let program = try load("""
        parameter appVersion: Version = "1.0"
        tip A { title: "A"
            #Rule(Self.$appVersion) { $0 >= "2.3" } }
        tip B { title: "B"
            #Rule(Self.$appVersion) { $0 < Version("2.0.0") && $0 != "2.0.0-rc.1" } }
        tip C { title: "C"
            #Rule(Self.$appVersion) { $0.major == 2 && $0.minor == 3 && $0.patch == 0 } }
        """)
        #expect(program.formatVersion == 3)
        #expect(program.parameters[0].type == .version)
        func statuses(_ version: String) throws -> [Bool] {
            try evaluate(program) { try $0.setParameter(0, .string(version)) }.tips.map(\.display)
        }
        #expect(try statuses("2.3") == [true, false, true])
        #expect(try statuses("2.3.0+build.7") == [true, false, true])
        #expect(try statuses("2.2.1") == [false, false, false])
        #expect(try statuses("2.0.0-rc.1") == [false, false, false])
        #expect(try statuses("2.0.0-beta.2") == [false, true, false])
        let explained = try evaluate(program) { try $0.setParameter(0, .string("2.2.1")) }
        #expect(explained.tip("A")?.rules.first?.explanation == ["appVersion is 2.2.1, needs >= 2.3"])
    }

    @Test func anInvalidVersionIsRefusedByTheStore() throws {
        let program = try load("""
        parameter appVersion: Version = "1.0"
        tip A { title: "A"
            #Rule(Self.$appVersion) { $0 >= "2.3" } }
        """)
        var store = EventStore(program: program)
        #expect(throws: StoreError.self) { try store.setParameter(0, .string("v2.3")) }
    }

    // MARK: Rollouts and buckets

    @Test func rolloutsUseUnleashBucketsAndTheTipIDAsDefaultGroup() throws {
        let program = try load("""
        parameter userID: String = ""
        tip Flexible { title: "F"
            id: "Feature.flexibleRollout.10"
            #Rule(Self.$userID) { rollout(10, of: $0) } }
        tip Named { title: "N"
            #Rule(Self.$userID) { rollout(32, of: $0, group: "Feature.flexibleRollout.10") } }
        tip Holdout { title: "H"
            #Rule(Self.$userID) { bucket(of: $0, group: "Feature.flexibleRollout.10") > 10 } }
        """)
        let id = parameter(program, "userID")
        let user174 = try evaluate(program) { try $0.setParameter(id, .string("174")) }.tips.map(\.display)
        #expect(user174 == [true, true, false])
        let user499 = try evaluate(program) { try $0.setParameter(id, .string("499")) }.tips.map(\.display)
        #expect(user499 == [false, true, true])
        let nobody = try evaluate(program).tips.map(\.display)
        #expect(nobody == [false, false, true])
        let explained = try evaluate(program) { try $0.setParameter(id, .string("499")) }
        #expect(explained.tip("Feature.flexibleRollout.10")?.rules.first?.explanation
                == [#"userID "499" is in bucket 32 of group "Feature.flexibleRollout.10", needs <= 10"#])
    }

    @Test func aComputedShareOutsideTheRangeIsAnEvaluationError() throws {
        let program = try load("""
        parameter userID: String = "174"
        parameter share: Int = 0
        tip T { title: "T"
            #Rule(Self.$userID, Self.$share) { rollout($1, of: $0, group: "g") } }
        """)
        let result = try evaluate(program) { try $0.setParameter(1, .int(101)) }
        #expect(result.tips[0].rules[0].result == false)
        #expect(result.tips[0].rules[0].error == "rollout share 101 is outside 0...100 at line 4")
    }

    @Test func bucketsOfConstantIDsAreFolded() throws {
        let program = try compile("""
        tip T { title: "T"
            #Rule { bucket(of: "174", group: "Feature.flexibleRollout.10") == 10 } }
        """)
        #expect(program.tips[0].rules[0].code.instructions.map(\.opcode) == [.const, .ret])
    }

    /// For random ids and groups, the VM's bucket (and the rollout it decides) equals the
    /// reference implementation of MurmurHash3.
    @Test func theVMsBucketsEqualTheReference() throws {
        var generator = Xorshift(state: 41)
        let alphabet = Array("abcXYZ019-_:/. é🐦".unicodeScalars)
        func randomText(_ maximum: Int) -> String { generator.text(from: alphabet, shorterThan: maximum) }
        for _ in 0..<25 {
            let group = randomText(20)
            let share = generator.next(101)
            let program = try load("""
            parameter id: String = ""
            widget Bucket { relevance { score: Double(bucket(of: id, group: "\(group)")) } }
            widget Rollout { relevance { score: rollout(\(share), of: id, group: "\(group)") ? 1 : 0 } }
            """)
            var evaluator = Evaluator(program: program)
            for _ in 0..<40 {
                let id = randomText(30)
                var store = EventStore(program: program)
                try store.setParameter(0, .string(id))
                let result = evaluator.evaluate(store, now: Self.now)
                let expected = Int(referenceMurmur(Array((group + ":" + id).utf8)) % 100) + 1
                #expect(result.widget("Bucket")?.score == Double(expected), "\(id) in \(group)")
                #expect(result.widget("Rollout")?.score == (!id.isEmpty && share > 0 && expected <= share ? 1 : 0))
            }
        }
    }

    @Test func constantVersionsAreFolded() throws {
        let program = try compile("""
        parameter appVersion: Version = "1.0"
        tip T { title: "T"
            #Rule(Self.$appVersion) { Version("2.3") > "2.3.0-rc.1" && Version("2.3.1").minor == 3 && $0 >= "1.0" } }
        """)
        #expect(program.tips[0].rules[0].code.instructions.map(\.opcode) == [.param, .const, .compareVersion, .ret])
    }

    // MARK: Lists

    @Test func listsContainConstantsOfTheValuesType() throws {
        let program = try load("""
        parameter language: String = "en"
        parameter build: Int = 0
        parameter appVersion: Version = "1.0"
        tip A { title: "A"
            #Rule(Self.$language) { ["ja", "zh-Hans"].contains($0) } }
        tip B { title: "B"
            #Rule(Self.$build, Self.$appVersion) { [3, 5].contains($0) || ["2.3", "3"].contains($1) } }
        """)
        let before = try evaluate(program).tips.map(\.display)
        #expect(before == [false, false])
        let after = try evaluate(program) {
            try $0.setParameter(0, .string("zh-Hans"))
            try $0.setParameter(2, .string("3.0.0"))
        }.tips.map(\.display)
        #expect(after == [true, true])
    }

    // MARK: Dates, schedules and the calendar

    @Test func schedulesAreRulesWithoutInputs() throws {
        let program = try load("""
        tip December { title: "D"
            #Rule { now >= Date("2026-12-01T00:00:00+09:00") && now < Date("2027-01-01T00:00:00+09:00") } }
        """)
        #expect(try evaluate(program, now: date("2026-11-30T14:59:59Z")).tips[0].display == false)
        #expect(try evaluate(program, now: date("2026-11-30T15:00:00Z")).tips[0].display == true)
        #expect(try evaluate(program, now: date("2026-12-31T15:00:00Z")).tips[0].display == false)
    }

    @Test func calendarComponentsReadTheStoresUTCOffset() throws {
        let program = try load("""
        widget Morning { relevance {
            let hour = Calendar.current.component(.hour, from: now)
            score: hour >= 6 && hour < 10 ? 1 : 0 } }
        tip Weekend { title: "W"
            #Rule { Calendar.current.component(.weekday, from: now) == 1 || Calendar.current.component(.weekday, from: now) == 7 } }
        tip Late { title: "L"
            #Rule { Calendar.current.component(.hour, from: now) >= 23 } }
        """)
        // Friday 2026-11-20T23:30:00Z is Saturday 08:30 at +09:00.
        let friday = date("2026-11-20T23:30:00Z")
        let utc = try evaluate(program, now: friday)
        #expect(utc.widget("Morning")?.score == 0)
        #expect(utc.tips.map(\.display) == [false, true])
        let tokyo = try evaluate(program, now: friday) { try $0.setUTCOffset(9 * 3600) }
        #expect(tokyo.widget("Morning")?.score == 1)
        #expect(tokyo.tips.map(\.display) == [true, false])
        #expect(tokyo.tip("Late")?.rules.first?.explanation == ["hour of now (UTC+09:00) is 8, needs >= 23"])
    }

    // MARK: Frequency caps

    @Test func aCappedTipIsPendingUntilEveryCapLetsItGo() throws {
        let program = try load("""
        tip Streak { title: "S"
            options {
                FrequencyCap(1, per: .day)
                FrequencyCap(2, per: .days(7))
            } }
        """)
        let tip = program.tip("Streak") ?? 0
        func result(_ displays: [String], at now: String) throws -> TipResult? {
            try evaluate(program, now: date(now)) {
                $0.setTipState(tip, TipState(displayCount: displays.count, displayDates: displays.map(date)))
            }.tip("Streak")
        }
        // One display yesterday morning: the daily cap has passed, the weekly one is not full.
        let once = try result(["2026-11-20T08:00:00Z"], at: "2026-11-21T09:00:00Z")
        #expect(once?.status == .available)
        // Two displays this week: the weekly cap holds it until the older one is 7 days old.
        let twice = try result(["2026-11-20T08:00:00Z", "2026-11-14T09:00:00Z", "2026-11-21T08:00:00Z"], at: "2026-11-21T09:00:00Z")
        #expect(twice?.status == .pending)
        #expect(twice?.pendingReason == .frequencyCap)
        #expect(twice?.pendingUntil == date("2026-11-27T08:00:00Z"))
        #expect(twice?.displayExplanation == "pending: held back by its frequency cap: 1 display in the last day, cap 1; "
                + "again from 2026-11-22T08:00:00Z; 2 displays in the last 7 days, cap 2; again from 2026-11-27T08:00:00Z")
        // It comes back when the window moves on: not invalidated.
        let later = try result(["2026-11-20T08:00:00Z", "2026-11-21T08:00:00Z"], at: "2026-11-27T08:00:00Z")
        #expect(later?.status == .available)
    }

    @Test func recordingADisplayRecordsItsDateAndTheCapHolds() throws {
        let program = try load("""
        tip Streak { title: "S"
            options { FrequencyCap(1, per: .hours(1)) } }
        """)
        var engine = TipEngine(program: program)
        try engine.recordDisplay(tip: "Streak", at: Self.now)
        #expect(engine.store.tipState(0).displayDates == [Self.now])
        var evaluator = Evaluator(program: program)
        #expect(evaluator.evaluate(engine.store, now: Self.now + 60).tips[0].pendingReason == .frequencyCap)
        #expect(evaluator.evaluate(engine.store, now: Self.now + 3600).tips[0].status == .available)
    }

    // MARK: Priority

    @Test func aPriorityGroupPresentsItsHighestAvailablePriority() throws {
        let program = try load("""
        parameter saleOn: Bool = true
        tip Help { title: "H" }
        tip Sale { title: "S"
            #Rule(Self.$saleOn) { $0 }
            options { Priority(10) } }
        tip Other { title: "O"
            options { Priority(10) } }
        group Home(.priority) { Help, Sale, Other }
        """)
        #expect(program.groups[0].byPriority)
        #expect(try evaluate(program).groups[0].currentTip == "Sale")
        #expect(try evaluate(program) { try $0.setParameter(0, .bool(false)) }.groups[0].currentTip == "Other")
    }

    // MARK: Format versions

    @Test func programsWithoutTargetingStayInTheirOldFormat() throws {
        let program = try compile("""
        parameter isLoggedIn: Bool = false
        tip T { title: "T"
            #Rule(Self.$isLoggedIn) { $0 }
            options { MaxDisplayCount(2) } }
        group G(.ordered) { T }
        """)
        #expect(program.formatVersion == 1)
        for source in ["tip T { title: \"T\"\n options { FrequencyCap(1, per: .day) } }",
                       "tip T { title: \"T\"\n options { Priority(1) } }",
                       "tip T { title: \"T\" }\ngroup G(.priority) { T }",
                       "tip T { title: \"T\"\n #Rule { Calendar.current.component(.hour, from: now) > 3 } }"] {
            let targeted = try compile(source)
            #expect(targeted.formatVersion == 3, "\(source)")
            #expect(try Program(bytes: targeted.encoded()).tips == targeted.tips)
        }
    }
}
