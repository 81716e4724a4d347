#!/usr/bin/env python3
"""Convert Google's Digital Asset Links compatibility tests into cases.jsonl.

Reads the protobuf text-format test suites under compatibility-tests/v1 of
https://github.com/google/digitalassetlinks, compiles the suite's two .proto
files with protoc into a temporary directory (nothing generated is kept), parses
every *.pb file with python3-protobuf's text_format, and writes one JSON object
per test case (one Check() or List() test) to cases.jsonl, plus counts and the
upstream commit to provenance.json.

The recorded data (files served, request, expected outcome) is copied as the
upstream suite states it, with no interpretation. Three fields are added by this
script and are marked as such in README.md: "id", "topic" and "needs".

Usage (either a checkout or a bare git directory of the upstream repository):
    /usr/bin/python3 convert.py --src PATH/TO/digitalassetlinks
    /usr/bin/python3 convert.py --git-dir PATH/TO/repo.git [--rev HEAD]

Requires: protoc (Debian: protobuf-compiler) and the protobuf Python runtime
(Debian: python3-protobuf, for /usr/bin/python3) whose version matches protoc.
"""

import argparse
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from urllib.parse import urlsplit

SUITE_DIR = "compatibility-tests/v1"
PROTOS = ("messages.proto", "compatibility_test_suite.proto")

# --------------------------------------------------------------------------
# Reading the upstream files
# --------------------------------------------------------------------------


def git(git_dir, *args):
    return subprocess.run(
        ["git", "--git-dir", git_dir, *args],
        check=True, capture_output=True).stdout


class Source:
    """Files of the upstream repository, from a checkout or a bare git dir."""

    def __init__(self, src=None, git_dir=None, rev="HEAD"):
        self.src, self.git_dir, self.rev = src, git_dir, rev
        self.commit = None
        gd = git_dir
        if gd is None and src and os.path.isdir(os.path.join(src, ".git")):
            gd = os.path.join(src, ".git")
        if gd is not None:
            try:
                self.commit = git(gd, "rev-parse", rev if git_dir else "HEAD"
                                  ).decode().strip()
            except (subprocess.CalledProcessError, FileNotFoundError):
                self.commit = None

    def list(self, prefix):
        if self.git_dir:
            out = git(self.git_dir, "ls-tree", "-r", "--name-only",
                      self.rev, "--", prefix).decode()
            return sorted(p for p in out.splitlines() if p)
        found = []
        root = os.path.join(self.src, prefix)
        for dirpath, _, files in os.walk(root):
            for f in files:
                full = os.path.join(dirpath, f)
                found.append(os.path.relpath(full, self.src).replace(os.sep, "/"))
        return sorted(found)

    def read(self, path):
        if self.git_dir:
            return git(self.git_dir, "show", f"{self.rev}:{path}")
        with open(os.path.join(self.src, path), "rb") as fh:
            return fh.read()


def load_modules(source, workdir):
    """Compile the suite's .proto files in workdir and import them."""
    for name in PROTOS:
        with open(os.path.join(workdir, name), "wb") as fh:
            fh.write(source.read(f"{SUITE_DIR}/{name}"))
    protoc = shutil.which("protoc")
    if not protoc:
        sys.exit("convert.py: protoc not found (apt-get install protobuf-compiler)")
    subprocess.run([protoc, f"-I{workdir}", f"--python_out={workdir}", *PROTOS],
                   check=True, cwd=workdir)
    sys.path.insert(0, workdir)
    suite_pb2 = importlib.import_module("compatibility_test_suite_pb2")
    return suite_pb2


# --------------------------------------------------------------------------
# Message -> JSON (faithful: proto field names, enum names)
# --------------------------------------------------------------------------


def asset_json(msg, parent, field):
    """An Asset field: null when not set, else its proto JSON form
    ({} for a set but empty Asset, {"web": {}} for a web asset without site)."""
    from google.protobuf.json_format import MessageToDict
    if not parent.HasField(field):
        return None
    return MessageToDict(msg, preserving_proto_field_name=True)


def statement_json(st):
    return {
        "source": asset_json(st.source, st, "source"),
        "relation": st.relation,
        "target": asset_json(st.target, st, "target"),
    }


def enum_name(enum_type, value):
    return enum_type.values_by_number[value].name if value in enum_type.values_by_number else value


# --------------------------------------------------------------------------
# Our additions: topic label and HTTP needs (documented in README.md)
# --------------------------------------------------------------------------

