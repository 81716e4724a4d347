#!/usr/bin/env bash
# --jobs (SPEC §9): a tool with several jobs writes byte for byte what it writes with one, on
# stdout and on stderr, with the same exit status. Checked over every golden case (its command
# and input, with --jobs given to each tool it runs) and over the hostile corpus with the options
# that change where reading stops or what is summed up (-q, --fail-fast, -c, --stats, -0,
# --line-buffered, -s, an unreadable file among the inputs). URN_JOBS_CHUNK_BYTES, which only the
# tests set, makes a chunk of every line (or of a few), so that small inputs make many chunks.
# With JOBS_SAMPLE=1 (make test) it checks a fixed sample: every fourth golden case and every
# other hostile command, in sorted order, and all the large inputs; make test-jobs-full (and CI)
# checks everything.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(cd "${URN_BIN:?set URN_BIN}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Each tool through a wrapper that gives it --jobs $JOBS first.
mkdir "$work/bin"
for tool in urnparse urnmatch urnstack urnfmt; do
  printf '#!/bin/sh\nexec "%s/%s" --jobs "$JOBS" "$@"\n' "$bin" "$tool" > "$work/bin/$tool"
  chmod +x "$work/bin/$tool"
done
# Some cases bound a tool in time; on a loaded machine the bound can cut either run short, and
# here what counts is the output, so each bound is five minutes.
printf '#!/bin/sh\nshift\nexec %s 300 "$@"\n' "$(command -v timeout)" > "$work/bin/timeout"
chmod +x "$work/bin/timeout"
export PATH="$work/bin:$PATH" LC_ALL=C.UTF-8 FIXTURES="$root/Tests/Fixtures" ROOT="$root"
unset NO_COLOR
pass=0
fail=0

# run NAME DIR INPUT COMMAND: COMMAND run in a copy of DIR with INPUT on stdin, into $work/NAME.*
run() {
  local name=$1 dir=$2 input=$3 command=$4
  rm -rf "$work/case" && cp -r "$dir" "$work/case"
  (cd "$work/case" && timeout 60 bash -c "$command" < "$input" > "$work/$name.out" 2> "$work/$name.err")
  echo $? > "$work/$name.status"
}

# check LABEL DIR INPUT COMMAND: one job against three, in chunks of CHUNKS bytes (default 1:
# a line each) unless ONLY_MANY is set, and, unless ONLY_TINY is set, in chunks as read
check() {
  local label=$1 dir=$2 input=$3 command=$4 ok=1 runs=tiny
  JOBS=1 run one "$dir" "$input" "$command"
  if [ -n "${ONLY_MANY:-}" ]; then
    runs=many
  else
    JOBS=3 URN_JOBS_CHUNK_BYTES=${CHUNKS:-1} run tiny "$dir" "$input" "$command"
  fi
  if [ -z "${ONLY_TINY:-}" ]; then
    JOBS=3 run many "$dir" "$input" "$command"
    [ -n "${ONLY_MANY:-}" ] || runs="tiny many"
  fi
  for run in $runs; do
    for part in out err status; do
      if ! cmp -s "$work/one.$part" "$work/$run.$part"; then
        ok=0
        echo "--- $label: std$part of --jobs 3 ($run chunks) differs from --jobs 1"
        diff <(head -c 2000 "$work/one.$part") <(head -c 2000 "$work/$run.$part") | head -8
      fi
    done
  done
  if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
}

index=0
for dir in "$root"/Tests/CLITests/cases/*/; do
  index=$((index + 1))
  [ -n "${JOBS_SAMPLE:-}" ] && [ $((index % 4)) -ne 1 ] && continue
  input=/dev/null
  [ -f "$dir/stdin" ] && input="$dir/stdin"
  # a case's input is one chunk as read: chunks of a line are the test
  ONLY_TINY=1 check "case $(basename "$dir")" "$dir" "$input" "$(cat "$dir/cmd")"
done

# The hostile corpus, then lines that are no records: a BOM-less raw link, a blank line, a CRLF
# line, invalid JSON, invalid UTF-8, a line over --max-line, and an upstream error record.
input=$work/hostile.txt
{
  cat "$root/Tests/Fixtures/hostile/corpus.jsonl"
  printf 'https://api.github.com/repos/a/b\n\n  /users/x/repos\r\n{"link":\n{"link":"http://\xff.example"}\n'
  printf '{"link":"https://example.com/%s"}\n' "$(head -c 3000 /dev/zero | tr '\0' a)"
  printf '{"link":"x","error":{"code":"invalid-port","message":"m","offset":1}}\n'
  cat "$root/Tests/Fixtures/hostile/corpus.jsonl"
} > "$input"
tr '\n' '\0' < "$input" > "$work/hostile.nul"
cp "$input" "$work/second.txt"
routes=$root/bench/github_api.routes
mkdir "$work/empty"
for command in \
  "urnparse --max-line 2K" "urnparse -s --normalize" "urnparse --fail-fast" "urnparse -q" "urnparse --line-buffered" \
  "urnparse --max-line 2K hostile.txt missing.txt second.txt" "urnparse --fail-fast second.txt missing.txt" \
  "urnmatch -f $routes" "urnmatch -a -f $routes" "urnmatch -c -f $routes" "urnmatch -v -c -f $routes" \
  "urnmatch --stats -f $routes" "urnmatch --stats --method GET -f $routes" "urnmatch -q -f $routes" \
  "urnmatch -q -v -f $routes" "urnmatch --fail-fast -f $routes" "urnmatch --fail-fast -c -f $routes" \
  "urnmatch --explain --all-matches -f $routes" "urnmatch --line-buffered -s -f $routes" \
  "urnmatch -c -f $routes hostile.txt missing.txt second.txt" \
  "urnstack -f $routes" "urnstack --frames -f $routes" "urnstack -q -f $routes" "urnstack --fail-fast -f $routes" \
  "urnfmt '{host}{path}'" "urnfmt --errors=row '{host}{nosuch}{route.args.owner}'" "urnfmt --tsv link,host,nosuch" \
  "urnfmt --json --normalize" "urnfmt -q '{host}'" "urnfmt --fail-fast '{host}'" "urnfmt --link /x/:owner --arg owner=o"
do
  index=$((index + 1))
  [ -n "${JOBS_SAMPLE:-}" ] && [ $((index % 2)) -ne 0 ] && continue
  cp "$input" "$work/empty/hostile.txt"
  cp "$work/second.txt" "$work/empty/second.txt"
  check "hostile: $command" "$work/empty" "$input" "$command"
  CHUNKS=700 check "hostile -0: $command" "$work/empty" "$work/hostile.nul" "${command/ / -0 }"
done

# Chunks as read from a large input: each chunk's records are more than the writer's buffer, so
# they go out in one write of their own (after what the writer holds), on a good descriptor, a
# full one, and a reader that goes away after one line. The reader hands on each read's lines
# as one run, cut where a chunk is full; with a small --max-line each line is looked at alone
# (a run could hold an over-long line), and with -0 the whole input is one over-long record.
python3 "$root/bench/gen_links.py" -n 30000 --seed 3 -o "$work/empty/links.txt" > /dev/null 2>&1
for command in "urnmatch -a -f $routes" "urnparse" "urnmatch -a -f $routes > /dev/full" \
  "urnmatch -a -f $routes | head -1" "urnparse --line-buffered | head -3" "urnparse --max-line 80" "urnparse -0"
do
  ONLY_MANY=1 check "large: $command" "$work/empty" "$work/empty/links.txt" "$command"
done

echo "jobs: $pass passed, $fail failed"
[ $fail -eq 0 ]
