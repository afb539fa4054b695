#!/usr/bin/env python3
"""reach_duckdb.py ROWS.ndjson THREADS — the anchor for `tiprulec reach`: DuckDB computes the reach of
examples/backyard.tiprules's two rules (logged in; the largest group of visits within 5 days >= 3) over the
rows of gen_reach_rows.py. Prints the counts, then the seconds on the last line."""
import duckdb, sys, time
path, threads = sys.argv[1], int(sys.argv[2])
con = duckdb.connect(); con.execute(f"SET threads={threads}")
t = time.time()
print(con.execute(f"""
WITH r AS (
  SELECT "user"::VARCHAR AS u, event, parameter, value, fields.backyardID AS b,
         CASE WHEN date IS NULL THEN NULL WHEN regexp_full_match(date, '[0-9]+') THEN to_timestamp(date::BIGINT)
              ELSE date::TIMESTAMPTZ END AS d
  FROM read_json('{path}', format='newline_delimited',
       columns={{"user": 'VARCHAR', event: 'VARCHAR', date: 'VARCHAR', fields: 'STRUCT(backyardID BIGINT)',
                parameter: 'VARCHAR', value: 'VARCHAR', tip: 'VARCHAR', displayCount: 'BIGINT',
                displayDuration: 'BIGINT', invalidated: 'VARCHAR', lastDisplayDate: 'VARCHAR'}})),
logged AS (SELECT u FROM r WHERE parameter = 'isLoggedIn' AND value = 'true'),
grp AS (SELECT u, max(c) AS m FROM (SELECT u, b, count(*) AS c FROM r
        WHERE event = 'enteredBackyardDetailView' AND d > TIMESTAMPTZ '2026-11-21 09:00:00+00' - INTERVAL 5 DAY
          AND d <= TIMESTAMPTZ '2026-11-21 09:00:00+00' GROUP BY u, b) GROUP BY u)
SELECT (SELECT count(DISTINCT u) FROM r), (SELECT count(*) FROM logged), (SELECT count(*) FROM grp WHERE m >= 3),
       (SELECT count(*) FROM logged JOIN grp USING (u) WHERE m >= 3)""").fetchall())
print(f"{time.time() - t:.3f}")
