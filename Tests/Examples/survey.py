#!/usr/bin/env python3
"""Surveys `urnmatch --examples` over every route table the repository has.

For each table it runs `urnmatch --examples` (and, when some example does not land on its
route, `urnmatch --check --json` on the same table) and sorts every route into one of:

  landed       the example link lands on the route it was made for
  shadowed     it lands on another route, and --check lists that route in a finding on this
               one whose code says it can never win (duplicate, shadowed, replaced, and
               OpenAPI's equivalent-paths, which names the earlier path by its line)
  unexplained  it lands on another route or on none, and no such finding explains it
  none         no link could be made (`example.none` says why)

A table urnmatch refuses to load (--examples exits 2 with no output) is skipped, and counted
and listed apart.

The tables (paths from the repository's root):
  examples      examples/*: the route files, the OpenAPI document, the apple-app-site-association
                file (with --host example.com) and the Android manifest, each read as the golden
                cases read it (their @dialect lines say the dialect)
  bench         bench/github_api.routes and bench/routes_gitlab.txt (the copies of ../shared/bench/)
  conformance/  Tests/Fixtures/conformance/{compass,urlnavigator,waapprouting}.jsonl: each line
                with patterns is a table as DialectConformanceTests.swift builds it (the file's
                dialect, config.scheme, config.delimiter, one route a pattern in order, no
                target); identical tables once
  derived/      Tests/Fixtures/derived/*.jsonl: each line's `table` in the file's dialect, with
                its options (caseInsensitive: -i, mergeQuery: --merge-query); identical tables once
  oracle/       Tests/Fixtures/oracle/*/cases.jsonl: each group that is not `refused`, its
                routes/table/manifest and options written as Tests/Oracle/replay.py writes them;
                identical tables once

Usage: survey.py --bin DIR [--list] [--keep DIR]
  --list      also list the routes whose example lands elsewhere (unexplained and shadowed)
  --keep DIR  write the generated tables there (one folder a table) to reproduce a finding

Status: 1 when routes with no link make 1 in 200 of all routes or more (issue 57's bar), else 0
(2 for a usage error or a binary that cannot run). The unexplained landings are listed, not
failed: most are routes that cannot win where --check finds nothing (an Express route after a
regex path that takes its links, a Compass literal a URL cannot hold, an Android filter an
earlier one covers), and a few are routes the generator has not found a link for.
"""
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, OrderedDict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SHARED_BENCH = os.path.join(ROOT, "bench")

# --check codes that say a route can never win against the route the finding names beside it
NEVER_WINS = {"duplicate", "shadowed", "replaced", "equivalent-paths"}
THRESHOLD = 200  # fail at none >= 1 in THRESHOLD routes
# --check compares routes pair by pair and takes minutes over a few thousand routes in a debug
# build (routes_gitlab.txt: 3,562): a line-based table with more routes than this is checked in
# pieces that hold only the routes whose examples went astray and the routes they landed on
BIG_TABLE = 400
PAIRS_A_PIECE = 100


class Table:
    """One table to survey: either a file of the repository or generated files."""

    def __init__(self, source, label, args, path=None, files=None, key=None):
        self.source = source  # the row of the report
        self.label = label  # where it comes from, to find it again
        self.args = list(args)  # the table options (dialect, scheme, host, ...)
        self.path = path  # a file of the repository (relative to ROOT), or
        self.files = files  # {file name: text} to write in a temporary folder; the first is -f
        self.key = key  # identity for deduplication
        self.also = 0  # how many more fixture lines give the same table

    def describe(self):
        more = f" (+{self.also} identical)" if self.also else ""
        opts = f" [{' '.join(self.args)}]" if self.args else ""
        return f"{self.label}{more}{opts}"


# ---------------------------------------------------------------------------------------------
# the tables


def example_tables():
    out = []
    for path, args in [
        ("examples/check.routes", []),
        ("examples/express/forum.routes", []),  # @dialect express
        ("examples/github/api.routes", []),
        ("examples/navigator/app.routes", []),  # @dialect navigator
        ("examples/waap/app.routes", []),  # @dialect waap
        ("examples/photofeed/app.routes", []),  # @dialect compass, @scheme photofeed
        ("examples/openapi/api.yaml", []),
        ("examples/applinks/apple-app-site-association", ["--host", "example.com"]),
        ("examples/applinks/AndroidManifest.xml", []),
    ]:
        out.append(Table("examples", path, args, path=path))
    return out


def bench_tables():
    out = []
    for name in ("github_api.routes", "routes_gitlab.txt"):
        path = os.path.relpath(os.path.join(SHARED_BENCH, name), ROOT)
        out.append(Table("bench", path, [], path=path))
    return out


def jsonl(path):
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            if raw.strip():
                yield number, json.loads(raw)


