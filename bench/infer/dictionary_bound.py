#!/usr/bin/env python3
"""How well a WAAppRouting table can group a sample when no two of its routes share a link
(issue 59's round trip: `--check` reports every such pair, since WAAppRouting keeps routes in a
dictionary and a shared link has no defined winner).

Each true group must be one route. The most specific WAAppRouting route for a group has a
literal where all its links agree and `:name` where they differ (WAAppRouting has no regex);
when their lengths differ, it keeps the components before the shortest link's last one and
ends in `*` (one or more components). If that route for group B takes a link of group A, no
table routes both groups right without two routes sharing that link. Pairs of groups that do
not overlap each cost at least the smaller group's links, so the sum over such pairs (chosen
greedily, largest first) is a lower bound on the links misgrouped, and one minus its share an
upper bound on the grouping accuracy of any table whose `--check` is clean.

Usage: dictionary_bound.py --bin DIR --table ROUTES --links FILE...
"""
import argparse
import collections
import os
import sys
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import score  # noqa: E402


def components(link):
    """The decoded path components of `link`, a trailing slash ignored, as WAAppRouting reads them."""
    path = urllib.parse.urlsplit(link).path.rstrip("/")
    return [urllib.parse.unquote(c) for c in path.split("/")[1:]] if path else []


def most_specific_route(links):
    """(fixed, ends_in_star): fixed[i] the text all links share at i, or None for a placeholder."""
    lengths = {len(c) for c in links}
    star = len(lengths) > 1
    fixed_count = min(lengths) - 1 if star else min(lengths)
    fixed = []
    for i in range(fixed_count):
        texts = {c[i] for c in links}
        fixed.append(next(iter(texts)) if len(texts) == 1 else None)
    return fixed, star


def takes(route, link):
    fixed, star = route
    if len(link) < len(fixed) + (1 if star else 0) or (not star and len(link) != len(fixed)):
        return False
    return all(text == part if text is not None else part != "" for text, part in zip(fixed, link))


def bound(urnmatch, table, links_path):
    with open(links_path, encoding="utf-8") as f:
        links = [line.rstrip("\n") for line in f]
    groups = collections.defaultdict(list)
    for link, group in zip(links, score.true_groups(urnmatch, table, links_path)):
        if group is not None:
            groups[group].append(components(link))
    routes = {group: most_specific_route(members) for group, members in groups.items()}
    size = {group: len(members) for group, members in groups.items()}
    overlapping = set()
    for a, members in groups.items():
        for b, route in routes.items():
            if a != b and any(takes(route, link) for link in members):
                overlapping.add(tuple(sorted((a, b))))
    used, lost, pairs = set(), 0, 0
    for a, b in sorted(overlapping, key=lambda pair: (-min(size[pair[0]], size[pair[1]]), pair)):
        if a in used or b in used:
            continue
        used |= {a, b}
        lost += min(size[a], size[b])
        pairs += 1
    scored = sum(size.values())
    return scored, len(groups), len(overlapping), pairs, lost


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--table", required=True)
    ap.add_argument("--links", required=True, nargs="+")
    a = ap.parse_args()
    urnmatch = os.path.join(a.bin, "urnmatch")
    for links_path in a.links:
        scored, groups, overlapping, pairs, lost = bound(urnmatch, a.table, links_path)
        print(f"{os.path.basename(links_path)}: {scored} links in {groups} true groups; "
              f"{overlapping} pairs of groups share a link; {pairs} disjoint pairs lose >= {lost} links; "
              f"accuracy <= {1 - lost / scored:.3f} for a table with no shared links")


if __name__ == "__main__":
    main()
