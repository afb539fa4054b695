#!/usr/bin/env python3
"""agreement.py TIPRULEC [CASES] — `tiprulec measure`'s statistics against gbstats (GrowthBook's
engine: TwoSidedTTest over ProportionStatistic and SampleMeanStatistic) and statsmodels on generated
sufficient statistics, to 1e-9 relative: for each case a partial of `tiprulec measure --format partial`
is written, reported by `tiprulec measure merge --format json`, and compared with
- gbstats: the difference, its interval and p-value (absolute test), the relative lift, its interval
  and its own p-value (relative test), for the conversion rate and the mean goal count, where each arm
  has at least 10 users who reached the goal and 10 who did not; gbstats' refusals (an arm without
  variance, a holdout mean of 0) are nulls;
- statsmodels: Welch's t test of the goal counts (CompareMeans of frequency-weighted samples:
  difference, interval, p-value), the chi-square sample-ratio check (statsmodels.stats.gof) and each
  arm's Wilson interval (proportion_confint);
- small arms and rare goals (fewer than 10 users of an arm reached the goal, or did not): the
  conversion rate's Newcombe interval (statsmodels confint_proportions_2indep, method "newcomb"),
  its p-value as the level at which that interval reaches 0, and the relative lift's MOVER-R
  interval of continuity-corrected Wilson intervals (written out below); the goal count refused;
- large arms (10^5 to 10^9 users): the p-values to 1e-9 of statsmodels' (SciPy's t distribution);
- the sequential test (`--sequential`, a partial with "sequential": {"tuning": N}): gbstats'
  SequentialTwoSidedTTest with SequentialConfig(sequential_tuning_parameter=N), both metrics;
- CUPED (a partial with "cuped": each arm's sums of the goal count before the exposure): gbstats'
  RegressionAdjustedStatistic with compute_theta's θ, under either test, and θ itself;
- the Bayesian engine (a partial with "engine": "bayesian"): the chance to win and both risks of
  gbstats' EffectBayesianABTest with its default prior;
- guardrails (a partial with further goals): every goal's metrics as above, and their p-values adjusted
  together ("pValueAdjusted") equal to statsmodels multipletests (holm, fdr_bh, none).
gbstats computes p as 2 * (1 - cdf), which is exact only to about 1e-16 absolute: its p-values
below 1e-6 are compared with statsmodels' instead. Exits 1 on the first disagreement."""
import json, math, os, random, subprocess, sys, tempfile
import numpy as np
from gbstats.bayesian.tests import EffectBayesianABTest
from gbstats.frequentist.tests import FrequentistConfig, SequentialConfig, SequentialTwoSidedTTest, TwoSidedTTest
from gbstats.models.statistics import ProportionStatistic, RegressionAdjustedStatistic, SampleMeanStatistic, compute_theta
from scipy.stats import norm
from statsmodels.stats.gof import chisquare
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import confint_proportions_2indep, proportion_confint
from statsmodels.stats.weightstats import CompareMeans, DescrStatsW

tiprulec, cases = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 60
rng = random.Random(20261128)
TOLERANCE = 1e-9
FEWEST = 10

def close(name, ours, theirs, case, absolute=0):
    """Within TOLERANCE relative (or `absolute`, for bounds at 0 that the reference writes as ±1e-17)."""
    if ours is None or not np.isfinite(theirs) or abs(ours - theirs) > max(TOLERANCE * abs(theirs), absolute, 1e-300):
        sys.exit(f"case {case}: {name}: tiprulec {ours!r}, reference {theirs!r}")

def null(name, ours, case):
    if ours is not None:
        sys.exit(f"case {case}: {name}: tiprulec {ours!r}, reference undefined")

def arm(users, rare=False):
    """A histogram of goal counts 0…k over `users` users: (values, counts)."""
    k = rng.randint(1, 6)
    weights = [rng.random() ** 2 for _ in range(k + 1)]
    weights[0] += rng.random() * (400 if rare else 4)  # most users never reach the goal
    counts = np.random.default_rng(rng.randrange(2**32)).multinomial(users, np.array(weights) / sum(weights))
    return np.arange(k + 1), counts

