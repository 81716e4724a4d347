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

Prints per library: tables, examples fed, agreed, disagreed (each: case id, link, urn's route,
the library's answers) and not runnable (tables urn or the harness could not run, examples whose
route's target could not be named). Exit status: 1 if any example disagrees, else 2 if a
library could not be run at all, else 0.
"""
import base64
import concurrent.futures
import json
import os
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
        raise NotRunnable(f"{binary} exit {proc.returncode}")
    results = {}
    for line in proc.stdout.decode().splitlines():
        record = json.loads(line)
        results[record["id"]] = record["results"]
    out = []
    for n, (group, links) in enumerate(plan):
        answers = []
        for result in results[str(n)]:
            if "route" in result:
                answers.append([{"target": f"R{result['route']}", "args": result.get("args", {})}])
            else:
                answers.append([])
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


def harness_navigator(hdir, plan):
    binary = find([os.path.join(hdir, d, "navigator-cfurl") for d in ("", "bin", "build")], "navigator-cfurl")
    stdin = "".join(json.dumps({"patterns": [r["pattern"] for r in group["routes"]],
                                "links": [l["link"] for l in links]}, ensure_ascii=False) + "\n"
                    for group, links in plan)
    proc = subprocess.run([binary], input=stdin.encode(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        raise NotRunnable(f"{binary} exit {proc.returncode}")
    results = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    if len(results) != len(plan):
        raise NotRunnable(f"{binary} answered {len(results)} tables of {len(plan)}")
    # urn follows cfurl-string: the link handed to URLMatcher as a String, on CFURL
    return [[navigator_answers(r["string"]) for r in result["links"]] for result in results]


def harness_express(hdir, plan):
    checkout = find(([os.environ["EXPRESS"]] if os.environ.get("EXPRESS") else []) + [os.path.join(hdir, "express")],
                    "express checkout")
    modules = find([os.path.join(hdir, "node_modules")], "node_modules (path-to-regexp 0.1.12, array-flatten 1.1.1)")
    lines = []
    for n, (group, links) in enumerate(plan):
        for l in links:
            if any(c in l["link"] for c in "\r\n\0"):
                raise NotRunnable("a link holds CR, LF or NUL, which a request line cannot carry")
        lines.append(json.dumps({"id": str(n), "category": group.get("category"), "options": group.get("options", []),
                                 "routes": group["routes"],
                                 "links": [{"link": l["link"], "method": l.get("method") or "GET"} for l in links]},
                                ensure_ascii=False))
    env = dict(os.environ, NODE_PATH=modules + ":/usr/share/nodejs")
    proc = subprocess.run(["node", os.path.join(HERE, "express", "harness.js"), checkout],
                          input=("\n".join(lines) + "\n").encode(), stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, env=env)
    if proc.returncode != 0:
        raise NotRunnable(f"node harness.js exit {proc.returncode}: {proc.stderr.decode()[-300:]}")
    results = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    if len(results) != len(plan):
        raise NotRunnable(f"harness.js answered {len(results)} tables of {len(plan)}")
    return [[l["answers"] for l in result["links"]] for result in results]


def harness_android(hdir, plan):
    classes = find([os.path.join(hdir, "build", "classes"), os.path.join(hdir, "classes")], "AndroidOracle classes")
    lines = []
    for group, links in plan:
        fields = [group["manifest"]] + [l["link"] for l in links]
        lines.append("\t".join(base64.b64encode(f.encode("utf-8")).decode() for f in fields))
    proc = subprocess.run(["java", "-cp", classes, "AndroidOracle"], input=("\n".join(lines) + "\n").encode(),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        raise NotRunnable(f"java AndroidOracle exit {proc.returncode}: {proc.stderr.decode()[-300:]}")
    results = [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]
    if len(results) != len(plan):
        raise NotRunnable(f"AndroidOracle answered {len(results)} tables of {len(plan)}")
    out = []
    for (group, links), result in zip(plan, results):
        if result["refused"]:
            out.append([[] for _ in links])
        else:
            out.append([[{"target": t} for t in answers] for answers in result["answers"]])
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
    if proc.returncode != 0:
        raise NotRunnable(f"cfurl_parts exit {proc.returncode}")
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
        raise NotRunnable(f"waap-oracle exit {proc.returncode}: {proc.stderr[-300:]}")
    results = [json.loads(x) for x in proc.stdout.splitlines()]
    if len(results) != len(plan):
        raise NotRunnable(f"waap-oracle answered {len(results)} tables of {len(plan)}")
    out = []
    for result in results:
        out.append([sorted(({"target": a["target"], "args": a["args"], "stack": a["stack"]} for a in r["answers"]),
                           key=lambda a: json.dumps(a, sort_keys=True)) for r in result["links"]])
    return out


HARNESSES = {"compass": harness_compass, "navigator": harness_navigator, "express": harness_express,
             "android": harness_android, "waap": harness_waap}
# whether an answer without "args" means "no arguments" (navigator leaves empty args out) or
# "the library names none" (android)
EMPTY_ARGS = {"navigator": {}, "android": None}


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
    path = os.path.join(HERE, library, "differences.tsv")
    listed = set()
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            if line.strip() and not line.startswith("#"):
                listed.add(line.split("\t")[0])
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
        answers = HARNESSES[library](hdir, plan) if plan else []
    except NotRunnable as e:
        print(f"examples {library}: {len(groups)} tables, not runnable: the harness could not run: {e}")
        return True, True
    by_table = iter(answers)
    flat = []
    for (group, links), table_answers in zip(plan, by_table):
        flat.extend(table_answers)
    agreed = 0
    disagreed = []
    for (case_id, group, record, target, index), got in zip(fed, flat):
        if reproduce:
            recorded = answers_of(group["links"][index], follows)
            ok = same_answers(library, recorded, got)
            detail = {"id": case_id, "link": record["link"], "recorded": recorded, "harness": got}
        else:
            route = record.get("route") or {}
            ok = agrees(library, got, target, route.get("args"))
            # the temporary table's path says nothing: left out
            detail = {"id": case_id, "link": record["link"],
                      "for": {k: v for k, v in (record["example"].get("for") or {}).items() if k != "table"},
                      "target": target, "urn": {k: v for k, v in route.items() if k != "table"} or None,
                      "library": got}
            if "method" in record:
                detail["method"] = record["method"]
        if ok:
            agreed += 1
            if verbose:
                print("  agreed    " + json.dumps(detail, ensure_ascii=False))
        else:
            disagreed.append(detail)
    name = library + (f" (flavour {follows})" if follows else "")
    mode = " [reproduce: recorded links]" if reproduce else " [stand-in: urnmatch -a on recorded links]" if standin else ""
    print(f"examples {library}{mode}: {len(groups)} tables, {len(fed)} examples fed to {name}, "
          f"{agreed} agreed, {len(disagreed)} disagreed, {len(not_runnable)} not runnable"
          + (f" (skipped: {skipped['no link']} without a link, {skipped['not landed']} not landing)"
             if any(skipped.values()) else ""))
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
    if standin and disagreed:
        listed = listed_differences(library)
        unlisted = [d["id"] for d in disagreed if d["id"] not in listed]
        if unlisted:
            print(f"  stand-in self-test: {len(unlisted)} disagreements are not in differences.tsv: "
                  + " ".join(sorted(unlisted, key=sort_key)[:20]))
        else:
            print(f"  stand-in self-test: all {len(disagreed)} disagreements are listed in {library}/differences.tsv")
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
