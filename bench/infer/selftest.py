#!/usr/bin/env python3
"""Checks of the benchmark itself: score.py's measures on tables whose answer is known, and
run.py's --infer path through a stand-in urnmatch.

Usage: python3 selftest.py --bin DIR    (DIR holds urnmatch; a debug build will do)

  1. each true table scored against itself: accuracy 1 and F1 1;
  2. the same table written in another syntax (GitHub's :name as {name} and <name>): accuracy 1
     and F1 1, since names and syntax are ignored;
  3. one catch-all route (/*path): accuracy 0 (or the share of the one true group that holds
     every scored link, where there is one), F1 0;
  4. GitHub's four git/{blobs,commits,tags,trees}/:sha routes merged into git/:kind/:sha: the
     accuracy is exactly the share of links outside those four groups, and those four routes
     are missed by F1;
  5. run.py with a stand-in urnmatch whose --infer writes the true table: urn's accuracy and
     F1 are 1 (run.py's own plumbing: detection, timing, scoring, worst case); the same with the
     shop table of smallsets/: its acceptance is PASS and no value of its sets is read as a
     literal (the route counts and the readings of the small-set report);
  6. the value sets of `#gen set` lines: as many distinct values as declared, the same for the
     same seed, every placeholder of one name drawing from its set.
(The small-set tables are among the tables of checks 1 and 3.)
Prints one line a check and `N passed, N failed`; exits 1 on a failure.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import gen_traffic  # noqa: E402
import routes as routes_mod  # noqa: E402
import score  # noqa: E402

GITHUB = os.path.join(BENCH, "github_api.routes")
GITLAB = os.path.join(BENCH, "routes_gitlab.txt")
SHOP = os.path.join(HERE, "smallsets", "shop.routes")


def stand_in(folder, urnmatch, table):
    """A stand-in urnmatch in `folder` whose --infer writes `table`; every other use is urnmatch's."""
    os.makedirs(folder)
    stub = os.path.join(folder, "urnmatch")
    with open(stub, "w") as f:
        f.write("#!/bin/sh\n# a stand-in whose --infer writes the true table\n"
                f'if [ "$1" = "--infer" ]; then cat >/dev/null; cat "{table}"; exit 0; fi\n'
                f'exec "{urnmatch}" "$@"\n')
    os.chmod(stub, 0o755)
    return folder


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--links", type=int, default=5000)
    a = ap.parse_args()
    urnmatch = os.path.join(os.path.abspath(a.bin), "urnmatch")
    passed = failed = 0

    def check(name, ok, detail):
        nonlocal passed, failed
        print(f"{'ok  ' if ok else 'FAIL'} {name}: {detail}", flush=True)
        passed, failed = passed + ok, failed + (not ok)

    tmp = tempfile.mkdtemp(prefix="bench-infer-selftest-")
    tables = [GITHUB, GITLAB] + sorted(os.path.join(HERE, folder, t) for folder in ("tables", "smallsets")
                                      for t in os.listdir(os.path.join(HERE, folder)) if t.endswith(".routes"))
    catch_all = os.path.join(tmp, "catchall.routes")
    with open(catch_all, "w") as f:
        f.write("/*path CatchAll\n")
    links_of = {}
    for table in tables:
        name = os.path.basename(table)
        links = os.path.join(tmp, name + ".links")
        with open(links, "w") as f:
            f.write("\n".join(gen_traffic.generate(table, a.links, 1)[0]) + "\n")
        links_of[table] = links
        truth = score.true_groups(urnmatch, table, links)
        s = score.score_inferred(urnmatch, truth, links, table)
        check(f"{name} against itself", s["accuracy"] == 1.0 and s["f1"] == 1.0,
              f"accuracy {s['accuracy']:.4f}, F1 {s['f1']:.4f} ({s['scored']} links, {s['true_groups']} groups)")
        s = score.score_inferred(urnmatch, truth, links, catch_all)
        check(f"{name} against /*path", s["accuracy"] < 0.05 and s["f1"] == 0.0,
              f"accuracy {s['accuracy']:.4f}, F1 {s['f1']:.4f}")

    links = links_of[GITHUB]
    truth = score.true_groups(urnmatch, GITHUB, links)
    rewritten = os.path.join(tmp, "github-rewritten.routes")
    with open(GITHUB) as src, open(rewritten, "w") as out:
        for i, line in enumerate(src):
            swap = (lambda m: "{" + m.group(1) + "}") if i % 2 else (lambda m: "<" + m.group(1) + ">")
            out.write(re.sub(r":([A-Za-z_]+)", swap, line) if line.startswith("/") else line)
    s = score.score_inferred(urnmatch, truth, links, rewritten)
    check("GitHub written with {name} and <name>", s["accuracy"] == 1.0 and s["f1"] == 1.0,
          f"accuracy {s['accuracy']:.4f}, F1 {s['f1']:.4f}")

    merged_paths = {f"/repos/:owner/:repo/git/{k}/:sha" for k in ("blobs", "commits", "tags", "trees")}
    merged = os.path.join(tmp, "github-merged.routes")
    with open(GITHUB) as src, open(merged, "w") as out:
        for line in src:
            if line.split()[:1] and line.split()[0] in merged_paths:
                continue
            out.write(line)
        out.write("/repos/:owner/:repo/git/:kind/:sha GET\n")
    s = score.score_inferred(urnmatch, truth, links, merged)
    scored = [t for t in truth if t is not None]
    expected = sum(t not in merged_paths for t in scored) / len(scored)
    in_merged = sum(1 for t in set(scored) if t in merged_paths and scored.count(t) >= 5)
    check("GitHub with git/{blobs,commits,tags,trees} merged",
          abs(s["accuracy"] - expected) < 1e-12 and s["found"] == s["true_routes_counted"] - in_merged,
          f"accuracy {s['accuracy']:.4f} (expected {expected:.4f}), F1 {s['f1']:.4f}, "
          f"found {s['found']} of {s['true_routes_counted']} ({in_merged} merged away)")

    # a plain placeholder takes one segment even where its name is a path's (`<image>`), and a
    # catch-all or a `path`-typed one takes one to three
    gen = gen_traffic.Generator(GITLAB, 1, 0.0, "https://example.com", True, 0.0)
    widths = {}
    for pattern in ("/x/<image>", "/x/<*image>", "/x/<path:image>"):
        token = routes_mod.tokenize(pattern)[-1]
        widths[pattern] = {gen.placeholder(token).count("/") + 1 for _ in range(200)}
    check("a plain <image> takes one segment, a catch-all one to three",
          widths == {"/x/<image>": {1}, "/x/<*image>": {1, 2, 3}, "/x/<path:image>": {1, 2, 3}}, str(widths))

    # a #gen set line's values: the declared count, fixed by the seed, one set a name
    gens = [gen_traffic.Generator(SHOP, seed) for seed in (1, 1, 2)]
    sets = [g.values.sets for g in gens]
    drawn = {}
    for route in gens[0].routes:
        for token in route.tokens:
            if token.kind == "param" and token.name in sets[0]:
                drawn.setdefault(token.name, set()).update(
                    urllib.parse.unquote(gens[0].placeholder(token)) for _ in range(300))
    sizes = {name: len(set(s.values)) for name, s in sets[0].items()}
    ok = (sizes == {"product": 3000, "seller": 300, "category": 40}
          and all(sets[0][n].values == sets[1][n].values for n in sizes)
          and all(sets[0][n].values != sets[2][n].values for n in sizes)
          and all(drawn[n] <= set(sets[0][n].values) for n in sizes))
    check("#gen set values: declared sizes, fixed by the seed, drawn from their set", ok,
          f"sizes {sizes}, placeholders drawing from a set: {sorted(drawn)}")

    stub_dir = stand_in(os.path.join(tmp, "stub"), urnmatch, GITHUB)
    run = subprocess.run([sys.executable, os.path.join(HERE, "run.py"), "--bin", stub_dir, "--tables", "github",
                          "--sizes", "1000", "--seeds", "1", "--speed-links", "2000",
                          "--work", os.path.join(tmp, "work")],
                         capture_output=True, text=True)
    results = os.path.join(tmp, "work", "results.json")
    ok = run.returncode == 0
    detail = f"run.py exit {run.returncode}"
    if ok:
        with open(results) as f:
            rows = json.load(f)["rows"]
        ok = len(rows) == 1 and rows[0]["urn_accuracy"] == 1.0 and rows[0]["urn_f1"] == 1.0 \
            and rows[0]["urn_links_per_s"] and "urnmatch --infer found" in run.stdout \
            and "issue 59's bar" in run.stdout and "links/s" in run.stdout
        detail = f"urn accuracy {rows[0]['urn_accuracy']}, F1 {rows[0]['urn_f1']}" if rows else "no row"
    else:
        detail += ": " + run.stderr[-500:]
    check("run.py with a stand-in --infer that writes the true table", ok, detail)

    stub_dir = stand_in(os.path.join(tmp, "stub-shop"), urnmatch, SHOP)
    run = subprocess.run([sys.executable, os.path.join(HERE, "run.py"), "--bin", stub_dir, "--tables", "shop",
                          "--smallset-sizes", "1000,3000", "--seeds", "1", "--speed-links", "0",
                          "--work", os.path.join(tmp, "work-shop")],
                         capture_output=True, text=True)
    ok = run.returncode == 0
    detail = f"run.py exit {run.returncode}"
    if ok:
        with open(os.path.join(tmp, "work-shop", "results.json")) as f:
            data = json.load(f)
        rows = data["rows"]
        ok = (len(rows) == 2 and all(r["urn_accuracy"] == 1.0 and r["urn_routes"] == r["true_groups"] for r in rows)
              and all(g["literal"] == 0 and g["seen"] > 0 for r in rows for g in r["sets"].values())
              and data["smallset_acceptance"] == {"shop": {"pass": True, "failures": []}}
              and re.search(r"shop +PASS", run.stdout) is not None)
        detail = "; ".join(f"{r['links']} links: accuracy {r['urn_accuracy']}, routes {r['urn_routes']}/"
                           f"{r['true_groups']}, sets {r['sets'] and {n: g['literal'] for n, g in r['sets'].items()}}"
                           for r in rows)
    else:
        detail += ": " + run.stderr[-500:]
    check("run.py with a stand-in --infer that writes the shop table: PASS", ok, detail)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
