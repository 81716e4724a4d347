#!/usr/bin/env python3
"""The Web Platform Tests' urlpatterntestdata.json through urnmatch (issue 60, item 5).

URLPatternWPTTests runs every case through the library API. This runs again, through the
command line, each case whose pattern is a constructor string and whose inputs are strings:
one `@dialect urlpattern` table a case (its base URL as `@base`, when the pattern has one), the
inputs as links. A case qualifies when its inputs use the pattern's base URL (urnmatch reads a
table's links against its own base) and it gives no options (ignoreCase) and no dictionary.

- A pattern the standard refuses (`expected_obj` "error") must be a table error: exit 2.
- An input with no match (`expected_match` null) must get no route: `"route":null`, or the
  error record `not-a-url` where the WHATWG parser reads no URL from it.
- An input that matches must get the route, and its arguments must be the groups of the
  components that are not the wildcard `*` (urn-patterns(7)): each argument the value the last
  component in URL order gives that name, and every group of a component whose match is more
  than a whole-input `0` present.

Usage: wpt_urnmatch.py [--bin DIR]
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
DATA = os.path.join(ROOT, "Tests", "Fixtures", "urlpattern", "urlpatterntestdata.json")
COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"]


def usv(value):
    """`value` as a USVString, as the harness passes it: a lone surrogate becomes U+FFFD."""
    if isinstance(value, str):
        return "".join("\ufffd" if 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in value)
    if isinstance(value, list):
        return [usv(v) for v in value]
    if isinstance(value, dict):
        return {k: usv(v) for k, v in value.items()}
    return value


def qualifies(case):
    pattern, inputs = case.get("pattern", []), case.get("inputs", [])
    if not pattern or not all(isinstance(p, str) for p in pattern) or len(pattern) > 2:
        return False
    if case.get("expected_obj") == "error":
        return True
    if not inputs or not all(isinstance(i, str) for i in inputs) or len(inputs) > 2:
        return False
    if case.get("expected_match") == "error":
        return False
    return (pattern[1] if len(pattern) == 2 else None) == (inputs[1] if len(inputs) == 2 else None)


def expected_args(match):
    """name -> value for the groups urn reports, and the names a component more than `*` gives."""
    last, required = {}, set()
    for component in COMPONENTS:
        result = match.get(component)
        if not result:
            continue
        groups = result.get("groups", {})
        whole = groups == {"0": result.get("input", "")}
        for name, value in groups.items():
            last[name] = value
            if not whole:
                required.add(name)
    return last, required


def disagreement(case, bindir, tmp):
    pattern = case["pattern"]
    table = os.path.join(tmp, "case.routes")
    with open(table, "w", encoding="utf-8") as f:
        f.write("@dialect urlpattern\n")
        if len(pattern) == 2:
            f.write(f"@base {pattern[1]}\n")
        f.write(json.dumps({"pattern": pattern[0], "target": "R"}, ensure_ascii=False) + "\n")
    link = case.get("inputs", [""])[0] if case.get("inputs") else ""
    record = json.dumps({"link": link}, ensure_ascii=False) + "\n"
    run = subprocess.run([os.path.join(bindir, "urnmatch"), "-a", "-f", table], input=record.encode(),
                         capture_output=True)
    if case.get("expected_obj") == "error":
        # a table error (the pattern, or a base URL that is none): exit 2, nothing routed
        return None if run.returncode == 2 and not run.stdout and b"case.routes:" in run.stderr else \
            f"the standard refuses the pattern; urnmatch exit {run.returncode}: {run.stderr.decode(errors='replace')[:200]}"
    lines = run.stdout.decode("utf-8", "replace").splitlines()
    if len(lines) != 1:
        return f"urnmatch wrote {len(lines)} records (exit {run.returncode}): {run.stderr.decode(errors='replace')[:200]}"
    out = json.loads(lines[0])
    match = case.get("expected_match")
    if match is None:
        if out.get("route") is None and ("error" not in out or out["error"]["code"] == "not-a-url"):
            return None
        return f"no match expected, urnmatch gives {out.get('route') or out.get('error')}"
    route = out.get("route")
    if not route:
        return f"a match expected, urnmatch gives {out.get('error') or 'no route'}"
    last, required = expected_args(match)
    args = route.get("args") or {}
    for name, value in args.items():
        if name not in last or last[name] != value:
            return f"argument {name}={value!r}, the match gives {last.get(name, 'no such group')!r}"
    missing = sorted(required - set(args))
    if missing:
        return f"groups {missing} missing from the arguments {args}"
    return None


def main(argv):
    bindir = os.environ.get("URN_BIN", os.path.join(ROOT, ".build", "debug"))
    if len(argv) == 2 and argv[0] == "--bin":
        bindir = argv[1]
    cases = [usv(c) for c in json.load(open(DATA, encoding="utf-8")) if isinstance(c, dict)]
    chosen = [c for c in cases if qualifies(c)]
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        for index, case in enumerate(chosen):
            why = disagreement(case, bindir, tmp)
            if why:
                failures.append((case["pattern"], case.get("inputs"), why))
    print(f"urlpatterntestdata through urnmatch: {len(chosen) - len(failures)}/{len(chosen)} of the "
          f"{len(cases)} cases (those with a constructor string and string inputs) agree")
    for pattern, inputs, why in failures[:20]:
        print(f"  {json.dumps(pattern, ensure_ascii=False)} {json.dumps(inputs, ensure_ascii=False)}: {why}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
