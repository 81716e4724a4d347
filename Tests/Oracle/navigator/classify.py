#!/usr/bin/env python3
"""Sorts the navigator oracle's differences into classes (one cause each).

usage: classify.py URLNAVIGATOR_CHECKOUT SCRATCH_DIR
  Run after `replay.py --update` (which writes .build/oracle/oracle-navigator-differences.jsonl
  and differences.tsv); rewrites the class column of differences.tsv.
usage: classify.py --probes URLNAVIGATOR_CHECKOUT SCRATCH_DIR
  Only builds the probes (SCRATCH_DIR/navigator-cfurl-fixrange, -fixrank); examples.py asks
  the fixrange probe, in <harness dir>/probes, whether a disagreement is regex-utf16-range.

To tell which of the library's quirks decides a case, it builds two PROBES in SCRATCH_DIR:
copies of URLMatcher.swift with one quirk removed each (never recorded as answers, only used
to ask "does this quirk change the answer here?"):
  fixrange: replaceRegex's NSMakeRange(0, string.count) measured in UTF-16 units
            (URLMatcher.swift:111)
  fixrank:  numberOfPlainPathComponent counting the normalized pattern, without its query
            and fragment (URLMatcher.swift:171)
"""
import json
import os
import subprocess
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
FIXTURE = os.path.join(ROOT, "Tests", "Fixtures", "oracle", "navigator", "cases.jsonl")
DETAILS = os.path.join(ROOT, ".build", "oracle", "oracle-navigator-differences.jsonl")
DIFFS = os.path.join(HERE, "differences.tsv")

PROBES = {
    "fixrange": ("NSMakeRange(0, string.count)", "NSMakeRange(0, string.utf16.count)"),
    "fixrank": ("return self.pathComponents(from: pattern).lazy.filter {",
                "return self.pathComponents(from: self.normalizeURL(pattern).urlStringValue).lazy.filter {"),
}


def build_probes(checkout, scratch):
    src = os.path.join(checkout, "Sources", "URLMatcher")
    swiftc = os.environ.get("SWIFTC", "swiftc")
    out = {}
    for name, (old, new) in PROBES.items():
        d = os.path.join(scratch, "probe-" + name)
        os.makedirs(d, exist_ok=True)
        files = []
        for f in sorted(os.listdir(src)):
            text = open(os.path.join(src, f), encoding="utf-8").read()
            if f == "URLMatcher.swift":
                assert old in text, name
                text = text.replace(old, new)
            open(os.path.join(d, f), "w", encoding="utf-8").write(text)
            files.append(os.path.join(d, f))
        binary = os.path.join(scratch, "navigator-cfurl-" + name)
        subprocess.run([swiftc, "-swift-version", "5", "-Onone", "-suppress-warnings", "-module-name",
                        "NavigatorProbe", *files, os.path.join(HERE, "harness", "CFURLShim.swift"),
                        os.path.join(HERE, "harness", "main.swift"), "-o", binary], check=True)
        out[name] = binary
    return out


def ask(binary, patterns, link):
    stdin = json.dumps({"patterns": patterns, "links": [link]}, ensure_ascii=False) + "\n"
    proc = subprocess.run([binary], input=stdin.encode(), stdout=subprocess.PIPE, check=True)
    return json.loads(proc.stdout)["links"][0]["string"]


def has_nonfinite(answers):
    return any(isinstance(v, str) and v in ("nan", "inf", "-inf")
               for a in answers for v in (a.get("args") or {}).values())


def classify(d, case, probes):
    urn = d["urn"]
    err = urn.get("error") if isinstance(urn, dict) else None
    lib = d["library"]
    patterns = [r["pattern"] for r in case["routes"]]
    link = d["link"]
    if err == "empty-link":
        return "empty-link"
    if err == "invalid-port":
        return "authority-text"
    if err == "invalid-scheme":
        return "first-part-colon"
    if err in ("invalid-character", "invalid-percent"):
        return "string-raw-text"
    if err:
        return "other-error-" + err
    base = ask(probes["base"], patterns, link)
    if ask(probes["fixrange"], patterns, link) != base:
        return "regex-utf16-range"
    if ask(probes["fixrank"], patterns, link) != base:
        return "rank-raw-pattern"
    if has_nonfinite(lib) and urn is not None and any(v is None for v in (urn.get("args") or {}).values()):
        return "float-non-finite"
    nfc = [unicodedata.normalize("NFC", p) for p in patterns]
    if len(set(nfc)) < len(set(patterns)):
        return "dict-key-canonical"
    if unicodedata.normalize("NFC", link) != link or any(unicodedata.normalize("NFC", p) != p for p in patterns):
        return "canonical-equality"
    if urn is None and any(isinstance(v, int) for a in lib for v in (a.get("args") or {}).values()):
        return "int-long-digits"
    return "unclassified"


def main(checkout, scratch):
    os.makedirs(scratch, exist_ok=True)
    probes = build_probes(checkout, scratch)
    probes["base"] = os.path.join(scratch, "navigator-cfurl-base")
    subprocess.run(["sh", os.path.join(HERE, "build.sh"), checkout, os.path.join(scratch, "base")], check=True)
    os.replace(os.path.join(scratch, "base", "navigator-cfurl"), probes["base"])
    cases = {}
    for raw in open(FIXTURE, encoding="utf-8"):
        g = json.loads(raw)
        cases[g["id"]] = g
    classes = {}
    for raw in open(DETAILS, encoding="utf-8"):
        d = json.loads(raw)
        classes[d["id"]] = classify(d, cases[d["id"].split("#")[0]], probes)
    lines = []
    for raw in open(DIFFS, encoding="utf-8"):
        if raw.startswith("#") or not raw.strip():
            lines.append(raw)
            continue
        case_id = raw.rstrip("\n").split("\t")[0]
        lines.append(f"{case_id}\t{classes.get(case_id, 'unclassified')}\n")
    open(DIFFS, "w", encoding="utf-8").writelines(lines)
    counts = {}
    for c in classes.values():
        counts[c] = counts.get(c, 0) + 1
    for c in sorted(counts):
        print(f"{counts[c]:5d} {c}")


if __name__ == "__main__":
    if sys.argv[1] == "--probes":
        os.makedirs(sys.argv[3], exist_ok=True)
        for name, binary in build_probes(sys.argv[2], sys.argv[3]).items():
            print(f"{name}: {binary}")
    else:
        main(sys.argv[1], sys.argv[2])