def corrected_wilson(x, n, z):
    p = x / n; q = 1 - p
    low = 0 if x == 0 else (2*n*p + z*z - 1 - z * math.sqrt(max(0, z*z - 2 - 1/n + 4*p*(n*q + 1)))) / (2 * (n + z*z))
    high = 1 if x == n else (2*n*p + z*z + 1 + z * math.sqrt(max(0, z*z + 2 - 1/n + 4*p*(n*q - 1)))) / (2 * (n + z*z))
    return max(0, low), min(1, high)

def mover_r(x1, n1, x2, n2, z=norm.ppf(0.975)):
    """Donner and Zou's MOVER-R interval of (x1/n1) / (x2/n2) from continuity-corrected Wilson intervals."""
    p1, p2 = x1 / n1, x2 / n2
    (l1, u1), (l2, u2) = corrected_wilson(x1, n1, z), corrected_wilson(x2, n2, z)
    a, lead, const = p1 * p2, u2 * (2*p2 - u2), l1 * (2*p1 - l1)
    low = 0 if a == 0 else const / (2 * a) if lead == 0 else (a - math.sqrt(max(0, a*a - const * lead))) / lead
    high = (a + math.sqrt(max(0, a*a - u1 * l2 * (2*p1 - u1) * (2*p2 - l2)))) / (l2 * (2*p2 - l2))
    return max(0, min(low, p1 / p2)), max(high, p1 / p2)

PRE = ("preSum", "preSumOfSquares", "preGoalProducts", "preConvertedProducts")

def report(counts, percent, case, work, correction="holm", sequential=None, guardrails=(), cuped=False, engine="frequentist"):
    partial = {"measurePartial": 3, "program": "agreement", "tip": "T", "group": "g", "goal": "goal", "window": 604800,
               "instant": 0, "percent": percent, "users": counts["treatment"]["users"] + counts["holdout"]["users"], "rows": 0,
               "skippedUsers": 0, "immature": 0, "crossed": 0, "contaminated": 0, "parts": [f"{case + 1:016x}"], "arms": counts,
               "correction": correction, "sequential": sequential and {"tuning": sequential}, "engine": engine,
               "guardrails": [{"goal": name, "arms": {side: {key: arms[side].get(key, 0) for key in ("converted", "goalSum", "goalSumOfSquares") + PRE}
                                                     for side in arms}} for name, arms in guardrails],
               "cuped": {"preWindow": 1209600, "arms": {side: {key: counts[side].pop(key) for key in PRE} for side in counts}} if cuped else None}
    path = os.path.join(work, f"{case}.partial")
    with open(path, "w") as file:
        file.write(json.dumps(partial) + "\n")
    result = subprocess.run([tiprulec, "measure", "merge", path, "--format", "json"], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"case {case}: tiprulec measure merge failed: {result.stderr}")
    return json.loads(result.stdout)

def counts_of(values, freq):
    return {"users": int(freq.sum()), "converted": int(freq[1:].sum()), "goalSum": int((values * freq).sum()),
            "goalSumOfSquares": int((values * values * freq).sum()), "shown": 0, "actionPerformed": 0, "tipClosed": 0}

