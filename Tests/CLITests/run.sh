#!/usr/bin/env bash
# Golden CLI tests, in the manner of jq and xcbeautify. Each folder of cases/ holds:
#   cmd     a shell command line, run in the case's folder with the built tools on PATH
#   stdin   optional standard input (else /dev/null)
#   stdout, stderr, status   the expected output, compared whole (a missing file is not checked)
# UPDATE=1 rewrites the expected files from the current output: review the diff before committing.
set -u
here=$(cd "$(dirname "$0")" && pwd)
bin=$(cd "${URN_BIN:?set URN_BIN to the folder of the built tools}" && pwd)
export PATH="$bin:$PATH" LC_ALL=C.UTF-8 FIXTURES="$here/../Fixtures" ROOT="$(cd "$here/../.." && pwd)"
unset NO_COLOR
pass=0
fail=0
failed=()
filter=${1:-}
for dir in "$here"/cases/*/; do
  name=$(basename "$dir")
  [[ -n "$filter" && "$name" != *$filter* ]] && continue
  out=$(mktemp -d)
  input=/dev/null
  [ -f "$dir/stdin" ] && input="$dir/stdin"
  (cd "$dir" && timeout 300 bash -c "$(cat cmd)" <"$input" >"$out/stdout" 2>"$out/stderr")
  echo $? >"$out/status"
  ok=1
  for f in stdout stderr status; do
    if [ "${UPDATE:-}" = 1 ]; then
      cp "$out/$f" "$dir/$f"
    elif [ -f "$dir/$f" ] && ! cmp -s "$dir/$f" "$out/$f"; then
      ok=0
      echo "--- $name: $f differs"
      diff -u "$dir/$f" "$out/$f" | head -20
    fi
  done
  rm -rf "$out"
  if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); failed+=("$name"); fi
done
[ $fail -gt 0 ] && printf 'failed: %s\n' "${failed[@]}"
echo "cli: $pass passed, $fail failed"
[ $fail -eq 0 ]
