#!/bin/sh
# Builds the two URLNavigator oracle harnesses from an unmodified URLNavigator 2.5.1 checkout
# (commit b881f23dc3b381986ed6cf76da8e426ce5c8a7ee).
# usage: build.sh URLNAVIGATOR_CHECKOUT OUTDIR     (swiftc 6.3.1 on PATH, or SWIFTC=...)
set -eu
SRC="$1/Sources/URLMatcher"
OUT="$2"
HERE="$(cd "$(dirname "$0")" && pwd)"
SWIFTC="${SWIFTC:-swiftc}"
mkdir -p "$OUT"
# The five Foundation-only files, unchanged.
LIB="$SRC/URLConvertible.swift $SRC/URLMatchResult.swift $SRC/URLMatcher.swift $SRC/URLPatchComponentMatchResult.swift $SRC/URLPathComponent.swift"
FLAGS="-swift-version 5 -Onone -suppress-warnings -module-name NavigatorOracle"
"$SWIFTC" $FLAGS $LIB "$HERE/harness/main.swift" -o "$OUT/navigator-foundation"
"$SWIFTC" $FLAGS $LIB "$HERE/harness/CFURLShim.swift" "$HERE/harness/main.swift" -o "$OUT/navigator-cfurl"