def conformance_tables():
    out = []
    base = os.path.join(ROOT, "Tests", "Fixtures", "conformance")
    for file, dialect in (("compass.jsonl", "compass"), ("urlnavigator.jsonl", "navigator"),
                          ("waapprouting.jsonl", "waap")):
        for number, case in jsonl(os.path.join(base, file)):
            patterns = case.get("patterns") or []
            if not patterns:
                continue  # no table (normalize, query, stack cases...)
            config = case.get("config") or {}
            # as DialectConformanceTests.run: the file's dialect, config's scheme and delimiter
            # (default ':'), route N is pattern N with no target; given as options so that the
            # table's lines are the patterns' numbers
            args = ["--dialect", dialect, "--delimiter", config.get("delimiter", ":")]
            if config.get("scheme") is not None:
                args += ["--scheme", config["scheme"]]
            text = "".join(json.dumps({"pattern": p, "target": None}, ensure_ascii=False) + "\n" for p in patterns)
            out.append(Table(f"conformance/{dialect}", f"conformance/{file}:{number}", args,
                             files={"table.jsonl": text}, key=(text, tuple(args))))
    return out


def derived_tables():
    out = []
    base = os.path.join(ROOT, "Tests", "Fixtures", "derived")
    for dialect in ("compass", "navigator", "waap", "express"):
        file = f"{dialect}.jsonl"
        for number, case in jsonl(os.path.join(base, file)):
            options = case.get("options") or {}
            args = ["--dialect", dialect]
            if options.get("caseInsensitive"):
                args.append("-i")
            if options.get("mergeQuery"):
                args.append("--merge-query")
            text = case["table"]
            if not text.endswith("\n"):
                text += "\n"
            out.append(Table(f"derived/{dialect}", f"derived/{file}:{number}", args,
                             files={"table.routes": text}, key=(text, tuple(args))))
    return out


def oracle_files(group):
    """The table files of an oracle group, as Tests/Oracle/replay.py writes them."""
    if "manifest" in group:
        return {"AndroidManifest.xml": group["manifest"]}
    if "table" in group:
        return {"table.routes": group["table"]}
    return {"table.jsonl": "".join(json.dumps(route, ensure_ascii=False) + "\n" for route in group["routes"])}


def oracle_tables():
    out = []
    base = os.path.join(ROOT, "Tests", "Fixtures", "oracle")
    for library in ("compass", "navigator", "express", "android", "waap"):
        for number, group in jsonl(os.path.join(base, library, "cases.jsonl")):
            if group.get("refused"):
                continue
            files = oracle_files(group)
            args = group.get("options", [])
            out.append(Table(f"oracle/{library}", f"oracle/{library} {group['id']}", args, files=files,
                             key=(tuple(files.items()), tuple(args))))
    return out


def dedupe(tables):
    seen = OrderedDict()
    for table in tables:
        key = (table.source, table.key) if table.key is not None else id(table)
        if key in seen:
            seen[key].also += 1
        else:
            seen[key] = table
    return list(seen.values())


# ---------------------------------------------------------------------------------------------
# running urnmatch


def run(binary, table, cwd, file_arg, *mode):
    proc = subprocess.run([binary, *mode, "-f", file_arg, *table.args], cwd=cwd, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")


def parse_lines(text):
    records = []
    for line in text.splitlines():
        if line.strip():
            records.append(json.loads(line))
    return records


def survey_table(binary, table, keep):
    """Runs one table: a dict with the routes sorted, or refused."""
    tmp = None
    try:
        if table.path is not None:
            cwd, file_arg = ROOT, table.path
        else:
            if keep:
                cwd = os.path.join(keep, re.sub(r"[^A-Za-z0-9._-]+", "_", table.label))
                os.makedirs(cwd, exist_ok=True)
            else:
                cwd = tmp = tempfile.mkdtemp(prefix="urn-survey-")
            for name, text in table.files.items():
                with open(os.path.join(cwd, name), "w", encoding="utf-8") as f:
                    f.write(text)
            file_arg = next(iter(table.files))
        status, out, err = run(binary, table, cwd, file_arg, "--examples")
        if status == 2 and not out.strip():
            return {"refused": (err.strip().splitlines() or ["(no message)"])[0]}
        records = [r for r in parse_lines(out) if r.get("example", {}).get("kind") == "hit"]
        findings = []
        astray = [r for r in records if r["link"] is None or not r["example"]["landed"]]
        if astray and len(records) > BIG_TABLE and line_based(file_arg):
            findings = check_in_pieces(binary, table, os.path.join(cwd, file_arg), astray)
        elif astray:
            _, check_out, _ = run(binary, table, cwd, file_arg, "--check", "--json")
            findings = parse_lines(check_out)
        return {"routes": classify(records, findings), "status": status,
                "cwd": cwd if keep and table.path is None else None}
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)


