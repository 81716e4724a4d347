#!/usr/bin/env python3
"""Scores an inferred route table against the table the links came from (issue 59).

Usage:
    python3 score.py --bin DIR --true TABLE --links FILE --inferred TABLE [--min-links 5] [--json]

urnmatch decides every group, so that overlapping routes are settled as urn settles them:

  * a link's TRUE group is the route `urnmatch -a -f TRUE` gives it, keyed by its pattern without a
    trailing slash (the GitHub table counts as its 142 paths, since links carry no method; the
    GitLab table's /x and /x/ are one path). Links the true table does not route (or that are
    error records) are left out of every score.
  * a link's INFERRED group is the route `urnmatch -a -f INFERRED` gives it (table and line); a
    link it does not route is a group of its own.

Measures, over the links that are scored:

  * grouping accuracy: the share of links whose inferred group holds exactly the links of their
    true group (Loghub's and Drain's grouping accuracy).
  * template F1 over the true routes with at least --min-links links: a true route is found when
    one inferred group is exactly its links and the inferred pattern's text equals the true one's
    with every placeholder written {} (routes.normalize: names, types, regexes and syntax
    ignored; a trailing / dropped). Recall = found / true routes with >= min-links links;
    precision = found / inferred groups with >= min-links scored links (the same threshold on
    both sides); F1 = 2PR / (P + R).
"""
import argparse
import collections
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import routes as routes_mod  # noqa: E402


def route_links(urnmatch, table, links_path, extra=()):
    """Each link's route from `urnmatch -a -f table` as (table, line, pattern), None when unrouted
    or an error record. The output has one record a link, in order."""
    with open(links_path, "rb") as stdin:
        run = subprocess.run([urnmatch, "-a", "-f", table, *extra], stdin=stdin,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if run.returncode == 2 or not run.stdout and os.path.getsize(links_path):
        raise SystemExit(f"score: urnmatch -a -f {table} failed ({run.returncode}): "
                         f"{run.stderr.decode(errors='replace')[:500]}")
    out = []
    for line in run.stdout.decode("utf-8").splitlines():
        rec = json.loads(line)
        r = rec.get("route")
        out.append((r.get("table"), r.get("line"), r["pattern"]) if r and "error" not in rec else None)
    with open(links_path, "rb") as f:
        count = sum(1 for _ in f)
    if len(out) != count:
        raise SystemExit(f"score: urnmatch -a -f {table} wrote {len(out)} records for {count} links")
    return out


def true_groups(urnmatch, table, links_path):
    """Each link's true group: the routed pattern without a trailing slash, or None."""
    return [routes_mod.path_key(r[2]) if r else None for r in route_links(urnmatch, table, links_path)]


def tallies(truth, inferred):
    """The scored links' (true group, inferred group) pairs, and how many links each true group,
    each inferred group and each pair has. `inferred[i]` None is a group of its own. A link is
    grouped right when its pair's count equals both its groups' counts."""
    pairs = [(t, inferred[i] if inferred[i] is not None else ("unrouted", i))
             for i, t in enumerate(truth) if t is not None]
    return (pairs, collections.Counter(t for t, _ in pairs), collections.Counter(g for _, g in pairs),
            collections.Counter(pairs))


def grouping_accuracy(truth, inferred):
    """Share of scored links (truth not None) whose inferred group, restricted to the scored
    links, is exactly their true group. `inferred[i]` None is a group of its own."""
    pairs, by_true, by_inferred, both = tallies(truth, inferred)
    if not pairs:
        return None
    correct = sum(n for (t, g), n in both.items() if n == by_true[t] == by_inferred[g])
    return correct / len(pairs)


def template_f1(truth, inferred, inferred_text, min_links=5):
    """(f1, precision, recall, found, true routes counted, inferred groups counted).

    truth[i]: the true group (its pattern) or None; inferred[i]: the inferred group key or None;
    inferred_text[key]: that group's pattern. f1 is None when no true route has min_links links."""
    pairs, by_true, by_inferred, both = tallies(truth, inferred)
    counted_true = {t for t, n in by_true.items() if n >= min_links}
    counted_inferred = {g for g, n in by_inferred.items() if n >= min_links and g in inferred_text}
    found = 0
    for (t, g), n in both.items():
        if t in counted_true and n == by_true[t] == by_inferred[g] and g in inferred_text \
                and routes_mod.normalize(t) == routes_mod.normalize(inferred_text[g]):
            found += 1
    if not counted_true:
        return None, None, None, 0, 0, len(counted_inferred)
    recall = found / len(counted_true)
    precision = found / len(counted_inferred) if counted_inferred else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return f1, precision, recall, found, len(counted_true), len(counted_inferred)


def score_inferred(urnmatch, truth, links_path, inferred_table, min_links=5, extra=()):
    """The scores of an inferred table for links whose true groups are `truth`."""
    routed = route_links(urnmatch, inferred_table, links_path, extra)
    keys = [(r[0], r[1]) if r else None for r in routed]
    text = {(r[0], r[1]): r[2] for r in routed if r}
    f1, p, r, found, n_true, n_inferred = template_f1(truth, keys, text, min_links)
    return {
        "links": len(truth),
        "scored": sum(t is not None for t in truth),
        "true_groups": len({t for t in truth if t is not None}),
        "inferred_groups": len({k for k, t in zip(keys, truth) if t is not None and k is not None}),
        "unrouted": sum(1 for k, t in zip(keys, truth) if t is not None and k is None),
        "accuracy": grouping_accuracy(truth, keys),
        "f1": f1, "precision": p, "recall": r,
        "found": found, "true_routes_counted": n_true, "inferred_groups_counted": n_inferred,
        # each true group with the pattern of every inferred route that takes some of its links
        # (run.py compares them segment by segment)
        "pattern_pairs": sorted({(t, text[k]) for k, t in zip(keys, truth) if t is not None and k is not None}),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True, help="folder with urnmatch")
    ap.add_argument("--true", required=True, dest="true_table", help="the table the links came from")
    ap.add_argument("--links", required=True, help="one link a line")
    ap.add_argument("--inferred", required=True, help="the inferred table (any table urnmatch -f reads)")
    ap.add_argument("--inferred-arg", action="append", default=[],
                    help="an option for urnmatch when it reads the inferred table (--dialect express)")
    ap.add_argument("--min-links", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    urnmatch = os.path.join(a.bin, "urnmatch")
    truth = true_groups(urnmatch, a.true_table, a.links)
    s = score_inferred(urnmatch, truth, a.links, a.inferred, a.min_links, a.inferred_arg)
    if a.json:
        print(json.dumps(s))
        return

    def fmt(x):
        return "n/a" if x is None else f"{x:.4f}"
    print(f"links {s['links']}, scored {s['scored']} (routed by the true table) in {s['true_groups']} true groups; "
          f"{s['inferred_groups']} inferred groups, {s['unrouted']} scored links unrouted by the inferred table")
    print(f"grouping accuracy {fmt(s['accuracy'])}")
    print(f"template F1 {fmt(s['f1'])} (precision {fmt(s['precision'])}, recall {fmt(s['recall'])}: "
          f"{s['found']} found of {s['true_routes_counted']} true routes with >= {a.min_links} links; "
          f"{s['inferred_groups_counted']} inferred groups with >= {a.min_links} links)")


if __name__ == "__main__":
    main()
