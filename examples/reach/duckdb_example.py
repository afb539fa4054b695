#!/usr/bin/env python3
"""duckdb_example.py TIPRULEC [--rows-out FILE]
Builds a small warehouse export (events as Parquet, user properties as CSV) for
examples/backyard.tiprules, turns it into the rows of `tiprulec reach` with export.sql, pipes them into
`tiprulec reach` and prints its JSON report. With --rows-out, also writes the rows there."""
import argparse, os, subprocess, sys, tempfile
import duckdb

here = os.path.dirname(os.path.abspath(__file__))
parser = argparse.ArgumentParser()
parser.add_argument("tiprulec")
parser.add_argument("--rows-out")
parser.add_argument("--now", default="2026-11-21T09:00:00Z")
args = parser.parse_args()

with tempfile.TemporaryDirectory() as folder:
    events, properties = os.path.join(folder, "events.parquet"), os.path.join(folder, "user_properties.csv")
    con = duckdb.connect()
    # 400 users, 0-11 visits each over the last 10 days; 3 in 5 logged in.
    con.execute(f"""
        COPY (SELECT 'u-' || (i % 400) AS "user", 'enteredBackyardDetailView' AS event,
                     TIMESTAMPTZ '2026-11-21 09:00:00+00' - to_seconds((i * 7919) % 864000) AS "timestamp",
                     json_object('backyardID', 1 + (i * 31) % 4) AS properties
              FROM range(0, 2400) t(i) WHERE (i * 13) % 400 < 250 + (i % 400) % 150)
        TO '{events}' (FORMAT parquet)""")
    con.execute(f"""
        COPY (SELECT 'u-' || i AS "user", 'isLoggedIn' AS parameter, CASE WHEN i % 5 < 3 THEN 'true' ELSE 'false' END AS value
              FROM range(0, 400) t(i))
        TO '{properties}' (FORMAT csv, HEADER true)""")
    con.execute(f"CREATE VIEW events AS SELECT * FROM read_parquet('{events}')")
    con.execute(f"CREATE VIEW user_properties AS SELECT * FROM read_csv('{properties}', header = true, "
                "columns = {'user': 'VARCHAR', 'parameter': 'VARCHAR', 'value': 'VARCHAR'})")
    with open(os.path.join(here, "export.sql")) as sql:
        con.execute(sql.read())
    program = os.path.join(here, "..", "backyard.tiprules")
    reach = subprocess.Popen([args.tiprulec, "reach", program, "--now", args.now, "--format", "json"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    out = open(args.rows_out, "w") if args.rows_out else None
    result = con.execute('SELECT "row" FROM reach_rows')
    while batch := result.fetchmany(10000):
        text = "".join(row + "\n" for (row,) in batch)
        reach.stdin.write(text)
        if out: out.write(text)
    if out: out.close()
    report, _ = reach.communicate()
    sys.stdout.write(report)
    sys.exit(reach.returncode)