def line_based(file_arg):
    """Whether the table is a route file (one route a line), not an app-link file or OpenAPI."""
    name = os.path.basename(file_arg)
    return name not in ("AndroidManifest.xml", "apple-app-site-association") \
        and not name.endswith((".yaml", ".yml", ".json", ".xml"))


def check_in_pieces(binary, table, path, astray):
    """--check --json over copies of a route file that keep its directives and, in their places
    (every other line left blank, so line numbers stay), only some routes whose examples went
    astray and the routes they landed on. A pair finding depends on its two routes and their
    order alone, so each finding of a piece is one of the whole table's; findings against
    routes left out of the piece are missed."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    pairs = []
    for record in astray:
        wanted = {record["example"]["for"]["line"]}
        if record.get("route"):
            wanted.add(record["route"]["line"])
        pairs.append(wanted)
    findings = []
    tmp = tempfile.mkdtemp(prefix="urn-survey-check-")
    try:
        for start in range(0, len(pairs), PAIRS_A_PIECE):
            keep = set().union(*pairs[start:start + PAIRS_A_PIECE])
            piece = [line if (number in keep or line.lstrip().startswith("@")) else ""
                     for number, line in enumerate(lines, 1)]
            name = os.path.basename(path)
            with open(os.path.join(tmp, name), "w", encoding="utf-8") as f:
                f.write("\n".join(piece))
            _, out, _ = run(binary, table, tmp, name, "--check", "--json")
            findings += parse_lines(out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return findings


def classify(records, findings):
    """(class, record, detail, related findings) for each route, in table order.

    A route is its line and pattern (a waap chain registers several patterns on one line). A
    finding names its routes the same way; where a finding's route has no record of that
    line and pattern (a pattern written another way), it stands for its whole line."""
    known = set()
    for record in records:
        origin = record["example"]["for"]
        known.add((origin["line"], origin["pattern"]))
        if record.get("route"):
            known.add((record["route"].get("line"), record["route"].get("pattern")))

    def ident(route):
        key = (route.get("line"), route.get("pattern"))
        return key if key in known else (key[0], None)

    # (code, the route's identity, the identities of the routes it names beside it)
    notes = []
    for finding in findings:
        routes = finding.get("routes") or []
        if not routes:
            continue  # a line that declares no route
        others = [ident(r) for r in routes[1:]]
        if finding["code"] == "equivalent-paths":
            others += [(int(n), None) for n in re.findall(r"\(line (\d+)\)", finding.get("message", ""))]
        notes.append((finding["code"], ident(routes[0]), others))

    def same(a, b):
        return a[0] == b[0] and (a[1] is None or b[1] is None or a[1] == b[1])

    out = []
    seen = set()
    for record in records:
        example = record["example"]
        origin = example["for"]
        me = (origin["line"], origin["pattern"])
        key = (me, record.get("method"))
        if key in seen:
            continue  # --per-route 1: one a route; keep the first should a route give more
        seen.add(key)
        route = record.get("route")
        related = [(code, others) for code, who, others in notes if same(who, me)]
        if record["link"] is None:
            out.append(("none", record, example.get("none") or "(no reason given)", related))
        elif example["landed"]:
            out.append(("landed", record, None, related))
        elif route is not None and (route.get("line"), route.get("pattern")) != me and any(
                code in NEVER_WINS and any(same(o, (route.get("line"), route.get("pattern"))) for o in others)
                for code, others in related):
            out.append(("shadowed", record, None, related))
        else:
            out.append(("unexplained", record, None, related))
    return out


def never_wins_elsewhere(related):
    """Whether --check says the route can never win, against some route (not where it landed)."""
    return any(code in NEVER_WINS for code, _ in related)


# ---------------------------------------------------------------------------------------------
# the report


def landing(record):
    route = record.get("route")
    if route is None:
        return "lands nowhere"
    where = f"line {route.get('line')} {route.get('pattern')!r}"
    origin = record["example"]["for"]
    if (route.get("line"), route.get("pattern")) == (origin["line"], origin["pattern"]):
        return f"lands on its own route ({where}) but landed=false"
    return f"lands on {where}"


def show_related(related):
    if not related:
        return ""

    def names(others):
        return ",".join(f"{line}" + (f" {pattern!r}" if pattern is not None else "") for line, pattern in others)

    return "  [check: " + ", ".join(code + (f"(line {names(others)})" if others else "") for code, others in related) + "]"


def main(argv):
    bindir = None
    show_shadowed = False
    keep = None
    args = iter(argv)
    for arg in args:
        if arg == "--bin":
            bindir = next(args, None)
        elif arg == "--list":
            show_shadowed = True
        elif arg == "--keep":
            keep = os.path.abspath(next(args, ""))
        elif arg in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            print(f"survey.py: unknown argument {arg!r}", file=sys.stderr)
            return 2
    if not bindir:
        print("usage: survey.py --bin DIR [--list] [--keep DIR]", file=sys.stderr)
        return 2
    built = os.path.join(os.path.abspath(bindir), "urnmatch")
    if not os.access(built, os.X_OK):
        print(f"survey.py: no urnmatch in {bindir}", file=sys.stderr)
        return 2
    # a copy, so that a build replacing the binary meanwhile neither fails a run (ETXTBSY) nor
    # mixes two builds' answers
    snapshot = tempfile.mkdtemp(prefix="urn-survey-bin-")
    try:
        binary = copy_binary(built, snapshot)
        return survey(binary, built, show_shadowed, keep)
    finally:
        shutil.rmtree(snapshot, ignore_errors=True)


def copy_binary(built, folder):
    """A copy of the binary that runs, taken when no build is writing it."""
    binary = os.path.join(folder, "urnmatch")
    for attempt in range(30):
        try:
            before = os.stat(built).st_mtime_ns
            shutil.copy2(built, binary)
            if os.stat(built).st_mtime_ns == before and \
                    subprocess.run([binary, "--help"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
                return binary
        except OSError:
            pass
        time.sleep(2)
    raise SystemExit(f"survey.py: cannot copy a working {built}")


def survey(binary, built, show_shadowed, keep):
    print(f"urnmatch: {built} (built {time.strftime('%Y-%m-%d %H:%M:%S', time.localtime(os.stat(binary).st_mtime))})\n")

    raw = example_tables() + bench_tables() + conformance_tables() + derived_tables() + oracle_tables()
    lines = Counter(t.source for t in raw)
    tables = dedupe(raw)
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda t: survey_table(binary, t, keep), tables))

    sources = list(OrderedDict.fromkeys(t.source for t in tables))
    columns = ("routes", "landed", "shadowed", "unexplained", "none")
    counts = {s: Counter() for s in sources}
    refused = []
    listed = {"none": [], "unexplained": [], "shadowed": []}
    reasons = Counter()
    for table, result in zip(tables, results):
        c = counts[table.source]
        c["tables"] += 1
        if "refused" in result:
            c["refused"] += 1
            refused.append((table, result["refused"]))
            continue
        for cls, record, detail, related in result["routes"]:
            c["routes"] += 1
            c[cls] += 1
            if cls == "none":
                reasons[detail] += 1
            if cls in listed:
                listed[cls].append((table, record, detail, related))
            if cls == "unexplained":
                c["nowhere"] += record.get("route") is None
                c["never-wins"] += never_wins_elsewhere(related)

    total = Counter()
    for c in counts.values():
        total.update(c)
    width = max(len(s) for s in sources + ["total"])
    print(f"{'source':<{width}}  {'lines':>5} {'tables':>6} {'refused':>7} " + " ".join(f"{c:>11}" for c in columns))
    for source in sources + ["total"]:
        c = total if source == "total" else counts[source]
        n = sum(lines.values()) if source == "total" else lines[source]
        print(f"{source:<{width}}  {n:>5} {c['tables']:>6} {c['refused']:>7} " + " ".join(f"{c[k]:>11}" for k in columns))
    bad = total["none"]
    ratio = bad / total["routes"] if total["routes"] else 0.0
    print(f"\nunexplained: {total['nowhere']} land on no route; {total['never-wins']} are routes --check says can "
          f"never win, against a route other than the one their example landed on")
    print(f"no link: {bad} of {total['routes']} routes = {100 * ratio:.2f}% "
          f"(limit: under 1 in {THRESHOLD} = {100 / THRESHOLD:.2f}%)")

    if reasons:
        print("\nreasons for no link:")
        for reason, n in reasons.most_common():
            print(f"  {n:5d}  {reason}")

    def listing(cls, title):
        entries = listed[cls]
        print(f"\n{title} ({len(entries)}):")
        for table, record, detail, related in entries:
            origin = record["example"]["for"]
            method = f" {record['method']}" if record.get("method") else ""
            where = f"{table.describe()} line {origin['line']} {origin['pattern']!r}"
            if cls == "none":
                print(f"  {where}: {detail}{show_related(related)}")
            else:
                print(f"  {where}:{method} {record['link']} {landing(record)}{show_related(related)}")

    listing("none", "routes with no link")
    if show_shadowed:
        listing("unexplained", "routes whose example lands elsewhere, unexplained")
        listing("shadowed", "routes shadowed (a --check finding says they can never win)")
    print(f"\ntables refused ({len(refused)}):")
    for table, why in refused:
        print(f"  {table.describe()}: {why}")
    return 1 if bad * THRESHOLD >= total["routes"] and bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
