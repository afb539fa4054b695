#!/usr/bin/env python3
"""plan_agreement.py TIPRULEC [CASES] — `tiprulec measure plan` against statsmodels' NormalIndPower on
Cohen's h (proportion_effectsize), the holdout as nobs1 and ratio (100 - P) / P, on generated plans:
- the power at the plan's exact holdout size is the power asked for, and the power at its whole number of
  users is the one it reports, both by `NormalIndPower().power`, to 1e-9 relative;
- statsmodels' `solve_power` finds the same holdout size (to 1e-6 relative: its root finder stops at
  xtol 1e-5 users), and the users are the least whole number that reaches the power.
Exits 1 on the first disagreement."""
import json, math, random, subprocess, sys
from statsmodels.stats.power import NormalIndPower
from statsmodels.stats.proportion import proportion_effectsize

tiprulec, cases = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 60
rng = random.Random(20261129)
power_test = NormalIndPower()

def close(name, ours, theirs, case, tolerance=1e-9):
    if ours is None or not math.isfinite(theirs) or abs(ours - theirs) > tolerance * max(abs(theirs), 1e-300):
        sys.exit(f"case {case}: {name}: tiprulec {ours!r}, statsmodels {theirs!r}")

checked = 0
for case in range(cases):
    percent, rate = rng.randint(1, 50), rng.choice([0.01, 0.05, 0.2, 0.5]) * rng.uniform(0.5, 1.5)
    effect = rng.choice([-1, 1]) * rng.uniform(0.02, 0.6)
    power, alpha = rng.choice([0.8, 0.9, rng.uniform(0.5, 0.99)]), rng.choice([0.05, 0.01, rng.uniform(0.001, 0.2)])
    if not 0 < rate * (1 + effect) < 1:
        continue
    arguments = ["--percent", str(percent), "--rate", repr(rate), "--effect", repr(effect), "--power", repr(power),
                 "--alpha", repr(alpha), "--users-per-day", "1000", "--format", "json"]
    result = subprocess.run([tiprulec, "measure", "plan", *arguments], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"case {case}: tiprulec measure plan {' '.join(arguments)} failed: {result.stderr}")
    plan = json.loads(result.stdout)
    h, ratio = proportion_effectsize(rate * (1 + effect), rate), (100 - percent) / percent
    close("effectSize", plan["effectSize"], h, case)
    close("power at exactHoldoutUsers", power, power_test.power(h, plan["exactHoldoutUsers"], alpha, ratio=ratio), case)
    close("achievedPower", plan["achievedPower"], power_test.power(h, plan["holdoutUsers"], alpha, ratio=ratio), case)
    solved = power_test.solve_power(effect_size=h, nobs1=None, alpha=alpha, power=power, ratio=ratio)
    close("exactHoldoutUsers (solve_power)", plan["exactHoldoutUsers"], solved, case, tolerance=1e-6)
    users = plan["users"]
    if power_test.power(h, (users - 1) * percent / 100, alpha, ratio=ratio) >= power or plan["achievedPower"] < power:
        sys.exit(f"case {case}: {users} users is not the least whole number that reaches the power {power}")
    if plan["days"] != math.ceil(users / 1000):
        sys.exit(f"case {case}: {plan['days']} days for {users} users at 1000 a day")
    checked += 1
print(f"measure plan agrees with statsmodels' NormalIndPower on {checked} generated plans")
