#!/usr/bin/env python3
"""Replays the trurl cases that only parse a URL through urnparse.

Three mappings, chosen from each case's arguments:
  --json URL...                      urnparse, compare parts (port as text) and params
  --get '{comp}' / '[comp]' URL      urnparse (--raw for '{:comp}'), compare parts.comp
  URL alone                          urnparse --normalize, compare normalized
Every disagreement must be listed with its reason in trurl_urnparse.expected (id TAB reason);
a listed case that now agrees is reported too, so the list stays true.
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "..", "Fixtures", "conformance", "trurl.jsonl")
EXPECTED = os.path.join(HERE, "trurl_urnparse.expected")
BIN = os.environ.get("URN_BIN", ".build/debug")
URNPARSE = os.path.join(BIN, "urnparse")
COMPONENT = re.compile(r"^[{\[](:|url:)?(scheme|user|password|options|host|port|path|query|fragment|zoneid)[}\]]$")


def urnparse(urls, *flags):
    run = subprocess.run([URNPARSE, "-q", *flags], input="".join(u + "\n" for u in urls),
                         capture_output=True, text=True, timeout=30)
    return [json.loads(line) for line in run.stdout.splitlines()]


def classify(args):
    """Returns (mapping, urls, extra) or None when the case is not parse-only."""
    urls, gets, flags = [], [], []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--url":
            urls.append(args[i + 1]); i += 2; continue
        if a in ("--get", "-g"):
            if i + 1 >= len(args):
                return None
            gets.append(args[i + 1]); i += 2; continue
        if a.startswith("-g") and len(a) > 2:
            gets.append(a[2:]); i += 1; continue
        if a.startswith("-"):
            flags.append(a); i += 1; continue
        urls.append(a); i += 1
    if not urls or any(u == "" for u in urls):
        return None
    if flags == ["--json"] and not gets:
        return ("json", urls, None)
    if not flags and len(gets) == 1 and len(urls) == 1 and COMPONENT.match(gets[0]):
        return ("get", urls, gets[0])
    if not flags and not gets and len(urls) == 1:
        return ("normalize", urls, None)
    return None


def run_case(case):
    mapping, urls, extra = classify(case["args"])
    expected = case["expected_stdout"]
    if mapping == "json":
        records = urnparse(urls)
        ours = []
        for r in records:
            if "error" in r:
                ours.append({"error": r["error"]["code"]})
                continue
            parts = dict(r["parts"])
            if "port" in parts:
                parts["port"] = str(parts["port"])
            ours.append({"parts": parts, "params": r["params"]})
        theirs = [{"parts": t["parts"], "params": t.get("params", [])} for t in expected]
        return ours == theirs, ours, theirs
    if mapping == "get":
        m = COMPONENT.match(extra)
        raw = bool(m.group(1))
        records = urnparse(urls, *(["--raw"] if raw else []))
        r = records[0] if records else {"error": {"code": "no-output"}}
        if "error" in r:
            ours = "error: " + r["error"]["code"]
        else:
            value = r["parts"].get(m.group(2), "")
            ours = str(value)
        theirs = expected[:-1] if expected.endswith("\n") else expected
        return ours == theirs, ours, theirs
    records = urnparse(urls, "--normalize")
    r = records[0] if records else {"error": {"code": "no-output"}}
    ours = ("error: " + r["error"]["code"]) if "error" in r else r["normalized"]
    theirs = expected.rstrip("\n")
    return ours == theirs, ours, theirs


def main():
    reasons = {}
    with open(EXPECTED) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                case_id, reason = line.rstrip("\n").split("\t", 1)
                reasons[int(case_id)] = reason
    cases = [json.loads(line) for line in open(FIXTURE)]
    selected = [c for c in cases if c["expected_returncode"] == 0 and classify(c["args"])]
    agree, documented, unexpected, stale = 0, [], [], []
    by_mapping = {}
    for case in selected:
        ok, ours, theirs = run_case(case)
        mapping = classify(case["args"])[0]
        counts = by_mapping.setdefault(mapping, [0, 0])
        counts[0 if ok else 1] += 1
        if ok:
            agree += 1
            if case["id"] in reasons:
                stale.append(case["id"])
        elif case["id"] in reasons:
            documented.append((case["id"], reasons[case["id"]]))
        else:
            unexpected.append((case["id"], case["args"], ours, theirs))
    print(f"trurl conformance (urnparse): {len(selected)} of {len(cases)} cases only parse a URL")
    for mapping, (a, d) in sorted(by_mapping.items()):
        print(f"  {mapping:<10} {a} agree, {d} disagree")
    print(f"  total      {agree} agree, {len(documented)} disagree with a documented reason")
    for case_id, reason in documented:
        print(f"    #{case_id}: {reason}")
    for case_id, args, ours, theirs in unexpected:
        print(f"  UNEXPECTED #{case_id} {args}\n    urnparse: {ours!r}\n    trurl:    {theirs!r}")
    for case_id in stale:
        print(f"  STALE #{case_id}: listed as a disagreement but now agrees; remove it from the list")
    return 1 if unexpected or stale else 0


if __name__ == "__main__":
    sys.exit(main())
