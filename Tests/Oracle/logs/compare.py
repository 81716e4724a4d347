#!/usr/bin/env python3
"""urnparse --log against apachelogs 0.6.1 over the lines gen.py writes (issue 56).

Each layout's lines go through `urnparse --log LAYOUT` at once, which must give one record a
line (no line is lost), and through apachelogs (oracle.py, in its virtual environment). They
agree when both refuse the line (an error record; InvalidEntryError), or both read it and
every value apachelogs gives is urn's: remote, user, time, status, bytes, referer, agent, host
(bytes decoded as UTF-8, U+FFFD for what is no UTF-8; '-' as absent); the request where
apachelogs splits it (%m, %U: urn's method and link); and for a whole request line (%r) the
line urn's values make again: `method target[ PROTOCOL]` with urn's method and link and a
protocol that looks like NAME/VERSION, or, where urn's link is null, urn's `request` with its
escapes undone. A target's bytes that are no UTF-8 are compared percent-encoded, as urn writes
them in the link.

Every difference must be listed in differences.tsv (`line-id<TAB>class`) under a class of
classes.tsv, and each class is recognised by a rule (CLASSES below); `--update` rewrites
differences.tsv from the rules. Closing line: `apachelogs: N passed, M failed` (passed:
agreements and listed differences; failed: differences not listed or listed under another
class, and lines urnparse gave no record).

Usage: compare.py --bin DIR [--python VENV_PYTHON] [--update]
"""
import argparse
import codecs
import json
import os
import re
import subprocess
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
OUT = os.path.join(ROOT, ".build", "oracle", "logs")
sys.path.insert(0, HERE)
import gen  # noqa: E402

PROTOCOL = re.compile(rb"[A-Za-z]+/[0-9]+(\.[0-9]+)?")
codecs.register_error("percent", lambda e: ("".join("%%%02X" % b for b in e.object[e.start:e.end]), e.end))


def read_tsv(path):
    out = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            key, rest = line.rstrip("\n").split("\t", 1)
            out[key] = rest.split("\t", 1)[0]
    return out


def apache_bytes(value):
    return None if value is None else value["bytes"].encode("latin-1")


def text(value):
    """apachelogs' bytes as urn writes a string: UTF-8, U+FFFD for what is no UTF-8."""
    raw = apache_bytes(value)
    return None if raw is None else raw.decode("utf-8", "replace")


def as_link(raw):
    """A target's bytes as urn writes the link: bytes that are no UTF-8 percent-encoded."""
    return raw.decode("utf-8", "percent")


def unescape(written):
    """What a log's escapes stand for (apachelogs' own rules, util.unescape)."""
    return re.sub(rb"\\(x[0-9A-Fa-f]{2}|.)",
                  lambda m: bytes([int(m.group(1)[1:], 16)]) if m.group(1)[:1] == b"x"
                  else {b"t": b"\t", b"n": b"\n", b"r": b"\r", b"b": b"\b", b"v": b"\v", b"f": b"\f"}.get(m.group(1), m.group(1)),
                  written.encode("utf-8"))


def urn_records(bindir, layout, lines):
    argument = gen.LAYOUTS[layout][0]
    proc = subprocess.run([os.path.join(bindir, "urnparse"), "--log", argument, "-s"],
                          input=("\n".join(lines) + "\n").encode("utf-8"), capture_output=True)
    return [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]


def request_differences(values, record):
    """What differs in the request: a list of (name, apachelogs, urn)."""
    out = []
    if "uri" in values or "method" in values:
        uri = apache_bytes(values.get("uri"))
        if (None if uri is None else as_link(uri)) != record.get("link"):
            out.append(("uri", values.get("uri"), record.get("link")))
        if text(values.get("method")) != record.get("method"):
            out.append(("method", values.get("method"), record.get("method")))
        return out
    line = apache_bytes(values.get("request_line"))
    if line is None:
        # "-": nginx's and Apache's request line for a connection that sent nothing
        line = b"-"
    if record.get("link") is None:
        if "request" not in record or unescape(record["request"]) != line:
            out.append(("request_line", values.get("request_line"), record.get("request")))
        return out
    made = (record.get("method") or "") + " " + record["link"]
    whole = as_link(line)
    rest = whole[len(made):] if whole.startswith(made) else None
    if rest is None or not (rest == "" or (rest[:1] == " " and PROTOCOL.fullmatch(rest[1:].encode()))):
        out.append(("request_line", values.get("request_line"), made))
    return out


def differences(values, record):
    out = []
    for name in ("remote", "user", "referer", "agent", "host"):
        if name in values and text(values[name]) != record.get(name):
            out.append((name, values[name], record.get(name)))
    for name in ("time", "status", "bytes"):
        if name in values and values[name] != record.get(name):
            out.append((name, values[name], record.get(name)))
    return out + request_differences(values, record)


# The classes of difference, each recognised by a rule: (class, rule(case) -> bool). The first
# rule that holds names the class.
def raw_non_ascii(case):
    return "refused" in case["apachelogs"] and "error" not in case["urn"] and any(ord(c) > 0x7E for c in case["line"])


