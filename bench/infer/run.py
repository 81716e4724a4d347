#!/usr/bin/env python3
"""make bench-infer: urnmatch --infer against the tables its traffic came from, beside Drain.

For each table (GitHub, GitLab, bench/infer/tables/*.routes at --sizes; the small-set tables of
bench/infer/smallsets/*.routes at --smallset-sizes) x size x seed: generate traffic
(gen_traffic.py), take each link's true group from the table (score.py), run `urnmatch --infer`
on the links when the binary has it and score the table it writes, and group the same links
with Drain (drain_baseline.py, in a virtual environment made here). Prints a row per run (with
the inferred route count beside the true one), then the worst case over sizes and seeds per
table, the small-set tables' worst case per size, their acceptance (PASS or FAIL a table) and
the reading of their sets of fewer than 40 values, and, when --infer exists, its speed and peak
RSS over --speed-links links. See README.md beside this file for the measures. The exit status
is 0 whatever the figures: the run reports, it does not judge.
"""
import argparse
import json
import os
import subprocess
import sys
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
REPO = os.path.dirname(BENCH)
sys.path.insert(0, HERE)
import gen_traffic  # noqa: E402
import routes as routes_mod  # noqa: E402
import score  # noqa: E402

DRAIN3_VERSION = "0.9.11"
VENV = os.path.join(REPO, ".build", "bench-infer-venv")
WORK = os.path.join(REPO, ".build", "bench-infer")
GNU_TIME = "/usr/bin/time"
ACCEPT_ACCURACY, ACCEPT_F1 = 0.95, 0.90
SMALLSETS = os.path.join(HERE, "smallsets")
# the small-set tables' acceptance: every run's inferred route count within this factor of the
# true one (either way) and its accuracy at least this, for the tables whose sets all have at
# least OPEN_SET values (values by any reading); a table with a smaller set (12 locales, which
# twelve literals can fairly stand for) is reported by the reading its inferred tables take
ACCEPT_SET_ROUTES, ACCEPT_SET_ACCURACY = 1.25, 0.90
OPEN_SET = 40


def tables():
    found = [("github", os.path.join(BENCH, "github_api.routes")),
             ("gitlab", os.path.join(BENCH, "routes_gitlab.txt"))]
    for name in sorted(os.listdir(os.path.join(HERE, "tables"))):
        if name.endswith(".routes"):
            found.append((name[:-len(".routes")], os.path.join(HERE, "tables", name)))
    return found


def smallset_tables():
    """The tables whose placeholders draw from fixed sets (`#gen set` lines), by name."""
    return [(name[:-len(".routes")], os.path.join(SMALLSETS, name))
            for name in sorted(os.listdir(SMALLSETS)) if name.endswith(".routes")]


def set_positions(pattern, sets):
    """{segment index: set name} for the segments of a true pattern that are one placeholder of
    a `#gen set` name alone (`/s/{seller}`: {2: "seller"})."""
    out = {}
    for i, segment in enumerate(routes_mod.strip_origin(pattern).split("/")):
        tokens = routes_mod.tokenize(segment)
        if len(tokens) == 1 and tokens[0].kind == "param" and tokens[0].name in sets:
            out[i] = tokens[0].name
    return out


def link_segments(link):
    """The segments of a link's path, percent-decoded, as a pattern's split on / gives them."""
    path = link.split("://", 1)[-1]
    path = "/" + path.partition("/")[2] if "://" in link else path
    path = path.split("?", 1)[0].split("#", 1)[0]
    while len(path) > 1 and path.endswith("/"):
        path = path[:-1]
    return [urllib.parse.unquote(s) for s in path.split("/")]