# Keyed by the number in the group name ("comptest2006: ..."): the upstream
# numbering is by theme, so a number range names a topic.  Individual numbers
# first, then ranges.
TOPIC_BY_NUMBER = {
    # 2000 / 3000: statement list, general (web file / APK string)
    2001: "valid-list", 2002: "empty-list", 2003: "invalid-statement-skipped",
    2004: "include-with-standard-fields", 2005: "include-with-unknown-fields",
    2006: "malformed-json", 2007: "non-array-top-level", 2008: "malformed-json",
    2009: "non-array-top-level", 2010: "non-array-top-level",
    2011: "missing-target", 2012: "missing-relation",
    2013: "target-not-object", 2014: "unknown-namespace",
    # 2100: relation strings
    2101: "relation-valid", 2102: "relation-valid", 2103: "relation-valid",
    2104: "relation-valid", 2105: "relation-valid",
    2106: "relation-missing", 2107: "relation-empty",
    2108: "relation-not-array", 2109: "relation-not-string",
    2110: "relation-wildcard",
    2111: "relation-bad-kind", 2112: "relation-bad-kind", 2113: "relation-bad-kind",
    2114: "relation-bad-shape", 2115: "relation-bad-shape",
    2116: "relation-bad-shape", 2117: "relation-bad-shape",
    2118: "relation-bad-detail", 2119: "relation-bad-detail",
    2120: "relation-bad-detail", 2121: "relation-bad-detail",
    2122: "relation-case",
    2123: "relation-whitespace", 2124: "relation-whitespace", 2125: "relation-whitespace",
    # 2200: web targets
    2201: "web-target-valid", 2202: "web-target-valid", 2203: "web-target-valid",
    2204: "web-target-trailing-dot", 2205: "web-target-case",
    2206: "web-target-missing-site", 2207: "web-target-bad-port",
    2208: "web-target-bad-scheme", 2209: "web-target-userinfo",
    2210: "web-target-query", 2211: "web-target-fragment",
    2212: "web-target-path", 2213: "web-target-path", 2214: "web-target-path",
    2215: "web-target-path", 2216: "web-target-no-scheme",
    # 2300: android targets
    2301: "android-target-valid", 2302: "android-target-valid",
    2303: "android-target-missing-package", 2304: "android-target-missing-fingerprints",
    2305: "android-target-fingerprints-not-array",
    2306: "android-target-fingerprint-not-string",
    2307: "android-target-empty-package", 2308: "android-target-bad-package",
    2309: "android-target-no-fingerprint", 2310: "fingerprint-format",
    2311: "fingerprint-format", 2312: "fingerprint-case",
    2313: "fingerprint-format", 2314: "fingerprint-format",
    # 5000: includes
    5001: "include-valid", 5002: "include-malformed-json",
    5003: "include-malformed-json", 5004: "include-valid",
    5005: "include-loop", 5006: "include-insecure", 5007: "include-insecure",
    5008: "include-insecure-allowed", 5009: "include-insecure",
    5010: "include-bad-url", 5011: "include-bad-url",
}

SMOKETEST_TOPICS = {
    1: "smoke-web-source", 2: "smoke-android-source",
    3: "include-malformed-json", 4: "include-malformed-json",
    5: "malformed-json", 6: "include-loop", 7: "invalid-statement-skipped",
    8: "smoke-android-source", 9: "android-target-missing-fingerprints",
    10: "smoke-web-source",
}

# The 4000 files: one topic per group.
TOPIC_BY_GROUP_4000 = {
    "comptest4001": "match-android-app", "comptest4201": "match-android-app",
    "comptest4401": "match-android-app",
    "comptest4002": "match-web-origin", "comptest4202": "match-web-origin",
    "comptest4403": "match-web-origin", "comptest4404": "match-web-origin",
    "comptest4405": "match-web-origin", "comptest4406": "match-web-origin",
    "comptest4101": "match-relation", "comptest4301": "match-relation",
    # group without a number in its name ("web: statements valid only if
    # assetlinks.json has a cert"), second group of 4400-check-target.pb
    "4400-check-target#2": "android-target-missing-fingerprints",
}

# The 1000 files (API query parsing): one topic per case, by the case name.
QUERY_TOPIC_RULES = [
    (r"^Typical list request", "query-valid"),
    (r"^Missing asset query", "query-asset-missing"),
    (r'^(Missing|Empty) "site"', "query-site-missing"),
    (r'"site" field', "query-site-invalid"),
    (r'"package_name" field', "query-package-invalid"),
    (r'^Lowercase characters in "sha256_fingerprint"', "query-fingerprint-case"),
    (r'"(certificate|sha256_fingerprint)" field', "query-fingerprint-invalid"),
    (r"^Valid relation query", "query-relation-valid"),
    (r"^(Missing|Empty) relation query", "query-relation-missing"),
    (r"wildcard", "query-relation-wildcard"),
    (r"invalid kind", "query-relation-bad-kind"),
    (r"^Invalid relation query", "query-relation-bad-shape"),
    (r"spurious whitespace", "query-relation-whitespace"),
    (r"invalid detail", "query-relation-bad-detail"),
]

