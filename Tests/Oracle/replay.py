#!/usr/bin/env python3
"""Replays the libraries' recorded answers (Tests/Fixtures/oracle/<library>/cases.jsonl) through
urnmatch (and urnstack where a case records a stack) and compares.

A line of cases.jsonl is one table and the links routed through it:

  {"id": "compass-0001", "category": "literal-non-ascii",
   "options": ["--dialect", "compass", "--scheme", "myapp"],
   "routes": [{"pattern": "x/café", "target": "R0"}, ...]      (a JSON Lines route table)
   or "table": "<route file text>"  or "manifest": "<AndroidManifest.xml text>",
   "refused": true  (optional: the library refuses the whole table; urn must too, --check exit 2)
   "links": [{"link": "myapp://x/café", "method": "GET",
              "answers": [{"target": "R1", "args": {"name": "café"}, "stack": ["ListVC"]}],
              "category": "...", "cite": "Sources/Navigator.swift:35", "note": "..."}]}

`answers` lists every answer the library can give (more than one where it picks by a
Dictionary's per-process order); an empty list means it routes nothing. An answer's `args`
and `stack` are compared only when present. A link may carry `"flavours": {name: answers}`
instead; the library's provenance.json names the flavour urn follows (`"follows"`).

Each differing case must be listed, with its class, in Tests/Oracle/<library>/differences.tsv
(`case-id<TAB>class`); every class there is either documented in urn-patterns(7) as a
deliberate difference (`deliberate`) or still to fix (`open`), as classes.tsv says. The replay
fails on a difference not listed, and reports listed cases that now agree (prune them).

Usage: replay.py [--bin DIR] [--update] LIBRARY_DIR...
"""
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def canonical(value):
    """A comparable form of an argument value: numbers compare by value, strings as text."""
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, (int, float)):
        return ("number", float(value))
    if isinstance(value, str):
        return ("string", value)
    return ("json", json.dumps(value, sort_keys=True))


def same_args(expected, got):
    if expected is None:
        return True
    got = got or {}
    if set(expected) != set(got):
        return False
    return all(canonical(expected[k]) == canonical(got[k]) for k in expected)


def agrees(answers, got_route, got_stack, got_error):
    """Whether urn's result is one of the library's answers."""
    if not answers:
        return got_route is None
    if got_route is None:
        return False
    for answer in answers:
        if "target" in answer and answer["target"] != got_route.get("target"):
            continue
        if "pattern" in answer and "target" not in answer and answer["pattern"] != got_route.get("pattern"):
            continue
        if not same_args(answer.get("args"), got_route.get("args")):
            continue
        if "stack" in answer and answer["stack"] != got_stack:
            continue
        return True
    return False


