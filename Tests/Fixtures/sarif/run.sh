#!/bin/bash
# urnmatch --check --sarif over tables with findings, with none and with errors, each log
# validated against the SARIF 2.1.0 schema; the invalid sample must fail (make test-sarif).
# Usage: run.sh BIN PYTHON (BIN: the folder of the built tools; PYTHON: one with jsonschema)
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
bin=$1 python=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
check() {  # NAME EXPECTED-STATUS ARGS...
  local name=$1 status=$2; shift 2
  "$bin/urnmatch" --check --sarif "$@" > "$work/$name.sarif" 2>/dev/null
  local got=$?
  if [ "$got" != "$status" ]; then
    echo "sarif: $name: urnmatch exited $got, not $status"; fail=$((fail + 1)); return
  fi
  if "$python" "$here/validate.py" "$work/$name.sarif" > "$work/$name.out" 2>&1; then
    pass=$((pass + 1))
  else
    echo "sarif: $name: not valid SARIF 2.1.0"; cat "$work/$name.out"; fail=$((fail + 1))
  fi
}
check findings 1 -f "$root/examples/check.routes"
check clean 0 -e '/users/:id User' --dialect express
check applinks 1 -f "$root/examples/applinks/apple-app-site-association"
# association files: errors, warnings and notes (level note) beside a table's warnings
check association 2 -f "$root/Tests/CLITests/cases/association-checks/assetlinks-broken.json" \
  -f "$root/Tests/CLITests/cases/association-checks/Cross.entitlements"
printf '/a/{x\n' > "$work/bad.routes"
check errors 2 -f "$work/bad.routes"
if "$python" "$here/validate.py" "$here/sample-invalid.sarif" > /dev/null 2>&1; then
  echo "sarif: the invalid sample passed the validator"; fail=$((fail + 1))
else
  pass=$((pass + 1))
fi
echo "sarif: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
