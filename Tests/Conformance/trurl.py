#!/usr/bin/env python3
"""Replays trurl's test cases through urnparse and urnfmt and checks the agreement.

urnparse takes the cases that only parse a URL:
  --json URL...                      compare parts (port as text) and params
  --get '{comp}' / '[comp]' URL      compare parts.comp ('{:comp}' with --raw)
  URL alone                          urnparse --normalize, compare normalized
urnfmt takes the cases that map onto its options:
  --get TEMPLATE                     urnfmt TEMPLATE
  --set, --append, --qtrim, --trim query=, --sort-query, --redirect
                                     urnfmt --normalize with the same edits (trurl prints
                                     normalized links), piped into urnfmt TEMPLATE with --get
  --punycode, --as-idn               the same urnfmt options (--quiet is dropped: trurl's warnings are urnfmt's per-line diagnostics, silenced with -s)
A case where both tools fail (a non-zero status) agrees. Every disagreement must be listed with
its reason in trurl_<tool>.expected (id TAB reason); a listed case that now agrees is reported
too, so the lists stay true.
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "..", "Fixtures", "conformance", "trurl.jsonl")
BIN = os.environ.get("URN_BIN", ".build/debug")
COMPONENT = re.compile(r"^[{\[](:|url:)?(scheme|user|password|options|host|port|path|query|fragment|zoneid)[}\]]$")
EDITS = {"--set": "--set", "-s": "--set", "--append": "--append", "-a": "--append", "--qtrim": "--qtrim",
         "--redirect": "--redirect"}


def run(argv, stdin):
    done = subprocess.run(argv, input=stdin, capture_output=True, text=True, timeout=30)
    return done.returncode, done.stdout


def tool(name):
    return os.path.join(BIN, name)


def split_args(args):
    """trurl's arguments as (urls, gets, edits, other flags); None when an option lacks a value."""
    urls, gets, edits, flags = [], [], [], []
    i = 0
    while i < len(args):
        a = args[i]
        value = args[i + 1] if i + 1 < len(args) else None
        if a == "--url":
            if value is None:
                return None
            urls.append(value); i += 2; continue
        if a in ("--get", "-g"):
            if value is None:
                return None
            gets.append(value); i += 2; continue
        if a.startswith("-g") and len(a) > 2:
            gets.append(a[2:]); i += 1; continue
        if a in EDITS:
            if value is None:
                return None
            edits += [EDITS[a], value]; i += 2; continue
        if a.startswith("--set="):
            edits += ["--set", a[6:]]; i += 1; continue
        if a.startswith("-s") and len(a) > 2:
            edits += ["--set", a[2:]]; i += 1; continue
        if a == "--trim":
            if value is None or not value.startswith("query="):
                return None
            edits += ["--qtrim", value[6:]]; i += 2; continue
        if a == "--sort-query":
            edits.append("--sort-query"); i += 1; continue
        if a.startswith("-"):
            flags.append(a); i += 1; continue
        urls.append(a); i += 1
    return urls, gets, edits, flags


def urnparse_mapping(args):
    split = split_args(args)
    if not split:
        return None
    urls, gets, edits, flags = split
    if not urls or any(u == "" for u in urls) or edits:
        return None
    if flags == ["--json"] and not gets:
        return ("json", urls, None)
    if not flags and len(gets) == 1 and len(urls) == 1 and COMPONENT.match(gets[0]):
        return ("get", urls, gets[0])
    if not flags and not gets and len(urls) == 1:
        return ("normalize", urls, None)
    return None