GROUP_KEY_RE = re.compile(r"^\s*((?:comptest|smoketests)(\d+))\s*:")


def group_key(group_name, file_stem, group_index):
    m = GROUP_KEY_RE.match(group_name or "")
    if m:
        return m.group(1)
    return f"{file_stem}#{group_index}"


def topic_for(key, suite_name, case_name, request):
    if suite_name == "1000-query-parsing":
        for rx, topic in QUERY_TOPIC_RULES:
            if re.search(rx, case_name or ""):
                if topic == "query-relation-bad-detail" and \
                        request["relation"] != request["relation"].lower():
                    return "query-relation-case"
                return topic
        return "unclassified"
    if suite_name == "4000-query-matching":
        return TOPIC_BY_GROUP_4000.get(key, "unclassified")
    m = re.match(r"^(comptest|smoketests)(\d+)$", key)
    if not m:
        return "unclassified"
    kind, num = m.group(1), int(m.group(2))
    if kind == "smoketests":
        return SMOKETEST_TOPICS.get(num, "unclassified")
    if 3000 <= num < 4000:      # APK statement list mirrors the web file tests
        num -= 1000
        if 2202 <= num <= 2214:  # 3202-3214 are 2204-2216 (no 2202/2203 twins)
            num += 2
        elif num in (2315, 2316):
            return "android-target-valid"
    return TOPIC_BY_NUMBER.get(num, "unclassified")


DEFAULT_PORTS = {"http": 80, "https": 443}


