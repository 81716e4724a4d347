#!/bin/sh
# Compiles the assetlinks oracle against AOSP's own sources.
# Usage: build.sh AOSP_DIR OUTDIR
#   AOSP_DIR holds the AOSP files named in README.md ("AOSP files"), laid out as
#     AOSP_DIR/frameworks-base/<path in platform/frameworks/base>
#     AOSP_DIR/libcore/<path in platform/libcore>
set -eu
aosp=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
fb="$aosp/frameworks-base"
lc="$aosp/libcore"
ss="$fb/packages/StatementService/src/com/android/statementservice/retriever"
mkdir -p "$out/classes"
javac -nowarn -encoding UTF-8 -d "$out/classes" \
  --add-exports java.base/sun.net.util=ALL-UNNAMED \
  "$lc/json/src/main/java/org/json/JSON.java" \
  "$lc/json/src/main/java/org/json/JSONArray.java" \
  "$lc/json/src/main/java/org/json/JSONException.java" \
  "$lc/json/src/main/java/org/json/JSONObject.java" \
  "$lc/json/src/main/java/org/json/JSONStringer.java" \
  "$lc/json/src/main/java/org/json/JSONTokener.java" \
  "$lc/luni/src/main/java/libcore/internal/StringPool.java" \
  "$fb/core/java/android/util/JsonReader.java" \
  "$fb/core/java/android/util/JsonScope.java" \
  "$fb/core/java/android/util/JsonToken.java" \
  "$fb/core/java/android/util/MalformedJsonException.java" \
  "$ss/AbstractAsset.java" \
  "$ss/AndroidAppAsset.java" \
  "$ss/AssetFactory.java" \
  "$ss/AssetJsonWriter.java" \
  "$ss/AssociationServiceException.java" \
  "$ss/DynamicAppLinkComponent.java" \
  "$ss/JsonParser.java" \
  "$ss/Relation.java" \
  "$ss/Statement.java" \
  "$ss/WebAsset.java" \
  $(find "$here/stubs" "$here/port" -name '*.java' | sort) \
  "$here/DomainCollector.java" \
  "$here/AssetLinksOracle.java"
echo "built: java --add-exports java.base/sun.net.util=ALL-UNNAMED -cp $out/classes AssetLinksOracle"