def urnparse_case(case, mapping):
    kind, urls, extra = mapping
    expected = case["expected_stdout"]
    stdin = "".join(u + "\n" for u in urls)
    if kind == "json":
        _, out = run([tool("urnparse"), "-s"], stdin)
        ours = []
        for r in map(json.loads, out.splitlines()):
            if "error" in r:
                ours.append({"error": r["error"]["code"]})
                continue
            parts = dict(r["parts"])
            if "port" in parts:
                parts["port"] = str(parts["port"])
            ours.append({"parts": parts, "params": r["params"]})
        theirs = [{"parts": t["parts"], "params": t.get("params", [])} for t in expected]
        return ours == theirs, ours, theirs
    if kind == "get":
        m = COMPONENT.match(extra)
        _, out = run([tool("urnparse"), "-s"] + (["--raw"] if m.group(1) else []), stdin)
        r = json.loads(out.splitlines()[0]) if out else {"error": {"code": "no-output"}}
        ours = ("error: " + r["error"]["code"]) if "error" in r else str(r["parts"].get(m.group(2), ""))
        return ours == expected.rstrip("\n"), ours, expected.rstrip("\n")
    _, out = run([tool("urnparse"), "-s", "--normalize"], stdin)
    r = json.loads(out.splitlines()[0]) if out else {"error": {"code": "no-output"}}
    ours = ("error: " + r["error"]["code"]) if "error" in r else r["normalized"]
    return ours == expected.rstrip("\n"), ours, expected.rstrip("\n")


HOST_FORMS = ("--punycode", "--as-idn")


def urnfmt_mapping(args):
    split = split_args(args)
    if not split:
        return None
    urls, gets, edits, flags = split
    flags = [f for f in flags if f != "--quiet"]
    if any(f not in HOST_FORMS for f in flags) or len(gets) > 1 or not urls or any(u == "" for u in urls):
        return None
    if not gets and not edits and not flags:
        return None
    return urls, gets[0] if gets else None, edits, flags


def urnfmt_case(case, mapping):
    urls, template, edits, forms = mapping
    stdin = "".join(u + "\n" for u in urls)
    expected = case["expected_stdout"]
    if edits and template is not None:
        status, records = run([tool("urnfmt"), "-s", "--json"] + forms + edits, stdin)
        if status == 0:
            status, out = run([tool("urnfmt"), "-s", template], records)
        else:
            out = ""
    elif template is None:
        status, out = run([tool("urnfmt"), "-s", "--normalize"] + forms + edits, stdin)
    else:
        status, out = run([tool("urnfmt"), "-s"] + forms + [template], stdin)
    if case["expected_returncode"] != 0:
        return status != 0, f"status {status}: {out!r}", f"status {case['expected_returncode']}"
    return status == 0 and out == expected, out, expected


TOOLS = [("urnparse", urnparse_mapping, urnparse_case), ("urnfmt", urnfmt_mapping, urnfmt_case)]


def main():
    cases = [json.loads(line) for line in open(FIXTURE)]
    failed = False
    for name, mapping_of, run_case in TOOLS:
        reasons = {}
        with open(os.path.join(HERE, f"trurl_{name}.expected")) as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    case_id, reason = line.rstrip("\n").split("\t", 1)
                    reasons[int(case_id)] = reason
        selected = []
        for case in cases:
            mapping = mapping_of(case["args"])
            if mapping and (name == "urnfmt" or case["expected_returncode"] == 0):
                selected.append((case, mapping))
        agree, documented, unexpected, stale = 0, [], [], []
        for case, mapping in selected:
            ok, ours, theirs = run_case(case, mapping)
            if ok:
                agree += 1
                if case["id"] in reasons:
                    stale.append(case["id"])
            elif case["id"] in reasons:
                documented.append((case["id"], reasons[case["id"]]))
            else:
                unexpected.append((case["id"], case["args"], ours, theirs))
        print(f"trurl conformance ({name}): {len(selected)} of {len(cases)} cases map onto it")
        print(f"  {agree} agree, {len(documented)} disagree with a documented reason")
        for case_id, reason in documented:
            print(f"    #{case_id}: {reason}")
        for case_id, args, ours, theirs in unexpected:
            print(f"  UNEXPECTED #{case_id} {args}\n    {name}: {ours!r}\n    trurl:    {theirs!r}")
        for case_id in stale:
            print(f"  STALE #{case_id}: listed as a disagreement but now agrees; remove it from the list")
        failed = failed or bool(unexpected or stale)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
