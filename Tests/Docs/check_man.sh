#!/usr/bin/env bash
# Every page renders without a groff warning, is at most 1,000 lines (split by topic, with SEE
# ALSO), names only urn pages that exist, and speaks of the product, not of how it was made (no
# "issue 59", "session 12"). Every option that a tool's --help lists appears in the OPTIONS
# section of the tool's own page, also when a page of section 7 describes it at length.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(cd "${URN_BIN:?set URN_BIN}" && pwd)
max_lines=1000
pass=0
fail=0
for page in "$here"/man/*.[1-8]; do
  name=$(basename "$page")
  problems=()
  warnings=$(groff -t -man -ww -z "$page" 2>&1)
  [ -n "$warnings" ] && problems+=("groff warnings:"$'\n'"$warnings")
  lines=$(wc -l <"$page")
  [ "$lines" -gt $max_lines ] && problems+=("$lines lines, more than $max_lines: split it by topic, with SEE ALSO")
  # references such as .BR urn\-routes (5) or \fBurnmatch\-tables\fR(7)
  for ref in $(sed 's/\\-/-/g; s/\\f[BIRP]//g' "$page" | grep -oE '\burn[a-z0-9-]* ?\([1-8]\)' | tr -d ' ' | sort -u); do
    target="${ref%(*}.${ref: -2:1}"
    [ -e "$here/man/$target" ] || problems+=("names $ref, which is not in man/")
  done
  history=$(grep -n -i -E '\b(session|issue)s? #?[0-9]+' "$page")
  [ -n "$history" ] && problems+=("speaks of how it was made:"$'\n'"$history")
  if [ ${#problems[@]} -gt 0 ]; then
    echo "--- $name:"; printf '%s\n' "${problems[@]}"; fail=$((fail + 1))
  else
    pass=$((pass + 1))
  fi
done
for tool in urnparse urnmatch urnstack urnfmt; do
  [ -x "$bin/$tool" ] || continue
  page="$here/man/$tool.1"
  # the OPTIONS section, where the man page spells '-' as '\-'
  text=$(sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$page" | sed 's/\\-/-/g')
  missing=()
  # the options that start the lines of --help's list ('  -v, --invert-match  ...'), not those
  # its descriptions mention ('for tail -f')
  for option in $("$bin/$tool" --help | grep -oE '^  --?[a-zA-Z0-9][a-zA-Z0-9-]*(, --?[a-zA-Z0-9][a-zA-Z0-9-]*)*' \
      | tr ',' '\n' | tr -d ' ' | sort -u); do
    grep -qe "$option\\b" <<<"$text" || missing+=("$option")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "--- $tool: --help options missing from the OPTIONS of man/$tool.1: ${missing[*]}"; fail=$((fail + 1))
  else
    pass=$((pass + 1))
  fi
done
echo "docs: $pass passed, $fail failed"
[ $fail -eq 0 ]
