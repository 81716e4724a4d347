#!/usr/bin/env python3
"""Classifies the routes survey.py calls unexplained: the routes whose `urnmatch --examples` link
lands on another route or on none, where no `urnmatch --check --json` finding says they can never
win against the route the link landed on.

For each such route it decides, with evidence, whether ANY link can reach it:

  * it looks for a link that lands: `urnmatch --examples --per-route 50 --seed S` for several
    seeds, and links built from the dialect's own reading (below), each routed with `urnmatch -a`
    (and `--all-matches`, to see which routes come first). A link that lands is a generator miss:
    the route can win, and the first example did not find the link that shows it;
  * where none lands, it names the cause, proved where the dialect allows:
      express   each path is read into its regex as path-to-regexp 0.1.12 makes it (a port of
                ExpressSyntax.translated) and compared, as automata over the pathnames a request
                target can hold (printable ASCII without ? and #), with the union of the earlier
                routes that take the same method: an empty difference proves that the earlier
                routes take every link; a non-empty one gives candidate links
      navigator patterns normalised as URLNavigator normalises them (query and fragment dropped,
                runs of / collapsed, trailing / dropped) and compared component by component;
                URLNavigator's rank (plain components, as written) and urn's tie-break (table order)
                depend on the pattern only, so a route that takes every link of another and comes
                first on one common link comes first on all
      compass   Compass compares a literal part with the URL's text as written, and the URL holds
                percent-encoded what a URL path cannot hold (non-ASCII, space, { } [ ] | ^ ...):
                such a literal, or a delimiter such as |, is never met in a link's path. Host mode
                (a link with ? or #, whose host must equal a pattern) is tried as well and reported
                apart: it reaches any pattern whose text a host can spell
      android   the intent filters of the manifest (read as ManifestReader reads them), each
                path attribute an automaton over UTF-16 units (PatternMatcher's globs never
                backtrack: /a*a takes nothing), compared with the earlier filters that take the
                same scheme, host and port
      urn       (the GitLab table) shared segments compared as regexes, for routes of one rank
  * a route some --check finding already says can never win (against a route other than the
    one its example landed on) is `check-never-wins`.

automata.py (beside it) holds the automata. Tests/Examples/UNEXPLAINED.md reports a run: the
counts, the generator misses with the fix each needs, and the --check rules each class calls for.

Output: one JSON line per unexplained route on standard output (table, line, pattern, dialect,
class, evidence), then a table of counts by class on standard error.

Usage: unexplained.py --bin DIR [--seeds N] [--only SUBSTRING] [--keep DIR]
  --bin DIR        the folder of the urnmatch to use (a debug build will do)
  --seeds N        seeds for the --examples search (default 4: 1..4)
  --only TEXT      only tables whose label contains TEXT
  --keep DIR       where to write the generated tables (default: a temporary folder)

Classes (see the report for what each one means for --check and for the generator):
  generator-miss                a link lands on the route: the example generator missed it
  express-earlier-regex         earlier routes, one of them a path that needs its regex, take
                                every pathname the route takes (with its methods)
  express-earlier-segments      the same, the route and the earlier routes all made of whole
                                segments (routed by the segment trie, compared by --check)
  express-earlier-param-error   the only links the route takes make an earlier route's parameter
                                fail to decode: Express answers 400
  express-literal-unholdable    no request target holds what the route's regex needs (raw non-ASCII)
  compass-delimiter-unholdable  a delimiter a URL cannot hold (|) between two parts or more
  compass-literal-unholdable    a literal part with a character a URL path cannot hold raw
  navigator-same-normal-form    a route that normalises to the same pattern comes first
  navigator-earlier-path        a route with a <path:> placeholder takes every link and comes first
  android-unreachable           no DEFAULT category, a mimeType, or no scheme: no browser link
  android-matches-nothing       no path the filter's path attributes take (PatternMatcher's globs)
  android-covered               earlier filters take every link the filter takes
  urn-shared-segment-covered    an earlier route of the same rank whose shared segment takes all
  aasa-literal-unholdable       a percent-encoded component pattern with a character a URL
                                cannot hold raw ([ ])
  check-never-wins              --check says the route can never win, against another route
  unresolved                    none of the above could be shown
"""
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata
import xml.parsers.expat
from collections import Counter, OrderedDict

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
import automata as fa  # noqa: E402
import survey  # noqa: E402

ROOT = survey.ROOT
METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]  # as ExampleLinks.methods


# ---------------------------------------------------------------------------------------------
# running urnmatch

