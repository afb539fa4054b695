#!/usr/bin/env bash
# examples/reach/simdjson-anchor.sh ROWS [RUNS] — what the fastest JSON reader does with reach's rows on
# this machine (docs/performance.md, "The machine's mark"): builds examples/reach/bench/simdjson_rows.cpp
# against simdjson (cloned into $SIMDJSON_DIR, default ~/.cache/simdjson, when not there) and runs it
# RUNS times (default 3) with each kernel this processor has, interleaved; prints each kernel's median
# CPU seconds of reading the rows (the file's loading left out) and the MB/s of that CPU time.
#   .build/release/tiprulec-bench reach --runs 1   # writes /tmp/tiprulec-reach-300000u-g1.ndjson
#   examples/reach/simdjson-anchor.sh /tmp/tiprulec-reach-300000u-g1.ndjson
set -euo pipefail
rows=${1:?usage: simdjson-anchor.sh ROWS [RUNS]}
runs=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
simdjson=${SIMDJSON_DIR:-$HOME/.cache/simdjson}
[ -f "$simdjson/src/simdjson.cpp" ] || git clone --quiet --depth 1 --branch v4.6.7 https://github.com/simdjson/simdjson "$simdjson"
binary=$(mktemp -d)/simdjson_rows
trap 'rm -rf "$(dirname "$binary")"' EXIT
c++ -O3 -std=c++17 -I"$simdjson/include" -I"$simdjson/src" "$here/bench/simdjson_rows.cpp" "$simdjson/src/simdjson.cpp" -o "$binary"
kernels=""
for kernel in icelake haswell westmere fallback; do
    "$binary" "$rows" "$kernel" > /dev/null 2>&1 && kernels="$kernels $kernel"
done
bytes=$(wc -c < "$rows")
declare -A seconds
for ((run = 0; run < runs; run++)); do
    for kernel in $kernels; do
        seconds[$kernel]="${seconds[$kernel]:-} $("$binary" "$rows" "$kernel" | awk '{print $NF}')"
    done
done
printf '%-10s %12s %14s\n' kernel "read CPU s" "CPU MB/s"
for kernel in $kernels; do
    median=$(tr ' ' '\n' <<< "${seconds[$kernel]}" | grep . | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}')
    awk -v k="$kernel" -v s="$median" -v b="$bytes" 'BEGIN {printf "%-10s %12.3f %14.0f\n", k, s, b / 1e6 / s}'
done
