#!/usr/bin/env python3
"""measure_duckdb.py ROWS.ndjson THREADS [TIP GROUP GOAL WINDOW_SECONDS NOW] — the per-arm counts of
`tiprulec measure` computed by DuckDB in plain SQL over the same rows: for each user exposed to TIP's
GROUP at or before now, the first exposure t0; crossed when exposed in both arms, contaminated when held
out after a display of TIP at or before t0, immature when t0 + window is after now; the others counted by arm (users, converted, the sum and sum of squares of goal donations in
(t0, t0 + window], and in treatment the users with a display, an action, a close in [t0, t0 + window]).
Prints the counts as one line of JSON, then the seconds on the last line. Defaults: ProFiltersTip,
pro-filters, filterApplied, 7 days, 2026-11-21T09:00:00Z (examples/measure)."""
import duckdb, json, sys, time
path, threads = sys.argv[1], int(sys.argv[2])
tip, group, goal, window, now = (sys.argv[3:8] if len(sys.argv) >= 8
                                 else ["ProFiltersTip", "pro-filters", "filterApplied", "604800", "2026-11-21T09:00:00Z"])
con = duckdb.connect(); con.execute(f"SET threads={threads}")
t = time.time()
con.execute("""
CREATE TEMP TABLE r AS
  SELECT "user"::VARCHAR AS u, event, exposure, "group" AS g, arm, interaction, kind,
         CASE WHEN regexp_full_match(date, '[0-9]+') THEN date::DOUBLE ELSE epoch(date::TIMESTAMPTZ) END AS d
  FROM read_json(?, format='newline_delimited',
       columns={"user": 'VARCHAR', event: 'VARCHAR', date: 'VARCHAR', exposure: 'VARCHAR', "group": 'VARCHAR',
                arm: 'VARCHAR', interaction: 'VARCHAR', kind: 'VARCHAR'})""", [path])
rows = con.execute("""
WITH exposed AS (SELECT u, min(d) AS t0, min(arm) AS arm, count(DISTINCT arm) AS arms
                 FROM r WHERE exposure = $tip AND g = $grp AND d <= epoch($now::TIMESTAMPTZ) GROUP BY u),
contaminated AS (SELECT DISTINCT e.u FROM exposed e
                 JOIN r ON r.u = e.u AND r.interaction = $tip AND r.kind = 'display' AND r.d <= e.t0
                 WHERE e.arms = 1 AND e.arm = 'holdout'),
clean AS (SELECT * FROM exposed WHERE arms = 1 AND u NOT IN (SELECT u FROM contaminated)),
counted AS (SELECT * FROM clean WHERE t0 + $window <= epoch($now::TIMESTAMPTZ)),
goals AS (SELECT c.u, count(r.u) AS n FROM counted c
          LEFT JOIN r ON r.u = c.u AND r.event = $goal AND r.d > c.t0 AND r.d <= c.t0 + $window GROUP BY c.u),
seen AS (SELECT c.u, bool_or(r.kind = 'display') AS shown, bool_or(r.kind = 'actionPerformed') AS acted,
                bool_or(r.kind = 'tipClosed') AS closed
         FROM counted c JOIN r ON r.u = c.u AND r.interaction = $tip AND r.d >= c.t0 AND r.d <= c.t0 + $window GROUP BY c.u),
per_user AS (SELECT c.arm, g.n, coalesce(s.shown, false) AS shown, coalesce(s.acted, false) AS acted,
                    coalesce(s.closed, false) AS closed
             FROM counted c JOIN goals g USING (u) LEFT JOIN seen s USING (u))
SELECT arm, count(*), count(*) FILTER (WHERE n > 0), sum(n), sum(n * n),
       count(*) FILTER (WHERE shown), count(*) FILTER (WHERE acted), count(*) FILTER (WHERE closed)
FROM per_user GROUP BY arm
UNION ALL SELECT 'crossed', count(*), 0, 0, 0, 0, 0, 0 FROM exposed WHERE arms > 1
UNION ALL SELECT 'contaminated', count(*), 0, 0, 0, 0, 0, 0 FROM contaminated
UNION ALL SELECT 'immature', count(*), 0, 0, 0, 0, 0, 0 FROM clean WHERE t0 + $window > epoch($now::TIMESTAMPTZ)
""", {"tip": tip, "grp": group, "goal": goal, "window": float(window), "now": now}).fetchall()
names = ["users", "converted", "goalSum", "goalSumOfSquares", "shown", "actionPerformed", "tipClosed"]
report = {"crossed": 0, "contaminated": 0, "immature": 0, "arms": {arm: dict.fromkeys(names, 0) for arm in ("treatment", "holdout")}}
for name, *counts in rows:
    if name in report["arms"]:
        report["arms"][name] = dict(zip(names, (int(c) for c in counts)))
        if name == "holdout":
            report["arms"][name].update(shown=0, actionPerformed=0, tipClosed=0)
    else:
        report[name] = int(counts[0])
print(json.dumps(report, sort_keys=True))
print(f"{time.time() - t:.3f}")
