#!/usr/bin/env bash
# examples/reach/time-split.sh RUNS COMMAND... — where a reach or measure run's CPU time goes, in three
# parts (docs/performance.md, "What 1 GB/s a core would take"): the kernel (reading the file into the
# process), reading the rows (finding lines, the rows' bytes, their values and dates, the worker's loop
# over lines), and everything else (a user's store, sorting, evaluating, fingerprints, tallies). Runs
# COMMAND RUNS times under `perf record`, then prints each part's median share and its CPU seconds at
# the median CPU time (`perf stat`), and the CPU seconds the input would have at 1 GB/s (the input:
# the arguments that end in .ndjson).
#   examples/reach/time-split.sh 5 .build/release/tiprulec reach examples/backyard.tiprules \
#       /tmp/tiprulec-reach-300000u-g1.ndjson --now 2026-11-21T09:00:00Z --jobs 1
set -euo pipefail
runs=${1:?usage: time-split.sh RUNS COMMAND...}
shift
bytes=0
for argument in "$@"; do
    case $argument in *.ndjson) bytes=$((bytes + $(wc -c < "$argument"))) ;; esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
reading='DonationShapes|RowScanner|RFC3339|CivilC|RowValues|memchr|RowsRun.*read|LineReader|UserIDBytes|ExposureRow|InteractionRow|RowsWorkerV4read'
for ((run = 0; run < runs; run++)); do
    perf stat -x, -e task-clock -o "$work/stat" "$@" > /dev/null 2>&1
    awk -F, '/task-clock/ {print $1 / 1000}' "$work/stat" >> "$work/seconds"
    perf record -q -e cpu-clock -F 4000 -o "$work/perf.data" "$@" > /dev/null 2>&1
    perf report -i "$work/perf.data" --no-children --percent-limit 0 --stdio 2> /dev/null \
        | awk -v reading="$reading" '/^ +[0-9.]+%/ {
              share = $1 + 0
              if ($0 ~ /\[k\]/) kernel += share; else if ($0 ~ reading) rows += share; else rest += share
          } END { printf "%.1f %.1f %.1f\n", kernel, rows, rest }' >> "$work/shares"
done
median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
seconds=$(median < "$work/seconds")
printf 'CPU time, median of %d runs: %.3f s (%.0f MB/s of CPU); at 1 GB/s: %.3f s\n' \
    "$runs" "$seconds" "$(awk -v b="$bytes" -v s="$seconds" 'BEGIN {print b / 1e6 / s}')" \
    "$(awk -v b="$bytes" 'BEGIN {print b / 1e9}')"
parts=("kernel" "reading the rows" "everything else")
for column in 1 2 3; do
    runs_shares=$(awk -v c=$column '{print $c}' "$work/shares")
    share=$(median <<< "$runs_shares")
    printf '%-18s %5.1f %%  %.3f s   (runs: %s)\n' "${parts[column - 1]}" "$share" \
        "$(awk -v p="$share" -v s="$seconds" 'BEGIN {print p * s / 100}')" "$(echo $runs_shares)"
done
