#!/usr/bin/env python3
"""Sorts the differences that replay.py --update found into classes (one cause each) and rewrites
the class column of differences.tsv.

Usage: classify.py --classes BUILD/classes
  (after: replay.py --bin DIR --update Tests/Fixtures/oracle/android)

A difference gets the first class whose test fits. Two tests re-ask the harness with one rule of
Android's switched off (-Doracle.ignoreDefault, -Doracle.slashPath): when urn's answer is then one
of the harness's, that rule is the cause.
"""
import argparse
import base64
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
CASES = os.path.join(ROOT, "Tests", "Fixtures", "oracle", "android", "cases.jsonl")
DETAILS = os.path.join(ROOT, ".build", "oracle", "oracle-android-differences.jsonl")
DIFFS = os.path.join(HERE, "differences.tsv")


def harness(classes, groups, prop):
    req = []
    for grp in groups:
        fields = [grp["manifest"]] + [l["link"] for l in grp["links"]]
        req.append("\t".join(base64.b64encode(f.encode("utf-8")).decode() for f in fields))
    cmd = ["java", "-D%s=true" % prop, "-cp", classes, "AndroidOracle"]
    out = subprocess.run(cmd, input=("\n".join(req) + "\n").encode(), stdout=subprocess.PIPE,
                         check=True).stdout.decode("utf-8").splitlines()
    return {g["id"]: json.loads(o) for g, o in zip(groups, out)}


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--classes", required=True)
    args = ap.parse_args(argv)
    cases = {}
    for line in open(CASES, encoding="utf-8"):
        r = json.loads(line)
        cases[r["id"]] = r
    details = {}
    for line in open(DETAILS, encoding="utf-8"):
        d = json.loads(line)
        details[d["id"]] = d
    rows = []
    for line in open(DIFFS, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        cid, cls = line.rstrip("\n").split("\t")[:2]
        rows.append([cid, cls])
    gids = sorted({r[0].partition("#")[0] for r in rows})
    groups = [cases[g] for g in gids if not cases[g].get("refused")]
    no_default = harness(args.classes, groups, "oracle.ignoreDefault")
    slash = harness(args.classes, groups, "oracle.slashPath")

    def urn_target(d):
        u = d.get("urn")
        return u.get("target") if isinstance(u, dict) else None

    for row in rows:
        cid = row[0]
        gid, _, idx = cid.partition("#")
        grp = cases[gid]
        link = grp["links"][int(idx)]
        text = link["link"]
        cat = link["category"]
        d = details.get(cid)
        err = d["urn"].get("error") if d and isinstance(d.get("urn"), dict) else None
        got = urn_target(d) if d else None
        scheme, colon, rest = text.partition(":")
        if grp.get("refused"):
            row[1] = "aapt-refused-loaded" if cat.startswith("aapt") else "refused-manifest-loaded"
        elif d is None and cat.startswith("aapt"):
            row[1] = "aapt-escapes"
        elif d is None:
            row[1] = "installable-manifest-refused"
        elif err == "invalid-character":
            row[1] = "link-raw-characters-rejected"
        elif err == "invalid-percent":
            row[1] = "link-bad-percent-rejected"
        elif err == "invalid-port":
            row[1] = "link-port-overflow-rejected"
        elif err == "invalid-scheme":
            row[1] = "link-scheme-characters-rejected"
        elif err:
            row[1] = "urn-error-" + err
        elif cat.startswith("aapt") or cat == "issue37-aapt-escape":
            row[1] = "aapt-escapes"
        elif got in ([a["target"] for a in [{"target": t} for t in no_default[gid]["answers"][int(idx)]]]) \
                and got not in [a["target"] for a in link["answers"]]:
            row[1] = "default-category-ignored"
        elif (got in slash[gid]["answers"][int(idx)] or (got is None and not slash[gid]["answers"][int(idx)])) \
                and re.match(r"^[^:/?#]+://[^/\\?#]*([?#].*)?$", text):
            row[1] = "empty-path-is-slash"
        elif colon and not rest.startswith("//"):
            row[1] = "link-without-authority-matches-host"
        elif re.match(r"^[^:]+://[^/\\?#]*%", text):
            row[1] = "host-percent-decoded"
        elif cat in ("host-case",) or (cat == "random-host-case" and re.search(r"[^\x00-\x7f]", text.split("/")[2])) \
                or cat == "issue37-host-decoded":
            row[1] = "host-case-non-ascii"
        elif re.search(r"%F0|[\U00010000-\U0010FFFF]", text) or cat == "issue37-utf16":
            row[1] = "utf16-code-units"
        elif re.search(r"%(FF|C3$|E2%82|ED%A0)", text) or cat == "issue37-fffd":
            row[1] = "invalid-utf8-replacement"
        else:
            row[1] = "unsorted-" + cat
    with open(DIFFS, "w", encoding="utf-8") as f:
        f.write("# case id\tclass (see classes.tsv); written by replay.py --update, sorted by classify.py\n")
        for cid, cls in rows:
            f.write("%s\t%s\n" % (cid, cls))
    from collections import Counter
    for cls, n in sorted(Counter(r[1] for r in rows).items()):
        print("%5d  %s" % (n, cls))


if __name__ == "__main__":
    main(sys.argv[1:])
