# Shared by the hostile-input cases: run every tool over standard input, each bounded in time,
# and report per tool the exit status, the records out, whether every line is valid JSON, and the
# error codes; the diagnostics go to stderr as usual.
tools=("urnparse" "urnmatch -a -e /x/{y}" "urnstack -e /x/{y}" "urnfmt --normalize --json")
battery() {
  local input=$1
  for tool in "${tools[@]}"; do
    timeout 20 $tool < "$input" > /tmp/urn-hostile.out
    local status=$?
    local valid=yes
    jq -c . /tmp/urn-hostile.out > /dev/null 2>&1 || valid=no
    local codes
    codes=$(jq -r 'select(.error) | .error.code' /tmp/urn-hostile.out 2>/dev/null | sort | uniq -c | awk '{printf "%s×%s ", $2, $1}')
    echo "${tool%% *}: status $status, records $(wc -l < /tmp/urn-hostile.out), valid JSON $valid, errors: ${codes:-none}"
  done
  rm -f /tmp/urn-hostile.out
}
