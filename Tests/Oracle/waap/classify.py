#!/usr/bin/env python3
"""Sorts the waap differences (.build/oracle/oracle-waap-differences.jsonl, written by
replay.py --update) into classes of one cause each and rewrites differences.tsv with them.
The rules look at the recorded case (table, link, the library's answers and notes) and at
urn's answer; the first rule that applies names the class (see classes.tsv)."""
import json
import os
import re
import sys
from urllib.parse import urlsplit

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))


def key(a):
    return (a.get("target"), json.dumps(a.get("args", {}), sort_keys=True))


def classify(case, link_case, diff):
    link = link_case["link"]
    note = link_case.get("note", "")
    answers = link_case.get("answers", [])
    urn = diff.get("urn")
    routes = case["routes"]
    chains = [r["pattern"] for r in routes if r["target"] is None]
    if "crash" in note and not answers:
        if any("{" not in part for c in chains for part in c.split("/") if part):
            return "crash-bare-part"
        if "?" in link:
            return "crash-odd-query"
        return "crash-wildcard"
    if "no-url" in note:
        return "no-url"
    if isinstance(urn, dict) and urn.get("error") == "invalid-port":
        return "non-numeric-port"
    if any(c.startswith("/") or "//" in c for c in chains):
        return "chain-empty-part"
    if any(re.search(r"\}[^/!]+(/|$)", c) for c in chains):
        return "text-after-class"
    declared = {}
    for r in routes:
        if r["target"] is None:
            parts = r["pattern"].split("/")
            for i, part in enumerate(parts):
                path = "/".join(p.split("{")[0] for p in parts[: i + 1])
                cls = part.split("{")[1] if "{" in part else None
                declared.setdefault(path, []).append((cls, json.dumps(r.get("defaults"), sort_keys=True)))
        else:
            declared.setdefault(r["pattern"], []).append((r["target"] + "}", json.dumps(r.get("defaults"), sort_keys=True)))
    twice = {p for p, v in declared.items() if len(set(v)) > 1}
    if urn and urn.get("pattern") in twice:
        return "re-register-replaces"
    if answers and not urn and any(p in twice for p in declared):
        return "re-register-replaces"
    if "loops" in note:
        return "self-ancestor-loops"
    split = urlsplit(link)
    if link.lower().startswith("app:") and not link.lower().startswith("app://") and "?" in link:
        return "opaque-no-query"
    if link.lower().startswith("app:///") or link.lower() == "app://" or link.lower().startswith("app://?") \
            or link.lower().startswith("app://#") or link.lower().startswith("app:///"):
        return "empty-host"
    if urn and answers:
        same = [a for a in answers if key(a) == key(urn)]
        if same and all("stack" in a for a in same):
            stacks = [a["stack"] for a in same]
            if diff.get("urn_stack") not in stacks:
                if any(r["target"] is not None for r in routes):
                    return "stack-entity-alone"
                return "stack-parent-by-class"
    if urn and answers and any(a["target"] == urn.get("target") for a in answers):
        lib_args = [a.get("args", {}) for a in answers if a["target"] == urn.get("target")]
        if "%" in link and all(args != urn.get("args") for args in lib_args):
            return "args-percent-decoded"
    if "%" in (split.netloc if split.scheme.lower() not in ("http", "https") else split.path):
        return "literal-percent-decoded"
    if split.scheme.lower() in ("http", "https") and "%" in split.path:
        return "literal-percent-decoded"
    if len(answers) > 1 or (answers and urn):
        return "first-match-order"
    return "unclassified"


def main():
    cases = {}
    for line in open(os.path.join(ROOT, "Tests/Fixtures/oracle/waap/cases.jsonl"), encoding="utf-8"):
        g = json.loads(line)
        cases[g["id"]] = g
    diffs = [json.loads(l) for l in open(os.path.join(ROOT, ".build/oracle/oracle-waap-differences.jsonl"), encoding="utf-8")]
    out = {}
    for d in diffs:
        gid, _, idx = d["id"].partition("#")
        out[d["id"]] = classify(cases[gid], cases[gid]["links"][int(idx)], d)
    with open(os.path.join(HERE, "differences.tsv"), "w", encoding="utf-8") as f:
        f.write("# case id\tclass (see classes.tsv); written by replay.py --update, classes by classify.py\n")
        for cid in sorted(out, key=lambda c: (c.split("#")[0], int(c.split("#")[1]))):
            f.write(f"{cid}\t{out[cid]}\n")
    if "-v" in sys.argv:
        from collections import Counter
        for k, v in Counter(out.values()).most_common():
            print(v, k)


if __name__ == "__main__":
    main()
