#!/bin/sh
# Builds the two Compass oracle harnesses from an unmodified Compass 6.0.0 checkout.
# usage: build.sh COMPASS_CHECKOUT OUTDIR      (needs swiftc 6.3.1 on PATH or SWIFTC=...)
set -eu
SRC="$1/Sources"
OUT="$2"
HERE="$(cd "$(dirname "$0")" && pwd)"
SWIFTC="${SWIFTC:-swiftc}"
mkdir -p "$OUT"
# Compass's Foundation-only files, unchanged (TypeAlias.swift imports UIKit: replaced by Stubs.swift).
LIB="$SRC/Navigator.swift $SRC/Location.swift $SRC/String+Extensions.swift $SRC/Utilities.swift $SRC/Router.swift"
FLAGS="-swift-version 4.2 -Onone -suppress-warnings -module-name CompassOracle"
"$SWIFTC" $FLAGS $LIB "$HERE/harness/Stubs.swift" "$HERE/harness/main.swift" -o "$OUT/compass-foundation"
"$SWIFTC" $FLAGS $LIB "$HERE/harness/Stubs.swift" "$HERE/harness/CFURLShim.swift" "$HERE/harness/main.swift" -o "$OUT/compass-cfurl"
