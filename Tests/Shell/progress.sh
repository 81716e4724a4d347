#!/usr/bin/env bash
# --progress (issue 15): in a terminal (tmux) each tool shows records, rate and the share of the
# file read on one stderr line while it works, and replaces it at the end with a summary
# (records, errors, time: issue 38); with stderr not a
# terminal, or without the flag, it prints nothing; stdout is never touched.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(cd "${URN_BIN:?set URN_BIN}" && pwd)
work=$(mktemp -d)
session="urn-progress-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null; rm -rf "$work"' EXIT
python3 "$root/bench/gen_links.py" -n 150000 --seed 4 -o "$work/links.txt" 2>/dev/null
routes="$root/bench/github_api.routes"
pass=0
fail=0
check() { if [ "$1" = ok ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "--- failed: $2"; fi; }

for command in "urnparse" "urnmatch -f $routes" "urnstack -f $routes" "urnfmt {host}{path}"; do
  name=${command%% *}
  tmux new-session -d -s "$session" -x 150 -y 5 \
    "$bin/$command --progress $work/links.txt > $work/$name.out; echo \"done \$?\" > $work/$name.status; sleep 60"
  seen=""
  for _ in $(seq 1 40); do
    sleep 0.25
    line=$(tmux capture-pane -p -t "$session" | head -1)
    case "$line" in "$name: "*" records, "*"/s, "*"% read") seen=$line; break ;; esac
    [ -f "$work/$name.status" ] && break
  done
  while [ ! -f "$work/$name.status" ]; do sleep 0.2; done
  sleep 0.3
  after=$(tmux capture-pane -p -t "$session" | head -1)
  tmux kill-session -t "$session"
  [ -n "$seen" ] && check ok || check no "$name --progress showed no progress line in a terminal"
  case "$after" in "$name: 150,000 records, 0 errors, "*" s") check ok ;;
    *) check no "$name --progress ended with '$after', not its summary line" ;; esac
  [ "$(wc -l < "$work/$name.out")" -gt 0 ] && check ok || check no "$name wrote no records"
  # not a terminal: nothing on stderr, and stdout as without the flag
  $bin/$command --progress "$work/links.txt" > "$work/$name.piped" 2> "$work/$name.err"
  [ ! -s "$work/$name.err" ] && cmp -s "$work/$name.piped" "$work/$name.out" && check ok \
    || check no "$name --progress with stderr not a terminal wrote to stderr or changed stdout"
done
echo "progress: $pass passed, $fail failed"
[ $fail -eq 0 ]