def status_digits(case):
    status = case["urn"].get("status")
    return "refused" in case["apachelogs"] and "error" not in case["urn"] and status is not None and len(str(status)) != 3


def separator_in_value(case):
    if "error" not in case["urn"] or "values" not in case["apachelogs"] or case["urn"]["error"]["code"] != "invalid-log-line":
        return False
    literals = [t for t in re.split(r"%(?:\{[^}]*\})?>?[a-zA-Z]", gen.LAYOUTS[case["layout"]][1]) if t]
    values = [apache_bytes(v) for v in case["apachelogs"]["values"].values() if isinstance(v, dict)]
    return any(lit.encode() in v for lit in literals for v in values if v)


CLASSES = [("raw-non-ascii", raw_non_ascii), ("status-digits", status_digits), ("separator-in-value", separator_in_value)]


def classify(case):
    for name, rule in CLASSES:
        if rule(case):
            return name
    return None


def main(argv):
    parser = argparse.ArgumentParser(description="urnparse --log against apachelogs over generated lines")
    parser.add_argument("--bin", required=True, help="the folder of the urnparse to test")
    parser.add_argument("--python", default=os.path.join(ROOT, ".build", "apachelogs-venv", "bin", "python"),
                        help="a Python with apachelogs (default: .build/apachelogs-venv)")
    parser.add_argument("--update", action="store_true", help="rewrite differences.tsv from the rules")
    options = parser.parse_args(argv)
    plan = gen.plan()
    proc = subprocess.run([options.python, os.path.join(HERE, "oracle.py")],
                          input="".join(json.dumps(e) + "\n" for e in plan), capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr)
        raise SystemExit(f"apachelogs: oracle.py failed (status {proc.returncode})")
    answers = {a["id"]: a for a in map(json.loads, proc.stdout.splitlines())}

    lost = []
    cases = {}
    total = agree = 0
    for layout in gen.LAYOUTS:
        entries = [e for e in plan if e["layout"] == layout]
        records = urn_records(options.bin, layout, [e["line"] for e in entries])
        if len(records) != len(entries):
            lost.append((layout, len(entries), len(records)))
            continue
        for entry, record in zip(entries, records):
            total += 1
            answer = answers[entry["id"]]
            if "refused" in answer:
                same = "error" in record
                found = [] if same else [("refused", answer["refused"], None)]
            elif "error" in record:
                found = [("error", None, record["error"]["code"])]
            else:
                found = differences(answer["values"], record)
            if not found:
                agree += 1
                continue
            case = {"id": entry["id"], "layout": layout, "line": entry["line"], "apachelogs": answer, "urn": record,
                    "differences": [list(d) for d in found]}
            case["class"] = classify(case)
            cases[entry["id"]] = case

    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "differences.jsonl"), "w", encoding="utf-8") as f:
        for case_id in sorted(cases):
            f.write(json.dumps(cases[case_id], ensure_ascii=False) + "\n")
    listed_path = os.path.join(HERE, "differences.tsv")
    if options.update:
        with open(listed_path, "w", encoding="utf-8") as f:
            f.write("# line id\tclass (see classes.tsv); written by compare.py --update\n")
            for case_id in sorted(cases):
                f.write(f"{case_id}\t{cases[case_id]['class'] or 'unclassified'}\n")
    listed = read_tsv(listed_path)
    classes = read_tsv(os.path.join(HERE, "classes.tsv"))

    failed = []
    for case_id in sorted(cases):
        rule_class = cases[case_id]["class"]
        if case_id not in listed:
            failed.append((case_id, f"not in differences.tsv (rule: {rule_class or 'none'})"))
        elif listed[case_id] not in classes:
            failed.append((case_id, f"class {listed[case_id]} is not in classes.tsv"))
        elif listed[case_id] != rule_class:
            failed.append((case_id, f"listed as {listed[case_id]}, its rule says {rule_class}"))
    stale = sorted(set(listed) - set(cases))

    print(f"apachelogs: {agree}/{total} lines agree over {len(gen.LAYOUTS)} layouts, {len(cases)} differ")
    for cls, count in sorted(Counter(c["class"] or "unclassified" for c in cases.values()).items()):
        print(f"  {count:5d}  {cls}")
    for layout, expected, got in lost:
        print(f"  {layout}: urnparse gave {got} records for {expected} lines")
    for case_id, why in failed[:15]:
        c = cases[case_id]
        print(f"  {case_id} {why}: {c['line']}\n      {json.dumps(c['differences'], ensure_ascii=False)}")
    if len(failed) > 15:
        print(f"  ... and {len(failed) - 15} more (all in {os.path.relpath(OUT, ROOT)}/differences.jsonl)")
    if stale:
        print(f"  {len(stale)} listed differences now agree (remove them: compare.py --update): {' '.join(stale[:8])}")
    failures = len(failed) + sum(expected for _, expected, _ in lost) + len(stale)
    print(f"apachelogs: {total - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