def normalized_origin_url(url):
    """Lower-case scheme and host, drop a trailing dot on the host and a
    default port; keep the path.  None when the URL does not parse."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").rstrip(".")
    if not scheme or not host:
        return None
    netloc = host if port in (None, DEFAULT_PORTS.get(scheme)) else f"{host}:{port}"
    return f"{scheme}://{netloc}{parts.path}"


def included_urls(body):
    """The "include" strings of a statement list body, if it parses as JSON."""
    try:
        data = json.loads(body)
    except ValueError:
        return []
    if not isinstance(data, list):
        return []
    return [st["include"] for st in data
            if isinstance(st, dict) and isinstance(st.get("include"), str)]


def needs_for(case):
    """Our annotation: reasons why replaying a case needs more than reading the
    served files.  Empty list: everything the expected answer depends on is in
    web_content / android_content (after normalising the source site's scheme,
    host case, trailing dot and default port)."""
    needs = []
    expected = case["expected"]
    served = {normalized_origin_url(u) for u in case["web_content"]}
    src = (case["request"]["source"] or {}).get("web")
    if (src is not None and src.get("site")
            and expected["outcome"] != "QUERY_PARSING_ERROR"):
        wk = normalized_origin_url(src["site"].rstrip("/") + "/.well-known/assetlinks.json")
        if wk is not None and wk not in served:
            needs.append("unserved-source-url")
    bodies = list(case["web_content"].values()) + [
        a["assets_statements"] for a in case["android_content"]]
    for body in bodies:
        for inc in included_urls(body):
            n = normalized_origin_url(inc)
            if n is None or not n.startswith(("http://", "https://")):
                continue  # not fetchable at all: the case is about that URL
            if n not in served and "unserved-include-url" not in needs:
                needs.append("unserved-include-url")
    if re.search(r"\b[1-5]\d\d\b", expected["error_message_regex"] or ""):
        needs.append("http-status")
    return needs


# --------------------------------------------------------------------------
# Conversion
# --------------------------------------------------------------------------


def convert(source, suite_pb2):
    from google.protobuf import text_format
    outcome_enum = suite_pb2.DESCRIPTOR.enum_types_by_name["QueryOutcome"]
    messages_pb2 = importlib.import_module("messages_pb2")
    error_enum = messages_pb2.DESCRIPTOR.enum_types_by_name["ErrorCode"]

    cases, seen = [], set()
    for path in source.list(SUITE_DIR):
        if not path.endswith(".pb"):
            continue
        rel = path[len(SUITE_DIR) + 1:]
        suite_name = rel.split("/")[0] if "/" in rel else rel[:-3]
        file_stem = os.path.basename(path)[:-3]
        msg = suite_pb2.CompatibilityTestSuite()
        text_format.Parse(source.read(path).decode("utf-8"), msg)
        for gi, group in enumerate(msg.test_group, start=1):
            key = group_key(group.name, file_stem, gi)
            web_content = {}
            for wc in group.web_content:
                if wc.url in web_content:
                    sys.exit(f"convert.py: duplicate URL {wc.url} in {path} group {gi}")
                web_content[wc.url] = wc.body
            android_content = [
                {"package_name": ac.package_name,
                 "cert_fingerprint": ac.cert_fingerprint,
                 "assets_statements": ac.assets_statements}
                for ac in group.android_content]
            for api, tests in (("check", group.check_statements_tests),
                               ("list", group.list_statements_tests)):
                for ti, t in enumerate(tests, start=1):
                    req = t.request
                    request = {
                        "source": asset_json(req.source, req, "source"),
                        "relation": req.relation,
                    }
                    if api == "check":
                        request["target"] = asset_json(req.target, req, "target")
                    expected = {
                        "outcome": enum_name(outcome_enum, t.outcome) if t.HasField("outcome") else None,
                        "error_message_regex": t.error_message_regex if t.HasField("error_message_regex") else None,
                        "error_codes": [enum_name(error_enum, c) for c in t.error_code],
                    }
                    if api == "check":
                        expected["linked"] = t.response if t.HasField("response") else None
                    else:
                        expected["statements"] = [statement_json(s) for s in t.response]
                    case = {
                        "id": f"{key}/{api}/{ti}",
                        "suite": suite_name,
                        "file": path,
                        "group": group.name,
                        "group_index": gi,
                        "name": t.name if t.HasField("name") else None,
                        "api": api,
                        "topic": topic_for(key, suite_name,
                                           t.name if t.HasField("name") else None,
                                           request),
                        "stub_environment_only": group.stub_environment_only,
                        "web_content": web_content,
                        "android_content": android_content,
                        "request": request,
                        "expected": expected,
                    }
                    case["needs"] = needs_for(case)
                    if case["id"] in seen:
                        sys.exit(f"convert.py: duplicate case id {case['id']}")
                    seen.add(case["id"])
                    cases.append(case)
    return cases


def provenance(source, cases, cases_bytes):
    """Machine-readable companion of README.md (deterministic: no date)."""
    import collections
    import hashlib

    def count(key):
        return dict(sorted(collections.Counter(key(c) for c in cases).items()))

    return {
        "source": "Google Digital Asset Links compatibility tests",
        "repository": "google/digitalassetlinks",
        "commit": source.commit,
        "paths": [p for p in source.list(SUITE_DIR)
                  if p.endswith(".pb") or p.endswith(".proto")],
        "license": "Apache-2.0 (repository LICENSE)",
        "generator": "Tests/Fixtures/assetlinks-compat/convert.py",
        "cases": len(cases),
        "groups": len({(c["file"], c["group_index"]) for c in cases}),
        "sha256": hashlib.sha256(cases_bytes).hexdigest(),
        "counts": {
            "suite": count(lambda c: c["suite"]),
            "api": count(lambda c: c["api"]),
            "outcome": count(lambda c: c["expected"]["outcome"]),
            "source_asset": count(lambda c: next(iter(c["request"]["source"] or {"none": 0}), "none")),
            "topic": count(lambda c: c["topic"]),
            "needs": count(lambda c: ",".join(c["needs"]) or "-"),
        },
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--src", help="checkout of google/digitalassetlinks")
    g.add_argument("--git-dir", help="(bare) git directory of google/digitalassetlinks")
    ap.add_argument("--rev", default="HEAD", help="revision to read with --git-dir")
    ap.add_argument("--commit", help="record this upstream commit (when --src is not a git checkout)")
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--out", default=os.path.join(here, "cases.jsonl"))
    ap.add_argument("--provenance", default=os.path.join(here, "provenance.json"),
                    help="where to write provenance.json ('' to skip)")
    args = ap.parse_args()

    sys.dont_write_bytecode = True
    source = Source(src=args.src, git_dir=args.git_dir, rev=args.rev)
    if args.commit:
        source.commit = args.commit
    with tempfile.TemporaryDirectory(prefix="assetlinks-proto-") as workdir:
        suite_pb2 = load_modules(source, workdir)
        cases = convert(source, suite_pb2)

    unclassified = [c["id"] for c in cases if c["topic"] == "unclassified"]
    if unclassified:  # upstream changed: extend the topic tables
        print(f"convert.py: {len(unclassified)} cases without a topic: "
              + ", ".join(unclassified[:10]), file=sys.stderr)
    data = "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases).encode("utf-8")
    with open(args.out, "wb") as fh:
        fh.write(data)
    if args.provenance:
        with open(args.provenance, "w", encoding="utf-8", newline="\n") as fh:
            json.dump(provenance(source, cases, data), fh, indent=1)
            fh.write("\n")
    print(f"wrote {len(cases)} cases to {args.out}"
          + (f" (upstream commit {source.commit})" if source.commit else ""),
          file=sys.stderr)


if __name__ == "__main__":
    main()
