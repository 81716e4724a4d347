#!/usr/bin/env python3
"""make bench-infer: urnmatch --infer against the tables its traffic came from, beside Drain.

For each table (GitHub, GitLab, bench/infer/tables/*.routes) x size x seed: generate traffic
(gen_traffic.py), take each link's true group from the table (score.py), run `urnmatch --infer`
on the links when the binary has it and score the table it writes, and group the same links
with Drain (drain_baseline.py, in a virtual environment made here). Prints a row per run, then
the worst case over sizes and seeds per table, and, when --infer exists, its speed and peak RSS
over --speed-links links. See README.md beside this file for the measures.
"""
import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
REPO = os.path.dirname(BENCH)
sys.path.insert(0, HERE)
import gen_traffic  # noqa: E402
import score  # noqa: E402

DRAIN3_VERSION = "0.9.11"
VENV = os.path.join(REPO, ".build", "bench-infer-venv")
WORK = os.path.join(REPO, ".build", "bench-infer")
GNU_TIME = "/usr/bin/time"
ACCEPT_ACCURACY, ACCEPT_F1 = 0.95, 0.90


def tables():
    found = [("github", os.path.join(BENCH, "github_api.routes")),
             ("gitlab", os.path.join(BENCH, "routes_gitlab.txt"))]
    for name in sorted(os.listdir(os.path.join(HERE, "tables"))):
        if name.endswith(".routes"):
            found.append((name[:-len(".routes")], os.path.join(HERE, "tables", name)))
    return found


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


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True, help="folder with urnmatch")
    ap.add_argument("--sizes", default="1000,5000,50000")
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
    sizes = [int(s) for s in a.sizes.split(",")]
    seeds = [int(s) for s in a.seeds.split(",")]
    todo = tables()
    if not a.no_reference:
        todo.append(("github-genlinks", os.path.join(BENCH, "github_api.routes")))
    if a.tables:
        wanted = a.tables.split(",")
        todo = [t for t in todo if t[0] in wanted]
    os.makedirs(os.path.join(work, "runs"), exist_ok=True)
    python = ensure_venv()
    has_infer = infer_supported(urnmatch)
    print(f"bench-infer: {urnmatch}: " + ("urnmatch --infer found" if has_infer else
          "urnmatch has no --infer (unknown option): urn's figures are n/a"), flush=True)
    header = (f"{'table':<16} {'links':>6} {'seed':>4} {'scored':>6} {'groups':>6} | {'urn acc':>7} "
              f"{'urn F1':>6} {'links/s':>9} | {'Drain acc':>9} {'Drain F1':>8} {'clusters':>8}")
    print(header)
    print("-" * len(header), flush=True)
    results = []
    for name, table in todo:
        for size in sizes:
            for seed in seeds:
                stem = os.path.join(work, "runs", f"{name}-{size}-{seed}")
                links_path = stem + ".links"
                if name == "github-genlinks":
                    links = reference_links(size, seed)
                else:
                    links = gen_traffic.generate(table, size, seed, encode_literals=a.encode_literals)[0]
                write_links(links_path, links)
                truth = score.true_groups(urnmatch, table, links_path)
                row = {"table": name, "links": size, "seed": seed,
                       "scored": sum(t is not None for t in truth),
                       "true_groups": len({t for t in truth if t is not None}),
                       "urn_accuracy": None, "urn_f1": None, "urn_links_per_s": None, "urn_error": None}
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
                                       urn_precision=s["precision"], urn_recall=s["recall"])
                groups, templates = drain(python, links_path, stem + ".drain.json")
                row["drain_accuracy"] = score.grouping_accuracy(truth, groups)
                row["drain_f1"] = score.template_f1(truth, groups, templates, a.min_links)[0]
                row["drain_clusters"] = len(templates)
                results.append(row)
                urn_acc = "error" if row["urn_error"] else fmt(row["urn_accuracy"])
                rate = "n/a" if row["urn_links_per_s"] is None else f"{row['urn_links_per_s']:,.0f}"
                print(f"{name:<16} {size:>6} {seed:>4} {row['scored']:>6} {row['true_groups']:>6} | "
                      f"{urn_acc:>7} {fmt(row['urn_f1']):>6} {rate:>9} | "
                      f"{fmt(row['drain_accuracy']):>9} {fmt(row['drain_f1']):>8} {row['drain_clusters']:>8}",
                      flush=True)
                if row["urn_error"]:
                    print(f"  urnmatch --infer: {row['urn_error']}", flush=True)

    def worst(rows, key):
        values = [r[key] for r in rows if r[key] is not None]
        return min(values) if values else None

    print()
    print(f"worst case over sizes {a.sizes} and seeds {a.seeds} (F1 over true routes with >= {a.min_links} links):")
    print(f"{'table':<16} {'urn acc':>7} {'urn F1':>6} | {'Drain acc':>9} {'Drain F1':>8}")
    summary = {}
    for name, _ in todo:
        rows = [r for r in results if r["table"] == name]
        errors = any(r["urn_error"] for r in rows)
        s = {k: worst(rows, k) for k in ("urn_accuracy", "urn_f1", "drain_accuracy", "drain_f1")}
        s["errors"] = errors
        summary[name] = s
        urn_acc = "error" if errors else fmt(s["urn_accuracy"])
        print(f"{name:<16} {urn_acc:>7} {fmt(s['urn_f1']):>6} | {fmt(s['drain_accuracy']):>9} {fmt(s['drain_f1']):>8}")
    if has_infer:
        bar = [t for t in ("github", "gitlab") if t in summary]
        if bar:
            met = all(not summary[t]["errors"] and summary[t]["urn_accuracy"] is not None
                      and summary[t]["urn_accuracy"] >= ACCEPT_ACCURACY
                      and summary[t]["urn_f1"] is not None and summary[t]["urn_f1"] >= ACCEPT_F1 for t in bar)
            print(f"issue 59's bar (worst-case accuracy >= {ACCEPT_ACCURACY} and F1 >= {ACCEPT_F1} on "
                  f"{' and '.join(bar)}): {'met' if met else 'NOT met'}")
        if a.speed_links:
            rate, rss, status = speed(urnmatch, a.speed_links, a.speed_repeat, work)
            what = f"{a.speed_links * a.speed_repeat:,} GitHub links ({a.speed_links:,} read {a.speed_repeat} times)"
            if status:
                print(f"urnmatch --infer over {what}: exit status {status}")
            else:
                print(f"urnmatch --infer over {what}: {rate:,.0f} links/s"
                      + (f", peak RSS {rss:.1f} MiB" if rss is not None else ""))
    else:
        print("urn: n/a (urnmatch has no --infer yet)")
    with open(os.path.join(work, "results.json"), "w") as out:
        json.dump({"rows": results, "worst": summary, "infer": has_infer}, out, indent=1)
    shown = os.path.relpath(work, REPO) if os.path.abspath(work).startswith(REPO + os.sep) else work
    print(f"bench-infer: {time.perf_counter() - began:.0f} s; runs and results.json in {shown}/")


if __name__ == "__main__":
    main()
