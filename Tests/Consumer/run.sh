#!/usr/bin/env bash
# The consumer test (issue 40): builds Tests/Consumer against urn as a versioned remote
# dependency and checks what it prints. The checkout's HEAD is cloned into a temporary folder and
# tagged 0.1.0; the consumer names the clone by a file:// URL, which SwiftPM resolves as it
# resolves a package on a server, refusing unsafe flags. Commit before running: the clone holds
# what HEAD holds.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/urn"
git -C "$work/urn" tag 0.1.0
mkdir "$work/consumer"
cp -R "$here/Package.swift" "$here/Sources" "$work/consumer/"
cd "$work/consumer"
export URN_URL="file://$work/urn"
if ! swift build 2>"$work/build.log" >/dev/null; then
  cat "$work/build.log" >&2
  echo "consumer: the build failed"
  exit 1
fi
"$(swift build --show-bin-path)/RouteLinks" "$root/examples/navigator/app.routes" \
  myapp://user/42 myapp://user/devxoul "myapp://post/Hello%20World" "myapp://alert?title=Hello&message=World" \
  yourapp://user/42 >"$work/actual.txt"
if diff -u "$here/expected.txt" "$work/actual.txt"; then
  echo "consumer: 1 passed, 0 failed"
else
  echo "consumer: 0 passed, 1 failed"
  exit 1
fi
