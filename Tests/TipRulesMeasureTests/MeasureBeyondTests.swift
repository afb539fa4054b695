import Foundation
@testable import TipRulesMeasure
import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// Beyond the fixed-sample test: guardrail goals with their p-values adjusted together (equal to
/// statsmodels' `multipletests`), gbstats' sequential test, CUPED (gbstats'
/// `RegressionAdjustedStatistic`) and the Bayesian engine (`EffectBayesianABTest`), on rows and on merged partials alike, in every format; partials
/// read another way are not merged.
@Suite struct MeasureBeyondTests: CommandTesting {
    let scratch = TemporaryFolder()
    private let program = "examples/measure/pro-filters.tiprules"

    /// 200 users of group "g" (20 % held out) exposed on 1 November, some applying filters and
    /// opening search in their window and in the two weeks before (and before those), written in two
    /// files split at a user.
    private func rows() throws -> (all: String, first: String, second: String) {
        var lines: [String] = []
        for user in 0..<200 {
            let arm = user % 5 == 0 ? "holdout" : "treatment"
            lines.append(#"{"user":"u\#(user)","exposure":"ProFiltersTip","group":"g","percent":20,"arm":"\#(arm)","date":"2026-11-01T00:00:00Z"}"#)
            if user % 3 == 0 || (arm == "treatment" && user % 7 == 0) {
                lines.append(#"{"user":"u\#(user)","event":"filterApplied","date":"2026-11-02T00:00:00Z","fields":{"filterCount":1}}"#)
            }
            for hour in 0..<(user % 4) {
                lines.append(#"{"user":"u\#(user)","event":"openedSearch","date":"2026-10-10T0\#(hour):00:00Z"}"#)
                lines.append(#"{"user":"u\#(user)","event":"openedSearch","date":"2026-11-03T0\#(hour):00:00Z"}"#)
            }
            for hour in 0..<(user % 4 + (user % 7 == 0 ? 1 : 0)) {
                lines.append(#"{"user":"u\#(user)","event":"openedSearch","date":"2026-10-30T0\#(hour):00:00Z"}"#)
            }
        }
        let cut = lines.firstIndex { $0.contains(#""user":"u100""#) } ?? 0
        return (try write("all.ndjson", lines.joined(separator: "\n") + "\n"),
                try write("first.ndjson", lines[..<cut].joined(separator: "\n") + "\n"),
                try write("second.ndjson", lines[cut...].joined(separator: "\n") + "\n"))
    }

    private func measure(_ file: String, goals: [String], _ options: [String]) -> CommandResult {
        run(["measure", program, file, "--tip", "ProFiltersTip", "--group", "g", "--now", "2026-11-21T09:00:00Z"]
            + goals.flatMap { ["--goal", $0] } + options)
    }

    private func json(_ result: CommandResult) throws -> JSONValue {
        #expect(result.status == 0, Comment(rawValue: result.standardError))
        return try JSONParser().parse(result.standardOutput)
    }

    @Test func theAdjustedPValuesAreStatsmodels() {
        let pValues = [0.01, 0.04, 0.03, 0.2, 0.5, 0.04]
        // statsmodels 0.15.0: multipletests(p, method="holm" / "fdr_bh")[1].
        let holm = [0.06, 0.16, 0.15, 0.4, 0.5, 0.16], bh = [0.06, 0.06, 0.06, 0.24, 0.5, 0.06]
        for (ours, theirs) in zip(MultipleTesting.holm.adjusted(pValues), holm) { #expect(abs(ours - theirs) < 1e-15) }
        for (ours, theirs) in zip(MultipleTesting.bh.adjusted(pValues), bh) { #expect(abs(ours - theirs) < 1e-15) }
        #expect(MultipleTesting.none.adjusted(pValues) == pValues)
        #expect(MultipleTesting.holm.adjusted([]) == [])
    }

    @Test func theSequentialTestIsGbstats() {
        // gbstats 0.8.0: SequentialTwoSidedTTest(ProportionStatistic(sum=101, n=996), ProportionStatistic(sum=1210, n=9004),
        // SequentialConfig(difference_type=…, sequential_tuning_parameter=…)).compute_result().
        let expected: [(Double, [Double])] = [
            (5000, [0.03297909541319431, 0.0016968819518623432, 0.06426130887452627, 0.03059300804737859,
                    0.3252195943716984, -0.07255208792099427, 0.7229912766643911, 0.21563138760629988]),
            (300, [0.03297909541319431, -0.0018476534686274887, 0.06780584429501611, 0.09089700004472166,
                   0.3252195943716984, -0.11762293365565035, 0.7680621223990471, 0.7189129593576138]),
        ]
        for (tuning, values) in expected {
            let result = TwoSidedTTest(control: .proportion(successes: 101, of: 996), treatment: .proportion(successes: 1210, of: 9004),
                                       sequentialTuning: tuning).result()
            #expect(result.method == .sequential)
            let ours = [result.difference, result.differenceInterval?.lowerBound, result.differenceInterval?.upperBound, result.pValue,
                        result.relativeLift, result.relativeLiftInterval?.lowerBound, result.relativeLiftInterval?.upperBound,
                        result.relativeLiftPValue]
            for (value, reference) in zip(ours, values) {
                #expect(abs((value ?? .nan) - reference) <= 1e-9 * abs(reference), Comment(rawValue: "\(tuning): \(String(describing: value)) \(reference)"))
            }
        }
    }

    @Test func cupedIsGbstats() {
        // gbstats 0.8.0: TwoSidedTTest of RegressionAdjustedStatistic (holdout n=1000, sum=300, sum_squares=520, pre sum=900,
        // pre sum_squares=2100, products=700; treatment 9000, 3100, 5600, 8200, 19000, 6900) with θ from compute_theta.
        let expected: [(Bool, [Double])] = [
            (true, [0.04053878357646201, 0.02363333571616148, 0.05744423143676254, 2.8323548022513023e-06,
                    0.13512927858820672, 0.0712019368365197, 0.19905662033989374, 3.5994872249034415e-05]),
            (false, [0.04053878357646201, 0.005141581898384227, 0.07593598525453979, 0.02482390679481261,
                     0.13512927858820672, 0.0015895997989363586, 0.2686689573774771, 0.04733851318997706]),
        ]
        for (proportion, values) in expected {
            let adjustment = RegressionAdjustment(
                proportion: proportion,
                control: .init(count: 1000, metric: 300, metricSquares: proportion ? 300 : 520, covariate: 900, covariateSquares: 2100, products: 700),
                treatment: .init(count: 9000, metric: 3100, metricSquares: proportion ? 3100 : 5600, covariate: 8200, covariateSquares: 19000,
                                 products: 6900))
            let adjusted = adjustment.adjusted()
            #expect(abs(adjusted.theta - 0.351509478118418) < 1e-12)
            let result = TwoSidedTTest(control: adjusted.control, treatment: adjusted.treatment).result()
            let ours = [result.difference, result.differenceInterval?.lowerBound, result.differenceInterval?.upperBound, result.pValue,
                        result.relativeLift, result.relativeLiftInterval?.lowerBound, result.relativeLiftInterval?.upperBound,
                        result.relativeLiftPValue]
            for (value, reference) in zip(ours, values) {
                #expect(abs((value ?? .nan) - reference) <= 1e-9 * abs(reference), Comment(rawValue: "\(proportion): \(String(describing: value)) \(reference)"))
            }
        }
    }

    @Test func theBayesianEngineIsGbstats() {
        // gbstats 0.8.0: EffectBayesianABTest(ProportionStatistic(…), ProportionStatistic(…)).compute_result() with its default prior:
        // chance_to_win, risk[0] (the holdout's), risk[1] (treatment's).
        let cases: [((Int, Int), (Int, Int), [Double])] = [
            ((101, 996), (1210, 9004), [0.9938440285887151, 0.32547751770182376, 0.00025792333012534423]),
            ((130, 996), (1100, 9004), [0.21466590917362038, 0.009901959127604002, 0.07390770016577512]),
        ]
        for (holdout, treatment, values) in cases {
            let result = TwoSidedTTest(control: .proportion(successes: holdout.0, of: holdout.1),
                                       treatment: .proportion(successes: treatment.0, of: treatment.1), bayesian: true).result()
            let ours = [result.bayesian?.chanceToWin, result.bayesian?.holdoutRisk, result.bayesian?.treatmentRisk]
            for (value, reference) in zip(ours, values) {
                #expect(abs((value ?? .nan) - reference) <= 1e-9 * abs(reference), Comment(rawValue: "\(String(describing: value)) \(reference)"))
            }
        }
    }

    @Test func theBayesianEngineIsReportedInEveryFormat() throws {
        let file = try rows().all
        let report = try json(measure(file, goals: ["filterApplied", "openedSearch"], ["--engine", "bayesian", "--format", "json"]))
        #expect(report["engine"]?.stringValue == "bayesian")
        for comparison in [report["conversion"], report["guardrails"]?.arrayValue?.first?["goalCount"]] {
            let chance = try #require(comparison?["chanceToWin"]?.doubleValue)
            #expect(chance > 0 && chance < 1)
            #expect((comparison?["risk"]?["holdout"]?.doubleValue ?? -1) >= 0 && (comparison?["risk"]?["treatment"]?.doubleValue ?? -1) >= 0)
        }
        let plain = try json(measure(file, goals: ["filterApplied"], ["--format", "json"]))
        #expect(plain["conversion"]?["chanceToWin"]?.isNull == true && plain["conversion"]?["risk"]?.isNull == true)
        let text = measure(file, goals: ["filterApplied"], ["--engine", "bayesian"]).standardOutput
        #expect(text.contains("chance to win ") && text.contains(" (holdout) "), Comment(rawValue: text))
        let csv = measure(file, goals: ["filterApplied"], ["--engine", "bayesian", "--format", "csv"]).standardOutput
        #expect(MeasureCSVRenderer.header.contains("chanceToWin") && MeasureCSVRenderer.header.contains("riskTreatment"))
        #expect(csv.split(separator: "\n").first { $0.hasPrefix("conversion,") }?.split(separator: ",", omittingEmptySubsequences: false)
            .count == MeasureCSVRenderer.header.count)
        #expect(measure(file, goals: ["filterApplied"], ["--engine", "bayesian", "--format", "svg"]).standardOutput.contains("% to win"))
    }

    /// The covariate is each user's goal count in [t0 − pre-window, t0): 14 days by default.
    @Test func cupedCountsTheGoalsBeforeTheExposure() throws {
        let file = try rows().all
        func preSum(_ options: [String]) throws -> Int? {
            try json(measure(file, goals: ["openedSearch"], options + ["--format", "partial"]))["cuped"]?["arms"]?["treatment"]?["preSum"]?.intValue
        }
        // Treatment users (160) open search user % 4 times on 10 October (22 days before) and on 3 November (after),
        // one more on 30 October if user % 7 = 0.
        let treated = (0..<200).filter { $0 % 5 != 0 }
        let earlier = treated.reduce(0) { $0 + $1 % 4 }, recent = treated.reduce(0) { $0 + $1 % 4 + ($1 % 7 == 0 ? 1 : 0) }
        #expect(try preSum(["--cuped"]) == recent)
        #expect(try preSum(["--cuped", "--pre-window", "30d"]) == earlier + recent)
        let report = try json(measure(file, goals: ["openedSearch"], ["--cuped", "--format", "json"]))
        #expect(report["cuped"]?["preWindow"]?.intValue == 1_209_600)
        let theta = try #require(report["cuped"]?["theta"]?["goalCount"]?.doubleValue)
        #expect(theta > 0.5, "the goals before and after are nearly the same counts")
        let plain = try json(measure(file, goals: ["openedSearch"], ["--format", "json"]))
        func width(_ report: JSONValue) -> Double {
            let bounds = report["goalCount"]?["differenceInterval"]?.arrayValue?.compactMap(\.doubleValue) ?? []
            return bounds.count == 2 ? bounds[1] - bounds[0] : .nan
        }
        #expect(width(report) < width(plain) / 2)
        #expect(measure(file, goals: ["openedSearch"], ["--cuped"]).standardOutput.contains("CUPED over the 14 days before the exposure: θ "))
    }

    /// Each guardrail is reported as it would be as the only goal, and every goal's p-values are adjusted together.
    @Test func guardrailsAreReportedLikeThePrimaryGoalAndCorrectedTogether() throws {
        let file = try rows().all
        for correction in MultipleTesting.allCases {
            let report = try json(measure(file, goals: ["filterApplied", "openedSearch"], ["--format", "json", "--correction", correction.rawValue]))
            #expect(report["correction"]?.stringValue == correction.rawValue)
            let guardrail = try #require(report["guardrails"]?.arrayValue?.first)
            #expect(guardrail["goal"]?.stringValue == "openedSearch")
            let alone = try json(measure(file, goals: ["openedSearch"], ["--format", "json"]))
            #expect(guardrail["arms"]?["holdout"]?["converted"] == alone["arms"]?["holdout"]?["converted"])
            for metric in ["conversion", "goalCount"] {
                for key in ["method", "difference", "differenceInterval", "pValue", "relativeLift", "relativeLiftInterval"] {
                    #expect(guardrail[metric]?[key] == alone[metric]?[key], Comment(rawValue: "\(metric).\(key)"))
                    #expect(guardrail[metric]?[key]?.isNull == false)
                }
            }
            let metrics = [report["conversion"], report["goalCount"], guardrail["conversion"], guardrail["goalCount"]]
            let pValues = metrics.compactMap { $0?["pValue"]?.doubleValue }
            #expect(pValues.count == 4)
            #expect(metrics.compactMap { $0?["pValueAdjusted"]?.doubleValue } == correction.adjusted(pValues))
        }
        // One goal: no guardrails key.
        let single = try json(measure(file, goals: ["filterApplied"], ["--format", "json"]))
        #expect(single["guardrails"] == nil)
        #expect(single["sequential"]?.isNull == true)
    }

    @Test func theSequentialTestIsReportedAndWiderThanTheFixedOne() throws {
        let file = try rows().all
        let fixed = try json(measure(file, goals: ["filterApplied"], ["--format", "json"]))
        let sequential = try json(measure(file, goals: ["filterApplied"], ["--format", "json", "--sequential", "--sequential-tuning", "200"]))
        #expect(sequential["sequential"]?["tuning"]?.intValue == 200)
        #expect(sequential["conversion"]?["method"]?.stringValue == "sequential")
        func width(_ report: JSONValue) -> Double {
            let bounds = report["conversion"]?["differenceInterval"]?.arrayValue?.compactMap(\.doubleValue) ?? []
            return bounds.count == 2 ? bounds[1] - bounds[0] : .nan
        }
        #expect(width(sequential) > width(fixed))
        let defaulted = try json(measure(file, goals: ["filterApplied"], ["--format", "json", "--sequential"]))
        #expect(defaulted["sequential"]?["tuning"]?.intValue == 5000)
    }

    @Test func everyFormatCarriesTheNewNumbers() throws {
        let file = try rows().all
        let options = ["--sequential", "--correction", "bh"]
        let text = measure(file, goals: ["filterApplied", "openedSearch"], options + ["--format", "text"]).standardOutput
        #expect(text.contains("sequential test (tuning 5000)"), Comment(rawValue: text))
        #expect(text.contains("guardrail openedSearch:") && text.contains("bh-adjusted p = "), Comment(rawValue: text))
        let csv = measure(file, goals: ["filterApplied", "openedSearch"], options + ["--format", "csv"]).standardOutput
        #expect(csv.hasPrefix(MeasureCSVRenderer.header.joined(separator: ",")) && MeasureCSVRenderer.header.contains("pValueAdjusted"))
        for row in ["guardrail openedSearch treatment,", "guardrail openedSearch conversion,", "guardrail openedSearch goalCount,"] {
            #expect(csv.contains("\n" + row), Comment(rawValue: csv))
        }
        let svg = measure(file, goals: ["filterApplied", "openedSearch"], options + ["--format", "svg"]).standardOutput
        #expect(svg.contains("Relative lift, sequential test") && svg.contains(">openedSearch conversion<"), Comment(rawValue: svg))
    }

    @Test func partialsMergeExactlyAndOnlyWithTheSameOptions() throws {
        let (all, first, second) = try rows()
        let goals = ["filterApplied", "openedSearch"]
        let options = ["--sequential", "--sequential-tuning", "300", "--correction", "bh", "--cuped", "--pre-window", "20d"]
        let single = measure(all, goals: goals, options + ["--format", "json"])
        var partials: [String] = []
        for (index, part) in [first, second].enumerated() {
            let partial = measure(part, goals: goals, options + ["--format", "partial"])
            #expect(partial.status == 0, Comment(rawValue: partial.standardError))
            partials.append(try write("\(index).partial", partial.standardOutput))
        }
        let merged = run(["measure", "merge"] + partials + ["--format", "json"])
        #expect(merged.status == 0, Comment(rawValue: merged.standardError))
        #expect(merged.standardOutput == single.standardOutput)
        let others: [([String], [String], String)] = [
            (["filterApplied"], options, "the guardrail goals differ ('openedSearch' and none)"),
            (goals, ["--sequential", "--sequential-tuning", "300", "--cuped", "--pre-window", "20d"], "the corrections differ (bh and holm)"),
            (goals, ["--correction", "bh", "--cuped", "--pre-window", "20d"], "the tests differ (sequential, tuning 300 and fixed-sample)"),
            (goals, ["--sequential", "--correction", "bh", "--cuped", "--pre-window", "20d"],
             "the tests differ (sequential, tuning 300 and sequential, tuning 5000)"),
            (goals, ["--sequential", "--sequential-tuning", "300", "--correction", "bh", "--cuped"],
             "the adjustments differ (CUPED over 1728000 seconds and CUPED over 1209600 seconds)"),
            (goals, ["--sequential", "--sequential-tuning", "300", "--correction", "bh"],
             "the adjustments differ (CUPED over 1728000 seconds and no CUPED)"),
            (goals, ["--correction", "bh", "--cuped", "--pre-window", "20d", "--engine", "bayesian"],
             "the tests differ (sequential, tuning 300 and fixed-sample)"),
        ]
        for (otherGoals, otherOptions, message) in others {
            let other = try write("other.partial", measure(second, goals: otherGoals, otherOptions + ["--format", "partial"]).standardOutput)
            let result = run(["measure", "merge", partials[0], other])
            #expect(result.status == 2)
            #expect(result.standardError.contains(message), Comment(rawValue: result.standardError))
        }
    }

    @Test func partialsOfAnotherEngineAreNotMerged() throws {
        let (_, first, second) = try rows()
        let plain = try write("plain.partial", measure(first, goals: ["filterApplied"], ["--format", "partial"]).standardOutput)
        let bayesian = try write("bayesian.partial", measure(second, goals: ["filterApplied"], ["--engine", "bayesian", "--format", "partial"]).standardOutput)
        let result = run(["measure", "merge", plain, bayesian])
        #expect(result.status == 2)
        #expect(result.standardError.contains("the engines differ (frequentist and bayesian)"), Comment(rawValue: result.standardError))
    }

    @Test func badOptionsAreUsageErrors() throws {
        let file = try rows().all
        let cases: [([String], [String], String)] = [
            (["filterApplied", "filterApplied"], [], "--goal: 'filterApplied' is given twice"),
            (["filterApplied", "openedSerch"], [], "--goal: no event 'openedSerch'"),
            (["filterApplied"], ["--correction", "bonferroni"], "--correction takes holm, bh or none, not 'bonferroni'"),
            (["filterApplied"], ["--sequential-tuning", "10"], "give --sequential with it"),
            (["filterApplied"], ["--sequential", "--sequential-tuning", "0"], "--sequential-tuning takes a whole number from 1"),
            (["filterApplied"], ["--pre-window", "14d"], "give --cuped with it"),
            (["filterApplied"], ["--engine", "bayes"], "--engine takes frequentist or bayesian, not 'bayes'"),
            (["filterApplied"], ["--engine", "bayesian", "--sequential"], "--engine bayesian reads no sequential test"),
            (["filterApplied"], ["--cuped", "--pre-window", "2w"], "--pre-window takes a number and a unit"),
        ]
        for (goals, options, message) in cases {
            let result = measure(file, goals: goals, options)
            #expect(result.status == 2)
            #expect(result.standardError.contains(message), Comment(rawValue: result.standardError))
        }
    }
}
