#!/usr/bin/env bash
# examples/reach/benchmark.sh [TIPRULEC-BENCH] [ARGUMENTS…] — `tiprulec reach` against the DuckDB
# anchor with DuckDB pinned (1.1.3 from PyPI, in the virtual environment examples/reach/ci.sh uses):
# runs `tiprulec-bench reach` (docs/performance.md, "Reach"), which generates the rows, times reach
# and DuckDB as whole processes, interleaved, checks that they agree and prints the table. ARGUMENTS
# go to it (--users N, --runs N, --scaling, --json, …). Use a release build:
#   swift build -c release --static-swift-stdlib && examples/reach/benchmark.sh .build/release/tiprulec-bench
set -euo pipefail
bench=${1:-.build/release/tiprulec-bench}
shift || true
venv=${REACH_VENV:-$HOME/.cache/tiprulec-reach-venv}
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check duckdb==1.1.3
exec "$bench" reach --python "$venv/bin/python" "$@"
