#!/usr/bin/env python3
"""What a route table in urn's dialect that `urnmatch --check` finds clean must misgroup (issue 59).

Issue 59 asks of an inferred table both that it group links as their true table does and that
`--check` find no pair of its routes overlapping at equal precedence. In urn's dialect a
catch-all cannot be constrained, so two routes that each need one where their links vary in
length can take each other's links (GitLab's `/<*namespace_id>/<project_id>/-/blob/<*id>` and
`.../-/blame_page/<*id>` both take `/a/b/-/blame_page/c/d/-/blob/e`), and precedence ties them.

This script writes the true routes that a sample's links take, each as the sample needs it (a
catch-all whose links all took one length becomes that many plain placeholders; one whose
lengths vary stays a catch-all, since no other urn pattern takes links of varying length in one
route), runs `urnmatch --check` over that table, and solves the minimum weighted vertex cover
of the pairs it finds: the fewest links (and, for template F1, the fewest true routes with
--min-links links) that a clean table must group otherwise. The bound is a lower bound: a clean
table may have to give up more.

Needs PuLP (`pip install pulp`, with its bundled CBC solver); it is not part of make test.

Usage: check_bound.py --bin DIR --table ROUTES LINKS...
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import routes as routes_mod  # noqa: E402


def needed_pattern(pattern, args_seen):
    """The pattern with every catch-all whose links all took one length written as that many
    plain placeholders."""
    out = []
    for token in re.split(r"(<\*[^>]+>)", pattern):
        glob = re.fullmatch(r"<\*([^>]+)>", token)
        if glob:
            name = glob.group(1)
            lengths = {args.get(name, "").count("/") + 1 for args in args_seen}
            if len(lengths) == 1:
                out.append("/".join("{%s_%d}" % (name, i) for i in range(lengths.pop())))
                continue
        out.append(token)
    return routes_mod.path_key("".join(out))


def minimum_cover(edges, weight):
    """The minimum total weight of routes that touches every pair, and how many routes."""
    import pulp
    problem = pulp.LpProblem("cover", pulp.LpMinimize)
    chosen = {v: pulp.LpVariable("x%d" % v, cat="Binary") for edge in edges for v in edge}
    problem += pulp.lpSum(weight[v] * x for v, x in chosen.items())
    for a, b in edges:
        problem += chosen[a] + chosen[b] >= 1
    problem.solve(pulp.PULP_CBC_CMD(msg=0))
    picked = [v for v, x in chosen.items() if x.value() > 0.5]
    return sum(weight[v] for v in picked), len(picked)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--table", required=True)
    ap.add_argument("--min-links", type=int, default=5)
    ap.add_argument("links", nargs="+")
    a = ap.parse_args()
    urnmatch = os.path.join(a.bin, "urnmatch")
    order = {}
    for i, line in enumerate(open(a.table, encoding="utf-8")):
        fields = line.split()
        if fields and fields[0] not in order:
            order[fields[0]] = i
    for links in a.links:
        with open(links, "rb") as stdin:
            run = subprocess.run([urnmatch, "-a", "-f", a.table], stdin=stdin, capture_output=True, check=False)
        taken = collections.defaultdict(list)
        total = 0
        for line in run.stdout.decode("utf-8").splitlines():
            record = json.loads(line)
            total += 1
            route = record.get("route")
            if route and "error" not in record:
                taken[route["pattern"]].append(route.get("args") or {})
        patterns = sorted(taken, key=lambda p: order.get(p, len(order)))
        lines = [needed_pattern(p, taken[p]) for p in patterns]
        weight = [len(taken[p]) for p in patterns]
        counted = [1 if len(taken[p]) >= a.min_links else 0 for p in patterns]
        needed = links + ".needed.routes"
        with open(needed, "w", encoding="utf-8") as out:
            out.write("\n".join(lines) + "\n")
        check = subprocess.run([urnmatch, "--check", "-f", needed], capture_output=True, text=True, check=False)
        edges = set()
        for finding in (check.stdout + check.stderr).splitlines():
            pair = re.match(r".*?:(\d+): warning: .*? line (\d+) ", finding)
            if pair and any(word in finding for word in ("overlaps", "never win", "duplicates")):
                x, y = int(pair.group(1)) - 1, int(pair.group(2)) - 1
                edges.add((min(x, y), max(x, y)))
        lost_links, lost_routes = minimum_cover(edges, weight) if edges else (0, 0)
        lost_counted, _ = minimum_cover(edges, counted) if edges else (0, 0)
        recall = (sum(counted) - lost_counted) / sum(counted) if sum(counted) else 1.0
        print(f"{os.path.basename(links)}: {total} links, {len(lines)} true routes taken, {len(edges)} pairs found; "
              f"a clean table misgroups >= {lost_links} links ({lost_routes} routes): accuracy <= {1 - lost_links / total:.3f}; "
              f"F1 <= {2 * recall / (1 + recall):.3f} ({lost_counted} of {sum(counted)} routes with {a.min_links}+ links)")


if __name__ == "__main__":
    main()
