#!/usr/bin/env python3
"""Generates Compass 6.0.0 link cases, answers them with Compass's own code (the two harness
binaries built by build.sh) and writes Tests/Fixtures/oracle/compass/cases.jsonl and
provenance.json.

usage: gen.py --bin DIR [--out DIR]
  DIR holds compass-cfurl and compass-foundation (see README.md).

Tables and links come from Compass's grammar (Sources/Navigator.swift at 5cfacf8): patterns split
on Navigator.delimiter, `{name}` parts, host mode after `?`/`#`, bare names through
Navigator.navigate(urn:). The random generator has a fixed seed: the output is the same bytes
for the same harness answers.
"""
import json
import os
import random
import subprocess
import sys
import unicodedata

SEED = 37
COMMIT = "5cfacf884224a8257f92faaaf6e88d5ab31bdbb3"
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))

# Where Compass decides each kind of case (file:line at COMMIT, under Sources/).
CITE = {
    "cut": "Sources/Navigator.swift:29",
    "hostmode": "Sources/Navigator.swift:31-33",
    "host": "Sources/Navigator.swift:60",
    "query": "Sources/Navigator.swift:62-67",
    "fragment": "Sources/Navigator.swift:69-71",
    "split": "Sources/Navigator.swift:90-93",
    "emptysplit": "Sources/String+Extensions.swift:9-12",
    "placeholder": "Sources/Navigator.swift:100-107",
    "literal": "Sources/Navigator.swift:109-113",
    "rank": "Sources/Navigator.swift:35-46",
    "routes": "Sources/Navigator.swift:17",
    "urn": "Sources/Navigator.swift:131-135",
    "encode": "Sources/Utilities.swift:10-17",
    "decode": "Sources/Location.swift:19-24",
    "router": "Sources/Router.swift:45",
    "fragparams": "Sources/String+Extensions.swift:17-33",
}

NFD_CAFE = unicodedata.normalize("NFD", "café")

LITERALS = ["user", "post", "comments", "tab", "settings", "a", "b", "x", "login", "profile",
            "organization", "User", "POST", "café", NFD_CAFE, "caf%C3%A9", "über", "日本",
            "%41", "a b", "x{y}", "{a}b}", "{}", "{", "}", "{\u0301x}", "*", "1", "42",
            "self", "feed", "a-b", "a.b", "~me", "%7Eme", "@home", "", " "]
PLACEHOLDERS = ["{id}", "{name}", "{type}", "{userId}", "{x}", "{y}", "{a}", "{id}", "{postId}",
                "{a}b}", "{}", "{ü}", "{a b}", "{x}}", "{{x}"]
VALUES = ["42", "self", "BYOkwgXnwr3", "hyper oslo", "a%20b", "%zz", "100%", "caf%C3%A9", "café",
          NFD_CAFE, "über", "日本", "😀", "a+b", "x=y", "a&b", "a;b", "[1]", "@me", "~", "-",
          "%2F", "%3A", "%25", "%2525", "A", "a/b", "a?b", "a#b", "%E6%97%A5", "%C3", "1.5",
          "true", "", "0", "x y z", "%41", "a%2Fb", "'q'", "(p)", "*", "!", "$5", ","]
SCHEMES = ["myapp", "myapp", "myapp", "photofeed", "x", "compass-app", "my.app", "app+1", "a1"]
DELIMS = [":", ":", ":", ":", ":", "/", "/", "-", ".", "::", "_", ";", "|", "@"]


