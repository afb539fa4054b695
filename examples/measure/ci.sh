#!/usr/bin/env bash
# examples/measure/ci.sh TIPRULEC — measure as CI runs it (docs/measure.md), in the virtual environment of
# examples/reach/ci.sh with pinned gbstats, statsmodels, scipy and pillow added: generated experiment rows
# (tiprulec-bench measure, built next to TIPRULEC) counted by measure and by a plain DuckDB query alike;
# Spark's merged partials equal to one run; the statistics (with guardrails, corrections, the sequential test and
# CUPED) equal to gbstats' and statsmodels' to 1e-9.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tiprulec=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
bench=$(dirname "$tiprulec")/tiprulec-bench
venv=${REACH_VENV:-$HOME/.cache/tiprulec-reach-venv}
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check pyspark==3.5.3 duckdb==1.1.3 gbstats==0.8.0 statsmodels==0.15.0 scipy==1.17.1 pillow==13.0.0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
now=2026-11-21T09:00:00Z
program="$here/pro-filters.tiprules"
experiment=(--tip ProFiltersTip --goal filterApplied --now "$now")

# The example end to end (docs/measure.md): a held-out person's timeline, their state folder's rows added to
# the other users', read by reach, and measure counting them in the holdout arm, converted.
"$tiprulec" simulate "$program" --timeline "$here/held-out.timeline.json" --save-state "$work/u-16.json" > /dev/null
"$tiprulec" state import "$work/u-16.json" --program "$program" -o "$work/u-16-state" > /dev/null
"$tiprulec" state rows "$work/u-16-state" --user u-16 -o "$work/u-16.ndjson"
cat "$here/rows.ndjson" "$work/u-16.ndjson" > "$work/all.ndjson"
"$tiprulec" reach "$program" "$work/all.ndjson" --now "$now" > /dev/null
"$tiprulec" measure "$program" "$here/rows.ndjson" "${experiment[@]}" --format partial > "$work/others.json"
"$tiprulec" measure "$program" "$work/all.ndjson" "${experiment[@]}" --format partial > "$work/all.json"
"$venv/bin/python" - "$work/others.json" "$work/all.json" <<'PY'
import json, sys
others, everyone = (json.load(open(path))["arms"]["holdout"] for path in sys.argv[1:3])
if (everyone["users"], everyone["converted"]) != (others["users"] + 1, others["converted"] + 1):
    sys.exit(f"u-16 is not counted in the holdout arm, converted: {others} then {everyone}")
PY

# Per-arm counts: measure's partial and DuckDB's SQL over the same generated rows, with a held-out person who saw
# the tip before their exposure (contaminated), rows of a tip the program no longer declares and rows after now
# (left out).
"$bench" measure --rows-out "$work/rows.ndjson" --users 20000 --effect 0.2 2> /dev/null
cat >> "$work/rows.ndjson" <<'ROWS'
{"user":"x-1","interaction":"ProFiltersTip","kind":"display","date":"2026-11-01T08:00:00Z"}
{"user":"x-1","exposure":"ProFiltersTip","group":"pro-filters","percent":10,"arm":"holdout","date":"2026-11-02T08:00:00Z"}
{"user":"x-2","exposure":"RetiredTip","group":"pro-filters","percent":10,"arm":"holdout","date":"2026-11-02T08:00:00Z"}
{"user":"x-2","exposure":"ProFiltersTip","group":"pro-filters","percent":10,"arm":"holdout","date":"2026-11-02T08:00:00Z"}
{"user":"x-2","exposure":"ProFiltersTip","group":"pro-filters","percent":10,"arm":"treatment","date":"2026-11-30T08:00:00Z"}
{"user":"x-3","exposure":"ProFiltersTip","group":"pro-filters","percent":10,"arm":"treatment","date":"2026-11-30T08:00:00Z"}
ROWS
"$tiprulec" measure "$program" "$work/rows.ndjson" "${experiment[@]}" --format partial > "$work/partial.json"
# The report is the first line (the seconds follow); read from a file: `head` on a pipe may close it before the
# second line is written, and the writer's broken pipe would fail the script.
"$venv/bin/python" "$here/measure_duckdb.py" "$work/rows.ndjson" 2 > "$work/duckdb.out"
head -1 "$work/duckdb.out" > "$work/duckdb.json"
"$venv/bin/python" - "$work/partial.json" "$work/duckdb.json" <<'PY'
import json, sys
measure, duckdb = (json.load(open(path)) for path in sys.argv[1:3])
for arm in ("treatment", "holdout"):
    if arm == "holdout":
        for key in ("shown", "actionPerformed", "tipClosed"): duckdb["arms"][arm][key] = measure["arms"][arm][key]
    if measure["arms"][arm] != duckdb["arms"][arm]:
        sys.exit(f"{arm}: measure {measure['arms'][arm]}, DuckDB {duckdb['arms'][arm]}")
