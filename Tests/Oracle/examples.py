#!/usr/bin/env python3
"""Feeds the example links urn makes for a table's routes to the real routing library, and checks
that the library routes each one to the route it was made for.

For every table (line) of Tests/Fixtures/oracle/<library>/cases.jsonl that the library does not
refuse, the table is written to a temporary file as replay.py writes it, and

    DIR/urnmatch --examples --per-route 3 <the case's options> -f TABLE

prints urn's examples, one JSON record a line:

    {"link": "...", "route": {...}|null, "method": "GET" (express, optional),
     "example": {"for": {"table": "...", "line": N, "pattern": "..."}, "landed": true|false,
                 "kind": "hit", "none": "why" (when "link" is null)}}

The records with a link and "landed": true (urn routes the link to its own route) are handed to
the library's oracle harness (the same one that recorded cases.jsonl, see each library's
README.md), in one plan per library: the same tables, the same options. An example agrees when
one of the library's answers (for a library with flavours, the flavour provenance.json
"follows") has the target of the route at "for.line" of the table (for a WAAppRouting chain,
the class of the chain part whose prefix is "for.pattern"; for an AndroidManifest.xml, the
activity around that line, completed as ParsingUtils.buildClassName does) and, where urn's
record has route.args and the answer has args, the same args (compared as replay.py's
canonical() does). Android answers carry no args; WAAppRouting stacks are not compared.

Usage: examples.py --bin DIR [--harness-dir LIB=PATH ...] [--reproduce] [-v] LIB...
  LIB is compass, navigator, express, android or waap (none: all five).
  --harness-dir  where that library's harness was built (default /tmp/oracle-LIB):
                 compass    compass-cfurl in PATH, PATH/bin or PATH/build (build.sh OUTDIR)
                 navigator  navigator-cfurl in PATH, PATH/bin or PATH/build (build.sh OUTDIR)
                 express    PATH/express (or $EXPRESS) = the express checkout, PATH/node_modules holding
                            path-to-regexp 0.1.12 and array-flatten 1.1.1; the Debian node-*
                            packages in /usr/share/nodejs; node
                 android    PATH/build/classes or PATH/classes (build.sh OUTDIR/classes); java
                 waap       waap-oracle and cfurl_parts in PATH/build or PATH
  --reproduce    feed each table's own recorded links instead of urn's examples and compare the
                 harness's answers with the recorded ones: checks the harness and the plans
                 this script builds (no urnmatch needed).
  -v             print every example fed, not only the disagreements.

Self-test of the plumbing: with URN_EXAMPLES_STANDIN=1 the script does not run
`urnmatch --examples` (which the binary may not have yet): it routes each table's recorded links
with `DIR/urnmatch -a <options> -f TABLE` and makes each routed link an example of the route urn
gave it ("for" = that route, "landed": true); links urn routes nowhere are dropped. Each
disagreement is then a link on which urn and the library differ, so it must be listed in
Tests/Oracle/<library>/differences.tsv under the same case id (table id#link index); the script
says whether it is.

The plan runs in one harness process; if that process fails (a crash the harness does not catch),
each table runs alone, and each link of a table that still fails runs alone, so a link that kills
the harness costs no other link its answers; such a link disagrees (library null, "harness
process": why).

Known classes: an example the library routes elsewhere is "listed (CLASS)" instead of
disagreeing when running the library shows it is a class of Tests/Oracle/<library>/classes.tsv
(one not marked fixed); the evidence is printed with it. Anything else disagrees.
  waap       crash-bare-part      the table's registration throws, and registering the first line
                                  that throws alone throws too, a chain with a part without {Class}
             no-url               CFURL (cfurl_parts) gives no URL for the link
             self-ancestor-loops  no answer: the stack walk never ends in any order that matches
             crash-odd-query      the link throws, CFURL's query splits on = and & into an odd
                                  count, and the same link without its query gives the target
  navigator  regex-utf16-range    the probe navigator-cfurl-fixrange (URLMatcher with replaceRegex's
                                  range in UTF-16 units, built by navigator/classify.py --probes
                                  into <harness dir>/probes) gives urn's route where the library
                                  does not; without the probe these stay disagreements
A WAAppRouting link that throws for another reason stays a disagreement, with what registering
the example's line alone does ("no class").

Prints per library: tables, examples fed, agreed, listed (by class: the tables, one example with
its evidence, every example with -v), disagreed (each: case id, link, urn's route, the library's
answers) and not runnable (tables urn or the harness could not run, examples whose route's
target could not be named or which the harness cannot be given). With URN_EXAMPLES_STANDIN=1
the listed examples must also have, in differences.tsv, the class this script shows. Exit
status: 1 if any example disagrees (listed ones do not count), else 2 if a library could not
be run at all, else 0.
"""
import base64
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.parsers.expat

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "oracle")
LIBRARIES = ["compass", "navigator", "express", "android", "waap"]