class Gen:
    def __init__(self):
        self.rng = random.Random(SEED)
        self.groups = []

    def group(self, category, routes, links, scheme="myapp", delimiter=":"):
        gid = f"compass-{len(self.groups) + 1:04d}"
        self.groups.append({"id": gid, "category": category, "scheme": scheme,
                            "delimiter": delimiter, "routes": list(routes), "links": links})

    # ---- helpers -------------------------------------------------------------------------
    def fill(self, pattern, delimiter, values=None):
        parts = pattern.split(delimiter) if pattern != "" else []
        out = []
        for p in parts:
            if p.startswith("{") and not unicodedata.combining(p[1:2] or "a"):
                out.append(self.rng.choice(values or VALUES[:12]))
            else:
                out.append(p)
        return delimiter.join(out)

    def link(self, name, via, category, cite, scheme="myapp", note=None):
        rec = {"link": (scheme + "://" + name) if via == "url" else name, "via": via,
               "category": category, "cite": CITE[cite]}
        if note:
            rec["note"] = note
        return rec

    def pattern(self, delimiter, n=None):
        rng = self.rng
        n = rng.choice([1, 1, 2, 2, 2, 3, 3, 4]) if n is None else n
        parts = []
        for i in range(n):
            if i == 0 and rng.random() < 0.85:
                parts.append(rng.choice(["user", "post", "tab", "a", "profile", "login"]))
            elif rng.random() < 0.5:
                parts.append(rng.choice(PLACEHOLDERS[:9]))
            else:
                parts.append(rng.choice(LITERALS[:12]))
        return delimiter.join(parts)

    # ---- categories --------------------------------------------------------------------
    def issue37(self):
        """The minimal examples of issue 37, verbatim, each its own case."""
        L = self.link
        self.group("issue37-bare-space", ["organization:{name}:{type}"],
                   [L("organization:hyper oslo:simply awesome", "urn", "issue37-bare-space", "urn",
                      note="navigate(urn:) percent-encodes the name before parsing")])
        # the issue's x/café example splits on "/": record it with --delimiter / and with ":"
        self.group("issue37-non-ascii-literal", ["x/café", "x/{name}"],
                   [L("x/café", "url", "issue37-non-ascii-literal", "literal"),
                    L("x/caf%C3%A9", "url", "issue37-non-ascii-literal", "literal"),
                    L("x/café", "urn", "issue37-non-ascii-literal", "encode")], delimiter="/")
        self.group("issue37-non-ascii-literal", ["x/café", "x/{name}"],
                   [L("x/café", "url", "issue37-non-ascii-literal", "literal"),
                    L("x/café", "urn", "issue37-non-ascii-literal", "encode")])
        self.group("issue37-host-raw", ["login"],
                   [L("%6Cogin?x=1", "url", "issue37-host-raw", "host")])
        self.group("issue37-empty-host", [""],
                   [L("?k=v", "url", "issue37-empty-host", "host")])
        self.group("issue37-empty-bare-name", [""],
                   [L("", "urn", "issue37-empty-bare-name", "emptysplit")])
        self.group("issue37-other-scheme", ["tab:settings"],
                   [L("tab:settings", "url", "issue37-other-scheme", "cut", scheme="z")],
                   scheme="x")
        self.group("issue37-combining-brace", ["{\u0301x}/y", "{a}/y"],
                   [L("q/y", "url", "issue37-combining-brace", "placeholder")])
        self.group("issue37-combining-brace", ["{\u0301x}/y", "{a}/y"],
                   [L("q/y", "url", "issue37-combining-brace", "placeholder")], delimiter="/")
        self.group("issue37-reregistration", ["a:{x}", "a:{y}", "a:{x}"],
                   [L("a:1", "url", "issue37-reregistration", "rank"),
                    L("a:1", "urn", "issue37-reregistration", "rank")])

    def hits_and_misses(self, count):
        rng = self.rng
        for _ in range(count):
            delimiter = rng.choice(DELIMS)
            scheme = rng.choice(SCHEMES)
            n = rng.randint(1, 15)
            routes = [self.pattern(delimiter) for _ in range(n)]
            if rng.random() < 0.3:  # re-registration
                routes.insert(rng.randint(0, len(routes)), rng.choice(routes))
            if rng.random() < 0.1:
                routes.insert(rng.randint(0, len(routes)), "")
            links = []
            for _ in range(rng.randint(4, 9)):
                p = rng.choice(routes)
                name = self.fill(p, delimiter)
                r = rng.random()
                cat, cite = "hit", "rank"
                if r < 0.12:  # case change of a literal
                    name, cat, cite = name.upper(), "case", "literal"
                elif r < 0.22:  # one part more or less
                    parts = name.split(delimiter)
                    if rng.random() < 0.5 and len(parts) > 1:
                        parts.pop(rng.randrange(len(parts)))
                    else:
                        parts.insert(rng.randrange(len(parts) + 1), rng.choice(["x", "", "42"]))
                    name, cat, cite = delimiter.join(parts), "count", "split"
                elif r < 0.30:  # empty parts
                    name, cat, cite = rng.choice([name + delimiter, delimiter + name,
                                                  name.replace(delimiter, delimiter * 2, 1)]), "empty-part", "split"
                elif r < 0.40:  # wrong literal
                    parts = name.split(delimiter)
                    i = rng.randrange(len(parts))
                    parts[i] = rng.choice(LITERALS[:12])
                    name, cat, cite = delimiter.join(parts), "miss", "literal"
                elif r < 0.55:  # encoded/odd values
                    name = self.fill(p, delimiter, VALUES)
                    cat, cite = "encoding", "decode"
                via = "urn" if rng.random() < 0.35 else "url"
                if via == "urn" and "://" in name:
                    via = "url"
                links.append(self.link(name, via, cat + ("-bare" if via == "urn" else ""), cite,
                                       scheme=scheme))
            self.group("table-" + ("colon" if delimiter == ":" else "delimiter"), routes, links,
                       scheme=scheme, delimiter=delimiter)

    def ties(self, count):
        """Overlapping routes: literal count, placeholder count, registration order, duplicates."""
        rng = self.rng
        for _ in range(count):
            delimiter = rng.choice([":", ":", ":", "/"])
            n = rng.choice([2, 3])
            heads = ["user", "a"]
            routes = []
            for _ in range(rng.randint(2, 12)):
                parts = [rng.choice(heads)] + [rng.choice(["{id}", "{x}", "self", "42", "{y}", "b"])
                                               for _ in range(n - 1)]
                routes.append(delimiter.join(parts))
            for _ in range(rng.randint(0, 3)):
                routes.insert(rng.randint(0, len(routes)), rng.choice(routes))
            routes = routes[:15]
            links = []
            for _ in range(rng.randint(4, 8)):
                parts = [rng.choice(heads)] + [rng.choice(["self", "42", "b", "7", "B"])
                                               for _ in range(n - 1 + rng.choice([0, 0, 0, 1, -1]))]
                via = rng.choice(["url", "url", "urn"])
                links.append(self.link(delimiter.join(parts), via, "tie" + ("-bare" if via == "urn" else ""),
                                       "rank"))
            self.group("ties", routes, links, delimiter=delimiter)

    def host_mode(self, count):
        rng = self.rng
        hosts = ["login", "tab", "settings", "user", "Login", "café", "a-b", "a.b", "x", "",
                 "tab:settings", "user:{id}", "%6Cogin", "log%69n", "LOGIN", "a b", "1", "[::1]"]
        queries = ["x=1", "x=1&y=2", "x=1&x=2", "x", "x=", "=1", "a%20b=c%20d", "k=v%2520w",
                   "k=%zz", "k=a+b", "k=café", "k=caf%C3%A9", "k=%25", "x=1;y=2", "k=v=w", "",
                   "a&b=1", "k=%2541"]
        frags = ["k=v", "k=v&j=2", "k=v;j=2", "k", "k=%2541", "k=a%20b", "", "=v", "a=1&a=2",
                 "k=v#w", "k=%zz", "k=é"]
        for _ in range(count):
            routes = []
            for _ in range(rng.randint(1, 8)):
                routes.append(rng.choice(hosts[:12] + ["user:{id}", "tab:settings", "{x}", "a:{x}"]))
            links = []
            for _ in range(rng.randint(4, 8)):
                host = rng.choice(routes + hosts) if rng.random() < 0.7 else rng.choice(hosts)
                if rng.random() < 0.15:
                    host = rng.choice(["u@", "u:p@", ""]) + host + rng.choice(["", ":80", ":8080/p", "/p"])
                tail = ""
                k = rng.random()
                if k < 0.5:
                    tail = "?" + rng.choice(queries)
                elif k < 0.75:
                    tail = "#" + rng.choice(frags)
                else:
                    tail = "?" + rng.choice(queries) + "#" + rng.choice(frags)
                scheme = "myapp" if rng.random() < 0.85 else rng.choice(["MYAPP", "yourap", "z"])
                via = "url" if rng.random() < 0.85 else "urn"
                if via == "urn" and "://" in host:
                    via = "url"
                cite = "fragment" if "#" in tail else "query"
                links.append(self.link(host + tail, via, "host-mode" + ("-bare" if via == "urn" else ""),
                                       cite if via == "url" else "encode", scheme=scheme))
            self.group("host-mode", routes, links)

    def schemes(self, count):
        """Links of another scheme than Navigator.scheme: cut by the table scheme's length."""
        rng = self.rng
        for _ in range(count):
            scheme = rng.choice(["myapp", "x", "photofeed", "ab"])
            routes = [self.pattern(":") for _ in range(rng.randint(1, 6))] + ["tab:settings", "b:settings"]
            links = []
            for _ in range(rng.randint(4, 8)):
                p = rng.choice(routes)
                name = self.fill(p, ":")
                other = rng.choice([scheme.upper(), scheme[:-1] or "q", scheme + "x", "z" * len(scheme),
                                    "zz", scheme.capitalize(), "http"])
                links.append(self.link(name, "url", "other-scheme", "cut", scheme=other))
            self.group("other-scheme", routes, links, scheme=scheme)

    def braces(self, count):
        rng = self.rng
        odd = ["{a}b}", "x{y}", "{", "{}", "{\u0301x}", "{a}{b}", "{{a}}", "}a{", "{a", "a}", "{ a }",
               "{é}", "{" + NFD_CAFE + "}", "{\u20dd}", "{id}", "{id}"]
        for _ in range(count):
            delimiter = rng.choice([":", "/"])
            routes = [delimiter.join([rng.choice(["a", "q"])] + [rng.choice(odd + ["y", "{v}"])
                                                               for _ in range(rng.randint(0, 2))])
                      for _ in range(rng.randint(1, 8))]
            links = []
            for _ in range(rng.randint(3, 7)):
                p = rng.choice(routes)
                parts = p.split(delimiter)
                parts = [rng.choice(["1", "q", "y", "{", "x{y}", "{a}b}", rng.choice(odd)])
                         if rng.random() < 0.6 else x for x in parts]
                via = rng.choice(["url", "url", "urn"])
                links.append(self.link(delimiter.join(parts), via, "brace" + ("-bare" if via == "urn" else ""),
                                       "placeholder"))
            self.group("braces", routes, links, delimiter=delimiter)

    def unicode(self, count):
        rng = self.rng
        words = ["café", NFD_CAFE, "caf%C3%A9", "cafe%CC%81", "CAF%C3%89", "über", "u%CC%88ber", "日本",
                 "%E6%97%A5%E6%9C%AC", "😀", "%F0%9F%98%80", "Ω", "Å", "A\u030a", "ß", "ﬁ"]
        for _ in range(count):
            delimiter = rng.choice([":", ":", "/"])
            routes = []
            for _ in range(rng.randint(1, 8)):
                routes.append(delimiter.join([rng.choice(["x", "tag"]), rng.choice(words + ["{name}", "{name}"])]))
            links = []
            for _ in range(rng.randint(4, 8)):
                name = delimiter.join([rng.choice(["x", "tag"]), rng.choice(words)])
                via = rng.choice(["url", "urn"])
                links.append(self.link(name, via, "non-ascii" + ("-bare" if via == "urn" else ""),
                                       "literal" if via == "url" else "encode"))
            self.group("non-ascii", routes, links, delimiter=delimiter)

    def bare_names(self, count):
        """Bare names through navigate(urn:): spaces, reserved characters, '%', empties."""
        rng = self.rng
        specials = ["hyper oslo", "a b", " ", "", "100%", "%20", "a%2Fb", "a?b", "a#b", "a?b=c", "k#v=1",
                    "[x]", "a|b", "a\\b", "a^b", "`", "\"q\"", "<t>", "{x}", "a\tb", "é", "a/b", "a@b",
                    "x=1&y=2", "%", "%%", "%4", "+", "☃"]
        for _ in range(count):
            delimiter = rng.choice([":", ":", "/", "-"])
            routes = [delimiter.join(["organization", "{name}", "{type}"]),
                      delimiter.join(["search", "{q}"]), delimiter.join(["search", "a b"]),
                      delimiter.join(["{only}"]), ""]
            rng.shuffle(routes)
            routes = routes[:rng.randint(2, 5)]
            links = []
            for _ in range(rng.randint(4, 8)):
                head = rng.choice(["organization", "search", "", "a b"])
                parts = [head] + [rng.choice(specials) for _ in range(rng.choice([0, 1, 1, 2]))]
                name = delimiter.join(parts) if parts != [""] else ""
                via = "urn" if rng.random() < 0.8 else "url"
                if "://" in name:
                    via = "url"
                links.append(self.link(name, via, "bare-name" if via == "urn" else "raw-url",
                                       "encode" if via == "urn" else "literal"))
            self.group("bare-names", routes, links, delimiter=delimiter)

    def empties(self, count):
        rng = self.rng
        for _ in range(count):
            delimiter = rng.choice([":", "/"])
            pool = ["", "{x}", delimiter, "{x}" + delimiter, delimiter + "{x}", "a" + delimiter,
                    "a" + delimiter + "{x}", delimiter + delimiter, "{x}" + delimiter + "{y}"]
            routes = [rng.choice(pool) for _ in range(rng.randint(1, 6))]
            links = []
            for name in rng.sample(["", delimiter, "a", "a" + delimiter, delimiter + "a", delimiter * 2,
                                    "a" + delimiter * 2 + "b", " ", "%20", "a" + delimiter + "b"], 6):
                via = rng.choice(["url", "urn"])
                links.append(self.link(name, via, "empty" + ("-bare" if via == "urn" else ""), "emptysplit"))
            self.group("empties", routes, links, delimiter=delimiter)