def set_readings(sets, links, truth, pattern_pairs):
    """For each value set: its size, the values seen (at a position where the true route has the
    set's placeholder, in a scored link) and the values read as literals (the inferred route that
    takes links of that true route has literal text at that position, as /s/sage-ceramics
    stands where /s/{seller} has {seller})."""
    seen = {name: set() for name in sets}
    positions = {}
    for link, t in zip(links, truth):
        if t is None:
            continue
        if t not in positions:
            positions[t] = set_positions(t, sets)
        if positions[t]:
            segments = link_segments(link)
            for i, name in positions[t].items():
                if i < len(segments):
                    seen[name].add(segments[i])
    literal = {name: set() for name in sets}
    for t, inferred in pattern_pairs:
        at = positions.get(t) or set_positions(t, sets)
        segments = routes_mod.strip_origin(inferred).split("/")
        for i, name in at.items():
            if i < len(segments):
                tokens = routes_mod.tokenize(segments[i])
                if len(tokens) == 1 and tokens[0].kind == "literal":
                    literal[name].add(urllib.parse.unquote(tokens[0].text))
    out = {}
    for name, vs in sets.items():
        values = set(vs.values)
        read = literal[name] & values
        out[name] = {"size": len(values), "seen": len(seen[name] & values), "literal": len(read),
                     "examples": sorted(read)[:5]}
    return out


def reading(r):
    """The reading an inferred table takes of a set: placeholder, literal or mixed."""
    if r["literal"] == 0:
        return "placeholder"
    if r["literal"] >= r["seen"]:
        return "literal"
    return f"mixed ({r['literal']} of {r['seen']} literal)"


def ratio(routes, true):
    """How far the inferred route count is from the true one, either way (1: equal)."""
    if not routes or not true:
        return None
    return max(routes / true, true / routes)


def ensure_venv():
    """The virtual environment with drain3, made (pip, PyPI) when missing or of another version."""
    python = os.path.join(VENV, "bin", "python")
    check = "import importlib.metadata as m, sys; sys.exit(m.version('drain3') != %r)" % DRAIN3_VERSION
    if os.path.exists(python) and subprocess.run([python, "-c", check], stderr=subprocess.DEVNULL).returncode == 0:
        return python
    print(f"bench-infer: installing drain3 {DRAIN3_VERSION} into {os.path.relpath(VENV, REPO)}", flush=True)
    subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    if subprocess.run([os.path.join(VENV, "bin", "pip"), "install", "-q", f"drain3=={DRAIN3_VERSION}"]).returncode:
        raise SystemExit("bench-infer: pip could not install drain3")
    return python


def infer_supported(urnmatch):
    """False when urnmatch refuses --infer as an unknown option (exit 2), as before issue 59."""
    run = subprocess.run([urnmatch, "--infer"], stdin=subprocess.DEVNULL, capture_output=True)
    return not (run.returncode == 2 and b"unknown option" in run.stderr)


def write_links(path, links):
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(links) + "\n")


def reference_links(count, seed):
    """bench/gen_links.py's GitHub links (uniform values and routes, 12% misses): the traffic the
    issue's own Drain figure (about 74%) was measured on, kept beside ours as a reference."""
    run = subprocess.run([sys.executable, os.path.join(BENCH, "gen_links.py"), "-n", str(count),
                          "--seed", str(seed)], capture_output=True, text=True, check=True)
    return run.stdout.splitlines()


def run_infer(urnmatch, links_path, out_path):
    """(seconds, error text or None) of `urnmatch --infer < links > out`."""
    with open(links_path, "rb") as stdin, open(out_path, "wb") as stdout:
        start = time.perf_counter()
        run = subprocess.run([urnmatch, "--infer"], stdin=stdin, stdout=stdout, stderr=subprocess.PIPE)
        seconds = time.perf_counter() - start
    if run.returncode != 0:
        return seconds, f"exit {run.returncode}: {run.stderr.decode(errors='replace').strip()[:200]}"
    return seconds, None


def drain(python, links_path, out_path):
    subprocess.run([python, os.path.join(HERE, "drain_baseline.py"), "--links", links_path,
                    "--groups-out", out_path], check=True)
    with open(out_path) as f:
        data = json.load(f)
    return data["groups"], {int(k): v for k, v in data["templates"].items()}


