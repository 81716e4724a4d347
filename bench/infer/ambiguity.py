#!/usr/bin/env python3
"""How much of a traffic sample no count-based inference can group right (issue 59's evidence).

For each scored link (one the true table routes), its true route's template says which of the
link's segments are literals. A literal segment is *unwitnessed* when its text occurs in no
other link of the sample. It is *contested* when, in the same sample, a link of another true
route with the same number of segments has, at the same position and after the same literal
context, a placeholder whose value is unwitnessed too. The two links then show the same
evidence at that position (a text seen once, where the table has both a literal and a
placeholder), so a rule that decides from the links alone must treat both alike and misgroup
one of them: at least half of the contested links are misgrouped by any such rule.

Usage: ambiguity.py --bin DIR --table ROUTES --links FILE
"""
import argparse
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import score  # noqa: E402


def is_placeholder(segment):
    return segment.startswith((":", "*", "<", "{")) or "<" in segment or "{" in segment


def segments(path):
    path = path.split("?", 1)[0].split("#", 1)[0]
    if "://" in path:
        path = "/" + path.split("://", 1)[1].split("/", 1)[-1] if "/" in path.split("://", 1)[1] else "/"
    return [s for s in path.split("/")[1:]]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--table", required=True)
    ap.add_argument("--links", required=True)
    a = ap.parse_args()
    links = [l.rstrip("\n") for l in open(a.links, encoding="utf-8")]
    routed = score.route_links(os.path.join(a.bin, "urnmatch"), a.table, a.links)
    witnesses = collections.Counter()
    rows = []
    for link, route in zip(links, routed):
        segs = segments(link)
        for s in set(segs):
            witnesses[s] += 1
        if route is None:
            continue
        template = segments(route[2])
        if len(template) != len(segs) or any(t.startswith("*") for t in template):
            template = None  # a glob takes a varying number of segments: positions do not line up
        rows.append((link, route[2], segs, template))
    scored = len(rows)
    # (segment count, position, literal context before it) -> routes with a literal / a placeholder
    # there whose text is unwitnessed, and the links that show it
    literal_at = collections.defaultdict(list)
    placeholder_at = collections.defaultdict(list)
    for i, (link, pattern, segs, template) in enumerate(rows):
        if template is None:
            continue
        for k, (seg, tmpl) in enumerate(zip(segs, template)):
            if witnesses[seg] != 1:
                continue
            context = tuple("*" if is_placeholder(t) else t for t in template[:k])
            key = (len(segs), k, context)
            (placeholder_at if is_placeholder(tmpl) else literal_at)[key].append((i, pattern))
    contested = set()
    for key, literals in literal_at.items():
        values = placeholder_at.get(key, [])
        for i, pattern in literals:
            others = [j for j, other in values if other != pattern]
            if others:
                contested.add(i)
                contested.update(others)
    print(f"{a.links}: {scored} scored links, {len(contested)} contested ({len(contested) / max(scored, 1):.1%}); "
          f"a rule that decides from the links alone misgroups at least half of them: accuracy at most "
          f"{1 - len(contested) / 2 / max(scored, 1):.3f}")
    for i in sorted(contested)[:12]:
        print(f"  {rows[i][0]}  (true route {rows[i][1]})")


if __name__ == "__main__":
    main()
