#!/usr/bin/env python3
"""Compares urnmatch's routing through OpenAPI documents with openapi-core's, request by request.

Runs gen.py's plan (documents and requests), asks openapi-core (oracle.py, in the virtual
environment `make test-openapi-oracle` installs) and `BIN/urnmatch -a -f DOC --method-field
method`, and compares for each request the operation (urn's `route.target`; openapi-core's
operationId, else `METHOD path`) and the path parameters: the ones both accept, by value
(numbers by value, booleans and strings exactly), and which ones each refuses (urn's
`route.invalid`, openapi-core's parameter errors). A request openapi-core finds no operation for
(PathNotFound, OperationNotFound, ServerNotFound) must get `"route": null`.

Every difference must be listed in differences.tsv (`case-id<TAB>class`) under a class of
classes.tsv. Classes are recognised by rule (CLASSES below, one function each); a listing
whose class disagrees with its rule fails, and a difference no rule recognises may be listed by
hand under an `open` class. `--update` rewrites differences.tsv from the rules (new differences
no rule knows come out as `unclassified`, which fails until a rule or a hand listing says
better). The details of every difference go to .build/oracle/openapi/differences.jsonl.

Closing line: `openapi-core: N passed, M failed` (passed: agreements and listed differences;
failed: differences not listed, or listed under another class than their rule's, every request
of a document urnmatch gives no records for, and each document openapi-core refuses). Exit
status 1 when M > 0.

Usage: compare.py --bin DIR [--python VENV_PYTHON] [--update] [--jobs N]
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, HERE)
import gen  # noqa: E402  (beside this file)

OUT = os.path.join(ROOT, ".build", "oracle", "openapi")
# oracle.py's QUIRKS, in its order: probes[k] undoes the first k + 1 of them
QUIRKS = ["path-servers-first", "server-variable-any", "not-percent-decoded",
          "label-matrix-ignored", "lenient-cast"]


def canonical(value):
    """A comparable form of a parameter value: numbers by value, booleans and strings exactly."""
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, (int, float)):
        return ("number", float(value))
    return ("other", json.dumps(value, sort_keys=True, ensure_ascii=False))


def urn_view(record):
    """urnmatch's output record as (what, detail) in the oracle's terms."""
    if record is None:
        return {"none": "no output"}
    if "error" in record:
        return {"error": record["error"].get("code", "?")}
    route = record.get("route")
    if route is None:
        return {"none": "unmatched"}
    return {"operation": route.get("target"), "pattern": route.get("pattern", ""),
            "args": route.get("args") or {},
            "invalid": {i.get("param"): i.get("rule") for i in route.get("invalid") or []}}


def agrees(answer, urn):
    """Whether urn's view gives what openapi-core's answer gives."""
    if "error" in answer:
        return "none" in urn
    if "operation" not in urn or urn["operation"] != answer["operation"]:
        return False
    if set(urn["invalid"]) != set(answer["invalid"]):
        return False
    return all(name in urn["args"] and canonical(urn["args"][name]) == canonical(value)
               for name, value in answer["args"].items())


# Classes recognised by rule. Each function takes the case (its request, openapi-core's answer
# and probes, urn's view) and says whether the difference is of its class. The first that says
# so names the class; the probe classes come first.

def undone_quirk(case):
    """The first of openapi-core's departures whose undoing brings its answer to urn's, if any."""
    previous = case["answer"]
    changed = None
    for quirk, probe in zip(QUIRKS, case["probes"]):
        if probe != previous and changed is None:
            changed = quirk
        if agrees(probe, case["urn"]):
            return changed
        previous = probe
    return None


def probe_rule(quirk):
    def rule(case):
        return undone_quirk(case) == quirk
    rule.__doc__ = f"undoing openapi-core's {quirk} gives urn's answer (oracle.py's probes)"
    return rule


def head_served_by_get(case):
    """HEAD on a path with GET and no HEAD operation: openapi-core finds no operation; urn routes to GET."""
    return (case["request"]["method"] == "HEAD" and case["answer"].get("error") == "OperationNotFound"
            and "operation" in case["urn"])


def path_of(case):
    link = case["request"]["link"]
    if "://" in link:
        link = "/" + link.split("://", 1)[1].partition("/")[2]
    return link.partition("?")[0]


def empty_value(case):
    """An empty value: both take the operation, and urn refuses the value (`required: true`)
    where openapi-core takes it (a string's "")."""
    answer, urn = case["answer"], case["urn"]
    if "operation" not in answer or "operation" not in urn or answer["operation"] != urn["operation"]:
        return False
    return any(rule == "required: true" and urn["args"].get(name) == "" and name not in answer["invalid"]
               for name, rule in urn["invalid"].items())


def host_case(case):
    """A host written in capitals: openapi-core compares it with the server's as text; urn
    compares hosts case-insensitively (RFC 3986 §3.2.2)."""
    link = case["request"]["link"]
    host = link.split("://", 1)[1].partition("/")[0] if "://" in link else ""
    return host != host.lower() and case["answer"].get("error") == "ServerNotFound" and "operation" in case["urn"]


def doubled_slash(case):
    """A '//' in the path that urn does not route and openapi-core does: its path template is
    searched at the end of the path, not anchored at its start, and its server match tries the
    server URL with a '/' added (`//pets/3` under the server `/`)."""
    return "//" in path_of(case) and "operation" in case["answer"] and "operation" not in case["urn"]


def empty_server_variable(case):
    """openapi-core matched a server variable to nothing: its `[^/]*` takes the empty value, and
    its server match tries the URL before the path with a '/' added, so `/items/5` is the
    server `/{base}` with base "" and the path `/items/5`; urn routes none."""
    answer = case["answer"]
    return "" in answer.get("server_vars", {}).values() and "operation" not in case["urn"]


def uuid_lower_cased(case):
    """The same answer but for uuid values: openapi-core returns a UUID object (its text lower
    case); urn keeps the value as written."""
    answer, urn = case["answer"], case["urn"]
    if "operation" not in answer or "operation" not in urn or answer["operation"] != urn["operation"]:
        return False
    if set(answer["invalid"]) != set(urn["invalid"]):
        return False
    differing = [n for n, v in answer["args"].items() if canonical(urn["args"].get(n)) != canonical(v)]
    return bool(differing) and all(isinstance(urn["args"].get(n), str) and urn["args"][n].lower() == answer["args"][n]
                                   and UUID.fullmatch(answer["args"][n]) for n in differing)


def integer_beyond_int64(case):
    """An integer openapi-core takes (Python ints have no bound) that urn refuses: outside int64."""
    answer, urn = case["answer"], case["urn"]
    return "operation" in urn and any(
        isinstance(answer.get("args", {}).get(name), int) and not -2**63 <= answer["args"][name] < 2**63
        for name in urn["invalid"])


UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")

CLASSES = [(quirk, probe_rule(quirk)) for quirk in QUIRKS] + [
    ("head-served-by-get", head_served_by_get),
    ("empty-value", empty_value),
    ("host-case", host_case),
    ("doubled-slash", doubled_slash),
    ("empty-server-variable", empty_server_variable),
    ("uuid-lower-cased", uuid_lower_cased),
    ("integer-beyond-int64", integer_beyond_int64),
]


def classify(case):
    for name, rule in CLASSES:
        if rule(case):
            return name
    return None


# Running the two sides.

def oracle_answers(plan, python, jobs):
    """openapi-core's answers, from .build/oracle/openapi/ when the plan, oracle.py and the venv are unchanged."""
    text = "".join(json.dumps(d, ensure_ascii=False) + "\n" for d in plan)
    oracle = os.path.join(HERE, "oracle.py")
    # a new virtual environment (a new link to its python) asks again
    venv = f"{python} {os.lstat(python).st_mtime_ns}" if os.path.lexists(python) else python
    key = hashlib.sha256((text + open(oracle, encoding="utf-8").read() + venv).encode()).hexdigest()
    cache = os.path.join(OUT, "answers.jsonl")
    if os.path.exists(cache) and open(cache + ".key").read() == key:
        return [json.loads(line) for line in open(cache, encoding="utf-8")]
    proc = subprocess.run([python, oracle, "--jobs", str(jobs)], input=text.encode(),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr.decode("utf-8", "replace"))
        raise SystemExit(f"openapi-core: oracle.py failed (status {proc.returncode})")
    os.makedirs(OUT, exist_ok=True)
    open(cache, "wb").write(proc.stdout)
    open(cache + ".key", "w").write(key)
    return [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]


def urn_records(bindir, doc):
    """urnmatch's output records for the document's requests (None each where it gave none)."""
    with tempfile.TemporaryDirectory() as tmp:
        table = os.path.join(tmp, "api." + doc["format"])
        open(table, "w", encoding="utf-8").write(doc["text"])
        stdin = "".join(json.dumps({"link": r["link"], "method": r["method"]}) + "\n" for r in doc["requests"])
        proc = subprocess.run([os.path.join(bindir, "urnmatch"), "-a", "-f", table, "--method-field", "method"],
                              input=stdin.encode(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    lines = proc.stdout.decode("utf-8", "replace").splitlines()
    if len(lines) != len(doc["requests"]):
        why = proc.stderr.decode("utf-8", "replace").strip().splitlines()[:1] or [f"status {proc.returncode}"]
        return [None] * len(doc["requests"]), why[0]
    records = []
    for line in lines:
        try:
            records.append(json.loads(line))
        except ValueError:
            records.append({"error": {"code": "unreadable-output"}})
    return records, None


def read_tsv(path):
    rows = {}
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            if line.strip() and not line.startswith("#"):
                parts = line.rstrip("\n").split("\t")
                rows[parts[0]] = parts[1] if len(parts) > 1 else ""
    return rows


def sort_key(case_id):
    doc, _, index = case_id.partition("#")
    return (doc, int(index or 0))


def main(argv):
    parser = argparse.ArgumentParser(description="urnmatch against openapi-core over generated documents")
    parser.add_argument("--bin", required=True, help="the folder of the urnmatch to test")
    parser.add_argument("--python", default=os.path.join(ROOT, ".build", "openapi-venv", "bin", "python"),
                        help="a Python with openapi-core (default: .build/openapi-venv)")
    parser.add_argument("--update", action="store_true", help="rewrite differences.tsv from the rules")
    parser.add_argument("--jobs", type=int, default=2, help="processes for each side (default 2)")
    options = parser.parse_args(argv)
    bindir, python, update, jobs = options.bin, options.python, options.update, options.jobs
    plan = gen.plan()
    answers = oracle_answers(plan, python, jobs)
    library = answers[0].get("library", "openapi-core") if answers else "openapi-core"
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        outputs = list(pool.map(lambda doc: urn_records(bindir, doc), plan))

    listed = read_tsv(os.path.join(HERE, "differences.tsv"))
    classes = read_tsv(os.path.join(HERE, "classes.tsv"))
    total = agree = 0
    refused = []
    broken = []
    cases = {}
    for doc, answered, (records, why) in zip(plan, answers, outputs):
        if "refused" in answered:
            refused.append((doc["id"], answered["refused"]))
            continue
        if why is not None:
            # a document urnmatch cannot read fails every request of it, agreeing or not
            broken.append((doc["id"], why, len(doc["requests"])))
            total += len(doc["requests"])
            continue
        for index, (request, got, record) in enumerate(zip(doc["requests"], answered["answers"], records)):
            total += 1
            urn = urn_view(record)
            if agrees(got["answer"], urn):
                agree += 1
                continue
            case = {"id": f"{doc['id']}#{index}", "request": request, "templates": doc["templates"],
                    "answer": got["answer"],
                    "probes": got["probes"], "urn": urn, "record": record}
            case["class"] = classify(case)
            cases[case["id"]] = case

    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "differences.jsonl"), "w", encoding="utf-8") as f:
        for case_id in sorted(cases, key=sort_key):
            c = cases[case_id]
            f.write(json.dumps({"id": case_id, "class": c["class"], "method": c["request"]["method"],
                                "link": c["request"]["link"], "category": c["request"]["category"],
                                "openapi-core": c["answer"], "urn": c["record"]}, ensure_ascii=False) + "\n")
    if update:
        with open(os.path.join(HERE, "differences.tsv"), "w", encoding="utf-8") as f:
            f.write("# case id\tclass (see classes.tsv); written by compare.py --update\n")
            for case_id in sorted(cases, key=sort_key):
                f.write(f"{case_id}\t{cases[case_id]['class'] or listed.get(case_id, 'unclassified')}\n")
        listed = read_tsv(os.path.join(HERE, "differences.tsv"))

    failed = []
    for case_id in sorted(cases, key=sort_key):
        rule_class = cases[case_id]["class"]
        if case_id not in listed:
            failed.append((case_id, f"not in differences.tsv (rule: {rule_class or 'none'})"))
        elif listed[case_id] not in classes:
            failed.append((case_id, f"class {listed[case_id]} is not in classes.tsv"))
        elif rule_class is not None and listed[case_id] != rule_class:
            failed.append((case_id, f"listed as {listed[case_id]}, its rule says {rule_class}"))
    stale = sorted(set(listed) - set(cases), key=sort_key)

    print(f"{library}: {agree}/{total} requests agree over {len(plan)} documents"
          f" ({100.0 * agree / max(total, 1):.1f}%), {len(cases)} differ")
    for cls, count in sorted(Counter(listed.get(c, "unlisted") for c in cases).items()):
        print(f"  {count:5d}  {classes.get(cls, '?')} {cls}")
    for doc_id, why in refused:
        print(f"  {doc_id}: openapi-core refuses the document: {why}")
    for doc_id, why, _ in broken:
        print(f"  {doc_id}: urnmatch gave no record a request: {why}")
    for case_id, why in failed[:15]:
        c = cases[case_id]
        print(f"  {case_id} {why}: {c['request']['method']} {c['request']['link']}"
              f"\n      openapi-core {json.dumps(c['answer'], ensure_ascii=False)}"
              f"\n      urn          {json.dumps(c['urn'], ensure_ascii=False)}")
    if len(failed) > 15:
        print(f"  ... and {len(failed) - 15} more (all in {os.path.relpath(OUT, ROOT)}/differences.jsonl)")
    if stale:
        print(f"  {len(stale)} listed differences now agree (remove them: compare.py --update): {' '.join(stale[:8])}")
    failures = len(failed) + sum(count for _, _, count in broken) + len(refused)
    print(f"openapi-core: {total - failures + len(refused)} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