def run_harness(binary, groups):
    lines = []
    for g in groups:
        lines.append(json.dumps({"id": g["id"], "scheme": g["scheme"], "delimiter": g["delimiter"],
                                 "routes": g["routes"],
                                 "links": [{"link": l["link"], "via": l["via"]} for l in g["links"]]},
                                ensure_ascii=False))
    env = dict(os.environ, SWIFT_BACKTRACE="enable=no")
    proc = subprocess.run([binary], input=("\n".join(lines) + "\n").encode(), stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, env=env, check=True)
    out = {}
    for line in proc.stdout.decode().splitlines():
        rec = json.loads(line)
        out[rec["id"]] = rec["results"]
    return out


def answers(result):
    """(answers, why-none) of one harness result."""
    if "route" in result:
        return [{"target": f"R{result['route']}", "args": result.get("args", {})}], None
    return [], result["none"]


NOTES = {"no-url": "no-url", "trap": "trap: Compass crashes (suffix(from:) past the end)",
         "no-location": "no match", "router-not-found": "host is no registered route"}


def main(argv):
    bindir = None
    out = os.path.join(ROOT, "Tests", "Fixtures", "oracle", "compass")
    args = iter(argv)
    for a in args:
        if a == "--bin":
            bindir = next(args)
        elif a == "--out":
            out = next(args)
    if not bindir:
        sys.exit("usage: gen.py --bin DIR [--out DIR]")
    g = Gen()
    g.issue37()
    g.hits_and_misses(170)
    g.ties(60)
    g.host_mode(60)
    g.schemes(25)
    g.braces(35)
    g.unicode(35)
    g.bare_names(40)
    g.empties(25)
    flavours = {f: run_harness(os.path.join(bindir, "compass-" + f), g.groups) for f in ("cfurl", "foundation")}
    os.makedirs(out, exist_ok=True)
    total = 0
    with open(os.path.join(out, "cases.jsonl"), "w", encoding="utf-8") as f:
        for grp in g.groups:
            options = ["--dialect", "compass", "--scheme", grp["scheme"]]
            if grp["delimiter"] != ":":
                options += ["--delimiter", grp["delimiter"]]
            links = []
            for i, l in enumerate(grp["links"]):
                rec = {"link": l["link"]}
                per = {fl: answers(flavours[fl][grp["id"]][i]) for fl in ("cfurl", "foundation")}
                if per["cfurl"] == per["foundation"]:
                    rec["answers"] = per["cfurl"][0]
                else:
                    rec["flavours"] = {fl: per[fl][0] for fl in ("cfurl", "foundation")}
                rec["category"] = l["category"]
                rec["cite"] = l["cite"]
                notes = []
                if l.get("note"):
                    notes.append(l["note"])
                notes.append("via navigate(urn:)" if l["via"] == "urn" else "via parse(url: URL(string:))")
                whys = {fl: per[fl][1] for fl in per if per[fl][1]}
                if whys:
                    if len(set(whys.values())) == 1 and len(whys) == 2:
                        notes.append(NOTES[next(iter(whys.values()))])
                    else:
                        notes.append("; ".join(f"{fl}: {NOTES[w]}" for fl, w in sorted(whys.items())))
                rec["note"] = "; ".join(notes)
                links.append(rec)
                total += 1
            line = {"id": grp["id"], "category": grp["category"], "options": options,
                    "routes": [{"pattern": p, "target": f"R{i}"} for i, p in enumerate(grp["routes"])],
                    "links": links}
            f.write(json.dumps(line, ensure_ascii=False) + "\n")
    prov = {"library": "Compass", "version": "6.0.0", "repository": "hyperoslo/Compass", "commit": COMMIT,
            "foundation": "cfurl (swift-corelibs-foundation NSURL/NSURLComponents = CoreFoundation CFURL, "
                          "_CFURLComponents; Swift 6.3.1) and foundation (swift-foundation URL/URLComponents, "
                          "Swift 6.3.1), both on Linux x86_64",
            "follows": "cfurl", "generator": "Tests/Oracle/compass/gen.py",
            "harness": "Tests/Oracle/compass/harness/main.swift", "cases": total}
    with open(os.path.join(out, "provenance.json"), "w", encoding="utf-8") as f:
        f.write(json.dumps(prov, indent=2) + "\n")
    print(f"{len(g.groups)} tables, {total} link cases")


if __name__ == "__main__":
    main(sys.argv[1:])