class Table:
    """A surveyed table: where it is, how urnmatch reads it, its routes and its findings."""

    def __init__(self, binary, spec, cwd, file_arg, records):
        self.binary = binary
        self.spec = spec
        self.label = spec.label
        self.args = list(spec.args)
        self.cwd = cwd
        self.file = file_arg
        self.records = records
        self.dialect = dialect_of(spec.args, os.path.join(cwd, file_arg))
        self.directives = directives_of(os.path.join(cwd, file_arg))
        self.routes = routes_of(records, os.path.join(cwd, file_arg))

    def option(self, name, default=None):
        if name in self.args:
            return self.args[self.args.index(name) + 1]
        return self.directives.get(name.lstrip("-"), default)

    def urnmatch(self, *mode, stdin=""):
        proc = subprocess.run([self.binary, *mode, "-f", self.file, *self.args], cwd=self.cwd, input=stdin.encode("utf-8"),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        return [json.loads(line) for line in proc.stdout.decode("utf-8", "replace").splitlines() if line.strip()]

    def route(self, candidates):
        """Each (method, link) routed: (first route or None, error or None, all matching routes)."""
        if not candidates:
            return []
        text = "".join((f"{m} {link}" if m else link) + "\n" for m, link in candidates)
        first = self.urnmatch("-a", stdin=text)
        every = self.urnmatch("-a", "--all-matches", stdin=text)
        out = []
        for a, b in zip(first, every):
            out.append((a.get("route"), a.get("error"), b.get("route") or []))
        return out


def dialect_of(args, path):
    if "--dialect" in args:
        return args[args.index("--dialect") + 1]
    name = os.path.basename(path)
    if name == "AndroidManifest.xml":
        return "android"
    if name == "apple-app-site-association":
        return "aasa"
    if name.endswith((".yaml", ".yml")):
        return "openapi"
    return directives_of(path).get("dialect", "urn")


def directives_of(path):
    out = {}
    if path.endswith((".xml", ".yaml", ".jsonl")) or os.path.basename(path) == "apple-app-site-association":
        return out
    with open(path, encoding="utf-8") as f:
        for raw in f:
            m = re.match(r"\s*@(\w+)\s+(\S+)", raw)
            if m:
                out.setdefault(m.group(1), m.group(2))
    return out


class Route:
    def __init__(self, line, pattern, methods=None):
        self.line, self.pattern, self.methods = line, pattern, methods

    def ident(self):
        return {"line": self.line, "pattern": self.pattern}

    def __repr__(self):
        return f"line {self.line} {self.pattern!r}"


def routes_of(records, path):
    """The table's routes in order (from the --examples records), with their methods where the
    table is JSON lines."""
    methods = {}
    if path.endswith(".jsonl"):
        with open(path, encoding="utf-8") as f:
            for number, raw in enumerate(f, 1):
                if raw.strip():
                    methods[number] = json.loads(raw).get("methods")
    out, seen = [], set()
    for record in records:
        origin = record["example"]["for"]
        key = (origin["line"], origin["pattern"])
        if key not in seen:
            seen.add(key)
            out.append(Route(origin["line"], origin["pattern"], methods.get(origin["line"])))
    return out


def examples_search(table, wanted, seeds, per_route=50):
    """Links of `--examples --per-route N --seed S` that land on the wanted routes: {key: (method, link, seed)}."""
    found = {}
    for seed in seeds:
        for record in table.urnmatch("--examples", "--per-route", str(per_route), "--seed", str(seed)):
            origin = record.get("example", {}).get("for")
            if not origin:
                continue
            key = (origin["line"], origin["pattern"])
            if key in wanted and key not in found and record["example"].get("landed") and record.get("link"):
                found[key] = (record.get("method"), record["link"], seed)
        if len(found) == len(wanted):
            break
    return found


def lands(route, results):
    """The first (candidate, result) whose first route is `route`."""
    for candidate, (first, error, every) in results:
        if first and first.get("line") == route.line and first.get("pattern") == route.pattern:
            return candidate
    return None


def name(route_record):
    return f"line {route_record.get('line')} {route_record.get('pattern')!r}" if route_record else "no route"


# ---------------------------------------------------------------------------------------------
# express: path-to-regexp 0.1.12, as ExpressSyntax.translated writes it

def _word(c):
    return c.isascii() and (c.isalnum() or c == "_")


def _parameter(path, start):
    n, i = len(path), start
    slash = i < n and path[i] == "/"
    if slash:
        i += 1
    fmt = i < n and path[i] == "."
    if fmt:
        i += 1
    if not (i < n and path[i] == ":"):
        return None
    i += 1
    begin = i
    while i < n and _word(path[i]):
        i += 1
    if i == begin:
        return None
    capture = None
    if i < n and path[i] == "(":
        close = next((j for j in range(i + 1, n) if path[j] in ")\n\r"), None)
        if close is not None and path[close] == ")":
            capture = path[i:close + 1]
            i = close + 1
    star = i < n and path[i] == "*"
    if star:
        i += 1
    optional = i < n and path[i] == "?"
    if optional:
        i += 1
    return slash, fmt, capture, star, optional, i


def _first_star(capture):
    for i, c in enumerate(capture):
        if c == "\\" and i + 1 < len(capture):
            return capture
        if c == "*":
            return capture[:i] + "(.*)" + capture[i + 1:]
    return capture


def express_regex(path):
    """The regex source urn (and Express 4) makes of an Express path."""
    out, backtrack, pos, i, n = "", "", 0, 0, len(path)
    while i < n:
        c = path[i]
        if c == "\\" and i + 1 < n:
            backtrack += path[i:i + 2]
            pos += 2
            out += path[i:i + 2]
            i += 2
            continue
        p = _parameter(path, i)
        if p:
            slash, fmt, capture, star, optional, end = p
            if slash or fmt:
                backtrack = ""
            elif pos < i:
                backtrack += path[pos:i]
            pos = end
            dot = "\\." if fmt else ""
            if capture is not None:
                group = _first_star(capture)
            elif backtrack:
                group = "((?:(?!/|" + backtrack + ").)+?)"
            else:
                group = "([^/" + dot + "]+?)"
            out += "(?:" + dot + ("/" if slash else "") + group
            if star:
                out += "((?:[/" + dot + "].+?)?)"
            out += ")" + ("?" if optional else "")
            i = end
            continue
        if c == ".":
            backtrack += "\\."
            pos += 1
            out += "\\."
            i += 1
            continue
        if c == "*" or (c == "/" and i + 1 < n and path[i + 1] == "("):
            if pos < i:
                backtrack += path[pos:i]
            if c == "*":
                pos = i + 1
                out += "(.*)"
                i += 1
            else:
                pos = i + 2
                backtrack += "/"
                out += "/(?:"
                i += 2
            continue
        out += c
        i += 1
    out += "?" if out.endswith("/") else "/?"
    return "^" + out + "$"


def express_whole_segments(path):
    """Whether urn routes the path through its segment trie (ExpressSyntax.wholeSegments): no regex."""
    if not path.startswith("/"):
        return False
    parts = path[1:].split("/")
    for k, part in enumerate(parts):
        if part == "":
            if k != len(parts) - 1:
                return False
            continue
        if part.startswith(":"):
            name = part[1:-1] if part.endswith("?") else part[1:]
            if not name or not all(_word(c) for c in name):
                return False
        elif not all(c.isascii() and (c.isalnum() or c in "-._~!&',;=@") for c in part):
            return False
    return True


PATHNAME = fa.union(fa.cset((0x21, 0x7E)))
PATHNAME = fa.minus(PATHNAME, fa.cset("?", "#"))
PATHNAME_PLAIN = fa.minus(PATHNAME, fa.cset("%"))


def pathname_machine(chars, empty_segments=True):
    """Pathnames of origin-form request targets: `/` then the bytes Node takes; without
    `empty_segments`, no `//` (the links a person writes)."""
    if empty_segments:
        return fa.Machine(0, {0: [(fa.cset("/"), 1)], 1: [(chars, 1)]}, [1])
    slash = fa.cset("/")
    other = fa.minus(chars, slash)
    return fa.Machine(0, {0: [(slash, 1)], 1: [(other, 2)], 2: [(other, 2), (slash, 1)]}, [1, 2])


def accepts_text(automaton, text):
    state = automaton.start()
    for c in text:
        if state is None:
            return False
        state = automaton.step(state, ord(c))
    return state is not None and automaton.accepts(state)


class ExpressRoutes:
    def __init__(self, routes):
        self.routes = routes
        self.cache = {}

    def automaton(self, route, mode):
        key = (route.line, route.pattern, mode)
        if key not in self.cache:
            try:
                self.cache[key] = fa.RegexAutomaton(express_regex(route.pattern), caseless=True, mode=mode)
            except (fa.Unsupported, ValueError) as error:
                self.cache[key] = error
        return self.cache[key]


def takes_method(route, method):
    if method is None or route.methods is None:
        return True
    return method in route.methods or (method == "HEAD" and "GET" in route.methods)


def express_methods(route, routes):
    if route.methods:
        return (["GET"] if "GET" in route.methods else []) + [m for m in route.methods if m != "GET"]
    if any(r.methods for r in routes):
        return [None] + METHODS
    return [None]


def express_analyze(table, route, work):
    routes = table.routes
    ex = work.setdefault("express", ExpressRoutes(routes))
    index = next(k for k, r in enumerate(routes) if r.line == route.line and r.pattern == route.pattern)
    earlier = routes[:index]
    over, under = ex.automaton(route, "over"), ex.automaton(route, "under")
    evidence = {"regex": express_regex(route.pattern)}
    if isinstance(over, Exception):
        evidence["unsupported"] = str(over)
        return None, evidence, []
    valid = pathname_machine(PATHNAME)
    if fa.empty(over, valid, PATHNAME):
        return "express-literal-unholdable", dict(evidence, why="no pathname a request target can hold matches the regex "
                                                 "(a request target holds ASCII only: Node answers 400 to raw non-ASCII, and "
                                                 "a percent-encoded one never equals the literal)"), []
    candidates = []
    proofs = {}
    for method in express_methods(route, routes):
        blockers = [r for r in earlier if takes_method(r, method)]
        autos_under = [ex.automaton(r, "under") for r in blockers]
        autos_over = [ex.automaton(r, "over") for r in blockers]
        if any(isinstance(a, Exception) for a in autos_under + autos_over):
            proofs[method] = None
            continue
        union_under = fa.Union(autos_under) if autos_under else fa.Nothing()
        union_over = fa.Union(autos_over) if autos_over else fa.Nothing()
        found, done = fa.difference(over, [union_under], valid, PATHNAME, limit=1)
        # the target `*` (OPTIONS *) has the pathname `*`, which only a path without its `/` takes
        star = accepts_text(over, "*") and not any(accepts_text(a, "*") for a in autos_under)
        proofs[method] = (done and not found and not star, blockers)
        if star:
            candidates.append(("OPTIONS" if method is None else method, "*"))
        # candidates: real members of the route's language outside the earlier routes', those
        # a person would write first (no `//`, no `%`)
        for tier, (chars, empties) in enumerate(((PATHNAME_PLAIN, False), (PATHNAME, False), (PATHNAME_PLAIN, True), (PATHNAME, True))):
            found, done = fa.difference(under, [union_over], pathname_machine(chars, empties), PATHNAME, limit=4)
            for word in found:
                candidates.append((method, "".join(map(chr, word))))
            if tier == 1 and not found and done and under.exact and all(a.exact for a in autos_over):
                evidence.setdefault("no_link_without_empty_segment", []).append(method or "any")
            if found:
                break
    return "proofs", dict(evidence, proofs=proofs), candidates


def express_cover(ex, route, blockers):
    """A small set of earlier routes that take every pathname of `route`."""
    over = ex.automaton(route, "over")
    valid = pathname_machine(PATHNAME)
    for r in blockers:
        a = ex.automaton(r, "under")
        found, done = fa.difference(over, [a], valid, PATHNAME, limit=1)
        if done and not found:
            return [r]
    # those that share a pathname with the route, then each dropped while the rest still cover
    sharing = []
    for r in blockers:
        a = ex.automaton(r, "over")
        inter, done = fa.difference(fa.Intersection(over, a), [], valid, PATHNAME, limit=1)
        if inter:
            sharing.append(r)
    cover = list(sharing)
    for r in list(cover):
        rest = [x for x in cover if x is not r]
        if not rest:
            break
        found, done = fa.difference(over, [fa.Union([ex.automaton(x, "under") for x in rest])], valid, PATHNAME, limit=1)
        if done and not found:
            cover = rest
    return cover


def express_classify(table, route, evidence, results, work):
    ex = work["express"]
    proofs = evidence.get("proofs", {})
    if proofs and all(p and p[0] for p in proofs.values()):
        covers = {}
        for method, (_, blockers) in proofs.items():
            cover = express_cover(ex, route, blockers)
            covers[method or "any"] = [c.ident() for c in cover]
        # which of the covering routes need their regex (--check compares those only for being written twice)
        lines = {(c["line"], c["pattern"]) for cs in covers.values() for c in cs} | {(route.line, route.pattern)}
        regex = sorted(p for _, p in lines if not express_whole_segments(p))
        by = next(iter(covers.values()))
        same = all(v == by for v in covers.values())
        out = {"regex": evidence["regex"], "covered_by": by if same else covers,
               "methods": [m or "any" for m in proofs], "proof": "automaton: the route's pathnames minus the earlier routes' "
               "(taking the same method) is empty over printable-ASCII pathnames"}
        if regex:
            out["regex_paths"] = regex
        return ("express-earlier-regex" if regex else "express-earlier-segments"), out
    errors = [(c, r[1]) for c, r in results if r[1] and r[1].get("code") == "invalid-param-encoding"]
    if errors and all(r[1] or not r[0] for _, r in results) and candidates_need_escape(results):
        return "express-earlier-param-error", {"regex": evidence["regex"], "links": [format_candidate(c) for c, _ in errors[:3]],
                                               "error": errors[0][1]["message"]}
    return None, {"regex": evidence.get("regex"), "proofs": {str(m): (p[0] if p else None) for m, p in proofs.items()}}


def candidates_need_escape(results):
    return all("%" in c[1] for c, _ in results)


def format_candidate(candidate):
    method, link = candidate
    return f"{method} {link}" if method else link


# ---------------------------------------------------------------------------------------------
# compass

URL_PATH = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/")


def unholdable(text):
    """The characters of `text` a URL path cannot hold as they are (a `%` may start an escape)."""
    out = []
    for k, c in enumerate(text):
        if c in URL_PATH:
            continue
        if c == "%" and re.match(r"%[0-9A-Fa-f]{2}", text[k:]):
            continue
        out.append(c)
    return out


def compass_parts(pattern, delimiter):
    parts = pattern.split(delimiter) if delimiter else [pattern]
    out = []
    for part in parts:
        placeholder = part.startswith("{") and not (len(part) > 1 and unicodedata.category(part[1]) in ("Mn", "Me", "Mc"))
        out.append((part, placeholder))
    return out


def pct(text, keep=""):
    safe = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~" + keep)
    return "".join(c if c in safe else "".join(f"%{b:02X}" for b in c.encode("utf-8")) for c in text)


def compass_candidates(table, route):
    scheme = table.option("--scheme") or "app"
    delimiter = table.option("--delimiter", ":")
    parts = compass_parts(route.pattern, delimiter)
    values = ["alice", "42", "x"]
    forms = []
    for k in range(3):
        for spell in ("raw", "encoded", "nfd", "nfc"):
            pieces = []
            for part, placeholder in parts:
                if placeholder:
                    pieces.append(values[(k + len(pieces)) % len(values)])
                elif spell == "raw":
                    pieces.append(part)
                elif spell == "encoded":
                    pieces.append(pct(part, keep="!$&'()*+,;=:@/%"))
                else:
                    pieces.append(pct(unicodedata.normalize(spell.upper(), part), keep="!$&'()*+,;=:@/%"))
            name = delimiter.join(pieces)
            for link in (f"{scheme}://{name}", f"{scheme}://{pct(name, keep='!$&()*+,;=:@/%')}"):
                if (None, link) not in forms:
                    forms.append((None, link))
    return forms


def compass_host_mode(table, route):
    scheme = table.option("--scheme") or "app"
    return [(None, f"{scheme}://{pct(route.pattern)}?"), (None, f"{scheme}://{pct(route.pattern)}?x=1"),
            (None, f"{scheme}://{pct(route.pattern)}#x")]


def compass_classify(table, route):
    delimiter = table.option("--delimiter", ":")
    parts = compass_parts(route.pattern, delimiter)
    if len(parts) > 1 and unholdable(delimiter):
        return "compass-delimiter-unholdable", {
            "delimiter": delimiter, "parts": len(parts),
            "why": f"a URL holds '{delimiter}' only percent-encoded ({pct(delimiter)}), which Compass does not split on; "
                   f"the link's name is one part and the pattern has {len(parts)}"}
    bad = [(part, unholdable(part)) for part, placeholder in parts if not placeholder and unholdable(part)]
    if bad:
        part, chars = bad[0]
        return "compass-literal-unholdable", {
            "literal": part, "characters": "".join(OrderedDict.fromkeys(chars)),
            "why": "Compass compares a literal part with the URL's text as written, and a URL holds these characters only "
                   "percent-encoded (URL(string:) encodes them since iOS 17; CFURL refuses the link)"}
    return None, {}


# ---------------------------------------------------------------------------------------------
# navigator

NAV_TYPES = {"string", "int", "float", "uuid", "path"}


def navigator_normal(pattern):
    """(scheme, components) as URLNavigator compares them: query and fragment dropped, runs of
    / collapsed, a trailing / dropped; each component ('lit', text) or ('ph', type)."""
    scheme = None
    rest = pattern
    if "://" in pattern:
        scheme, rest = pattern.split("://", 1)
    rest = re.split(r"[?#]", rest, 1)[0]
    comps = []
    for part in rest.split("/"):
        if not part:
            continue
        m = re.fullmatch(r"<([^<>:]*)(?::([^<>:]*))?>", part)
        if m:
            kind = m.group(1) if m.group(2) is not None else "string"
            comps.append(("ph", kind if kind in NAV_TYPES else "any"))
        else:
            comps.append(("lit", unicodedata.normalize("NFC", part)))
    return scheme, comps


def navigator_covers(e, l):
    """Whether pattern `e` takes every link pattern `l` takes (component by component)."""
    es, ec = navigator_normal(e)
    ls, lc = navigator_normal(l)
    if es != ls:
        return False
    path_at = next((k for k, c in enumerate(ec) if c == ("ph", "path")), None)
    l_path = next((k for k, c in enumerate(lc) if c == ("ph", "path")), None)
    if path_at is None:
        if l_path is not None or len(ec) != len(lc):
            return False
    elif len(lc) < len(ec):
        return False

    def covers(a, b):
        if a[0] == "ph" and a[1] in ("string", "any", "path"):
            return True
        return a == b
    for k, a in enumerate(ec):
        if k == path_at:
            continue
        if l_path is not None and k >= l_path:
            if not (a[0] == "ph" and a[1] in ("string", "any", "path")):
                return False
            continue
        if not covers(a, lc[k]):
            return False
    return True


# ---------------------------------------------------------------------------------------------
# android: the manifest as ManifestReader reads it

def aapt_unescape(text):
    if "\\" not in text:
        return text
    out, i = [], 0
    while i < len(text):
        c = text[i]
        i += 1
        if c != "\\":
            out.append(c)
            continue
        if i >= len(text):
            break
        n = text[i]
        i += 1
        if n == "n":
            out.append("\n")
        elif n == "t":
            out.append("\t")
        elif n == "u":
            digits = text[i:i + 4]
            i += len(digits)
            if digits:
                out.append(chr(int(digits, 16)))
        else:
            out.append(n)
    return "".join(out)


ANDROID = "http://schemas.android.com/apk/res/android"


def read_manifest(path):
    """The link filters (VIEW and BROWSABLE) of a manifest, in order: dicts with line, schemes,
    authorities [(host, port)], paths [(kind, value)], default (has DEFAULT), mime."""
    parser = xml.parsers.expat.ParserCreate(namespace_separator=" ")
    stack, filters = [], []

    def attr(attrs, name):
        for key in (f"{ANDROID} {name}", f"android:{name}"):
            if key in attrs:
                return aapt_unescape(attrs[key])
        return None

    def start(tag, attrs):
        tag = tag.split(" ")[-1]
        stack.append(tag)
        if tag == "intent-filter" and len(stack) >= 2 and stack[-2] in ("activity", "activity-alias"):
            filters.append({"line": parser.CurrentLineNumber, "actions": [], "categories": [], "schemes": [],
                            "authorities": [], "paths": [], "mime": False})
        elif filters and "intent-filter" in stack[:-1]:
            f = filters[-1]
            if tag == "action":
                f["actions"].append(attr(attrs, "name"))
            elif tag == "category":
                f["categories"].append(attr(attrs, "name"))
            elif tag == "data":
                if attr(attrs, "mimeType") is not None:
                    f["mime"] = True
                scheme, host, port = attr(attrs, "scheme"), attr(attrs, "host"), attr(attrs, "port")
                if scheme is not None and scheme not in f["schemes"]:
                    f["schemes"].append(scheme)
                if host is not None:
                    number = None
                    if port is not None:
                        try:
                            number = fa._java_int(port)
                        except ValueError:
                            number = None
                        if number is not None and number < 0:
                            number = None
                    f["authorities"].append((host, number))
                for kind in ("path", "pathPrefix", "pathSuffix", "pathPattern", "pathAdvancedPattern"):
                    value = attr(attrs, kind)
                    if value is not None:
                        f["paths"].append((kind, value))

    def end(tag):
        stack.pop()
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    with open(path, "rb") as fh:
        parser.Parse(fh.read(), True)
    out = []
    for f in filters:
        if "android.intent.action.VIEW" in f["actions"] and "android.intent.category.BROWSABLE" in f["categories"]:
            f["default"] = "android.intent.category.DEFAULT" in f["categories"]
            out.append(f)
    return out


def units(text):
    data = text.encode("utf-16-le", "surrogatepass")
    return [int.from_bytes(data[k:k + 2], "little") for k in range(0, len(data), 2)]


def path_automaton(kind, value):
    u = units(value)
    if kind == "path":
        return fa.Word(u)
    if kind == "pathPrefix":
        return fa.Prefix(u)
    if kind == "pathSuffix":
        return fa.Suffix(u)
    if kind == "pathPattern":
        return fa.AndroidGlob(u)
    parsed = fa.android_advanced_parse(u)
    return fa.AndroidAdvanced(parsed) if parsed is not None else fa.Nothing()


def filter_paths(f):
    if not f["paths"]:
        return fa.Everything()
    return fa.Union([path_automaton(k, v) for k, v in f["paths"]])


UNITS = ((0, 0xFFFF),)
HIGH, LOW = fa.cset((0xD800, 0xDBFF)), fa.cset((0xDC00, 0xDFFF))
# decoded paths: empty, or `/` then any text (UTF-16, surrogates paired)
ANDROID_PATH = fa.Machine("start", {
    "start": [(fa.cset("/"), "body")],
    "body": [(HIGH, "high"), (fa.minus(fa.minus(UNITS, HIGH), LOW), "body")],
    "high": [(LOW, "body")],
}, ["start", "body"])


def host_accepts(pattern, port, host, link_port):
    """IntentFilter's AuthorityEntry.match: a leading * takes any host ending in the rest."""
    wild = pattern.startswith("*")
    name = pattern[1:] if wild else pattern
    if len(host) < len(name):
        return False
    part = host[len(host) - len(name):] if wild else host
    if part.lower() != name.lower() and part.upper() != name.upper():
        return False
    return port is None or port == link_port


def android_hosts(pattern):
    """Hosts to write a link for a filter's host: the host, or subdomains no other filter names."""
    if pattern == "*":
        return ["example.com", "zq9.example"]
    if pattern.startswith("*"):
        rest = pattern[1:]
        return ["www" + rest if rest.startswith(".") else "www." + rest, ("zq9" if rest.startswith(".") else "zq9.") + rest]
    return [pattern]


def android_link(scheme, host, port, path_units):
    text = bytes(b for u in path_units for b in u.to_bytes(2, "little")).decode("utf-16-le", "surrogatepass")
    authority = host + (f":{port}" if port is not None else "")
    return f"{scheme}://{authority}{pct(text, keep='/')}"


def android_analyze(table, route, work):
    filters = work.setdefault("manifest", read_manifest(os.path.join(table.cwd, table.file)))
    index = next((k for k, f in enumerate(filters) if f["line"] == route.line), None)
    if index is None:
        return None, {"why": "filter not found in the manifest"}, []
    f = filters[index]
    reasons = []
    if f["mime"]:
        reasons.append("mimeType: a link is an intent without a type, which a filter with a mimeType never takes")
    if not f["default"]:
        reasons.append("no category DEFAULT: a browser's startActivity resolves only filters that have it")
    if not f["schemes"]:
        reasons.append("no android:scheme: the filter takes no link")
    if reasons:
        return "android-unreachable", {"why": reasons}, []
    live = [g for g in filters[:index] if g["default"] and not g["mime"] and g["schemes"]]
    paths = filter_paths(f)
    if f["authorities"] and f["paths"] and fa.empty(paths, ANDROID_PATH, UNITS):
        return "android-matches-nothing", {
            "paths": [f"{k}={v}" for k, v in f["paths"]],
            "why": "no decoded path matches: PatternMatcher's globs never backtrack (x* and .* take what they can)"}, []
    candidates, blocked, proven = [], [], True
    for scheme in f["schemes"]:
        if not f["authorities"]:
            blockers = [g for g in live if scheme in g["schemes"] and not g["authorities"]]
            if blockers:
                blocked.append({"scheme": scheme, "by": [g["line"] for g in blockers[:1]]})
            else:
                proven = False
                candidates.append((None, f"{scheme}:zq9"))
            continue
        for host_pattern, port in f["authorities"]:
            for host in android_hosts(host_pattern):
                link_port = port
                takers = [g for g in live if scheme in g["schemes"] and (
                    not g["authorities"] or any(host_accepts(h, p, host, -1 if link_port is None else link_port)
                                                for h, p in g["authorities"]))]
                if any(not g["authorities"] for g in takers):
                    blocked.append({"scheme": scheme, "host": host, "by": [next(g["line"] for g in takers if not g["authorities"])]})
                    continue
                blockers = []
                for g in takers:
                    blockers.append(filter_paths(g))
                found, done = fa.difference(paths, [fa.Union(blockers)] if blockers else [], ANDROID_PATH, UNITS, limit=3)
                if found:
                    proven = False
                    for word in found:
                        candidates.append((None, android_link(scheme, host, link_port, word)))
                elif done:
                    blocked.append({"scheme": scheme, "host": host, "by": [g["line"] for g in takers]})
                else:
                    proven = False
    if proven:
        return "android-covered", {"covered": blocked, "why": "every scheme, host and path the filter takes is taken by "
                                   "an earlier filter (Android offers all; urn's route is the first in the file)"}, []
    return None, {"blocked": blocked}, candidates


# ---------------------------------------------------------------------------------------------
# urn dialect: routes of one rank whose shared segments are compared as regexes

def urn_segments(pattern):
    """Segments as (kind, regex): kind 3 literal, 2 shared or typed, 1 plain, 0 catch-all; None
    where the pattern uses what this reading does not know."""
    body = pattern.strip("/")
    out = []
    for part in body.split("/") if body else []:
        if re.fullmatch(r"<\*\w+>", part):
            out.append((0, None))
        elif re.fullmatch(r"<\w+>|\{\w+\}|:\w+|\*", part):
            out.append((1, r"[\s\S]+"))
        elif "<" in part or "{" in part:
            pieces = re.split(r"(<\*?\w+>|\{\w+\})", part)
            if any(p.startswith(("<", "{")) and ":" in p for p in pieces):
                return None
            regex = "".join(r"[\s\S]+" if p.startswith(("<", "{")) else re.escape(p) for p in pieces if p)
            out.append((2, regex))
        else:
            out.append((3, re.escape(part)))
    return out


def urn_covers(e, l):
    es, ls = urn_segments(e.pattern), urn_segments(l.pattern)
    if es is None or ls is None or len(es) != len(ls) or [k for k, _ in es] != [k for k, _ in ls]:
        return False
    for (kind, a), (_, b) in zip(es, ls):
        if kind == 0:
            continue
        ea = fa.RegexAutomaton("^(?:" + a + ")$", search=False)
        la = fa.RegexAutomaton("^(?:" + b + ")$", search=False)
        found, done = fa.difference(la, [ea], fa.Everything(), fa.ANY, limit=1)
        if found or not done:
            return False
    return True


# ---------------------------------------------------------------------------------------------
# the classification

def analyze_table(table, unexplained, seeds):
    """(route, record, related, class, evidence) for each unexplained route of the table."""
    work = {}
    wanted = {(r["example"]["for"]["line"], r["example"]["for"]["pattern"]) for r, _ in unexplained}
    found = examples_search(table, wanted, seeds) if len(table.routes) <= survey.BIG_TABLE else {}
    out = []
    for record, related in unexplained:
        origin = record["example"]["for"]
        route = next(r for r in table.routes if r.line == origin["line"] and r.pattern == origin["pattern"])
        key = (route.line, route.pattern)
        cls, evidence, candidates = None, {}, []
        if table.dialect == "express":
            cls, evidence, candidates = express_analyze(table, route, work)
            if cls == "proofs":
                cls = None
        elif table.dialect == "android":
            cls, evidence, candidates = android_analyze(table, route, work)
        elif table.dialect == "compass":
            candidates = compass_candidates(table, route)
        if key in found:
            method, link, seed = found[key]
            candidates.append((method, link))
        # the links the examples made land elsewhere; try the candidates
        results = list(zip(candidates, table.route(candidates))) if candidates else []
        hit = lands(route, results)
        if hit is not None:
            extra = {"no_link_without_empty_segment": evidence["no_link_without_empty_segment"]} \
                if evidence.get("no_link_without_empty_segment") and "//" in hit[1] else {}
            out.append((route, record, related, "generator-miss", dict(
                link=format_candidate(hit), found_by=("--examples --seed %d --per-route 50" % found[key][2]
                                                      if key in found and found[key][:2] == hit else "dialect analysis"),
                **miss_reason(table, route, record, hit), **extra)))
            continue
        if cls is None and table.dialect == "express" and evidence.get("proofs") is not None:
            cls, evidence = express_classify(table, route, evidence, results, work)
        never = [(code, others) for code, others in related if code in survey.NEVER_WINS]
        if cls is None and table.dialect == "compass":
            cls, evidence = compass_classify(table, route)
        if cls is None and table.dialect == "navigator":
            cls, evidence = navigator_classify(table, route, record)
        if cls is None and table.dialect == "urn":
            cls, evidence = urn_classify(table, route, record)
        if cls is None and table.dialect == "aasa":
            cls, evidence = aasa_classify(table, route, record)
        if never:
            # --check already says the route can never win (against a route other than the one its
            # example landed on): that explains it; the dialect's own reading is kept beside
            evidence = OrderedDict([("check", [{"code": code, "against": [{"line": l, "pattern": p} for l, p in others]}
                                               for code, others in never]),
                                    ("also", OrderedDict([("class", cls), ("evidence", evidence)]) if cls else None)])
            cls = "check-never-wins"
        if cls is None:
            cls = "unresolved"
            evidence = dict(evidence, tried=[format_candidate(c) + " -> " + name(r[0]) for c, r in results[:6]])
        if table.dialect == "compass":
            host = table.route(compass_host_mode(table, route))
            hits = [c for c, r in zip(compass_host_mode(table, route), host) if r[0] and r[0].get("line") == route.line
                    and r[0].get("pattern") == route.pattern]
            evidence = dict(evidence, host_mode=format_candidate(hits[0]) if hits else None)
        out.append((route, record, related, cls, evidence))
    return out


def navigator_classify(table, route, record):
    landed = record.get("route")
    if not landed:
        return None, {}
    other = next((r for r in table.routes if r.line == landed.get("line") and r.pattern == landed.get("pattern")), None)
    if other is None or not navigator_covers(other.pattern, route.pattern):
        return None, {}
    # the route takes the example link too, and the other route comes first on it: ranks are static
    every = table.route([(record.get("method"), record["link"])])[0][2]
    lines = [(r.get("line"), r.get("pattern")) for r in every]
    mine, theirs = (route.line, route.pattern), (other.line, other.pattern)
    if mine not in lines or theirs not in lines or lines.index(theirs) > lines.index(mine):
        return None, {}
    same = navigator_normal(other.pattern) == navigator_normal(route.pattern)
    return ("navigator-same-normal-form" if same else "navigator-earlier-path"), {
        "first": other.ident(), "normal_form": navigator_text(route.pattern),
        "why": ("both normalise to " + navigator_text(route.pattern) if same else
                f"{other.pattern!r} takes every link {route.pattern!r} takes (a <path:> placeholder takes the rest)")
        + f"; on {record['link']} it comes first (URLNavigator's rank, plain components as written, then table order),"
        " and ranks depend on the patterns only"}


def navigator_text(pattern):
    scheme, comps = navigator_normal(pattern)
    body = "/".join(c[1] if c[0] == "lit" else f"<{c[1]}>" for c in comps)
    return (scheme + "://" if scheme else "") + body


def urn_classify(table, route, record):
    index = next(k for k, r in enumerate(table.routes) if r.line == route.line and r.pattern == route.pattern)
    landed = record.get("route") or {}
    order = [r for r in table.routes[:index] if r.line == landed.get("line")] + table.routes[:index]
    for other in order:
        if urn_covers(other, route):
            return "urn-shared-segment-covered", {
                "first": other.ident(),
                "why": "the earlier route has the same kind of segment at each place (so the same rank, and table order "
                       "decides), and each of its segments takes every value of the route's (shared segments compared as "
                       "regexes)"}
    return None, {}


def aasa_classify(table, route, record):
    pattern = route.pattern.split(" ", 1)[-1] if route.pattern.startswith("NOT ") else route.pattern
    chars = [c for c in pattern if c not in URL_PATH and c not in "*?$()%"]
    if chars:
        return "aasa-literal-unholdable", {
            "characters": "".join(OrderedDict.fromkeys(chars)),
            "why": "the component is compared percent-encoded (percentEncoded is true unless set) with the path as NSURL "
                   "holds it, which never holds these characters raw",
            "also": f"every /photos/ link is taken first by {name(record.get('route'))}"}
    return None, {}


def split_link(link):
    """(scheme, authority, path) of a link; a bare path has neither scheme nor authority."""
    m = re.match(r"([A-Za-z][A-Za-z0-9+.-]*)://([^/?#]*)(.*)", link)
    if m:
        return m.group(1), m.group(2), m.group(3)
    return None, None, link


def miss_reason(table, route, record, hit):
    """What differs between the first example and the link that lands: the generator's choice
    that the landing link does not make (see the report for the generator's code behind each)."""
    first = (record.get("method"), record["link"])
    causes = []
    if first[0] != hit[0]:
        causes.append(f"method {hit[0] or '(none)'} rather than {first[0] or '(none)'}")
    s1, a1, p1 = split_link(first[1])
    s2, a2, p2 = split_link(hit[1])
    if table.dialect == "express":
        n1, n2 = len([x for x in p1.split("/") if x]), len([x for x in p2.split("/") if x])
        if "//" in p2:
            causes.append("an empty segment (an empty * or :name* value, or an empty :name* group's /)")
        elif n2 < n1:
            causes.append("fewer segments: an optional part left out" + (
                " (a whole-segment route's :name?)" if express_whole_segments(route.pattern) else ""))
        elif n2 > n1:
            causes.append("more segments: a * or :name* value that holds /")
        elif p1 != p2:
            pairs = [(a, b) for a, b in zip(p1.split("/"), p2.split("/")) if a != b]
            causes.append("other values: " + ", ".join(f"{a!r} -> {b!r}" for a, b in pairs))
    elif table.dialect == "android":
        if s1 != s2:
            causes.append(f"scheme {s2} rather than {s1}")
        if a1 != a2:
            h1, h2 = a1.split(":")[0], a2.split(":")[0]
            causes.append(("another subdomain" if h1.split(".", 1)[-1] == h2.split(".", 1)[-1] else "another authority of the filter")
                          + f" ({a2} rather than {a1})")
        if p1 != p2:
            if p2 == "":
                causes.append("the empty path (nothing after the host) rather than /")
            elif any(k in route.pattern for k in ("pathPattern=", "pathAdvancedPattern=")):
                causes.append(f"a path PatternMatcher takes ({p2}) rather than one made from the pattern read as a PCRE regex ({p1})")
            else:
                causes.append(f"path {p2} rather than {p1}")
    elif p1 != p2 or a1 != a2:
        causes.append("another link")
    # which one change to the first example is enough (method, scheme, authority or path)
    enough = []
    if s1 is not None or table.dialect == "express":
        def link(s, a, p):
            return f"{s}://{a}{p}" if s is not None else p
        tries = []
        if first[0] != hit[0]:
            tries.append(("method", (hit[0], first[1])))
        if s2 is not None and s1 is not None:
            if s1 != s2:
                tries.append(("scheme", (first[0], link(s2, a1, p1))))
            if a1 != a2:
                tries.append(("authority", (first[0], link(s1, a2, p1))))
        if p1 != p2:
            tries.append(("path", (first[0], link(s1, a1, p2) if s1 is not None else p2)))
        if len(tries) > 1:
            for (what, candidate), result in zip(tries, table.route([c for _, c in tries])):
                if result[0] and result[0].get("line") == route.line and result[0].get("pattern") == route.pattern:
                    enough.append(what)
    out = {"first_example": format_candidate(first), "first_landed_on": name(record.get("route")), "differs": causes}
    if enough:
        out["enough_alone"] = enough
    return out


# ---------------------------------------------------------------------------------------------

def main(argv):
    bindir, seeds, only, keep = None, 4, None, None
    args = iter(argv)
    for arg in args:
        if arg == "--bin":
            bindir = next(args, None)
        elif arg == "--seeds":
            seeds = int(next(args, "4"))
        elif arg == "--only":
            only = next(args, None)
        elif arg == "--keep":
            keep = os.path.abspath(next(args, ""))
        elif arg in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            print(f"unexplained.py: unknown argument {arg!r}", file=sys.stderr)
            return 2
    if not bindir:
        print("usage: unexplained.py --bin DIR [--seeds N] [--only TEXT] [--keep DIR]", file=sys.stderr)
        return 2
    built = os.path.join(os.path.abspath(bindir), "urnmatch")
    if not os.access(built, os.X_OK):
        print(f"unexplained.py: no urnmatch in {bindir}", file=sys.stderr)
        return 2
    snapshot = tempfile.mkdtemp(prefix="urn-unexplained-bin-")
    folder = keep or tempfile.mkdtemp(prefix="urn-unexplained-")
    try:
        binary = survey.copy_binary(built, snapshot)
        return run(binary, folder, list(range(1, seeds + 1)), only)
    finally:
        shutil.rmtree(snapshot, ignore_errors=True)
        if not keep:
            shutil.rmtree(folder, ignore_errors=True)


def run(binary, folder, seeds, only):
    raw = survey.example_tables() + survey.bench_tables() + survey.conformance_tables() + survey.derived_tables() + survey.oracle_tables()
    specs = [t for t in survey.dedupe(raw) if only is None or only in t.label]

    def one(spec):
        result = survey.survey_table(binary, spec, folder)
        if "refused" in result:
            return []
        unexplained = [(record, related) for cls, record, _, related in result["routes"] if cls == "unexplained"]
        if not unexplained:
            return []
        if spec.path is not None:
            cwd, file_arg = ROOT, spec.path
        else:
            cwd, file_arg = result["cwd"], next(iter(spec.files))
        # the records of every route (the survey keeps only one a route, and those suffice)
        records = [r for _, r, _, _ in result["routes"]]
        table = Table(binary, spec, cwd, file_arg, records)
        return [(table, *entry) for entry in analyze_table(table, unexplained, seeds)]

    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = [entry for entries in pool.map(one, specs) for entry in entries]
    counts = Counter()
    by_source = {}
    for table, route, record, related, cls, evidence in results:
        counts[cls] += 1
        by_source.setdefault(table.spec.source, Counter())[cls] += 1
        line = OrderedDict([
            ("table", table.label), ("source", table.spec.source), ("args", table.args), ("line", route.line),
            ("pattern", route.pattern), ("dialect", table.dialect), ("class", cls),
            ("example", format_candidate((record.get("method"), record["link"]))),
            ("landed_on", record.get("route") and {"line": record["route"].get("line"), "pattern": record["route"].get("pattern")}),
            ("evidence", evidence)])
        print(json.dumps(line, ensure_ascii=False))
    width = max([len(c) for c in counts] + [5])
    print(f"\n{'class':<{width}}  count", file=sys.stderr)
    for cls, n in counts.most_common():
        print(f"{cls:<{width}}  {n:5d}", file=sys.stderr)
    print(f"{'total':<{width}}  {sum(counts.values()):5d}", file=sys.stderr)
    print("\nby source:", file=sys.stderr)
    for source, c in sorted(by_source.items()):
        print(f"  {source}: " + ", ".join(f"{k} {v}" for k, v in c.most_common()), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
