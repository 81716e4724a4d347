#!/usr/bin/env bash
# make demo: the toolkit over the bundled examples. $1 is the folder of the built tools.
set -u
bin=$(cd "${1:?usage: demo.sh BIN}" && pwd)
cd "$(dirname "$0")"
export PATH="$bin:$PATH"
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then
  step() { printf '\n\033[1m$ %s\033[0m\n' "$*"; }
else
  step() { printf '\n$ %s\n' "$*"; }
fi
run() { step "$*"; bash -c "$*"; }

echo "== PhotoFeed, the Compass tutorial app (photofeed/app.routes, dialect compass)"
run "urnparse --scheme photofeed -s photofeed/links.txt"
run "urnmatch -f photofeed/app.routes -a -s photofeed/links.txt"
run "urnmatch -f photofeed/app.routes --field aps.urn -a -s photofeed/pushes.jsonl"
run "urnmatch -f photofeed/app.routes --stats -s photofeed/links.txt"
run "urnparse -s --scheme photofeed photofeed/links.txt | urnmatch -s -f photofeed/app.routes -a | urnstack -s -f photofeed/app.routes | urnfmt -s --tsv 'link,route.target,route.args.userId,route.args.postId,route.args.mediaId'"

echo
echo "== URLNavigator (navigator/app.routes, dialect navigator)"
run "urnmatch -f navigator/app.routes -v --explain navigator/links.txt"

echo
echo "== WAAppRouting (waap/app.routes, dialect waap)"
run "urnmatch -f waap/app.routes -a waap/links.txt"
run "urnstack -f waap/app.routes --frames waap/links.txt"
run "urnstack -f waap/app.routes --from app://list/3 waap/links.txt"

echo
echo "== The GitHub REST API table"
run "urnmatch -f github/api.routes -a --explain github/links.txt"
run "urnmatch -f github/api.routes --check && echo 'github/api.routes: no findings'"
run "urnparse -s github/links.txt | urnmatch -f github/api.routes | urnstack -f github/api.routes"

echo
echo "== A forum's Express routes (express/forum.routes, dialect express)"
run "urnmatch -f express/forum.routes -a express/links.txt"
run "urnmatch -f express/forum.routes -v --explain express/links.txt"
run "urnmatch -f express/forum.routes --stats express/links.txt"

echo
echo "== Universal Links and App Links (applinks/: an apple-app-site-association file and a manifest)"
run "urnmatch -f applinks/apple-app-site-association --host photofeed.example.com -a applinks/links.txt"
run "urnmatch -f applinks/AndroidManifest.xml -a applinks/links.txt"
run "urnmatch -f applinks/apple-app-site-association --host photofeed.example.com -v --explain applinks/links.txt | head -2"
run "urnmatch --check -f applinks/apple-app-site-association; urnmatch --check -f applinks/AndroidManifest.xml --host photofeed.example.com; true"
echo
echo "== An API description as a route table (openapi/api.yaml, OpenAPI 3.0)"
run "urnmatch -f openapi/api.yaml --method-field method -a openapi/requests.jsonl"
run "urnmatch -f openapi/api.yaml --method-field method -v --explain openapi/requests.jsonl"
run "urnmatch -f openapi/api.yaml --method-field method --stats openapi/requests.jsonl"
run "urnmatch --check -f openapi/api.yaml && echo 'openapi/api.yaml: no findings'"
echo "== A server's access log through the same description (openapi/access.log)"
run "urnparse --log combined openapi/access.log | urnmatch -f openapi/api.yaml --method-field method --stats"
exit 0
