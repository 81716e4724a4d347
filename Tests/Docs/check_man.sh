#!/usr/bin/env bash
# Every option that a tool's --help lists appears in its man page, and every page renders
# without a groff warning.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(cd "${URN_BIN:?set URN_BIN}" && pwd)
pass=0
fail=0
for page in "$here"/man/*.[1-8]; do
  warnings=$(groff -t -man -ww -z "$page" 2>&1)
  if [ -n "$warnings" ]; then
    echo "--- $(basename "$page"): groff warnings"; echo "$warnings"; fail=$((fail + 1))
  else
    pass=$((pass + 1))
  fi
done
for tool in urnparse urnmatch urnstack urnfmt; do
  [ -x "$bin/$tool" ] || continue
  page="$here/man/$tool.1"
  # the man page spells '-' as '\-'
  text=$(sed 's/\\-/-/g' "$page")
  missing=()
  for option in $("$bin/$tool" --help | grep -oE '(^|[ ,])--?[a-zA-Z0-9][a-zA-Z0-9-]*' | tr -d ' ,' | sort -u); do
    grep -qe "$option\\b" <<<"$text" || missing+=("$option")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "--- $tool: --help options missing from man/$tool.1: ${missing[*]}"; fail=$((fail + 1))
  else
    pass=$((pass + 1))
  fi
done
echo "docs: $pass passed, $fail failed"
[ $fail -eq 0 ]
