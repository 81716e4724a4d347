#!/usr/bin/env python3
"""Where an inferred table's grouping errors lie, by how often the sample saw their routes (issue 59).

For one sample of links, prints:

  * the share of scored links (those the true table routes) that are the only link of their
    true route, and the share in routes of one or two links;
  * the links `urnmatch --infer` groups wrong, by the size of their true route in the sample
    (one link, two, three to nine, ten or more): grouping accuracy counts a link right only
    when its inferred group is exactly its true group;
  * the positions where every text is seen once, as `ambiguity.py` reads them (by the true
    template's literal context, globs left out): the links whose true route has a literal
    there, which a rule must keep apart, and those whose true route has a placeholder there
    with two links or more, which a rule must merge. Counts alone cannot tell the two apart.

Usage: error_profile.py --bin DIR --table ROUTES --links FILE [--max-texts 6]
"""
import argparse
import collections
import os
import subprocess
import sys
import tempfile
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ambiguity  # noqa: E402
import score  # noqa: E402

SIZES = (("one link", 1, 1), ("two links", 2, 2), ("three to nine", 3, 9), ("ten or more", 10, None))


def errors_by_size(truth, inferred):
    """(wrong, all) scored links for each of SIZES, by the size of their true group."""
    pairs, by_true, by_inferred, both = score.tallies(truth, inferred)
    counts = {name: [0, 0] for name, _, _ in SIZES}
    for t, g in pairs:
        name = next(name for name, low, high in SIZES if by_true[t] >= low and (high is None or by_true[t] <= high))
        counts[name][1] += 1
        if not both[(t, g)] == by_true[t] == by_inferred[g]:
            counts[name][0] += 1
    return counts


def once_seen_positions(links, routed, max_texts):
    """(links to keep apart, links to merge): at positions where 2 to max_texts texts are each
    seen once, those under a true literal, and those under a true placeholder of 2+ links."""
    positions = collections.defaultdict(lambda: collections.defaultdict(list))
    for i, (link, route) in enumerate(zip(links, routed)):
        if route is None:
            continue
        segs = [urllib.parse.unquote(s) for s in ambiguity.segments(link)]
        if segs and segs[-1] == "":
            segs = segs[:-1]
        template = [t for t in ambiguity.segments(route[2]) if t != ""]
        if len(template) != len(segs) or any("*" in t for t in template):
            continue
        for k, seg in enumerate(segs):
            context = tuple("*" if ambiguity.is_placeholder(t) else t for t in template[:k])
            positions[(len(segs), k, context)][seg].append((i, not ambiguity.is_placeholder(template[k]), route[2]))
    apart, merge = set(), set()
    for texts in positions.values():
        if not 2 <= len(texts) <= max_texts or any(len(v) != 1 for v in texts.values()):
            continue
        entries = [v[0] for v in texts.values()]
        per_route = collections.Counter(pattern for _, _, pattern in entries)
        for i, is_literal, pattern in entries:
            if is_literal:
                apart.add(i)
            elif per_route[pattern] >= 2:
                merge.add(i)
    return len(apart), len(merge)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True, help="folder with urnmatch")
    ap.add_argument("--table", required=True, help="the table the links came from")
    ap.add_argument("--links", required=True, help="one link a line")
    ap.add_argument("--max-texts", type=int, default=6, help="the most texts at a position where each is seen once")
    a = ap.parse_args()
    urnmatch = os.path.join(a.bin, "urnmatch")
    links = [line.rstrip("\n") for line in open(a.links, encoding="utf-8")]
    routed = score.route_links(urnmatch, a.table, a.links)
    truth = [score.routes_mod.path_key(r[2]) if r else None for r in routed]
    scored = [t for t in truth if t is not None]
    sizes = collections.Counter(scored)
    alone = sum(1 for t in scored if sizes[t] == 1)
    small = sum(1 for t in scored if sizes[t] <= 2)
    print(f"{a.links}: {len(scored)} scored links in {len(sizes)} true routes; the only link of their route: "
          f"{alone} ({alone / max(len(scored), 1):.1%}); in routes of one or two links: {small} ({small / max(len(scored), 1):.1%})")
    with tempfile.NamedTemporaryFile("w+", suffix=".routes") as table, open(a.links, "rb") as stdin:
        subprocess.run([urnmatch, "--infer"], stdin=stdin, stdout=table, check=True)
        inferred = [(r[0], r[1]) if r else None for r in score.route_links(urnmatch, table.name, a.links)]
    counts = errors_by_size(truth, inferred)
    print("wrong links by the size of their true route: "
          + "; ".join(f"{name} {wrong}/{total}" for name, (wrong, total) in counts.items()))
    apart, merge = once_seen_positions(links, routed, a.max_texts)
    print(f"at positions of 2 to {a.max_texts} texts each seen once: {apart} links under a true literal (kept apart "
          f"if right), {merge} under a true placeholder of two links or more (merged if right)")


if __name__ == "__main__":
    main()