def check_welch(ours, control, treatment, metric, case, sequential=None):
    """gbstats' fixed-sample test, or with `sequential` its sequential test of that tuning."""
    def test(kind):
        if sequential:
            config = SequentialConfig(difference_type=kind, sequential_tuning_parameter=sequential)
            return SequentialTwoSidedTTest(control, treatment, config).compute_result()
        return TwoSidedTTest(control, treatment, FrequentistConfig(difference_type=kind)).compute_result()
    absolute, relative = test("absolute"), test("relative")
    if absolute.error_message:
        for key in ("difference", "pValue", "relativeLift", "relativeLiftPValue"): null(f"{metric}.{key}", ours[key], case)
        return False
    method = "sequential" if sequential else "welch"
    if ours["method"] != method: sys.exit(f"case {case}: {metric}.method is {ours['method']}, not {method}")
    close(f"{metric}.difference", ours["difference"], absolute.expected, case)
    close(f"{metric}.differenceInterval[0]", ours["differenceInterval"][0], absolute.ci[0], case)
    close(f"{metric}.differenceInterval[1]", ours["differenceInterval"][1], absolute.ci[1], case)
    # The sequential p-value is a closed form, exact at any size.
    if absolute.p_value > 1e-6 or sequential:
        close(f"{metric}.pValue (gbstats)", ours["pValue"], absolute.p_value, case)
    close(f"{metric}.relativeLift", ours["relativeLift"], relative.expected, case)
    close(f"{metric}.relativeLiftInterval[0]", ours["relativeLiftInterval"][0], relative.ci[0], case)
    close(f"{metric}.relativeLiftInterval[1]", ours["relativeLiftInterval"][1], relative.ci[1], case)
    if relative.p_value > 1e-6 or sequential:
        close(f"{metric}.relativeLiftPValue (gbstats)", ours["relativeLiftPValue"], relative.p_value, case)
    return True

def check_small(ours, t, h, case):
    """The conversion rate of small arms: Newcombe's interval, its p-value, MOVER-R; the goal count refused."""
    if ours["conversion"]["method"] != "newcombe-wilson": sys.exit(f"case {case}: conversion.method is {ours['conversion']['method']}")
    conversion = ours["conversion"]
    args = (t["converted"], t["users"], h["converted"], h["users"])
    low, high = confint_proportions_2indep(*args, method="newcomb", compare="diff")
    close("conversion.differenceInterval[0] (newcomb)", conversion["differenceInterval"][0], low, case)
    close("conversion.differenceInterval[1] (newcomb)", conversion["differenceInterval"][1], high, case)
    p = conversion["pValue"]
    if 1e-12 < p < 1:
        # At the level 1 − p, the interval reaches 0.
        low, high = confint_proportions_2indep(*args, method="newcomb", compare="diff", alpha=p)
        if min(abs(low), abs(high)) > 1e-9: sys.exit(f"case {case}: at level 1 - {p}, Newcombe's interval is [{low}, {high}]")
    if h["converted"] == 0:
        null("conversion.relativeLift", conversion["relativeLift"], case)
    else:
        low, high = mover_r(*args)
        close("conversion.relativeLiftInterval[0] (MOVER-R)", conversion["relativeLiftInterval"][0], low - 1, case)
        close("conversion.relativeLiftInterval[1] (MOVER-R)", conversion["relativeLiftInterval"][1], high - 1, case)
    if min(t["converted"], h["converted"]) < FEWEST:
        null("goalCount.difference", ours["goalCount"]["difference"], case)

