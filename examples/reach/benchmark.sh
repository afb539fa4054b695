#!/usr/bin/env bash
# examples/reach/benchmark.sh TIPRULEC [ROWS] — `tiprulec reach` against the DuckDB anchor, side by
# side in one run (docs/performance.md, "Reach"): reach with --jobs 1 and 2, DuckDB with 1 and 2 threads,
# on the rows of bench/gen_reach_rows.py (300,000 users, generated once into ROWS, by default
# /tmp/tiprulec-reach-300k.ndjson — never into the repository). Wall time and peak memory from
# /usr/bin/time -v; the counts of both are checked to agree. Use a release build:
#   swift build -c release --static-swift-stdlib && examples/reach/benchmark.sh .build/release/tiprulec
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tiprulec=${1:?usage: benchmark.sh TIPRULEC [ROWS]}
rows=${2:-/tmp/tiprulec-reach-300k.ndjson}
bench=$here/bench
venv=${REACH_VENV:-$HOME/.cache/tiprulec-reach-venv}
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check duckdb==1.1.3
[ -s "$rows" ] || python3 "$bench/gen_reach_rows.py" 300000 1 > "$rows"
bytes=$(stat -c %s "$rows")
lines=$(wc -l < "$rows")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

measure() { # NAME COMMAND… — wall seconds and peak MB into $work/NAME.{s,mb}, output into $work/NAME.out
  local name=$1; shift
  /usr/bin/time -v "$@" > "$work/$name.out" 2> "$work/$name.time"
  awk -F': ' '/Elapsed/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s }' "$work/$name.time" > "$work/$name.s"
  awk -F': ' '/Maximum resident/ { printf "%.0f\n", $2 / 1024 }' "$work/$name.time" > "$work/$name.mb"
  awk -F': ' '/User time|System time/ { s += $2 } END { printf "%.2f\n", s }' "$work/$name.time" > "$work/$name.cpu"
}
for jobs in 1 2; do
  measure "reach$jobs" "$tiprulec" reach "$here/../backyard.tiprules" "$rows" --now 2026-11-21T09:00:00Z --format json --jobs "$jobs" --quiet
done
for threads in 1 2; do
  measure "duckdb$threads" "$venv/bin/python" "$bench/reach_duckdb.py" "$rows" "$threads"
done
cmp "$work/reach1.out" "$work/reach2.out"
# DuckDB prints (users, logged in, largest group >= 3, both): reach's users and its rules' false counts agree.
read -r users logged grouped _ < <(head -1 "$work/duckdb1.out" | tr -d '[]()' | tr ',' ' ')
json() { "$venv/bin/python" -c "import json,sys; r = json.load(open(sys.argv[1])); print($2)" "$work/reach1.out"; }
[ "$(json users 'r["users"]')" = "$users" ] && [ "$(json rule0 'r["tips"][0]["rules"][0]["false"]')" = "$((users - logged))" ] \
  && [ "$(json rule1 'r["tips"][0]["rules"][1]["false"]')" = "$((users - grouped))" ] || { echo "reach and DuckDB disagree" >&2; exit 1; }
# DuckDB's own timing (its last line) leaves out Python's start (about 0.1 s); wall and CPU time of the whole process are used for both.
echo "rows: $lines lines, $((bytes / 1000000)) MB, $users users ($(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg))"
echo "| run | wall s | CPU s | MB/s | rows/s | peak MB | reach ÷ DuckDB (wall) | reach ÷ DuckDB (CPU) |"
echo "|---|---|---|---|---|---|---|---|"
for pair in "reach1 duckdb1 reach --jobs 1" "reach2 duckdb2 reach --jobs 2" "duckdb1 duckdb1 DuckDB, 1 thread" "duckdb2 duckdb2 DuckDB, 2 threads"; do
  set -- $pair
  run=$1; s=$(cat "$work/$1.s"); anchor=$(cat "$work/$2.s"); cpu=$(cat "$work/$1.cpu"); cpuAnchor=$(cat "$work/$2.cpu"); shift 2
  awk -v name="$*" -v s="$s" -v a="$anchor" -v c="$cpu" -v ca="$cpuAnchor" -v b="$bytes" -v l="$lines" -v mb="$(cat "$work/$run.mb")" \
    'BEGIN { printf "| %s | %.2f | %.2f | %.0f | %.2f M | %s | %.2f | %.2f |\n", name, s, c, b / s / 1e6, l / s / 1e6, mb, s / a, c / ca }'
done
