#!/usr/bin/env bash
# Scale-out (§12): GNU parallel splitting 200,000 links across processes gives byte for byte the
# output of one process, for each tool.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(cd "${URN_BIN:?set URN_BIN}" && pwd)
export PATH="$bin:$PATH"
work=$(mktemp -d)
python3 "$root/bench/gen_links.py" -n 200000 --seed 3 -o "$work/links.txt" 2>/dev/null
routes="$root/bench/github_api.routes"
pass=0
fail=0
for command in "urnparse -s" "urnmatch -s -f $routes" "urnstack -s -f $routes" "urnfmt -s {host}{path}"; do
  $command < "$work/links.txt" > "$work/single" 2>/dev/null
  parallel --pipe --keep-order --block 1M $command < "$work/links.txt" > "$work/parallel" 2>/dev/null
  if [ -s "$work/single" ] && cmp -s "$work/single" "$work/parallel"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "--- failed: parallel output of '${command%% *}' differs from one process"
  fi
done
rm -rf "$work"
echo "parallel: $pass passed, $fail failed"
[ $fail -eq 0 ]