if measure["contaminated"] != 1: sys.exit(f"contaminated: measure {measure['contaminated']}, expected 1")
for key in ("immature", "crossed", "contaminated"):
    if measure[key] != duckdb[key]: sys.exit(f"{key}: measure {measure[key]}, DuckDB {duckdb[key]}")
PY

# Spark in local mode: partitions by user, partials merged, equal to one process — with a guardrail, the
# sequential test, a correction and CUPED, which the partials carry.
beyond=(--goal openedSearch --sequential --sequential-tuning 3000 --correction bh --cuped --pre-window 10d)
"$tiprulec" measure "$program" "$work/rows.ndjson" "${experiment[@]}" "${beyond[@]}" --format json > "$work/single.json"
"$venv/bin/python" "$here/../reach/spark_reach.py" --command measure --options "--tip ProFiltersTip --goal filterApplied ${beyond[*]}" \
  --tiprulec "$tiprulec" --program "$program" --rows "$work/rows.ndjson" --now "$now" --partitions 5 --master 'local[2]' \
  --format json > "$work/spark.json" 2> "$work/spark.log" || { tail -40 "$work/spark.log"; exit 1; }
if ! cmp -s "$work/single.json" "$work/spark.json"; then
  echo "Spark's merged measure report differs from the single-process report:" >&2
  diff "$work/single.json" "$work/spark.json" >&2 || true
  exit 1
fi
# The same partial given twice is refused: each names the part of the rows it counts.
if "$tiprulec" measure merge "$work/partial.json" "$work/partial.json" > /dev/null 2> "$work/twice.log" \
   || ! grep -q "the same part of the rows is given twice" "$work/twice.log"; then
  echo "measure merge accepted the same partial twice:" >&2; cat "$work/twice.log" >&2; exit 1
fi

# The report's chart renders as a person views it (rsvg-convert, as for the simulate charts), a large experiment's
# and the small example's (a wide lift interval, notes): drawn on a canvas 300 pixels wider than the chart says,
# nothing is painted past its width (a label that would be clipped there).
if command -v rsvg-convert > /dev/null; then
  "$tiprulec" measure "$program" "$work/rows.ndjson" "${experiment[@]}" --format svg > "$work/report.svg"
  "$tiprulec" measure "$program" "$here/rows.ndjson" "${experiment[@]}" --format svg > "$work/small.svg"
  "$tiprulec" measure "$program" "$work/rows.ndjson" "${experiment[@]}" "${beyond[@]}" --format svg > "$work/beyond.svg"
  for chart in report small beyond; do
    "$venv/bin/python" - "$work/$chart.svg" <<'PY'
import re, subprocess, sys
from io import BytesIO
from PIL import Image
svg = open(sys.argv[1]).read()
width = float(re.search(r'<svg[^>]* width="([0-9.]+)"', svg).group(1))
height = re.search(r'<svg[^>]* height="([0-9.]+)"', svg).group(1)
wider = re.sub(r'(<svg[^>]*) width="[0-9.]+"', rf'\1 width="{width + 300:g}"', svg, count=1)
wider = re.sub(r'viewBox="[^"]*"', f'viewBox="0 0 {width + 300:g} {height}"', wider, count=1)
png = subprocess.run(["rsvg-convert"], input=wider.encode(), capture_output=True, check=True).stdout
box = Image.open(BytesIO(png)).getchannel("A").getbbox()
if box is None or box[2] > width:
    sys.exit(f"{sys.argv[1]}: painted up to x = {box and box[2]}, past the chart's width {width:g}")
PY
  done
fi

# The statistics against gbstats and statsmodels, and the planning of an experiment.
"$venv/bin/python" "$here/agreement.py" "$tiprulec" 60
# measure plan against statsmodels' NormalIndPower (the power at its sizes, and solve_power's size).
"$venv/bin/python" "$here/plan_agreement.py" "$tiprulec" 60
echo "measure examples: DuckDB's counts and Spark's merged partials agree with tiprulec measure"
