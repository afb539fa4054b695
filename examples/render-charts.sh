#!/usr/bin/env bash
# render-charts.sh TIPRULEC [OUT_DIR] — draws the chart of every example timeline
# (NAME.*.timeline.json, run over NAME.tiprules) with `simulate --format svg` and renders it
# to PNG with rsvg-convert (Debian: librsvg2-bin); fails when either fails. The PNGs go to
# OUT_DIR when given (to look at them), else to a temporary directory.
set -u
tiprulec=$(realpath "${1:?usage: render-charts.sh path/to/tiprulec [OUT_DIR]}")
command -v rsvg-convert >/dev/null || { echo "render-charts.sh: rsvg-convert is missing (apt-get install librsvg2-bin)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=${2:-$work}
mkdir -p "$out" && out=$(realpath "$out")
cd "$(dirname "$0")"
pass=0 fail=0
for timeline in *.timeline.json; do
  name=${timeline%.timeline.json}
  program=${timeline%%.*}.tiprules
  if "$tiprulec" simulate "$program" --timeline "$timeline" --format svg >"$work/$name.svg" 2>"$work/err" \
     && rsvg-convert -o "$out/$name.png" "$work/$name.svg" 2>>"$work/err" \
     && [ -s "$out/$name.png" ]; then
    pass=$((pass+1))
  else
    fail=$((fail+1)); echo "FAIL render $timeline"; head -3 "$work/err"
  fi
done
echo "$pass charts rendered, $fail failed"
[ "$fail" = 0 ] && [ "$pass" -gt 0 ]
