#!/usr/bin/env bash
# make demo: the toolkit over the bundled examples. $1 is the folder of the built tools.
set -u
bin=$(cd "${1:?usage: demo.sh BIN}" && pwd)
cd "$(dirname "$0")/photofeed"
export PATH="$bin:$PATH"
step() { printf '\n\033[1m$ %s\033[0m\n' "$*"; }
[ -t 1 ] && [ -z "${NO_COLOR:-}" ] || step() { printf '\n$ %s\n' "$*"; }

echo "PhotoFeed (the Compass tutorial app): its deep links, split into parts."
step "grep -v '^#' links.txt | urnparse --scheme photofeed -q"
grep -v '^#' links.txt | urnparse --scheme photofeed -q
echo "(exit status $? : some links are broken; each has an error record with its code)"

step "urnparse --field aps.urn -q pushes.jsonl     # links inside push payloads"
urnparse --field aps.urn -q pushes.jsonl

step "grep -v '^#' links.txt | urnparse --scheme photofeed 2>&1 >/dev/null   # diagnostics only"
grep -v '^#' links.txt | urnparse --scheme photofeed 2>&1 >/dev/null
exit 0
