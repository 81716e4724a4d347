#!/usr/bin/env python3
"""How far a small-set table's literal pages can be told from its values by their links.

A small-set table puts literal pages beside a placeholder (`/products/new` beside
`/products/{product}`, `/tags/trending` beside `/tags/{tag}`). What the links say of such a text,
besides how often it is seen, is:

- how often its links end at it where the values' links go on: the chance that a value's links
  end at least that often (a binomial tail, at the share of the values' links that end);
- its absence where the set shows again (`/api/products/{product}`): the chance that a value as
  popular is seen nowhere there (Poisson, at the rate of the values seen at both places).

This script scores every text at each position that has a literal sibling, in every sample
given, by the sum of those two chances' logarithms, and reads the end share and the rate from
the true values (as a rule that knew them would), so that the evidence is the strongest a rule
could have. For each page it then counts the true values, in all the samples, whose score is as
low or lower. A rule that takes the page as a literal on this evidence takes those values as
literals too. Each such value split from its set makes its set's whole group wrong (grouping
accuracy counts every link of a split group wrong), so the page cannot be taken without failing
the runs those values are in. A rule may ask more of a text where it tests more texts (a
threshold divided by their number, as Bonferroni's): the second count compares the scores
raised by the logarithm of the number of texts scored at the position in that sample.

A text's shape (`new` beside hyphenated product slugs) is left out: it tells pages from values
only where the set's values look unlike words, and the tags, communities and usernames are
words too.

Usage: sibling_bound.py --table ROUTES [--table ROUTES...] LINKS...   (links named TABLE-SIZE-SEED.links)
"""
import argparse
import collections
import math
import os
import re
import sys


def segments(link):
    path = re.sub(r"^[a-z]+://[^/]*", "", link.strip()).split("?", 1)[0].split("#", 1)[0]
    return path.strip("/").split("/")


def is_placeholder(segment):
    return bool(re.fullmatch(r"\{[^}]*\}|<[^>]*>|:\w+|\*\w*", segment))


def set_name(segment):
    return re.sub(r"^[{<:*]|[}>]$", "", segment).split(":")[-1]


def read_table(path):
    """The sibling positions (prefix, page texts, set name) and every position of each set."""
    routes = []
    for line in open(path, encoding="utf-8"):
        if line.strip() and not line.lstrip().startswith("#"):
            routes.append(line.split()[0].strip("/").split("/"))
    positions = collections.defaultdict(set)  # set name -> prefixes where it stands
    for route in routes:
        for i, segment in enumerate(route):
            if segment.startswith("{"):
                positions[set_name(segment)].add(tuple(route[:i]))
    siblings = collections.defaultdict(set)  # (prefix, set name) -> page texts
    for page in routes:
        for route in routes:
            if len(page) != len(route):
                continue
            differ = [i for i in range(len(page)) if page[i] != route[i]]
            if len(differ) == 1 and route[differ[0]].startswith("{") and not is_placeholder(page[differ[0]]):
                i = differ[0]
                siblings[(tuple(page[:i]), set_name(route[i]))].add(page[i])
    return siblings, positions


def texts_at(paths, prefix):
    """Each text's links at the position after `prefix`, and its links that end there."""
    links, ends = collections.Counter(), collections.Counter()
    for path in paths:
        if len(path) > len(prefix) and all(is_placeholder(p) or p == s for p, s in zip(prefix, path)):
            text = path[len(prefix)]
            links[text] += 1
            ends[text] += len(path) == len(prefix) + 1
    return links, ends


def log_tail(k, n, share):
    """log P(X >= k) for X binomial(n, share)."""
    share = min(max(share, 1e-12), 1 - 1e-12)
    terms = [math.lgamma(n + 1) - math.lgamma(j + 1) - math.lgamma(n - j + 1)
             + j * math.log(share) + (n - j) * math.log(1 - share) for j in range(k, n + 1)]
    top = max(terms)
    return top + math.log(sum(math.exp(t - top) for t in terms))


def scores(paths, prefix, pages, twins, minimum):
    """(text, links, ends, is page, rank, log10 chance) for each text with `minimum` links."""
    links, ends = texts_at(paths, prefix)
    values = [t for t in links if t not in pages]
    twin = max((texts_at(paths, p)[0] for p in twins), key=lambda c: sum(c.values()), default=collections.Counter())
    ranked = sorted(links, key=lambda t: -links[t])
    out = []
    for text, n in links.items():
        if n < minimum:
            continue
        others = [v for v in values if v != text]
        share = (sum(ends[v] for v in others) + 0.5) / (sum(links[v] for v in others) + 1)
        chance = log_tail(ends[text], n, share)
        common = [v for v in others if v in twin]
        if len(common) >= 8 and text not in twin:
            chance -= n * sum(twin[v] for v in common) / sum(links[v] for v in common)
        out.append((text, n, ends[text], text in pages, ranked.index(text) + 1, chance / math.log(10)))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--table", required=True, action="append",
                        help="a small-set table; several pool their values (a sample goes with the table its name starts with)")
    parser.add_argument("--minimum", type=int, default=5, help="links a text needs to be scored")
    parser.add_argument("links", nargs="+")
    a = parser.parse_args()
    tables = {os.path.basename(t).rsplit(".", 1)[0]: read_table(t) for t in a.table}
    pages, values = [], []
    for file in a.links:
        run = os.path.basename(file).rsplit(".", 1)[0]
        name = run.split("-", 1)[0] if len(tables) > 1 else next(iter(tables))
        if name not in tables:
            sys.exit(f"sibling_bound.py: {file}: no --table named {name}")
        siblings, positions = tables[name]
        paths = [segments(line) for line in open(file, encoding="utf-8", errors="replace")]
        for (prefix, name), texts in sorted(siblings.items()):
            twins = [p for p in positions[name] if p != prefix]
            scored = scores(paths, prefix, texts, twins, a.minimum)
            for text, n, ends, page, rank, score in scored:
                row = (run, "/" + "/".join(prefix), text, n, ends, rank, score, score + math.log10(len(scored)))
                (pages if page else values).append(row)
    print(f"{'run':20} {'position':16} {'page':10} {'links':>6} {'ends':>6} {'rank':>4} {'log10':>8}"
          "  values as page-like, in runs; after the texts tested")
    for run, position, text, n, ends, rank, score, adjusted in pages:
        alike = [v for v in values if v[6] <= score]
        tested = [v for v in values if v[7] <= adjusted]
        print(f"{run:20} {position:16} {text:10} {n:6} {ends:6} {rank:4} {score:8.1f}"
              f"  {len(alike)} in {len({v[0] for v in alike})}; {len(tested)} in {len({v[0] for v in tested})}")
    if values:
        low = min(values, key=lambda v: v[6])
        print(f"most page-like value: {low[2]} at {low[1]} in {low[0]}, {low[3]} links, {low[4]} ending, log10 chance {low[6]:.1f}")


if __name__ == "__main__":
    main()
