#!/usr/bin/env bash
# fuzz/run.sh TARGET SECONDS [libFuzzer options…] — builds the instrumented fuzzer with SwiftPM and runs
# TARGET (source, bytecode, fixture, lsp, import, state, rows, changes or channel) for SECONDS seconds
# with the dictionary and a seed corpus made from the examples. Findings land in
# .build-fuzz/findings/TARGET/; see docs/fuzzing.md for minimizing and keeping them.
set -euo pipefail
cd "$(dirname "$0")/.."
targets="source bytecode fixture lsp import state rows changes channel"
usage="usage: fuzz/run.sh ${targets// /|} SECONDS [libFuzzer options]"
target=${1:?$usage}
seconds=${2:-60}
shift 2 || true
case " $targets " in *" $target "*) ;; *) printf "unknown target '%s'\n%s\n" "$target" "$usage" >&2; exit 2 ;; esac
work=.build-fuzz
regressions=Tests/TipRulesCommandsTests/FuzzRegressions
mkdir -p "$work/findings/$target" "$work/corpus/$target"

# The executable tiprules-fuzz (fuzz/Target/, in the package only with TIPRULES_FUZZ=1) and every module
# it links, compiled by SwiftPM with libFuzzer's coverage and the AddressSanitizer into a build folder of
# their own; SwiftPM rebuilds only what changed.
echo "building the fuzzer (about three minutes the first time)…" >&2
# One -sanitize= with both: swiftc keeps only the last -sanitize= it is given, and SwiftPM's
# `--sanitize fuzzer --sanitize address` passes two, in no fixed order.
if ! TIPRULES_FUZZ=1 nice -n 10 swift build -c release --scratch-path "$work/build" --product tiprules-fuzz \
       -Xswiftc -sanitize=fuzzer,address > "$work/build.log" 2>&1; then
  cat "$work/build.log" >&2
  exit 1
fi
binary=$work/build/release/tiprules-fuzz

# Seeds: the examples and test programs, fixtures, their bytecode payloads, and LSP sessions.
corpus=$work/corpus/$target
seeds=$work/seeds/$target
rm -rf "$seeds" && mkdir -p "$seeds"
case "$target" in
  source) cp examples/*.tiprules Tests/TipRulesCommandsTests/Scenarios/*.tiprules "$seeds"/ ;;
  fixture) cp examples/*.json "$seeds"/ ;;
  state) cp "$regressions"/state/* "$seeds"/ ;;
  changes) cp "$regressions"/changes/* "$seeds"/ ;;
  channel) cp "$regressions"/channel/* "$seeds"/ ;;
  rows) cp examples/reach/*.ndjson "$regressions"/rows/* "$seeds"/ ;;
  import) for file in Tests/TipRulesTipKitTests/ImportGolden/*.swift Tests/TipRulesTipKitTests/ImportGolden/*/*.swift; do
            cp "$file" "$seeds/$(echo "$file" | tr '/' '_')"; done ;;
  bytecode)
    swift build --product tiprulec >/dev/null
    for program in examples/*.tiprules; do
      out=$work/seed.tipc
      .build/debug/tiprulec compile "$program" -o "$out" 2>/dev/null && tail -c +17 "$out" > "$seeds/$(basename "$program" .tiprules)"
    done ;;
  lsp)
    body='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}'
    open='{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a.tiprules","languageId":"tiprules","version":1,"text":"parameter a: Bool = false\ntip T {\n  title: \"t\"\n  #Rule(Self.$a) { $0 }\n}\n"}}}'
    hover='{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a.tiprules"},"position":{"line":3,"character":18}}}'
    for message in "$body" "$open" "$hover"; do printf 'Content-Length: %d\r\n\r\n%s' "${#message}" "$message"; done > "$seeds/session" ;;
esac

TIPRULES_FUZZ_TARGET=$target nice -n 10 "$binary" "$corpus" "$seeds" \
  -dict=fuzz/tiprules.dict -max_total_time="$seconds" -timeout=2 -rss_limit_mb=1024 -max_len=65536 \
  -artifact_prefix="$work/findings/$target/" -print_final_stats=1 "$@"
