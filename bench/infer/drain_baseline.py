#!/usr/bin/env python3
"""Drain's grouping of the same links, the baseline issue 59 asks for beside urn's figures.

Usage (with the Python of a virtual environment that has drain3, as run.py makes it):
    .build/bench-infer-venv/bin/python drain_baseline.py --links FILE --groups-out FILE.json
    .build/bench-infer-venv/bin/python drain_baseline.py --links FILE --bin DIR --true TABLE

drain3 (PyPI) as its authors configure it, with two settings: no masking instructions (drain3's
default, so no value is masked before the tree sees it), and `/` as an extra delimiter, so that
a path's segments are Drain's tokens. Everything else is drain3's default (similarity threshold
0.4, depth 4, 100 children a node, numeric tokens parametrised). Drain reads each link's path as
a log line's content: the scheme and host, the query and the fragment are cut first, as a log
parser is handed the message without its header (this only helps Drain). One template cluster
is one group: a link's group is the cluster drain3 puts it in when it reads it, in order, as in
streaming use. With --groups-out the groups (cluster ids, one a link) and each cluster's final
template go to a JSON file; with --bin and --true the grouping accuracy is printed (score.py).
"""
import argparse
import json
import os
import sys
import time

from drain3 import TemplateMiner
from drain3.template_miner_config import TemplateMinerConfig

HERE = os.path.dirname(os.path.abspath(__file__))


def link_path(link):
    """The path of a link: scheme and host, query and fragment cut."""
    start = link.find("://")
    if start >= 0:
        slash = link.find("/", start + 3)
        link = link[slash:] if slash >= 0 else "/"
    for mark in "?#":
        cut = link.find(mark)
        if cut >= 0:
            link = link[:cut]
    return link or "/"


def miner():
    config = TemplateMinerConfig()
    config.masking_instructions = []
    config.drain_extra_delimiters = ["/"]
    config.profiling_enabled = False
    return TemplateMiner(config=config)


def drain_groups(links):
    """(cluster id of each link, {cluster id: final template as a path with {} for <*>})."""
    tm = miner()
    groups = [tm.add_log_message(link_path(link))["cluster_id"] for link in links]
    templates = {c.cluster_id: "/" + "/".join("{}" if t == "<*>" else t for t in c.log_template_tokens)
                 for c in tm.drain.clusters}
    return groups, templates


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--links", required=True)
    ap.add_argument("--groups-out")
    ap.add_argument("--bin", help="folder with urnmatch, to score against --true")
    ap.add_argument("--true", dest="true_table")
    a = ap.parse_args()
    with open(a.links, encoding="utf-8") as f:
        links = [line.rstrip("\n") for line in f]
    start = time.perf_counter()
    groups, templates = drain_groups(links)
    seconds = time.perf_counter() - start
    if a.groups_out:
        with open(a.groups_out, "w") as out:
            json.dump({"groups": groups, "templates": templates, "seconds": seconds}, out)
    if a.bin and a.true_table:
        sys.path.insert(0, HERE)
        import score
        truth = score.true_groups(os.path.join(a.bin, "urnmatch"), a.true_table, a.links)
        accuracy = score.grouping_accuracy(truth, groups)
        f1 = score.template_f1(truth, groups, templates)[0]
        print(f"Drain: {len(templates)} clusters, grouping accuracy {accuracy:.4f}, template F1 "
              f"{'n/a' if f1 is None else f'{f1:.4f}'} ({len(links) / seconds:,.0f} links/s)")


if __name__ == "__main__":
    main()
