#!/usr/bin/env bash
# examples/reach/ci.sh TIPRULEC — the reach examples as CI runs them (docs/reach.md): a virtual
# environment with pinned pyspark and duckdb from PyPI (Spark needs Java 17), the DuckDB export piped
# into `tiprulec reach`, and Spark's merged partials, which must equal the single-process report.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tiprulec=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
venv=${REACH_VENV:-$HOME/.cache/tiprulec-reach-venv}
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check pyspark==3.5.3 duckdb==1.1.3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
now=2026-11-21T09:00:00Z
program="$here/../backyard.tiprules"

# DuckDB: a Parquet export turned into rows and piped into reach; the rows it made, read again, agree.
"$venv/bin/python" "$here/duckdb_example.py" "$tiprulec" --rows-out "$work/duckdb.ndjson" > "$work/duckdb.json"
"$tiprulec" reach "$program" "$work/duckdb.ndjson" --now "$now" --format json > "$work/duckdb-again.json"
cmp "$work/duckdb.json" "$work/duckdb-again.json"
grep -q '"users": 400' "$work/duckdb.json"

# Spark in local mode: partitions by user, partials merged, equal to one process.
"$venv/bin/python" "$here/generate_rows.py" 20000 7 > "$work/rows.ndjson"
"$tiprulec" reach "$program" "$work/rows.ndjson" --now "$now" --format json > "$work/single.json"
"$venv/bin/python" "$here/spark_reach.py" --tiprulec "$tiprulec" --program "$program" --rows "$work/rows.ndjson" \
  --now "$now" --partitions 5 --master 'local[2]' --format json > "$work/spark.json" 2> "$work/spark.log" \
  || { tail -40 "$work/spark.log"; exit 1; }
if ! cmp -s "$work/single.json" "$work/spark.json"; then
  echo "Spark's merged report differs from the single-process report:" >&2
  diff "$work/single.json" "$work/spark.json" >&2 || true
  exit 1
fi
echo "reach examples: DuckDB and Spark agree with tiprulec reach ($(grep -m1 '"users"' "$work/single.json" | tr -d ' ,'))"