sys.dont_write_bytecode = True   # importing replay.py leaves no __pycache__ in the checkout
sys.path.insert(0, HERE)
from replay import answers_of, canonical, same_args, sort_key  # noqa: E402


class NotRunnable(Exception):
    pass


class HarnessFailed(NotRunnable):
    """The harness process failed (exit status, missing answers): run_plan splits the plan."""


# ------------------------------------------------------------------------------------------
# tables, as replay.py writes them

def write_table(group, tmp):
    if "manifest" in group:
        path = os.path.join(tmp, "AndroidManifest.xml")
        with open(path, "w", encoding="utf-8") as f:
            f.write(group["manifest"])
    elif "table" in group:
        path = os.path.join(tmp, "table.routes")
        with open(path, "w", encoding="utf-8") as f:
            f.write(group["table"])
    else:
        path = os.path.join(tmp, "table.jsonl")
        with open(path, "w", encoding="utf-8") as f:
            for route in group["routes"]:
                f.write(json.dumps(route, ensure_ascii=False) + "\n")
    return path


def chain_target(chain, pattern):
    """The class of the WAAppRouting chain part whose path prefix is `pattern`: the chain's parts
    split on '/', each 'path{Class}', stopping at an empty part (WAAppRouteRegistrar.m:69-96)."""
    current = None
    for part in chain.split("/"):
        if part == "":
            break
        if "{" not in part or "}" not in part:
            # a part without {Class}: the registrar throws (WAAppRouteRegistrar.m:84-88, the
            # WAAssert is off in a release build), so no route of this table has a class
            return None, None
        start = part.index("{")
        cls = part[start + 1:part.index("}")]
        current = part[:start] if current is None else current + "/" + part[:start]
        if current == pattern:
            return cls, None
    return None, f"no part of the chain {chain!r} has the prefix {pattern!r}"


def build_class_name(package, name):
    """ParsingUtils.buildClassName, as AndroidOracle.java ports it."""
    if not name:
        return None
    if name.startswith("."):
        return package + name
    if "." not in name:
        return package + "." + name
    return name


def manifest_target(text, line):
    """The activity whose element (activity, intent-filter, data...) starts on `line`."""
    parser = xml.parsers.expat.ParserCreate()
    state = {"package": "", "activities": [], "at": {}}

    def start(name, attrs):
        if name == "manifest":
            state["package"] = attrs.get("package", "")
        if name == "activity":
            state["activities"].append(attrs.get("android:name"))
        if state["activities"]:
            state["at"].setdefault(parser.CurrentLineNumber, state["activities"][-1])

    def end(name):
        if name == "activity":
            state["activities"].pop()

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse(text.encode("utf-8"), True)
    except xml.parsers.expat.ExpatError as e:
        return None, f"manifest unreadable: {e}"
    if line not in state["at"]:
        return None, f"no activity element at line {line}"
    return build_class_name(state["package"], state["at"][line]), None


def route_target(group, example_for):
    """(target, why not) of the route an example was made for, read from the table itself."""
    line = example_for.get("line")
    if not isinstance(line, int):
        return None, "example.for has no line"
    if "routes" in group:
        routes = group["routes"]
        if not 1 <= line <= len(routes):
            return None, f"line {line} is not in the table"
        route = routes[line - 1]
        if route.get("target") is not None:
            return route["target"], None
        return chain_target(route["pattern"], example_for.get("pattern"))
    if "manifest" in group:
        return manifest_target(group["manifest"], line)
    lines = group["table"].split("\n")
    if not 1 <= line <= len(lines):
        return None, f"line {line} is not in the table"
    words = lines[line - 1].split()
    if len(words) < 2 or "=" in words[1]:
        return None, f"line {line} names no target"
    return words[1], None


# ------------------------------------------------------------------------------------------
# urn's side

