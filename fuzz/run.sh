#!/usr/bin/env bash
# fuzz/run.sh TARGET SECONDS [libFuzzer options…] — builds the instrumented fuzzer (once per
# change of the sources) and runs TARGET (source, bytecode, fixture, lsp, import, state, rows, changes or channel) for SECONDS seconds
# with the dictionary and a seed corpus made from the examples. Findings land in
# .build-fuzz/findings/TARGET/; see docs/fuzzing.md for minimizing and keeping them.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: fuzz/run.sh source|bytecode|fixture|lsp|import|state|rows|changes|channel SECONDS [options]}
seconds=${2:-60}
shift 2 || true
case "$target" in source|bytecode|fixture|lsp|import|state|rows|changes|channel) ;; *) echo "unknown target '$target'" >&2; exit 2 ;; esac
work=.build-fuzz
binary=$work/tiprules-fuzz
mkdir -p "$work/src" "$work/findings/$target" "$work/corpus/$target"

# One module from the library targets and the entry point (their imports of each other dropped):
# every Swift file under the libraries' folders, at any depth.
libraries="TipRulesCalendar TipRulesRuntime TipRulesSigning TipRulesState TipRulesJSON TipRulesCompiler TipRulesStorage TipRulesChannelCore
           TipRulesToolingCore TipRulesStateFolders TipRulesExplain TipRulesTipKit
           TipRulesLanguageServer TipRulesSimulation TipRulesReach TipRulesMeasure TipRulesChannels TipRulesCommands"
sources() {
  for library in $libraries; do find "Sources/$library" -name '*.swift'; done | LC_ALL=C sort
  echo fuzz/FuzzTarget.swift
}
modules=$(echo $libraries | tr ' ' '|')
stamp=$(sources | xargs cat | cksum | cut -d' ' -f1)
if [ ! -x "$binary" ] || [ "$(cat "$work/stamp" 2>/dev/null)" != "$stamp" ]; then
  rm -rf "$work/src" && mkdir -p "$work/src"
  for file in $(sources); do
    sed -E -e "s/^(@testable |@_exported )?import ($modules)\$//" -e "s/\\b($modules)\\.//g" "$file" > "$work/src/$(echo "$file" | tr '/' '_')"
  done
  if [ "${TIPRULES_FUZZ_TYPECHECK:-}" = 1 ]; then
    swiftc -typecheck -parse-as-library -package-name tiprulec -module-name TipRulesFuzz "$work"/src/*.swift
    exit
  fi
  echo "building the fuzzer (about two minutes)…" >&2
  swiftc -sanitize=fuzzer,address -parse-as-library -O -g -package-name tiprulec -module-name TipRulesFuzz "$work"/src/*.swift -o "$binary"
  echo "$stamp" > "$work/stamp"
fi

# Seeds: the examples and test programs, fixtures, their bytecode payloads, and LSP sessions.
corpus=$work/corpus/$target
seeds=$work/seeds/$target
rm -rf "$seeds" && mkdir -p "$seeds"
case "$target" in
  source) cp examples/*.tiprules Tests/TipRulesToolingTests/Scenarios/*.tiprules "$seeds"/ ;;
  fixture) cp examples/*.json "$seeds"/ ;;
  state) cp Tests/TipRulesToolingTests/FuzzRegressions/state/* "$seeds"/ ;;
  changes) cp Tests/TipRulesToolingTests/FuzzRegressions/changes/* "$seeds"/ ;;
  channel) cp Tests/TipRulesToolingTests/FuzzRegressions/channel/* "$seeds"/ ;;
  rows) cp examples/reach/*.ndjson Tests/TipRulesToolingTests/FuzzRegressions/rows/* "$seeds"/ ;;
  import) for file in Tests/TipRulesToolingTests/ImportGolden/*.swift Tests/TipRulesToolingTests/ImportGolden/*/*.swift; do
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