checked = small = large = 0
with tempfile.TemporaryDirectory() as work:
    for case in range(cases * 2):
        kind = ("usual", "small", "large")[case % 3] if case >= cases // 2 else "usual"
        percent = rng.randint(1, 50)
        n_h = {"usual": rng.randint(30, 60000), "small": rng.randint(10, 120), "large": int(10 ** rng.uniform(5, 9))}[kind]
        n_t = max(30, int(n_h * (100 - percent) / percent * rng.uniform(0.97, 1.03)))
        (vt, ct), (vh, ch) = arm(n_t, rare=kind == "small"), arm(n_h, rare=kind == "small")
        counts = {"treatment": counts_of(vt, ct), "holdout": counts_of(vh, ch)}
        t, h = counts["treatment"], counts["holdout"]
        ours = report(counts, percent, case, work)
        for name, c in (("treatment", t), ("holdout", h)):
            low, high = proportion_confint(c["converted"], c["users"], method="wilson")
            close(f"arms.{name}.rateInterval[0]", ours["arms"][name]["rateInterval"][0], low, case, 1e-15)
            close(f"arms.{name}.rateInterval[1]", ours["arms"][name]["rateInterval"][1], high, case, 1e-15)
        fewest = min(min(c["converted"], c["users"] - c["converted"]) for c in (t, h))
        if fewest < FEWEST:
            check_small(ours, t, h, case)
            small += 1
        else:
            check_welch(ours["conversion"], ProportionStatistic(sum=h["converted"], n=h["users"]),
                        ProportionStatistic(sum=t["converted"], n=t["users"]), "conversion", case)
            if check_welch(ours["goalCount"], SampleMeanStatistic(sum=h["goalSum"], sum_squares=h["goalSumOfSquares"], n=h["users"]),
                           SampleMeanStatistic(sum=t["goalSum"], sum_squares=t["goalSumOfSquares"], n=t["users"]), "goalCount", case):
                # statsmodels: Welch's t test of the goal counts as frequency-weighted samples (SciPy's t: precise past 10^5 users).
                compare = CompareMeans(DescrStatsW(vt, weights=ct), DescrStatsW(vh, weights=ch))
                _, p_value, _ = compare.ttest_ind(usevar="unequal")
                low, high = compare.tconfint_diff(alpha=0.05, usevar="unequal")
                close("goalCount.pValue (statsmodels)", ours["goalCount"]["pValue"], p_value, case)
                close("goalCount.differenceInterval[0] (statsmodels)", ours["goalCount"]["differenceInterval"][0], low, case)
                close("goalCount.differenceInterval[1] (statsmodels)", ours["goalCount"]["differenceInterval"][1], high, case)
                large += kind == "large"
        total = t["users"] + h["users"]
        _, ratio_p = chisquare([t["users"], h["users"]], f_exp=[total * (100 - percent) / 100, total * percent / 100])
        close("sampleRatio.pValue", ours["sampleRatio"]["pValue"], ratio_p, case)
        if ours["sampleRatio"]["flagged"] != (ratio_p < 0.001):
            sys.exit(f"case {case}: sampleRatio.flagged is {ours['sampleRatio']['flagged']} for p {ratio_p}")
        checked += 1
    # One arm without variance: gbstats refuses, and so does measure (19/380 against 0/20 is no evidence).
    counts = {"treatment": counts_of(np.arange(2), np.array([361, 19])), "holdout": counts_of(np.arange(2), np.array([20, 0]))}
    ours = report(counts, 5, cases * 2, work)
    check_small(ours, counts["treatment"], counts["holdout"], "19/380 against 0/20")
    if ours["conversion"]["pValue"] < 0.3: sys.exit(f"19/380 against 0/20: p = {ours['conversion']['pValue']}")
    def correlated(users):
        """An arm's counts with the goal counts before the exposure, correlated with those after."""
        generator = np.random.default_rng(rng.randrange(2**32))
        after = generator.poisson(rng.uniform(0.05, 1.5), users)
        before = generator.poisson(rng.uniform(0.1, 1) + rng.uniform(0, 1.5) * after)
        counts = counts_of(*np.unique(after, return_counts=True))
        counts.update(preSum=int(before.sum()), preSumOfSquares=int((before * before).sum()),
                      preGoalProducts=int((before * after).sum()), preConvertedProducts=int((before * (after > 0)).sum()))
        return counts

    def statistics(h, t, proportion, cuped):
        """gbstats' statistics of the holdout and treatment: with CUPED, regression-adjusted with compute_theta's θ."""
        def post(c):
            return ProportionStatistic(sum=c["converted"], n=c["users"]) if proportion else \
                SampleMeanStatistic(sum=c["goalSum"], sum_squares=c["goalSumOfSquares"], n=c["users"])
        if not cuped: return post(h), post(t), None
        def adjusted(c, theta):
            return RegressionAdjustedStatistic(n=c["users"], post_statistic=post(c), theta=theta,
                                               pre_statistic=SampleMeanStatistic(sum=c["preSum"], sum_squares=c["preSumOfSquares"], n=c["users"]),
                                               post_pre_sum_of_products=c["preConvertedProducts" if proportion else "preGoalProducts"])
        theta = compute_theta(adjusted(h, 0), adjusted(t, 0))
        return adjusted(h, theta), adjusted(t, theta), theta

    # The sequential test, CUPED and guardrails: every goal with enough users who reached it and who did not.
    sequential_cases = cuped_cases = bayesian_cases = 0
    for case in range(cases * 2 + 1, cases * 3 + 1):
        percent = rng.randint(1, 50)
        n_h = int(10 ** rng.uniform(2.5, 6))
        n_t = max(30, int(n_h * (100 - percent) / percent * rng.uniform(0.97, 1.03)))
        cuped = rng.random() < 0.5
        goals = []
        for _ in range(rng.randint(1, 4)):
            if cuped:
                goals.append({"treatment": correlated(n_t), "holdout": correlated(n_h)})
            else:
                (vt, ct), (vh, ch) = arm(n_t), arm(n_h)
                goals.append({"treatment": counts_of(vt, ct), "holdout": counts_of(vh, ch)})
        if min(min(c["converted"], c["users"] - c["converted"]) for g in goals for c in g.values()) < FEWEST:
            continue
        tuning = rng.choice([None, 5000, rng.randint(100, 100000)])
        correction = rng.choice(["holm", "bh", "none"])
        engine = "bayesian" if tuning is None and rng.random() < 0.6 else "frequentist"
        pre_sums = [{side: {key: g[side].get(key, 0) for key in PRE} for side in g} for g in goals]
        ours = report(goals[0], percent, case, work, correction, tuning, [(f"g{i}", g) for i, g in enumerate(goals[1:])], cuped, engine)
        for g, sums in zip(goals, pre_sums):
            for side in g: g[side].update(sums[side])
        results = [ours] + ours.get("guardrails", [])
        if len(results) != len(goals): sys.exit(f"case {case}: {len(results)} goals reported, {len(goals)} given")
        if ours["sequential"] != (tuning and {"tuning": tuning}): sys.exit(f"case {case}: sequential is {ours['sequential']}")
        if (ours["cuped"] is not None) != cuped: sys.exit(f"case {case}: cuped is {ours['cuped']}")
        for index, (result, g) in enumerate(zip(results, goals)):
            t, h = g["treatment"], g["holdout"]
            thetas = ours["cuped"]["theta"] if index == 0 and cuped else result.get("theta")
            for metric in ("conversion", "goalCount"):
                control, treatment, theta = statistics(h, t, metric == "conversion", cuped)
                if not check_welch(result[metric], control, treatment, f"goal {index} {metric}", case, tuning): continue
                if cuped: close(f"goal {index} {metric} theta", thetas[metric], theta, case, 1e-15)
                if engine == "bayesian":
                    bayesian = EffectBayesianABTest(control, treatment).compute_result()
                    close(f"goal {index} {metric} chanceToWin", result[metric]["chanceToWin"], bayesian.chance_to_win, case, 1e-15)
                    close(f"goal {index} {metric} risk.holdout", result[metric]["risk"]["holdout"], bayesian.risk[0], case, 1e-15)
                    close(f"goal {index} {metric} risk.treatment", result[metric]["risk"]["treatment"], bayesian.risk[1], case, 1e-15)
                    bayesian_cases += 1
                elif result[metric]["chanceToWin"] is not None: sys.exit(f"case {case}: a chance to win without the Bayesian engine")
        metrics = [result[metric] for result in results for metric in ("conversion", "goalCount") if result[metric]["pValue"] is not None]
        if metrics:
            method = {"holm": "holm", "bh": "fdr_bh"}.get(correction)
            raw = [metric["pValue"] for metric in metrics]
            adjusted = multipletests(raw, method=method)[1] if method else raw
            for index, (metric, value) in enumerate(zip(metrics, adjusted)):
                close(f"pValueAdjusted[{index}] ({correction})", metric["pValueAdjusted"], value, case, 1e-300)
        sequential_cases += 1
        cuped_cases += cuped
print(f"measure agrees with gbstats and statsmodels to {TOLERANCE:g} relative on {checked} generated cases "
      f"({small} small or rare, {large} of 10^5 to 10^9 users held out) and on {sequential_cases} with guardrails, "
      f"the sequential test, CUPED ({cuped_cases} cases), the Bayesian engine ({bayesian_cases} metrics) and each correction")