def run_urn(bindir, group, standin, reproduce):
    """[(index, example record)] for one table; raises NotRunnable."""
    options = group.get("options", [])
    if reproduce:
        out = []
        for index, link in enumerate(group["links"]):
            record = {"link": link["link"], "route": None,
                      "example": {"for": None, "landed": True, "kind": "recorded"}}
            if "method" in link:
                record["method"] = link["method"]
            out.append((index, record))
        return out
    urnmatch = os.path.join(bindir, "urnmatch")
    with tempfile.TemporaryDirectory() as tmp:
        table = write_table(group, tmp)
        if standin:
            links = group["links"]
            records = []
            for link in links:
                record = {"link": link["link"]}
                if "method" in link:
                    record["method"] = link["method"]
                records.append(record)
            extra = ["--method-field", "method"] if any("method" in l for l in links) else []
            proc = subprocess.run([urnmatch, "-a", *options, "-f", table, *extra],
                                  input="".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode(),
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        else:
            proc = subprocess.run([urnmatch, "--examples", "--per-route", "3", *options, "-f", table],
                                  stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    outs = []
    for line in proc.stdout.decode("utf-8", "replace").splitlines():
        try:
            outs.append(json.loads(line))
        except ValueError:
            raise NotRunnable(f"urnmatch printed a line that is not JSON: {line[:120]!r}")
    err = " ".join(proc.stderr.decode("utf-8", "replace").strip().splitlines()[:2])
    if not standin:
        if proc.returncode >= 2 and not outs:
            raise NotRunnable(f"urnmatch --examples exit {proc.returncode}: {err}")
        return list(enumerate(outs))
    if len(outs) != len(group["links"]):
        raise NotRunnable(f"urnmatch -a gave {len(outs)} records for {len(group['links'])} links: {err}")
    examples = []
    for index, record in enumerate(outs):
        route = record.get("route")
        if not route or "error" in record:
            continue
        record["example"] = {"for": {"table": route.get("table"), "line": route.get("line"),
                                     "pattern": route.get("pattern")},
                             "landed": True, "kind": "hit", "standin": True}
        examples.append((index, record))
    return examples


# ------------------------------------------------------------------------------------------
# the libraries' harnesses: a plan (the tables, each with the links to route) in, the answers
# (as cases.jsonl records them, the flavour urn follows) of every link out

def find(paths, what):
    for path in paths:
        if os.path.exists(path):
            return path
    raise NotRunnable(f"no {what} (looked at {', '.join(paths)})")


def harness_result(answers, facts=None):
    """One link's result: the answers (None: the link could not be fed), and what else the
    harness says about it (facts: a registration or link crash, no URL, ...)."""
    return {"answers": answers, "facts": facts or {}}


def option_value(options, name, default):
    return options[options.index(name) + 1] if name in options else default


def harness_compass(hdir, plan):
    binary = find([os.path.join(hdir, d, "compass-cfurl") for d in ("", "bin", "build")], "compass-cfurl")
    lines = []
    for n, (group, links) in enumerate(plan):
        options = group.get("options", [])
        lines.append(json.dumps({"id": str(n), "scheme": option_value(options, "--scheme", "myapp"),
                                 "delimiter": option_value(options, "--delimiter", ":"),
                                 "routes": [r["pattern"] for r in group["routes"]],
                                 "links": [{"link": l["link"], "via": "url" if "://" in l["link"] else "urn"}
                                           for l in links]}, ensure_ascii=False))
    env = dict(os.environ, SWIFT_BACKTRACE="enable=no")
    proc = subprocess.run([binary], input=("\n".join(lines) + "\n").encode(), stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, env=env)
    if proc.returncode != 0:
        raise HarnessFailed(f"{binary} exit {proc.returncode}")
    results = {}
    for line in proc.stdout.decode().splitlines():
        record = json.loads(line)
        results[record["id"]] = record["results"]
    if len(results) != len(plan):
        raise HarnessFailed(f"{binary} answered {len(results)} tables of {len(plan)}")
    out = []
    for n, (group, links) in enumerate(plan):
        answers = []
        for result in results[str(n)]:
            facts = {k: v for k, v in result.items() if k not in ("route", "args")}
            if "route" in result:
                answers.append(harness_result([{"target": f"R{result['route']}", "args": result.get("args", {})}], facts))
            else:
                answers.append(harness_result([], facts))
        out.append(answers)
    return out


def navigator_answers(answers):
    """gen.py's clean(): a non-finite Float as Swift prints it; empty args left out."""
    out = []
    for a in answers:
        args = {k: (v["$float"] if isinstance(v, dict) and "$float" in v else v) for k, v in a["args"].items()}
        entry = {"target": a["target"]}
        if args:
            entry["args"] = args
        out.append(entry)
    return out


def navigator_run(binary, plan):
    stdin = "".join(json.dumps({"patterns": [r["pattern"] for r in group["routes"]],
                                "links": [l["link"] for l in links]}, ensure_ascii=False) + "\n"
                    for group, links in plan)
    proc = subprocess.run([binary], input=stdin.encode(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        raise HarnessFailed(f"{binary} exit {proc.returncode}")
    results = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    if len(results) != len(plan):
        raise HarnessFailed(f"{binary} answered {len(results)} tables of {len(plan)}")
    # urn follows cfurl-string: the link handed to URLMatcher as a String, on CFURL
    return [[harness_result(navigator_answers(r["string"])) for r in result["links"]] for result in results]


def harness_navigator(hdir, plan):
    binary = find([os.path.join(hdir, d, "navigator-cfurl") for d in ("", "bin", "build")], "navigator-cfurl")
    return navigator_run(binary, plan)


def harness_express(hdir, plan):
    checkout = find(([os.environ["EXPRESS"]] if os.environ.get("EXPRESS") else []) + [os.path.join(hdir, "express")],
                    "express checkout")
    modules = find([os.path.join(hdir, "node_modules")], "node_modules (path-to-regexp 0.1.12, array-flatten 1.1.1)")
    lines = []
    carried = []            # per table, the indices of the links a request line can carry
    for n, (group, links) in enumerate(plan):
        carried.append([i for i, l in enumerate(links) if not any(c in l["link"] for c in "\r\n\0")])
        lines.append(json.dumps({"id": str(n), "category": group.get("category"), "options": group.get("options", []),
                                 "routes": group["routes"],
                                 "links": [{"link": links[i]["link"], "method": links[i].get("method") or "GET"}
                                           for i in carried[-1]]},
                                ensure_ascii=False))
    env = dict(os.environ, NODE_PATH=modules + ":/usr/share/nodejs")
    proc = subprocess.run(["node", os.path.join(HERE, "express", "harness.js"), checkout],
                          input=("\n".join(lines) + "\n").encode(), stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, env=env)
    if proc.returncode != 0:
        raise HarnessFailed(f"node harness.js exit {proc.returncode}: {proc.stderr.decode()[-300:]}")
    results = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    if len(results) != len(plan):
        raise HarnessFailed(f"harness.js answered {len(results)} tables of {len(plan)}")
    out = []
    for (group, links), indices, result in zip(plan, carried, results):
        table = [harness_result(None, {"unrunnable": "the link holds CR, LF or NUL, which a request line cannot carry"})
                 for _ in links]
        for i, l in zip(indices, result["links"]):
            table[i] = harness_result(l["answers"], {"note": l["note"]} if "note" in l else {})
        out.append(table)
    return out


def harness_android(hdir, plan):
    classes = find([os.path.join(hdir, "build", "classes"), os.path.join(hdir, "classes")], "AndroidOracle classes")
    lines = []
    for group, links in plan:
        fields = [group["manifest"]] + [l["link"] for l in links]
        lines.append("\t".join(base64.b64encode(f.encode("utf-8")).decode() for f in fields))
    proc = subprocess.run(["java", "-cp", classes, "AndroidOracle"], input=("\n".join(lines) + "\n").encode(),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        raise HarnessFailed(f"java AndroidOracle exit {proc.returncode}: {proc.stderr.decode()[-300:]}")
    results = [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]
    if len(results) != len(plan):
        raise HarnessFailed(f"AndroidOracle answered {len(results)} tables of {len(plan)}")
    out = []
    for (group, links), result in zip(plan, results):
        if result["refused"]:
            out.append([harness_result([], {"refused": True}) for _ in links])
        else:
            out.append([harness_result([{"target": t} for t in answers]) for answers in result["answers"]])
    return out


def waap_classes():
    import importlib.util
    spec = importlib.util.spec_from_file_location("waap_generate", os.path.join(HERE, "waap", "generate.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.CLASSES + ["OtherVC", "XVC", "AllVC"]   # as generate.py hands them to the harness


def harness_waap(hdir, plan):
    harness = find([os.path.join(hdir, "build", "waap-oracle"), os.path.join(hdir, "waap-oracle")], "waap-oracle")
    cfurl = find([os.path.join(hdir, "build", "cfurl_parts"), os.path.join(hdir, "cfurl_parts")], "cfurl_parts")
    all_links = sorted({l["link"] for _, links in plan for l in links})
    proc = subprocess.run([cfurl], input="".join(json.dumps(l) + "\n" for l in all_links),
                          capture_output=True, text=True)
    if proc.returncode != 0 or len(proc.stdout.splitlines()) != len(all_links):
        raise HarnessFailed(f"cfurl_parts exit {proc.returncode}")
    parts = dict(zip(all_links, (json.loads(x) for x in proc.stdout.splitlines())))
    classes = waap_classes()
    lines = []
    for n, (group, links) in enumerate(plan):
        regs = []
        for route in group["routes"]:   # generate.py's harness_regs, read back from the table
            reg = {"chain": route["pattern"]} if route.get("target") is None else \
                  {"path": route["pattern"], "class": route["target"]}
            if "defaults" in route:
                reg["defaults"] = route["defaults"]
            regs.append(reg)
        lines.append(json.dumps({"id": str(n), "regs": regs, "classes": classes,
                                 "links": [{"link": l["link"], "url": parts[l["link"]]} for l in links]}) + "\n")
    proc = subprocess.run([harness], input="".join(lines), capture_output=True, text=True)
    if proc.returncode != 0:
        raise HarnessFailed(f"waap-oracle exit {proc.returncode}: {proc.stderr[-300:]}")
    results = [json.loads(x) for x in proc.stdout.splitlines()]
    if len(results) != len(plan):
        raise HarnessFailed(f"waap-oracle answered {len(results)} tables of {len(plan)}")
    out = []
    for (group, links), result in zip(plan, results):
        table = []
        for l, r in zip(links, result["links"]):
            # what the harness notes besides the answers: the registration threw (the table's
            # crash), the link threw in some dictionary orders, the stack walk never ended in
            # some, CFURL gave no URL; and the query CFURL reads
            facts = {"registration": result["crash"], "crash": bool(r.get("crash")),
                     "loops": bool(r.get("loops")), "no-url": bool(r.get("nourl")),
                     "query": parts[l["link"]].get("query")}
            answers = sorted(({"target": a["target"], "args": a["args"], "stack": a["stack"]} for a in r["answers"]),
                             key=lambda a: json.dumps(a, sort_keys=True))
            table.append(harness_result(answers, facts))
        out.append(table)
    return out


HARNESSES = {"compass": harness_compass, "navigator": harness_navigator, "express": harness_express,
             "android": harness_android, "waap": harness_waap}
# whether an answer without "args" means "no arguments" (navigator leaves empty args out) or
# "the library names none" (android)
EMPTY_ARGS = {"navigator": {}, "android": None}



def run_plan(library, hdir, plan):
    """The harness's result for every link of the plan, in plan order. The whole plan runs in one
    process; if that process fails (a crash the harness does not catch), each table runs alone,
    and each link of a table that still fails runs alone, so a link that kills the harness loses
    no other link's answers. A link whose own process fails gets answers None and the fact
    "process" (why), which is a disagreement unless a class explains it. Returns (results, the
    failures of the larger runs)."""
    harness = HARNESSES[library]
    try:
        return harness(hdir, plan), []
    except HarnessFailed as e:
        failures = [f"the whole plan: {e}"]
    out = []
    for group, links in plan:
        try:
            out.extend(harness(hdir, [(group, links)]))
            continue
        except HarnessFailed as e:
            failures.append(f"{group['id']}: {e}")
        table = []
        for link in links:
            try:
                table.append(harness(hdir, [(group, [link])])[0][0])
            except HarnessFailed as e:
                table.append(harness_result(None, {"process": str(e)}))
        out.append(table)
    return out, failures


# ------------------------------------------------------------------------------------------
# known classes: a disagreement is "listed" when running the library shows it is one of the
# classes of Tests/Oracle/<library>/classes.tsv (not one marked fixed). Each classifier gets the
# table, urn's example record, the route's target and the library's result, may run the harness
# (or a probe) again, and returns (class, evidence) or (None, why none).

def known_classes(library):
    """{class: status} from Tests/Oracle/<library>/classes.tsv."""
    path = os.path.join(HERE, library, "classes.tsv")
    out = {}
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            if line.strip() and not line.startswith("#"):
                fields = line.rstrip("\n").split("\t")
                out[fields[0]] = fields[1] if len(fields) > 1 else ""
    return out


def bare_part(chain):
    """Whether a WAAppRouting chain has a part (before its first empty one) without {Class}."""
    for part in chain.split("/"):
        if part == "":
            return False
        if "{" not in part or "}" not in part:
            return True
    return False


def without_query(link):
    """The link with its query (from the first '?' to the fragment) taken out."""
    if "?" not in link:
        return link
    head, _, rest = link.partition("?")
    return head + ("#" + rest.partition("#")[2] if "#" in rest else "")


def classify_waap(hdir, group, record, target, result, cache):
    facts = result["facts"]
    answers = result["answers"] or []
    if facts.get("registration"):
        # which registration throws: each line of the table registered alone, in order
        if group["id"] not in cache:
            culprit = None
            for line, route in enumerate(group["routes"], 1):
                alone = run_plan("waap", hdir, [({"id": group["id"], "routes": [route]}, [record])])[0][0][0]
                if alone["facts"].get("registration"):
                    culprit = (line, route, alone["facts"]["registration"])
                    break
            cache[group["id"]] = culprit
        culprit = cache[group["id"]]
        if culprit is None:
            return None, "the table's registration throws, but no line alone does"
        line, route, why = culprit
        if route.get("target") is None and bare_part(route["pattern"]):
            return "crash-bare-part", (f"registering line {line} {route['pattern']!r} alone throws "
                                       f"({why.split(',')[0]}): a chain part without {{Class}}")
        return None, f"registering line {line} alone throws ({why}), not a bare chain part"
    if facts.get("no-url"):
        return "no-url", "CFURL (cfurl_parts) gives no URL for the link"
    if facts.get("loops") and not answers:
        return "self-ancestor-loops", "the stack walk never ends in any dictionary order that matches"
    if facts.get("crash") and facts.get("query") is not None:
        count = len(re.split("[=&]", facts["query"]))
        if count % 2 == 1:
            bare = dict(record, link=without_query(record["link"]))
            again = run_plan("waap", hdir, [(group, [bare])])[0][0][0]
            # (without the query the link may still throw in some orders, on a * that is not last)
            if any(a.get("target") == target for a in again["answers"] or []):
                return "crash-odd-query", (f"the query {facts['query']!r} splits into {count} parts and throws; "
                                           f"without it the library gives {target}")
    if facts.get("crash"):
        line = (record.get("example", {}).get("for") or {}).get("line")
        if isinstance(line, int) and 1 <= line <= len(group["routes"]):
            alone = run_plan("waap", hdir, [({"id": group["id"], "routes": [group["routes"][line - 1]]}, [record])])[0][0][0]
            return None, (f"the link throws in some dictionary orders; with line {line} registered alone it "
                          + ("throws" if alone["facts"].get("crash") else
                             f"does not throw and gives {json.dumps(alone['answers'], ensure_ascii=False)}"))
        return None, "the link throws in some dictionary orders"
    return None, None


def navigator_probe(hdir):
    for path in (os.path.join(hdir, "probes", "navigator-cfurl-fixrange"), os.path.join(hdir, "navigator-cfurl-fixrange"),
                 os.path.join(hdir, "bin", "navigator-cfurl-fixrange")):
        if os.path.exists(path):
            return path
    return None


def classify_navigator(hdir, group, record, target, result, cache):
    probe = navigator_probe(hdir)
    if probe is None:
        return None, ("no probe navigator-cfurl-fixrange (navigator/classify.py --probes CHECKOUT "
                      f"{os.path.join(hdir, 'probes')}) to test regex-utf16-range")
    try:
        again = navigator_run(probe, [(group, [record])])[0][0]
    except HarnessFailed as e:
        return None, f"the fixrange probe failed: {e}"
    route = record.get("route") or {}
    if agrees("navigator", again["answers"], target, route.get("args")):
        return "regex-utf16-range", ("with replaceRegex's range measured in UTF-16 units (probe fixrange) "
                                     f"the library gives {json.dumps(again['answers'], ensure_ascii=False)}")
    return None, None


CLASSIFIERS = {"waap": classify_waap, "navigator": classify_navigator}


# ------------------------------------------------------------------------------------------

def agrees(library, answers, target, urn_args):
    for answer in answers:
        if answer.get("target") != target:
            continue
        got = answer.get("args", EMPTY_ARGS.get(library))
        if urn_args is not None and got is not None and not same_args(urn_args, got):
            continue
        return True
    return False


def same_answers(library, recorded, got):
    def norm(answers):
        out = []
        for a in answers:
            a = dict(a)
            if "args" not in a and EMPTY_ARGS.get(library) is not None:
                a["args"] = {}
            if "args" in a:
                a["args"] = sorted((k, canonical(v)) for k, v in a["args"].items())
            out.append(json.dumps(a, sort_keys=True))
        return sorted(out)
    return norm(recorded) == norm(got)


def listed_differences(library):
    """{case id: class} from Tests/Oracle/<library>/differences.tsv."""
    path = os.path.join(HERE, library, "differences.tsv")
    listed = {}
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            if line.strip() and not line.startswith("#"):
                fields = line.rstrip("\n").split("\t")
                listed[fields[0]] = fields[1] if len(fields) > 1 else ""
    return listed


def examine(library, bindir, hdir, standin, reproduce, verbose):
    provenance = json.load(open(os.path.join(FIXTURES, library, "provenance.json"), encoding="utf-8"))
    follows = provenance.get("follows")
    groups = [json.loads(raw) for raw in open(os.path.join(FIXTURES, library, "cases.jsonl"), encoding="utf-8")
              if raw.strip()]
    groups = [g for g in groups if not g.get("refused")]
    not_runnable = []       # (case or table id, why)
    skipped = {"no link": 0, "not landed": 0}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        def one(group):
            try:
                return run_urn(bindir, group, standin, reproduce), None
            except NotRunnable as e:
                return None, str(e)
        urn_out = list(pool.map(one, groups))
    plan = []               # (group, [example records]) per table
    fed = []                # (case id, group, record, target) in plan order
    for group, (examples, why) in zip(groups, urn_out):
        if examples is None:
            not_runnable.append((group["id"], why))
            continue
        links = []
        for index, record in examples:
            case_id = f"{group['id']}#{index}"
            example = record.get("example") or {}
            if record.get("link") is None:
                skipped["no link"] += 1
                continue
            if example.get("landed") is not True:
                skipped["not landed"] += 1
                continue
            if reproduce:
                target = None
            else:
                target, why = route_target(group, example.get("for") or {})
                if why is not None:
                    not_runnable.append((case_id, f"the route's target cannot be named: {why}"))
                    continue
            links.append(record)
            fed.append((case_id, group, record, target, index))
        if links:
            plan.append((group, links))
    try:
        results, failures = run_plan(library, hdir, plan) if plan else ([], [])
    except NotRunnable as e:
        print(f"examples {library}: {len(groups)} tables, not runnable: the harness could not run: {e}")
        return True, True
    flat = [result for table in results for result in table]
    classes = known_classes(library)
    classify = CLASSIFIERS.get(library) if not reproduce else None
    cache = {}
    agreed = 0
    disagreed = []
    listed = {}             # class: [detail]
    for (case_id, group, record, target, index), result in zip(fed, flat):
        got = result["answers"]
        if got is None and "unrunnable" in result["facts"]:
            not_runnable.append((case_id, result["facts"]["unrunnable"]))
            continue
        if reproduce:
            recorded = answers_of(group["links"][index], follows)
            ok = got is not None and same_answers(library, recorded, got)
            detail = {"id": case_id, "link": record["link"], "recorded": recorded, "harness": got}
        else:
            route = record.get("route") or {}
            ok = got is not None and agrees(library, got, target, route.get("args"))
            # the temporary table's path says nothing: left out
            detail = {"id": case_id, "link": record["link"],
                      "for": {k: v for k, v in (record["example"].get("for") or {}).items() if k != "table"},
                      "target": target, "urn": {k: v for k, v in route.items() if k != "table"} or None,
                      "library": got}
            if "method" in record:
                detail["method"] = record["method"]
        if got is None:
            detail["harness process"] = result["facts"].get("process")
        if ok:
            agreed += 1
            if verbose:
                print("  agreed    " + json.dumps(detail, ensure_ascii=False))
            continue
        # a harness process that died on the link is the library crashing there: no class says so
        cls, why = classify(hdir, group, record, target, result, cache) if classify and got is not None else (None, None)
        if cls is not None and classes.get(cls, "fixed") == "fixed":
            why = f"class {cls} is {'marked fixed' if cls in classes else 'not'} in {library}/classes.tsv"
            cls = None
        if cls is None:
            if why:
                detail["no class"] = why
            disagreed.append(detail)
        else:
            detail["evidence"] = why
            listed.setdefault(cls, []).append(detail)
    name = library + (f" (flavour {follows})" if follows else "")
    mode = " [reproduce: recorded links]" if reproduce else " [stand-in: urnmatch -a on recorded links]" if standin else ""
    n_listed = sum(len(v) for v in listed.values())
    print(f"examples {library}{mode}: {len(groups)} tables, {len(fed)} examples fed to {name}, "
          f"{agreed} agreed, {n_listed} listed"
          + (" (" + ", ".join(f"{cls} {len(v)}" for cls, v in sorted(listed.items())) + ")" if listed else "")
          + f", {len(disagreed)} disagreed, {len(not_runnable)} not runnable"
          + (f" (skipped: {skipped['no link']} without a link, {skipped['not landed']} not landing)"
             if any(skipped.values()) else ""))
    for failure in failures:
        print(f"  harness process failed, plan split: {failure}")
    for cls, details in sorted(listed.items()):
        details.sort(key=lambda d: sort_key(d["id"]))
        tables = sorted({d["id"].split("#")[0] for d in details}, key=sort_key)
        print(f"  listed ({cls}): {len(details)} examples in {len(tables)} tables: {' '.join(tables)}")
        for detail in details if verbose else details[:1]:
            print(f"    {'' if verbose else 'e.g. '}{json.dumps(detail, ensure_ascii=False)}")
    for detail in sorted(disagreed, key=lambda d: sort_key(d["id"])):
        print("  disagreed " + json.dumps(detail, ensure_ascii=False))
    by_why = {}
    for case_id, why in not_runnable:
        by_why.setdefault(why, []).append(case_id)
    for why, ids in by_why.items():
        if len(ids) <= 3:
            for case_id in ids:
                print(f"  not runnable {case_id}: {why}")
        else:
            print(f"  not runnable, {len(ids)} of them ({' '.join(ids[:3])} ...): {why}")
    if standin and (disagreed or listed):
        recorded = listed_differences(library)
        every = disagreed + [d for details in listed.values() for d in details]
        unlisted = [d["id"] for d in every if d["id"] not in recorded]
        if unlisted:
            print(f"  stand-in self-test: {len(unlisted)} disagreements are not in differences.tsv: "
                  + " ".join(sorted(unlisted, key=sort_key)[:20]))
        else:
            print(f"  stand-in self-test: all {len(every)} disagreements are listed in {library}/differences.tsv")
        # the classes this script shows must be the classes differences.tsv gives the same cases
        other = [(d["id"], cls, recorded[d["id"]]) for cls, details in listed.items() for d in details
                 if d["id"] in recorded and recorded[d["id"]] != cls]
        if other:
            print(f"  stand-in self-test: {len(other)} examples classed otherwise than in differences.tsv: "
                  + " ".join(f"{i} ({a}, tsv {b})" for i, a, b in sorted(other, key=lambda o: sort_key(o[0]))[:20]))
        elif listed:
            print(f"  stand-in self-test: the {n_listed} listed examples have the class differences.tsv gives them")
    return not disagreed, not fed


def main(argv):
    bindir = os.environ.get("URN_BIN", os.path.join(ROOT, ".build", "debug"))
    hdirs = {}
    libraries = []
    reproduce = verbose = False
    args = iter(argv)
    for arg in args:
        if arg == "--bin":
            bindir = next(args)
        elif arg == "--harness-dir":
            lib, _, path = next(args).partition("=")
            hdirs[lib] = path
        elif arg == "--reproduce":
            reproduce = True
        elif arg == "-v":
            verbose = True
        elif arg in ("-h", "--help"):
            print(__doc__)
            return 0
        elif arg in LIBRARIES:
            libraries.append(arg)
        else:
            print(f"examples.py: unknown argument {arg!r}", file=sys.stderr)
            return 2
    standin = os.environ.get("URN_EXAMPLES_STANDIN") == "1" and not reproduce
    all_agree = True
    none_ran = False
    for library in libraries or LIBRARIES:
        hdir = hdirs.get(library, f"/tmp/oracle-{library}")
        ok, nothing_fed = examine(library, bindir, hdir, standin, reproduce, verbose)
        all_agree &= ok
        none_ran |= nothing_fed
    if not all_agree:
        return 1
    return 2 if none_ran else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