def fmt(x, digits=3):
    return "n/a" if x is None else f"{x:.{digits}f}"


def speed(urnmatch, count, repeat, work):
    """links/s and peak RSS (MiB, GNU time) of urnmatch --infer over `count` GitHub links read
    `repeat` times in one stream (the streaming rate, and the memory of ten million links)."""
    path = os.path.join(work, f"speed-github-{count}.txt")
    if not os.path.exists(path):
        write_links(path, gen_traffic.generate(os.path.join(BENCH, "github_api.routes"), count, 1)[0])
    argv = [urnmatch, "--infer"]
    if os.path.exists(GNU_TIME):
        argv = [GNU_TIME, "-f", "%M", *argv]
    start = time.perf_counter()
    feed = subprocess.Popen(["cat"] + [path] * repeat, stdout=subprocess.PIPE)
    run = subprocess.run(argv, stdin=feed.stdout, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    feed.stdout.close()
    feed.wait()
    seconds = time.perf_counter() - start
    rss = None
    if argv[0] == GNU_TIME and run.returncode == 0:
        rss = int(run.stderr.decode().strip().splitlines()[-1]) / 1024
    return count * repeat / seconds, rss, run.returncode


def smallset_report(todo, results, has_infer):
    """The small-set tables' worst case per size, their acceptance and the readings of their
    sets of fewer than OPEN_SET values, printed; returned as ({table: PASS or FAIL and why},
    {table: {set: {size: [reading of each seed]}}})."""
    smallsets = [(name, table_sizes) for name, _, table_sizes, has_sets in todo if has_sets]
    if not smallsets:
        return {}, {}

    def worst(rows, key, pick=min):
        values = [r[key] for r in rows if r[key] is not None]
        return pick(values) if values else None

    print()
    print("small-set tables, worst case per size over the seeds (routes: inferred routes that take "
          "the table's links, the most of any seed, against the true count; the largest share of each "
          "set's values read as literals):")
    print(f"{'table':<12} {'links':>7} | {'urn acc':>7} {'urn F1':>6} {'routes':>7} | {'Drain acc':>9} "
          f"{'clusters':>8} | literal values")
    for name, table_sizes in smallsets:
        for size in table_sizes:
            rows = [r for r in results if r["table"] == name and r["links"] == size]
            most = worst(rows, "urn_routes", max)
            true = max(r["true_groups"] for r in rows)
            literal = {}
            for r in rows:
                for set_name, got in (r["sets"] or {}).items():
                    share = got["literal"] / got["seen"] if got["seen"] else 0
                    if set_name not in literal or share > literal[set_name][0]:
                        literal[set_name] = (share, got)
            literal_text = " ".join(f"{n} {g['literal']}/{g['seen']}" for n, (_, g) in literal.items())
            routes = "n/a" if most is None else f"{most}/{true}"
            print(f"{name:<12} {size:>7,} | {fmt(worst(rows, 'urn_accuracy')):>7} {fmt(worst(rows, 'urn_f1')):>6} "
                  f"{routes:>7} | {fmt(worst(rows, 'drain_accuracy')):>9} {worst(rows, 'drain_clusters', max):>8} | "
                  f"{literal_text}")

    acceptance, readings = {}, {}
    print()
    print(f"small-set acceptance (tables whose sets all have >= {OPEN_SET} values): at every size and seed, "
          f"inferred routes within {ACCEPT_SET_ROUTES}x of the true count and accuracy >= {ACCEPT_SET_ACCURACY}")
    for name, table_sizes in smallsets:
        rows = [r for r in results if r["table"] == name]
        sizes_of = {n: g["size"] for r in rows for n, g in (r["sets"] or {}).items()}
        if not has_infer:
            print(f"  {name:<12} n/a (urnmatch has no --infer)")
            continue
        if sizes_of and min(sizes_of.values()) < OPEN_SET:
            small = ", ".join(f"{n} ({k} values)" for n, k in sizes_of.items() if k < OPEN_SET)
            print(f"  {name:<12} not judged: {small} can fairly be read either way (see its reading below)")
            continue
        failed = []
        for r in rows:
            where = f"{r['links']:,} links seed {r['seed']}"
            if r["urn_error"] or r["urn_accuracy"] is None:
                failed.append(f"{where}: no score")
                continue
            far = ratio(r["urn_routes"], r["true_groups"])
            if far is None or far > ACCEPT_SET_ROUTES:
                failed.append(f"{where}: {r['urn_routes']} routes for {r['true_groups']}")
            if r["urn_accuracy"] < ACCEPT_SET_ACCURACY:
                failed.append(f"{where}: accuracy {r['urn_accuracy']:.3f}")
        acceptance[name] = {"pass": not failed, "failures": failed}
        print(f"  {name:<12} {'PASS' if not failed else 'FAIL'}"
              + (f" ({len(failed)} misses; the first: {'; '.join(failed[:3])})" if failed else ""))

    for name, table_sizes in smallsets:
        rows = [r for r in results if r["table"] == name and r["sets"]]
        for set_name in sorted({n for r in rows for n, g in r["sets"].items() if g["size"] < OPEN_SET}):
            by_size = {}
            for size in table_sizes:
                by_size[size] = [reading(r["sets"][set_name]) for r in rows if r["links"] == size]
            kinds = {k for v in by_size.values() for k in v}
            readings.setdefault(name, {})[set_name] = {"by_size": by_size, "same": len(kinds) == 1}
            seeds = ", ".join(str(r["seed"]) for r in rows if r["links"] == table_sizes[0])
            print(f"reading of {name}'s {{{set_name}}} ({rows[0]['sets'][set_name]['size']} values), seeds {seeds}: "
                  + "; ".join(f"{size:,} links: {', '.join(v)}" for size, v in by_size.items())
                  + f" -> {'the same at every size' if len(kinds) == 1 else 'NOT the same at every size'}")
    return acceptance, readings


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True, help="folder with urnmatch")
    ap.add_argument("--sizes", default="1000,5000,50000",
                    help="link counts for GitHub, GitLab and tables/*.routes")
    ap.add_argument("--smallset-sizes", default="1000,10000,100000",
                    help="link counts for smallsets/*.routes (empty: none of them)")
    ap.add_argument("--seeds", default="1,2,3")
    ap.add_argument("--tables", default="", help="names to run, comma-separated (default: all)")
    ap.add_argument("--no-reference", action="store_true",
                    help="leave out the github-genlinks reference row (bench/gen_links.py's traffic)")
    ap.add_argument("--speed-links", type=int, default=1_000_000,
                    help="distinct links for the --infer speed run (0: none)")
    ap.add_argument("--speed-repeat", type=int, default=10,
                    help="how many times the speed run reads them, in one stream")
    ap.add_argument("--min-links", type=int, default=5)
    ap.add_argument("--encode-literals", type=float, default=0.0, metavar="SHARE",
                    help="gen_traffic.py's --encode-literals: links with a literal percent-encoded")
    ap.add_argument("--work", default=WORK, help=f"where the runs go (default {os.path.relpath(WORK, REPO)})")
    a = ap.parse_args()
    work = a.work
    began = time.perf_counter()
    urnmatch = os.path.join(a.bin, "urnmatch")
    if not os.access(urnmatch, os.X_OK):
        raise SystemExit(f"bench-infer: no urnmatch in {a.bin}")
    sizes = [int(s) for s in a.sizes.split(",") if s]
    set_sizes = [int(s) for s in a.smallset_sizes.split(",") if s]
    seeds = [int(s) for s in a.seeds.split(",")]
    # (name, table, sizes, whether its values come from sets)
    todo = [(name, table, sizes, False) for name, table in tables()]
    if not a.no_reference:
        todo.append(("github-genlinks", os.path.join(BENCH, "github_api.routes"), sizes, False))
    todo += [(name, table, set_sizes, True) for name, table in smallset_tables()]
    if a.tables:
        wanted = a.tables.split(",")
        todo = [t for t in todo if t[0] in wanted]
    todo = [t for t in todo if t[2]]
    os.makedirs(os.path.join(work, "runs"), exist_ok=True)
    python = ensure_venv()
    has_infer = infer_supported(urnmatch)
    print(f"bench-infer: {urnmatch}: " + ("urnmatch --infer found" if has_infer else
          "urnmatch has no --infer (unknown option): urn's figures are n/a"), flush=True)
    header = (f"{'table':<16} {'links':>6} {'seed':>4} {'scored':>6} {'true':>5} | {'urn acc':>7} "
              f"{'urn F1':>6} {'routes':>6} {'all':>5} {'links/s':>9} | {'Drain acc':>9} {'Drain F1':>8} "
              f"{'clusters':>8}")
    print(header)
    print("-" * len(header), flush=True)
    print("(true: routes of the table that got links; routes: inferred routes that take them; all: every "
          "inferred route, noise links' too; small-set rows end with each set's values read as "
          "literals, of those seen)", flush=True)
    results = []
    for name, table, table_sizes, has_sets in todo:
        for size in table_sizes:
            for seed in seeds:
                stem = os.path.join(work, "runs", f"{name}-{size}-{seed}")
                links_path = stem + ".links"
                sets = {}
                if name == "github-genlinks":
                    links = reference_links(size, seed)
                else:
                    gen = gen_traffic.Generator(table, seed, encode_literals=a.encode_literals)
                    links = [gen.link() for _ in range(size)]
                    sets = gen.values.sets
                write_links(links_path, links)
                truth = score.true_groups(urnmatch, table, links_path)
                row = {"table": name, "links": size, "seed": seed, "smallsets": has_sets,
                       "scored": sum(t is not None for t in truth),
                       "true_groups": len({t for t in truth if t is not None}),
                       "urn_accuracy": None, "urn_f1": None, "urn_links_per_s": None, "urn_error": None,
                       "urn_routes": None, "urn_routes_all": None, "sets": None}
                if has_infer:
                    seconds, error = run_infer(urnmatch, links_path, stem + ".inferred")
                    row["urn_links_per_s"] = size / seconds if seconds else None
                    if error:
                        row["urn_error"] = error
                    else:
                        try:
                            s = score.score_inferred(urnmatch, truth, links_path, stem + ".inferred", a.min_links)
                        except SystemExit as e:  # urnmatch could not read the inferred table
                            row["urn_error"] = str(e)
                        else:
                            row.update(urn_accuracy=s["accuracy"], urn_f1=s["f1"],
                                       urn_precision=s["precision"], urn_recall=s["recall"],
                                       urn_routes=s["inferred_groups"],
                                       urn_routes_all=len(routes_mod.read_table(stem + ".inferred")[0]))
                            if sets:
                                row["sets"] = set_readings(sets, links, truth, s["pattern_pairs"])
                groups, templates = drain(python, links_path, stem + ".drain.json")
                row["drain_accuracy"] = score.grouping_accuracy(truth, groups)
                row["drain_f1"] = score.template_f1(truth, groups, templates, a.min_links)[0]
                row["drain_clusters"] = len(templates)
                results.append(row)
                urn_acc = "error" if row["urn_error"] else fmt(row["urn_accuracy"])
                rate = "n/a" if row["urn_links_per_s"] is None else f"{row['urn_links_per_s']:,.0f}"
                routes = "n/a" if row["urn_routes"] is None else row["urn_routes"]
                routes_all = "n/a" if row["urn_routes_all"] is None else row["urn_routes_all"]
                literals = ""
                if row["sets"]:
                    literals = "  " + " ".join(f"{n} {r['literal']}/{r['seen']}" for n, r in row["sets"].items())
                print(f"{name:<16} {size:>6} {seed:>4} {row['scored']:>6} {row['true_groups']:>5} | "
                      f"{urn_acc:>7} {fmt(row['urn_f1']):>6} {routes:>6} {routes_all:>5} {rate:>9} | "
                      f"{fmt(row['drain_accuracy']):>9} {fmt(row['drain_f1']):>8} {row['drain_clusters']:>8}"
                      f"{literals}", flush=True)
                if row["urn_error"]:
                    print(f"  urnmatch --infer: {row['urn_error']}", flush=True)

    def worst(rows, key):
        values = [r[key] for r in rows if r[key] is not None]
        return min(values) if values else None

    def farthest(rows):
        """The run whose inferred route count is farthest from the true one."""
        rated = [r for r in rows if ratio(r["urn_routes"], r["true_groups"]) is not None]
        return max(rated, key=lambda r: ratio(r["urn_routes"], r["true_groups"])) if rated else None

    def routes_text(row):
        return "n/a" if row is None else f"{row['urn_routes']}/{row['true_groups']}"

    print()
    print(f"worst case over each table's sizes and seeds {a.seeds} (F1 over true routes with >= {a.min_links} "
          f"links; routes: the run's inferred route count farthest from its true one, inferred/true):")
    print(f"{'table':<16} {'sizes':<18} {'urn acc':>7} {'urn F1':>6} {'routes':>9} | {'Drain acc':>9} {'Drain F1':>8}")
    summary = {}
    for name, _, table_sizes, _ in todo:
        rows = [r for r in results if r["table"] == name]
        errors = any(r["urn_error"] for r in rows)
        s = {k: worst(rows, k) for k in ("urn_accuracy", "urn_f1", "drain_accuracy", "drain_f1")}
        far = farthest(rows)
        s["urn_routes"], s["true_groups"] = (far["urn_routes"], far["true_groups"]) if far else (None, None)
        s["errors"] = errors
        summary[name] = s
        urn_acc = "error" if errors else fmt(s["urn_accuracy"])
        shown_sizes = ",".join(f"{n // 1000}k" if n % 1000 == 0 else str(n) for n in table_sizes)
        print(f"{name:<16} {shown_sizes:<18} {urn_acc:>7} {fmt(s['urn_f1']):>6} {routes_text(far):>9} | "
              f"{fmt(s['drain_accuracy']):>9} {fmt(s['drain_f1']):>8}")
    bar = [t for t in ("github", "gitlab") if t in summary]
    if has_infer and bar:
        met = all(not summary[t]["errors"] and summary[t]["urn_accuracy"] is not None
                  and summary[t]["urn_accuracy"] >= ACCEPT_ACCURACY
                  and summary[t]["urn_f1"] is not None and summary[t]["urn_f1"] >= ACCEPT_F1 for t in bar)
        print(f"issue 59's bar (worst-case accuracy >= {ACCEPT_ACCURACY} and F1 >= {ACCEPT_F1} on "
              f"{' and '.join(bar)}): {'met' if met else 'NOT met'}")
    acceptance, readings = smallset_report(todo, results, has_infer)
    if has_infer and a.speed_links:
        rate, rss, status = speed(urnmatch, a.speed_links, a.speed_repeat, work)
        what = f"{a.speed_links * a.speed_repeat:,} GitHub links ({a.speed_links:,} read {a.speed_repeat} times)"
        if status:
            print(f"urnmatch --infer over {what}: exit status {status}")
        else:
            print(f"urnmatch --infer over {what}: {rate:,.0f} links/s"
                  + (f", peak RSS {rss:.1f} MiB" if rss is not None else ""))
    elif not has_infer:
        print("urn: n/a (urnmatch has no --infer yet)")
    with open(os.path.join(work, "results.json"), "w") as out:
        json.dump({"rows": results, "worst": summary, "infer": has_infer,
                   "smallset_acceptance": acceptance, "smallset_readings": readings}, out, indent=1)
    shown = os.path.relpath(work, REPO) if os.path.abspath(work).startswith(REPO + os.sep) else work
    print(f"bench-infer: {time.perf_counter() - began:.0f} s; runs and results.json in {shown}/")


if __name__ == "__main__":
    main()
