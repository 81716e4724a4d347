#!/bin/sh
# Compiles the oracle harness against AOSP's own PatternMatcher.java and UriCodec.java.
# Usage: build.sh AOSP_FRAMEWORKS_BASE_CHECKOUT OUTDIR
# (the checkout needs only core/java/android/os/PatternMatcher.java and
#  core/java/android/net/UriCodec.java at the commit named in provenance.json)
set -eu
aosp=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out/classes"
javac -nowarn -encoding UTF-8 -d "$out/classes" \
  "$aosp/core/java/android/os/PatternMatcher.java" \
  "$aosp/core/java/android/net/UriCodec.java" \
  $(find "$here/stubs" -name '*.java' | sort) \
  "$here/AndroidOracle.java"
echo "built: java -cp $out/classes AndroidOracle"
