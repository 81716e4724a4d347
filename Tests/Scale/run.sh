#!/usr/bin/env bash
# make test-scale (issue 15): the README's scale-out recipes, run for real.
#  - Spark: examples/spark/route_links.py, the script the README shows, on pyspark in local[2]
#    mode with 4 partitions over 200,000 generated links and one bad line: the output equals one
#    process's output in order, the error record comes through, and a table urnmatch cannot read
#    or a tool that is not there fails the job.
#  - Hadoop Streaming cannot be installed here (no Debian or PyPI package): its mapper line runs
#    under the conditions the job gives it instead: tool and table shipped into the working
#    directory (-files), a split on stdin, the status mapped by the [ $? -le 1 ] wrapper.
# Installs what it needs: Java 17 through apt where missing, pyspark into .build/spark-venv.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(cd "${URN_BIN:?set URN_BIN to the folder of the built tools}" && pwd)
sudo=$([ "$(id -u)" -eq 0 ] || echo sudo)
if ! command -v java >/dev/null 2>&1; then
  echo "test-scale: installing openjdk-17-jre-headless"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq openjdk-17-jre-headless >/dev/null
fi
venv="$root/.build/spark-venv"
if ! "$venv/bin/python" -c 'import pyspark' 2>/dev/null; then
  echo "test-scale: installing pyspark 4.0.1 into .build/spark-venv"
  python3 -m venv "$venv" && "$venv/bin/pip" install -q 'pyspark==4.0.1' || { echo "test-scale: pip could not install pyspark"; exit 2; }
fi
export PATH="$venv/bin:$PATH"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0
fail=0
check() { if [ "$1" = ok ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "--- failed: $2"; fi; }

cp "$root/bench/github_api.routes" "$work/app.routes"
python3 "$root/bench/gen_links.py" -n 200000 --seed 5 -o "$work/links.txt" 2>/dev/null
printf '{"link": broken json\n' >> "$work/links.txt"
(cd "$work" && "$bin/urnmatch" -s -a -f app.routes links.txt > single.jsonl)
records=$(wc -l < "$work/links.txt")

# the README's line, verbatim, in a folder with app.routes and links.txt and urnmatch on PATH
readme_line=$(grep -m1 '^spark-submit .*examples/spark/route_links.py' "$root/README.md")
[ -n "$readme_line" ] || { echo "test-scale: the README shows no spark-submit line"; exit 2; }
ln -s "$root/examples" "$work/examples"
(cd "$work" && PATH="$bin:$PATH" eval "$readme_line" > "$work/spark.log" 2>&1)
status=$?
cat "$work"/routed/part-* > "$work/spark.jsonl" 2>/dev/null
out=$(wc -l < "$work/spark.jsonl")
errors=$(grep -c '"error":{' "$work/spark.jsonl")
echo "spark: $records links in 4 partitions, status $status, $out records out, $errors error record(s)"
[ $status -eq 0 ] && cmp -s "$work/spark.jsonl" "$work/single.jsonl" && check ok \
  || { check no "Spark's output is not one process's output, in order"; tail -20 "$work/spark.log"; }
[ "$errors" -eq 1 ] && check ok || check no "the error record of the bad line did not come through Spark"

spark() {  # spark TOOL TABLE OUTPUT: the same script on other arguments
  spark-submit --master 'local[2]' "$root/examples/spark/route_links.py" "$1" "$2" "$work/links.txt" "$3" 4 > "$work/spark.log" 2>&1
}
printf '/a/{id\n' > "$work/bad.routes"
spark "$bin/urnmatch" "$work/bad.routes" "$work/routed-bad"
[ $? -ne 0 ] && check ok || check no "a table urnmatch cannot read did not fail the Spark job"
spark "$work/no-such-urnmatch" "$work/app.routes" "$work/routed-missing"
[ $? -ne 0 ] && check ok || check no "a missing urnmatch did not fail the Spark job"

# Hadoop Streaming's mapper, as the README writes it, in a task's conditions
mapper="sh -c './urnmatch -s -a -f app.routes; [ \$? -le 1 ]'"
task="$work/task"
mkdir -p "$task" && cp "$bin/urnmatch" "$work/app.routes" "$task/"
head -1000 "$work/links.txt" > "$work/split"
(cd "$task" && eval "$mapper" < "$work/split" > "$work/split.out")
[ $? -eq 0 ] && [ "$(wc -l < "$work/split.out")" -eq 1000 ] && check ok || check no "the streaming mapper lost records or failed a good split"
printf 'https://example.com/nothing/here\n' > "$work/split-nomatch"
(cd "$task" && eval "$mapper" < "$work/split-nomatch" > /dev/null)
[ $? -eq 0 ] && check ok || check no "the streaming mapper failed a split in which nothing matched (status 1 must map to 0)"
cp "$work/bad.routes" "$task/app.routes"
(cd "$task" && eval "$mapper" < "$work/split" > /dev/null 2>&1)
[ $? -ne 0 ] && check ok || check no "the streaming mapper did not fail on a table urnmatch cannot read"
echo "scale: $pass passed, $fail failed"
[ $fail -eq 0 ]
