# Shared by the hostile-input cases: run every tool over standard input, each bounded in time,
# and report per tool the exit status, the records out, whether every line is valid JSON, and the
# error codes; the diagnostics go to stderr as usual.
tools=("urnparse" "urnmatch -a -e /x/{y}" "urnstack -e /x/{y}" "urnfmt --normalize --json")
hostile_tmp=$(mktemp -d)
trap 'rm -rf "$hostile_tmp"' EXIT
battery() {
  local input=$1
  for tool in "${tools[@]}"; do
    timeout 20 $tool < "$input" > "$hostile_tmp/out"
    local status=$?
    local valid=yes
    jq -c . "$hostile_tmp/out" > /dev/null 2>&1 || valid=no
    local codes
    codes=$(jq -r 'select(.error) | .error.code' "$hostile_tmp/out" 2>/dev/null | sort | uniq -c | awk '{printf "%s×%s ", $2, $1}')
    echo "${tool%% *}: status $status, records $(wc -l < "$hostile_tmp/out"), valid JSON $valid, errors: ${codes:-none}"
  done
}

# one_record_each INPUT TEXT? COMMAND...: runs COMMAND over INPUT and prints one line saying
# whether it wrote exactly one record (a valid JSON line, or with TEXT=text any line) per input
# line and exited 0, 1 or 2 (not a crash).
one_record_each() {
  local input=$1 kind=$2
  shift 2
  timeout 60 "$@" < "$input" > "$hostile_tmp/out" 2> /dev/null
  local status=$? in out valid=yes
  in=$(wc -l < "$input")
  out=$(wc -l < "$hostile_tmp/out")
  if [ "$kind" = json ]; then
    jq -c . "$hostile_tmp/out" > /dev/null 2>&1 || valid=no
    [ "$(jq -c . "$hostile_tmp/out" 2>/dev/null | wc -l)" = "$out" ] || valid=no
  fi
  local verdict=ok
  { [ "$in" = "$out" ] && [ $valid = yes ] && [ $status -le 2 ]; } || verdict="FAILED: $in in, $out out, valid $valid, status $status"
  echo "$*: $verdict"
}