def run_tool(binary, table_args, records, extra):
    stdin = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    proc = subprocess.run([binary, "-a", *table_args, *extra] if binary.endswith("urnmatch") else [binary, *table_args, *extra],
                          input=stdin.encode(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    lines = proc.stdout.decode("utf-8", "replace").splitlines()
    out = []
    for line in lines:
        try:
            out.append(json.loads(line))
        except ValueError:
            out.append({"error": {"code": "unreadable-output", "message": line}})
    if len(out) != len(records):
        return None, proc.stderr.decode("utf-8", "replace")
    return out, ""


def replay(library_dir, bindir, update):
    name = os.path.basename(os.path.normpath(library_dir))
    provenance = json.load(open(os.path.join(library_dir, "provenance.json")))
    if provenance.get("pending"):
        # recorded answers for a dialect urn does not have yet (see the provenance)
        print(f"oracle {name}: not replayed: {provenance['pending']}")
        return True
    follows = provenance.get("follows")
    diffs_path = os.path.join(HERE, name, "differences.tsv")
    classes_path = os.path.join(HERE, name, "classes.tsv")
    listed = {}
    if os.path.exists(diffs_path):
        for line in open(diffs_path, encoding="utf-8"):
            if line.strip() and not line.startswith("#"):
                case_id, cls = line.rstrip("\n").split("\t")[:2]
                listed[case_id] = cls
    classes = {}
    if os.path.exists(classes_path):
        for line in open(classes_path, encoding="utf-8"):
            if line.strip() and not line.startswith("#"):
                parts = line.rstrip("\n").split("\t")
                classes[parts[0]] = parts[1]
    total = agree = 0
    differing = {}
    details = {}
    broken = []
    groups = [json.loads(raw) for raw in open(os.path.join(library_dir, "cases.jsonl"), encoding="utf-8") if raw.strip()]
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        outcomes = list(pool.map(lambda group: replay_group(group, bindir, follows), groups))
    for group_outcomes in outcomes:
        for case_id, category, agreed, detail, broken_why in group_outcomes:
            total += 1
            if agreed:
                agree += 1
                continue
            differing[case_id] = category
            if detail is not None:
                details[case_id] = detail
            if broken_why is not None:
                broken.append((case_id, broken_why))
    unlisted = sorted(set(differing) - set(listed), key=sort_key)
    fixed = sorted(set(listed) - set(differing), key=sort_key)
    by_class = Counter(listed[c] for c in differing if c in listed)
    print(f"oracle {name}: {agree}/{total} agree with {provenance.get('library', name)}"
          f" ({100.0 * agree / max(total, 1):.1f}%)")
    for cls, count in sorted(by_class.items()):
        print(f"  {count:5d}  {classes.get(cls, 'UNKNOWN')} {cls}")
    for case_id, why in broken[:5]:
        print(f"  {case_id}: urn gave no result: {why}")
    if update:
        os.makedirs(os.path.dirname(diffs_path), exist_ok=True)
        with open(diffs_path, "w", encoding="utf-8") as f:
            f.write("# case id\tclass (see classes.tsv); written by replay.py --update\n")
            for case_id in sorted(differing, key=sort_key):
                f.write(f"{case_id}\t{listed.get(case_id, differing[case_id])}\n")
        with open(os.path.join(tmp_dir(), f"oracle-{name}-differences.jsonl"), "w", encoding="utf-8") as f:
            for case_id in sorted(details, key=sort_key):
                f.write(json.dumps({"id": case_id, **details[case_id]}, ensure_ascii=False) + "\n")
        return True
    ok = True
    unknown_classes = sorted({listed[c] for c in differing if c in listed and listed[c] not in classes})
    if unknown_classes:
        ok = False
        print(f"  classes without an entry in classes.tsv: {', '.join(unknown_classes)}")
    if unlisted:
        ok = False
        print(f"  {len(unlisted)} differences not in differences.tsv, for example:")
        for case_id in unlisted[:10]:
            print("    " + json.dumps({"id": case_id, **details.get(case_id, {})}, ensure_ascii=False))
    if fixed:
        print(f"  {len(fixed)} listed differences now agree (remove them from differences.tsv): {' '.join(fixed[:10])}")
    return ok


def replay_group(group, bindir, follows):
    """Routes one group's links through urn: (case id, category, agreed, detail, why broken) each."""
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        if "manifest" in group:
            table = os.path.join(tmp, "AndroidManifest.xml")
            open(table, "w", encoding="utf-8").write(group["manifest"])
        elif "table" in group:
            table = os.path.join(tmp, "table.routes")
            open(table, "w", encoding="utf-8").write(group["table"])
        else:
            table = os.path.join(tmp, "table.jsonl")
            with open(table, "w", encoding="utf-8") as f:
                for route in group["routes"]:
                    f.write(json.dumps(route, ensure_ascii=False) + "\n")
        table_args = ["-f", table, *group.get("options", [])]
        links = group["links"]
        categories = [link.get("category", group.get("category", "?")) for link in links]
        ids = [f"{group['id']}#{index}" for index in range(len(links))]
        if group.get("refused"):
            # the library refuses the whole table (Android will not install the manifest)
            proc = subprocess.run([os.path.join(bindir, "urnmatch"), *table_args, "--check"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            for case_id, category, link in zip(ids, categories, links):
                agreed = proc.returncode == 2
                detail = None if agreed else {"link": link["link"], "library": "refuses the table",
                                              "urn": f"loads it (--check exit {proc.returncode})",
                                              "routes": "manifest", "options": group.get("options", [])}
                results.append((case_id, category, agreed, detail, None))
            return results
        records = []
        for link in links:
            record = {"link": link["link"]}
            if "method" in link:
                record["method"] = link["method"]
            records.append(record)
        extra = ["--method-field", "method"] if any("method" in l for l in links) else []
        matched, err = run_tool(os.path.join(bindir, "urnmatch"), table_args, records, extra)
        stacks = None
        wants_stack = any("stack" in a for l in links for a in answers_of(l, follows))
        if matched is not None and wants_stack:
            stacks, err = run_tool(os.path.join(bindir, "urnstack"), table_args, records, extra)
        for index, link in enumerate(links):
            answers = answers_of(link, follows)
            if matched is None or (stacks is None and any("stack" in a for a in answers)):
                results.append((ids[index], categories[index], False, None, err.strip().splitlines()[:2]))
                continue
            record = matched[index]
            route = record.get("route")
            stack = None
            if stacks is not None:
                stack = [frame.get("target") for frame in stacks[index].get("stack", [])]
            if agrees(answers, route, stack, record.get("error")):
                results.append((ids[index], categories[index], True, None, None))
            else:
                detail = {"link": link["link"], "library": answers,
                          "urn": route if "error" not in record else {"error": record["error"]["code"]},
                          "urn_stack": stack, "routes": group.get("routes") or group.get("table") or "manifest",
                          "options": group.get("options", [])}
                results.append((ids[index], categories[index], False, detail, None))
    return results


def answers_of(link, follows):
    if "flavours" in link:
        return link["flavours"].get(follows, [])
    return link.get("answers", [])


def sort_key(case_id):
    group, _, index = case_id.partition("#")
    return (group, int(index or 0))


def tmp_dir():
    path = os.path.join(ROOT, ".build", "oracle")
    os.makedirs(path, exist_ok=True)
    return path


def main(argv):
    bindir = os.environ.get("URN_BIN", os.path.join(ROOT, ".build", "debug"))
    update = False
    dirs = []
    args = iter(argv)
    for arg in args:
        if arg == "--bin":
            bindir = next(args)
        elif arg == "--update":
            update = True
        else:
            dirs.append(arg)
    if not dirs:
        base = os.path.join(ROOT, "Tests", "Fixtures", "oracle")
        dirs = [os.path.join(base, d) for d in sorted(os.listdir(base)) if os.path.isdir(os.path.join(base, d))]
    ok = all([replay(d, bindir, update) for d in dirs])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
