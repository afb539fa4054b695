#!/usr/bin/env bash
# check-examples.sh TIPRULEC — every example program checks cleanly, compiles, and
# evaluates against each of its fixtures both from source and from bytecode with
# the same result, and runs each of its timelines (NAME.*.timeline.json) with
# `simulate`, and its test files (NAME.tests.json) with `test`. Prints "N passed, N failed".
set -u
tiprulec=$(realpath "${1:?usage: check-examples.sh path/to/tiprulec}")
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
for program in *.tiprules; do
  name=${program%.tiprules}
  if "$tiprulec" check "$program" >/dev/null 2>&1 && "$tiprulec" compile "$program" -o "$work/$name.tipc" 2>/dev/null; then
    pass=$((pass+1))
  else
    fail=$((fail+1)); echo "FAIL check/compile $program"; continue
  fi
  for fixture in "$name".*.json; do
    [ -e "$fixture" ] || continue
    case "$fixture" in *.expected*.json) continue;; esac
    case "$fixture" in *.tests.json)
      if "$tiprulec" test "$fixture" >/dev/null 2>"$work/err"; then pass=$((pass+1))
      else fail=$((fail+1)); echo "FAIL test $fixture"; head -3 "$work/err"; fi
      continue;; esac
    case "$fixture" in *.timeline.json)
      if "$tiprulec" simulate "$program" --timeline "$fixture" >/dev/null 2>"$work/err"; then pass=$((pass+1))
      else fail=$((fail+1)); echo "FAIL simulate $program --timeline $fixture"; head -3 "$work/err"; fi
      continue;; esac
    if "$tiprulec" eval "$program" --fixture "$fixture" --format json >"$work/source.json" 2>"$work/err" \
       && "$tiprulec" eval "$work/$name.tipc" --fixture "$fixture" --format json >"$work/bytecode.json" 2>>"$work/err" \
       && cmp -s "$work/source.json" "$work/bytecode.json"; then
      pass=$((pass+1))
    else
      fail=$((fail+1)); echo "FAIL eval $program --fixture $fixture"; head -3 "$work/err"
    fi
  done
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
