#!/usr/bin/env python3
"""agreement.py TIPRULEC [CASES] — `tiprulec measure`'s statistics against gbstats (GrowthBook's
engine: TwoSidedTTest over ProportionStatistic and SampleMeanStatistic) and statsmodels on generated
sufficient statistics, to 1e-9 relative: for each case a partial of `tiprulec measure --format partial`
is written, reported by `tiprulec measure merge --format json`, and compared with
- gbstats: the difference, its interval and p-value (absolute test), the relative lift and its
  interval (relative test), for the conversion rate and the mean goal count;
- statsmodels: Welch's t test of the goal counts (CompareMeans of frequency-weighted samples:
  difference, interval, p-value) and the chi-square sample-ratio check (statsmodels.stats.gof).
gbstats computes p as 2 * (1 - cdf), which is exact only to about 1e-16 absolute: its p-values
below 1e-6 are compared with statsmodels' instead. Exits 1 on the first disagreement."""
import json, os, random, subprocess, sys, tempfile
import numpy as np
from gbstats.frequentist.tests import FrequentistConfig, TwoSidedTTest
from gbstats.models.statistics import ProportionStatistic, SampleMeanStatistic
from statsmodels.stats.gof import chisquare
from statsmodels.stats.weightstats import CompareMeans, DescrStatsW

tiprulec, cases = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 60
rng = random.Random(20261128)
TOLERANCE = 1e-9

def close(name, ours, theirs, case):
    if ours is None or not np.isfinite(theirs) or abs(ours - theirs) > TOLERANCE * max(abs(theirs), 1e-300):
        sys.exit(f"case {case}: {name}: tiprulec {ours!r}, reference {theirs!r}")

def arm(users):
    """A histogram of goal counts 0…k over `users` users: (values, counts)."""
    k = rng.randint(1, 6)
    weights = [rng.random() ** 2 for _ in range(k + 1)]
    weights[0] += rng.random() * 4  # most users never reach the goal
    counts = np.random.default_rng(rng.randrange(2**32)).multinomial(users, np.array(weights) / sum(weights))
    return np.arange(k + 1), counts

checked = 0
with tempfile.TemporaryDirectory() as work:
    for case in range(cases):
        percent = rng.randint(1, 50)
        n_h = rng.randint(30, 60000)
        n_t = max(30, int(n_h * (100 - percent) / percent * rng.uniform(0.97, 1.03)))
        (vt, ct), (vh, ch) = arm(n_t), arm(n_h)
        counts = {}
        for name, values, freq in [("treatment", vt, ct), ("holdout", vh, ch)]:
            counts[name] = {"users": int(freq.sum()), "converted": int(freq[1:].sum()), "goalSum": int((values * freq).sum()),
                            "goalSumOfSquares": int((values * values * freq).sum()), "shown": 0, "actionPerformed": 0, "tipClosed": 0}
        if min(counts[a]["converted"] for a in counts) == 0:
            continue
        partial = {"measurePartial": 1, "program": "agreement", "tip": "T", "group": "g", "goal": "goal", "window": 604800,
                   "instant": 0, "percent": percent, "users": n_t + n_h, "rows": 0, "skippedUsers": 0, "immature": 0,
                   "crossed": 0, "arms": counts}
        path = os.path.join(work, f"{case}.partial")
        with open(path, "w") as file:
            file.write(json.dumps(partial) + "\n")
        result = subprocess.run([tiprulec, "measure", "merge", path, "--format", "json"], capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"case {case}: tiprulec measure merge failed: {result.stderr}")
        report = json.loads(result.stdout)
        t, h = counts["treatment"], counts["holdout"]
        for metric, control, treatment in [
            ("conversion", ProportionStatistic(sum=h["converted"], n=h["users"]), ProportionStatistic(sum=t["converted"], n=t["users"])),
            ("goalCount", SampleMeanStatistic(sum=h["goalSum"], sum_squares=h["goalSumOfSquares"], n=h["users"]),
             SampleMeanStatistic(sum=t["goalSum"], sum_squares=t["goalSumOfSquares"], n=t["users"])),
        ]:
            ours = report[metric]
            absolute = TwoSidedTTest(control, treatment, FrequentistConfig(difference_type="absolute")).compute_result()
            relative = TwoSidedTTest(control, treatment, FrequentistConfig(difference_type="relative")).compute_result()
            close(f"{metric}.difference", ours["difference"], absolute.expected, case)
            close(f"{metric}.differenceInterval[0]", ours["differenceInterval"][0], absolute.ci[0], case)
            close(f"{metric}.differenceInterval[1]", ours["differenceInterval"][1], absolute.ci[1], case)
            if absolute.p_value > 1e-6:
                close(f"{metric}.pValue (gbstats)", ours["pValue"], absolute.p_value, case)
            close(f"{metric}.relativeLift", ours["relativeLift"], relative.expected, case)
            close(f"{metric}.relativeLiftInterval[0]", ours["relativeLiftInterval"][0], relative.ci[0], case)
            close(f"{metric}.relativeLiftInterval[1]", ours["relativeLiftInterval"][1], relative.ci[1], case)
        # statsmodels: Welch's t test of the goal counts as frequency-weighted samples.
        compare = CompareMeans(DescrStatsW(vt, weights=ct), DescrStatsW(vh, weights=ch))
        _, p_value, _ = compare.ttest_ind(usevar="unequal")
        low, high = compare.tconfint_diff(alpha=0.05, usevar="unequal")
        close("goalCount.pValue (statsmodels)", report["goalCount"]["pValue"], p_value, case)
        close("goalCount.differenceInterval[0] (statsmodels)", report["goalCount"]["differenceInterval"][0], low, case)
        close("goalCount.differenceInterval[1] (statsmodels)", report["goalCount"]["differenceInterval"][1], high, case)
        total = t["users"] + h["users"]
        _, ratio_p = chisquare([t["users"], h["users"]], f_exp=[total * (100 - percent) / 100, total * percent / 100])
        close("sampleRatio.pValue", report["sampleRatio"]["pValue"], ratio_p, case)
        if report["sampleRatio"]["flagged"] != (ratio_p < 0.001):
            sys.exit(f"case {case}: sampleRatio.flagged is {report['sampleRatio']['flagged']} for p {ratio_p}")
        checked += 1
print(f"measure agrees with gbstats and statsmodels to {TOLERANCE:g} relative on {checked} generated cases")
