#!/usr/bin/env python3
"""Generates route tables and links for URLNavigator 2.5.1's URLMatcher, runs them through the
two oracle harnesses (build.sh builds them) and writes the recorded answers.

usage: gen.py BINDIR OUTDIR
  BINDIR holds navigator-cfurl and navigator-foundation (from build.sh);
  OUTDIR receives cases.jsonl and provenance.json.

The generator is deterministic (fixed seed, no set iteration order, no time): the same harness
answers give the same bytes.
"""
import json
import os
import random
import subprocess
import sys
import unicodedata

SEED = 37
COMMIT = "b881f23dc3b381986ed6cf76da8e426ce5c8a7ee"
FLAVOURS = ["cfurl-string", "cfurl-url", "foundation-string", "foundation-url"]
FOLLOWS = "cfurl-string"

# file:line at COMMIT that decides each kind of case
CITE = {
    "literal": "Sources/URLMatcher/URLMatcher.swift:154-156",
    "placeholder": "Sources/URLMatcher/URLMatcher.swift:158-161",
    "int": "Sources/URLMatcher/URLMatcher.swift:14-16",
    "float": "Sources/URLMatcher/URLMatcher.swift:17-19",
    "uuid": "Sources/URLMatcher/URLMatcher.swift:20-22",
    "path": "Sources/URLMatcher/URLMatcher.swift:23-25",
    "count": "Sources/URLMatcher/URLMatcher.swift:115-128",
    "rank": "Sources/URLMatcher/URLMatcher.swift:63-65",
    "rank-raw": "Sources/URLMatcher/URLMatcher.swift:170-175",
    "tie": "Sources/URLNavigator/Navigator.swift:49-51",
    "register": "Sources/URLNavigator/Navigator.swift:35-37",
    "normalize": "Sources/URLMatcher/URLMatcher.swift:99-107",
    "regex-range": "Sources/URLMatcher/URLMatcher.swift:109-113",
    "scheme": "Sources/URLMatcher/URLMatcher.swift:51-57",
    "split": "Sources/URLMatcher/URLMatcher.swift:130-139",
    "string-raw": "Sources/URLMatcher/URLConvertible.swift:40-55",
    "url-absolute": "Sources/URLMatcher/URLConvertible.swift:58-65",
    "syntax": "Sources/URLMatcher/URLPathComponent.swift:7-23",
    "equal": "Sources/URLMatcher/URLMatcher.swift:155",
}

rng = random.Random(SEED)

WORDS = ["user", "users", "post", "posts", "v1", "settings", "profile", "search", "item",
         "a", "b", "c", "x", "feed", "comments", "photo", "list", "detail", "open", "tab"]
KEYS = ["id", "name", "slug", "page", "user", "x", "y", "q", "postId", "item_id"]
SCHEMES = ["myapp", "myapp", "myapp", "app", "http", "https"]
PLAIN_VALUES = ["42", "devxoul", "hello-world", "a.b", "x_y", "~me", "0", "-1", "+1", "A", "abc",
                "café", "cafe%CC%81", "caf%C3%A9", "a%20b", "a+b", "a;b", "a,b", "a=b", "a@b", "a!b",
                "a$b", "a&b", "a'b", "(x)", "*", ":", "a:b", "1.5"]
INT_VALUES = ["42", "+42", "-42", "0", "-0", "+0", "007", "+0042", "+0000000000000000000042",
              "0000000000000000000000000000000000000001", "9223372036854775807",
              "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
              "99999999999999999999", "1e3", "0x10", "4_2", "42.0", "+", "-", "--1", "+-1",
              "\u0664\u0662", "\uff14\uff12", "42a", "a42", "1,000", "٣", "00", "-00"]
FLOAT_VALUES = ["1.5", "-1.5", "+1.5", "1e3", "1E3", "1e-3", "0.1", "1", "-0", "0", ".5", "5.",
                "+.5", "-.5e1", "nan", "NaN", "NAN", "-nan", "inf", "-inf", "+inf", "Inf",
                "infinity", "Infinity", "-Infinity", "infinit", "nan(0x1)", "snan", "0x1p3",
                "0x1.8p1", "0X10", "1e39", "-1e39", "1e-50", "3.4028235e38", "3.4028236e38",
                "16777217", "16777216", "123456789", "1,5", "1_0", "1.5f", "e3", "1e", "1e+",
                ".", "", "1.5.1", "0.30000001192092896", "1e-45", "1.4e-45", "1e-46",
                "00000000000000000000000000000001.5", "\uff11.5"]
UUIDS = ["E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f",
         "E621e1f8-C36c-495A-93fc-0C247a3E6E5f", "00000000-0000-0000-0000-000000000000",
         "ffffffff-ffff-ffff-ffff-ffffffffffff", "E621E1F8C36C495A93FC0C247A3E6E5F",
         "{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}", "E621E1F8-C36C-495A-93FC-0C247A3E6E5",
         "E621E1F8-C36C-495A-93FC-0C247A3E6E5F0", "G621E1F8-C36C-495A-93FC-0C247A3E6E5F",
         "E621E1F8-C36C-495A93FC-0C247A3E6E5F", "E621E1F-8C36C-495A-93FC-0C247A3E6E5F",
         " E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "E621E1F8_C36C_495A_93FC_0C247A3E6E5F",
         "urn:uuid:E621E1F8-C36C-495A-93FC-0C247A3E6E5F"]
NONASCII = ["café", "cafe\u0301", "caf%C3%A9", "cafe%CC%81", "Straße", "straße", "STRASSE",
            "ñ", "n\u0303", "한국", "\u1112\u1161\u11ab\u1100\u116e\u11a8", "日本", "Ω", "\u2126",
            "ﬁ", "fi", "ǅ", "Å", "A\u030a", "\u212b", "e\u0301\u0301"]
EMOJI = ["😀", "👍🏽", "🇰🇷", "👨‍👩‍👧", "❤️", "a😀", "😀😀", "1️⃣"]
RAW_CHARS = [" ", "%", "<", ">", "{", "}", "[", "]", "|", "\"", "^", "`", "\\", "%2", "%zz", "%%",
             "%41", "%2F", "%2f", "%3F", "%23", "\t", "\u00a0", "#", "?", "&"]


def pick(seq):
    return seq[rng.randrange(len(seq))]


class Group:
    def __init__(self, category, patterns):
        self.category = category
        self.patterns = list(patterns)
        self.links = []

    def add(self, link, category=None, cite=None, note=None):
        for bad in ("\n", "\r", "\0"):
            assert bad not in link, repr(link)
        entry = {"link": link, "category": category or self.category,
                 "cite": CITE.get(cite or "literal", cite)}
        if note:
            entry["note"] = note
        self.links.append(entry)
        return self


GROUPS = []


def group(category, patterns):
    g = Group(category, patterns)
    GROUPS.append(g)
    return g


# ---------------------------------------------------------------- issue 37, verbatim
def issue37():
    group("issue37-raw-string", ["myapp://user/<name>"]).add(
        "myapp://user/a b", cite="string-raw",
        note="issue 37: a String link with a space is matched as raw text")
    group("issue37-rank-raw-pattern", ["myapp://a/b", "myapp://<x>/<y>?p/q/r"]).add(
        "myapp://a/b", cite="rank-raw",
        note="issue 37: ranking counts the plain components of the raw pattern, query included")
    group("issue37-nonnumeric-port", ["myapp://<z>/post"]).add(
        "myapp://123:ola/post", cite="split", note="issue 37: a non-numeric port is text")
    group("issue37-colon-first-part", ["/<x>/<y>"]).add(
        "1.5:ola/posts", cite="split", note="issue 37: a first part with a ':' that is no valid scheme")
    group("issue37-int-long", ["myapp://v1/<int:page>"]).add(
        "myapp://v1/+0000000000000000000042", cite="int", note="issue 37: <int:> takes any value Int(_:) takes")
    group("issue37-nfc-nfd", ["myapp://x/café", "myapp://x/<v>"]).add(
        "myapp://x/cafe\u0301", cite="equal", note="issue 37: Swift == on Strings is canonical equivalence")
    group("issue37-empty", [""]).add(
        "", cite="split", note="issue 37: an empty pattern matches an empty link")
    group("issue37-url-absolute", ["myapp://user/<name>"]).add(
        "myapp://user/a b", cite="url-absolute",
        note="issue 37: as a URL, the value is absoluteString's (a%20b) on Linux Foundation; CFURL has no URL").add(
        "myapp://user/a%20b", cite="url-absolute",
        note="issue 37: values of a URL come from absoluteString, percent-encoded").add(
        "myapp://user/caf%C3%A9", cite="url-absolute", note="issue 37: values are never decoded")
    group("issue37-emoji-regex-range", ["myapp://a/<x>", "myapp://a/<x>/b"]).add(
        "myapp://a/😀/b", cite="regex-range",
        note="issue 37: NSMakeRange(0, string.count) counts Characters as UTF-16 units")


# ---------------------------------------------------------------- helpers
def value_for(ptype):
    if ptype == "int":
        return pick(INT_VALUES[:8] if rng.random() < 0.6 else INT_VALUES)
    if ptype == "float":
        return pick(FLOAT_VALUES[:12] if rng.random() < 0.6 else FLOAT_VALUES)
    if ptype == "uuid":
        return pick(UUIDS[:5] if rng.random() < 0.6 else UUIDS)
    if ptype == "path":
        return "/".join(pick(WORDS) for _ in range(rng.randint(1, 3)))
    return pick(PLAIN_VALUES)


def parse_pattern(p):
    """(prefix, [components]) split like the app writes them; placeholders kept."""
    if "://" in p:
        scheme, rest = p.split("://", 1)
        return scheme + "://", rest.split("/")
    return "", p.split("/")


def fill(pattern):
    prefix, comps = parse_pattern(pattern)
    out = []
    for c in comps:
        if c.startswith("<") and c.endswith(">") and c.count(":") <= 1:
            inner = c[1:-1]
            ptype = inner.split(":")[0] if ":" in inner else "string"
            out.append(value_for(ptype))
        else:
            out.append(c)
    return prefix + "/".join(out)


def random_pattern(scheme=None, types=("string",), n=None, plain_bias=0.5):
    scheme = scheme if scheme is not None else pick(SCHEMES)
    n = n or rng.randint(1, 4)
    comps = []
    for i in range(n):
        if i > 0 and rng.random() > plain_bias:
            t = pick(types)
            k = pick(KEYS)
            comps.append(f"<{k}>" if t == "string" and rng.random() < 0.7 else f"<{t}:{k}>")
        else:
            comps.append(pick(WORDS))
    if scheme == "":
        return "/" + "/".join(comps)
    return scheme + "://" + "/".join(comps)


def mutate(link):
    """A near miss or an edge form of a link."""
    r = rng.randrange(12)
    prefix, comps = parse_pattern(link)
    if r == 0:
        return link + "/" + pick(WORDS)
    if r == 1 and len(comps) > 1:
        return prefix + "/".join(comps[:-1])
    if r == 2:
        return link.upper() if rng.random() < 0.3 else prefix + "/".join(c.capitalize() for c in comps)
    if r == 3:
        return link + pick(["/", "//", "///", "?q=1", "#frag", "/?a=b#c", "?", "#"])
    if r == 4 and prefix:
        return pick(["other://", "MYAPP://", "myapp:/", "myapp:///", "myapp:", "Myapp://"]) + "/".join(comps)
    if r == 5:
        return prefix + "//".join(comps)
    if r == 6 and len(comps) > 1:
        i = rng.randrange(len(comps))
        comps[i] = ""
        return prefix + "/".join(comps)
    if r == 7:
        i = rng.randrange(len(comps))
        comps[i] = comps[i] + pick(RAW_CHARS) + "z"
        return prefix + "/".join(comps)
    if r == 8:
        return prefix + "/".join(comps[::-1])
    if r == 9 and prefix:
        return "/".join(comps) if rng.random() < 0.5 else "/" + "/".join(comps)
    if r == 10:
        i = rng.randrange(len(comps))
        comps[i] = "".join("%%%02X" % b for b in comps[i].encode()) if comps[i] else "%20"
        return prefix + "/".join(comps)
    return fill(link) if "<" in link else link + "x"


# ---------------------------------------------------------------- categories
def random_tables(count):
    for _ in range(count):
        scheme = pick(SCHEMES) if rng.random() < 0.85 else ""
        pats = []
        for _ in range(rng.randint(1, 12)):
            p = random_pattern(scheme if rng.random() < 0.8 else None,
                               types=("string", "string", "int", "float", "uuid", "path"))
            if p not in pats:
                pats.append(p)
        g = group("random-table", pats)
        for _ in range(rng.randint(5, 9)):
            p = pick(pats)
            link = fill(p)
            if rng.random() < 0.35:
                g.add(mutate(link), category="random-miss-or-edge", cite="count")
            else:
                g.add(link, category="random-hit", cite="placeholder")


def typed():
    for ptype, values, cite in (("int", INT_VALUES, "int"), ("float", FLOAT_VALUES, "float"),
                                ("uuid", UUIDS, "uuid")):
        vals = list(values)
        for chunk in range(0, len(vals), 8):
            scheme = pick(["myapp", "myapp", "app", "http"])
            pats = [f"{scheme}://v1/<{ptype}:page>", f"{scheme}://v2/<{ptype}:a>/<{ptype}:b>"]
            if rng.random() < 0.5:
                pats.append(f"{scheme}://v3/<value>")
            g = group(f"typed-{ptype}", pats)
            for v in vals[chunk:chunk + 8]:
                g.add(f"{scheme}://v1/{v}", cite=cite)
                if rng.random() < 0.4:
                    g.add(f"{scheme}://v2/{v}/{pick(vals)}", cite=cite)
                if rng.random() < 0.3:
                    g.add(f"{scheme}://v3/{v}", cite="placeholder")
    # typed beside untyped: a failing conversion is a miss, not a fallback
    for _ in range(12):
        t = pick(["int", "float", "uuid"])
        pats = [f"myapp://item/<{t}:id>", "myapp://item/<id>", f"myapp://item/<{t}:id>/edit"]
        rng.shuffle(pats)
        g = group("typed-vs-string", pats)
        for _ in range(5):
            v = value_for(t)
            g.add(f"myapp://item/{v}" + pick(["", "", "/edit", "/edit/"]), cite="tie")


def paths():
    shapes = ["myapp://files/<path:p>", "myapp://<path:p>", "myapp://a/<path:p>/b",
              "myapp://a/<path:p>/<name>", "/<path:p>", "myapp://a/<int:n>/<path:rest>",
              "myapp://a/<path:p>/<path:q>", "http://example.com/<path:p>", "myapp://a/<path:>",
              "myapp://a/<path:p>"]
    for i in range(26):
        pats = rng.sample(shapes, rng.randint(1, 4))
        if rng.random() < 0.5:
            pats.append(pick(["myapp://files/x", "myapp://a/b", "myapp://a/<x>", "myapp://a/<x>/<y>"]))
        g = group("path", pats)
        for _ in range(rng.randint(5, 9)):
            base = pick(["myapp://files", "myapp://a", "myapp://a/1", "/a", "http://example.com", "myapp:/"])
            tail = "/".join(pick(WORDS + ["b", "b", "1", "x.y", "%2F", ""]) for _ in range(rng.randint(0, 4)))
            g.add(base + ("/" + tail if tail else "") + pick(["", "", "/", "?q=1", "#f"]), cite="path")


def normalization():
    forms = ["myapp://a/b", "myapp://a//b", "myapp:///a/b", "myapp:////a/b", "myapp://a/b/",
             "myapp://a/b//", "myapp://a/b?x=1", "myapp://a/b#c", "myapp://a/b?x=1#c", "myapp://a/b#c?x",
             "myapp://a?/b", "myapp://a#/b", "myapp:/a/b", "myapp:a/b", "myapp:/a//b/", "myapp://a/./b",
             "myapp://a/../b", "myapp://a/b/.", "myapp://?a/b", "myapp://#a", "myapp://", "myapp:",
             "myapp:///", "//a/b", "/a/b", "a/b", "/a/b/", "myapp://a/b?q=/x/y", "myapp://a/b?",
             "myapp://a/b#", "myapp://a:/b", "myapp://a/b:", "myapp://a/:/b", "myapp://:a/b",
             "myapp://a/b/?", "myapp://a//b//c///", "myapp://a/%2F/b", "myapp://a/b;p", "myapp://a/b;p/c"]
    pattern_sets = [
        ["myapp://a/b", "myapp://<x>/<y>", "myapp://<x>"],
        ["myapp://a/b/", "myapp:///a/b", "/a/b"],
        ["myapp://a//b", "a/b", "myapp://a/b?q=1"],
        ["myapp://a/b#f", "myapp://a/<y>#x/y", "myapp://a"],
        ["/<x>/<y>", "<x>/<y>", "myapp:/<x>/<y>"],
        ["myapp://<x>/<y>/<z>", "myapp://a/<y>", "myapp:a/<y>"],
        ["myapp://a/./b", "myapp://a/<dot>/b", "myapp://a/../b"],
        ["myapp://a/b;p", "myapp://a/<x>;p", "myapp://a/<x>"],
        ["myapp://", "myapp:", "myapp:///", "/"],
        ["myapp://a:/b", "myapp://<h>/b", "myapp://a/b:"],
    ]
    for pats in pattern_sets:
        for chunk in range(0, len(forms), 10):
            g = group("normalize", pats)
            for f in forms[chunk:chunk + 10]:
                g.add(f, cite="normalize")


def encodings():
    for i in range(30):
        scheme = pick(["myapp", "myapp", "http", "app"])
        pats = [f"{scheme}://user/<name>", f"{scheme}://user/a b", f"{scheme}://user/a%20b",
                f"{scheme}://lit/%41", f"{scheme}://lit/A", f"{scheme}://q/<v>/end"]
        pats = rng.sample(pats, rng.randint(2, 6))
        g = group("encoding", pats)
        for _ in range(8):
            c = pick(RAW_CHARS)
            shape = rng.randrange(4)
            if shape == 0:
                link = f"{scheme}://user/a{c}b"
            elif shape == 1:
                link = f"{scheme}://lit/{pick(['%41', 'A', '%61', 'a', '%4'])}"
            elif shape == 2:
                link = f"{scheme}://q/{c}{pick(PLAIN_VALUES)}/end"
            else:
                link = f"{scheme}://user/{pick(['a b', 'a%20b', 'a+b', 'a%2Bb', '%', '%%20', 'a%2', '%E2%82', '%C3%A9'])}"
            g.add(link, cite="string-raw")


def nonascii():
    lits = ["café", "cafe\u0301", "Straße", "한국", "\u1112\u1161\u11ab\u1100\u116e\u11a8", "Å", "\u212b",
            "ﬁ", "Ω", "caf%C3%A9"]
    for lit in lits:
        for variant in range(3):
            scheme = pick(["myapp", "myapp", "https"])
            pats = [f"{scheme}://x/{lit}", f"{scheme}://x/<v>"]
            if variant == 1:
                pats = [f"{scheme}://{lit}/<v>", f"{scheme}://<h>/<v>"]
            if variant == 2:
                pats = [f"{scheme}://x/{lit}", f"{scheme}://x/{unicodedata.normalize('NFD', lit)}",
                        f"{scheme}://x/{unicodedata.normalize('NFC', lit)}"]
            g = group("non-ascii", pats)
            for v in rng.sample(NONASCII, 6):
                if variant == 1:
                    g.add(f"{scheme}://{v}/{pick(NONASCII)}", cite="equal")
                else:
                    g.add(f"{scheme}://x/{v}", cite="equal")
            nfd = unicodedata.normalize("NFD", lit)
            g.add(f"{scheme}://x/{nfd}", cite="equal")
            g.add(f"{scheme}://x/" + "".join("%%%02X" % b for b in lit.encode()), cite="url-absolute")


def emoji():
    for i in range(16):
        e = pick(EMOJI)
        pats = rng.sample(["myapp://a/<x>", "myapp://a/<x>/b", "myapp://a/<x>/<y>", f"myapp://{e}/<x>",
                           f"myapp://a/{e}", "myapp://<x>/b", "myapp://a/<path:p>", f"myapp://a/{e}/b"],
                          rng.randint(2, 5))
        g = group("emoji", pats)
        for _ in range(6):
            e2 = pick(EMOJI)
            link = pick([f"myapp://a/{e2}/b", f"myapp://a/{e2}", f"myapp://{e2}/b", f"myapp://a/{e2}{e2}/b/c",
                         f"myapp://a/b/{e2}/", f"myapp://a/{e2}//b", f"myapp://a/{e2}/b/", f"myapp://a/{e2}/b?x=/",
                         f"myapp://a/{e2}/{e2}/b", f"/a/{e2}/b"])
            g.add(link, cite="regex-range")


def ties_and_reregistration():
    # plain-count ties between different patterns
    for i in range(30):
        shapes = ["myapp://user/<id>", "myapp://user/<int:id>", "myapp://user/<name>", "myapp://<kind>/5",
                  "myapp://<a>/<b>", "myapp://user/<uuid:u>", "myapp://user/<float:f>", "myapp://<x>/<y>?z",
                  "myapp://user/<path:p>", "myapp://<k>/<path:p>", "myapp://user/5", "myapp://user/<id>/",
                  "myapp://user//<id>", "myapp://user/<id>?ref=1", "myapp://user/<id>#x"]
        pats = rng.sample(shapes, rng.randint(2, 7))
        g = group("tie", pats)
        for v in rng.sample(["5", "42", "x", "1.5", UUIDS[0], "5/6", "abc/def", "+5", "nan", "5/", "5?q", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F/x"], 6):
            g.add(pick(["myapp://user/", "myapp://post/", "myapp://user//"]) + v, cite="tie")
    # re-registration: the same pattern (or an equal String: NFC/NFD) registered again
    for i in range(20):
        base = random_pattern("myapp", types=("string", "int"), n=rng.randint(1, 3))
        pats = [base, random_pattern("myapp", n=2), base]
        if i % 4 == 1:
            pats = ["myapp://x/café", "myapp://x/<v>", "myapp://x/cafe\u0301"]
        elif i % 4 == 2:
            pats = ["myapp://x/cafe\u0301", "myapp://x/<v>", "myapp://x/café", "myapp://x/<v>"]
        elif i % 4 == 3:
            pats = [base, base + "/", base, "myapp://" + pick(WORDS)]
        rng.shuffle(pats) if i % 5 == 0 else None
        g = group("re-registration", pats)
        for p in pats[:3]:
            g.add(fill(p), cite="register")
        g.add("myapp://x/cafe\u0301", cite="register").add("myapp://x/café", cite="register")


def ports_and_colons():
    pats_sets = [["myapp://<z>/post", "myapp://host/post", "/<x>/<y>"],
                 ["/<x>/<y>", "<x>/<y>", "/<x>"],
                 ["myapp://<h>/<p>", "http://<h>/<p>", "https://example.com/<p>"],
                 ["a:b/<x>", "/<x>/<y>", "a://b/<x>"]]
    links = ["myapp://123:ola/post", "myapp://host:80/post", "myapp://host:/post", "myapp://host:x/post",
             "myapp://:80/post", "myapp://user:pw@host/post", "myapp://user@host/post", "myapp://[::1]/post",
             "myapp://[::1]:8/post", "myapp://h:99999999999/post", "1.5:ola/posts", "a:b/c", "1a:b/c",
             "a1+.-:b/c", "+a:b/c", "mailto:x", "tel:123/4", "x:/y", "x:", ":x/y", "1:2", "a b:c/d",
             "http://example.com:8080/x", "https://EXAMPLE.com/x", "http://example.com/x:y",
             "myapp://a:b:c/post", "urn:isbn:123/x", "HTTP://example.com/x"]
    for pats in pats_sets:
        for chunk in range(0, len(links), 7):
            g = group("ports-colons", pats)
            for l in links[chunk:chunk + 7]:
                g.add(l, cite="split")


def empties():
    pats_sets = [[""], ["", "/"], ["/", "myapp://"], ["myapp://", "myapp://<x>"], ["myapp:", "myapp://a"],
                 ["?", "#"], ["", "<x>"], ["/<x>", ""]]
    links = ["", "/", "//", "///", "?", "#", "?a=b", "#x", "myapp://", "myapp:", "myapp:/", "myapp:///",
             "myapp://?", "myapp://#", "a", "/a", " ", "%20", "myapp:// "]
    for pats in pats_sets:
        for chunk in range(0, len(links), 10):
            g = group("empty", pats)
            for l in links[chunk:chunk + 10]:
                g.add(l, cite="split")


def pattern_queries():
    for i in range(18):
        pats = ["myapp://a/b", pick(["myapp://<x>/<y>?p/q/r", "myapp://<x>/<y>?p", "myapp://<x>/<y>#q/r",
                                     "myapp://<x>/<y>?/", "myapp://<x>/<y>?a=<b>/c", "myapp://a/<y>?p/q",
                                     "myapp://<x>/<y>?<p>/<q>"]),
                pick(["myapp://a/<y>", "myapp://<x>/b", "myapp://<x>/<y>", "myapp://a/b?x"])]
        if rng.random() < 0.5:
            pats.append(pick(["myapp://a/b#c/d/e/f", "myapp://a/<y>?1/2/3/4", "myapp://<x>/<y>//?//"]))
        g = group("pattern-query", pats)
        for l in rng.sample(["myapp://a/b", "myapp://a/c", "myapp://z/b", "myapp://a/b?p/q/r", "myapp://a/b#q",
                             "myapp://a/b/", "myapp://z/z", "myapp://a"], 5):
            g.add(l, cite="rank-raw")


def placeholder_syntax():
    shapes = ["myapp://a/<a:b:c>", "myapp://a/<>", "myapp://a/<:x>", "myapp://a/<int:>", "myapp://a/<UUID:x>",
              "myapp://a/<Int:x>", "myapp://a/<string:x>", "myapp://a/<x", "myapp://a/x>", "myapp://a/<<x>>",
              "myapp://a/{id}", "myapp://a/:id", "myapp://a/*", "myapp://a/<x>y", "myapp://a/y<x>",
              "myapp://a/< x >", "myapp://a/<custom:x>", "myapp://a/<path>", "myapp://a/<int:x:y>",
              "myapp://a/<x>/<x>", "myapp://a/<int:x>/<x>", "myapp://<x>/<x>", "myapp://a/<é>"]
    for i in range(24):
        pats = rng.sample(shapes, rng.randint(1, 4))
        g = group("placeholder-syntax", pats)
        for l in rng.sample(["myapp://a/<a:b:c>", "myapp://a/5", "myapp://a/x", "myapp://a/<>", "myapp://a/{id}",
                             "myapp://a/:id", "myapp://a/*", "myapp://a/<x", "myapp://a/x>", "myapp://a/5y",
                             "myapp://a/5/6", "myapp://a/b/c", "myapp://a/" + UUIDS[1], "myapp://a/1.5",
                             "myapp://a/%3Cx%3E", "myapp://a/<x>", "myapp://q/a", "myapp://a/y5"], 6):
            g.add(l, cite="syntax")


def schemes():
    pats_sets = [["myapp://user/<id>", "MYAPP://user/<id>", "/user/<id>"],
                 ["http://example.com/u/<id>", "https://example.com/u/<id>", "http://EXAMPLE.com/u/<id>"],
                 ["myapp://user/<id>", "user/<id>"],
                 ["my-app://user/<id>", "my.app://user/<id>", "my+app://user/<id>"],
                 ["Myapp://user/<id>", "myapp://User/<id>"]]
    links = ["myapp://user/5", "MYAPP://user/5", "Myapp://user/5", "myApp://User/5", "/user/5", "user/5",
             "http://example.com/u/5", "HTTP://example.com/u/5", "http://Example.com/u/5", "https://example.com/u/5",
             "my-app://user/5", "my.app://user/5", "my+app://user/5", "my_app://user/5", "1app://user/5",
             "myapp:user/5", "myapp:/user/5", "other://user/5", "http://example.com:80/u/5",
             "http://user@example.com/u/5"]
    for pats in pats_sets:
        for chunk in range(0, len(links), 10):
            g = group("scheme", pats)
            for l in links[chunk:chunk + 10]:
                g.add(l, cite="scheme")


def build():
    issue37()
    typed()
    paths()
    normalization()
    encodings()
    nonascii()
    emoji()
    ties_and_reregistration()
    ports_and_colons()
    empties()
    pattern_queries()
    placeholder_syntax()
    schemes()
    random_tables(150)


# ---------------------------------------------------------------- running the library
def run(binary, groups):
    stdin = "".join(json.dumps({"patterns": g.patterns, "links": [l["link"] for l in g.links]},
                               ensure_ascii=False) + "\n" for g in groups)
    proc = subprocess.run([binary], input=stdin.encode(), stdout=subprocess.PIPE, check=True)
    out = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert len(out) == len(groups), (binary, len(out), len(groups))
    return out


def clean(answers):
    """JSON has no NaN or infinity: a non-finite Float is written as Swift prints it."""
    out = []
    for a in answers:
        args = {}
        for k, v in a["args"].items():
            if isinstance(v, dict) and "$float" in v:
                v = v["$float"]
            args[k] = v
        entry = {"target": a["target"]}
        if args:
            entry["args"] = args
        out.append(entry)
    return out


def main(bindir, outdir):
    build()
    cf = run(os.path.join(bindir, "navigator-cfurl"), GROUPS)
    fd = run(os.path.join(bindir, "navigator-foundation"), GROUPS)
    lines = []
    total = 0
    for n, (g, a, b) in enumerate(zip(GROUPS, cf, fd), 1):
        links = []
        for link, ra, rb in zip(g.links, a["links"], b["links"]):
            fl = {}
            notes = []
            for name, r in (("cfurl", ra), ("foundation", rb)):
                fl[name + "-string"] = clean(r["string"])
                if r["url"] is None:
                    fl[name + "-url"] = []
                    notes.append(f"{name}-url: no-url")
                else:
                    fl[name + "-url"] = clean(r["url"])
            entry = {"link": link["link"]}
            if all(fl[f] == fl[FLAVOURS[0]] for f in FLAVOURS):
                entry["answers"] = fl[FLAVOURS[0]]
            else:
                entry["flavours"] = {f: fl[f] for f in FLAVOURS}
            entry["category"] = link["category"]
            entry["cite"] = link["cite"]
            note = "; ".join(([link["note"]] if "note" in link else []) + notes)
            if note:
                entry["note"] = note
            links.append(entry)
            total += 1
        lines.append({"id": f"navigator-{n:04d}", "category": g.category,
                      "options": ["--dialect", "navigator"],
                      "routes": [{"pattern": p, "target": f"R{i}"} for i, p in enumerate(g.patterns)],
                      "links": links})
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "cases.jsonl"), "w", encoding="utf-8") as f:
        for line in lines:
            f.write(json.dumps(line, ensure_ascii=False) + "\n")
    provenance = {
        "library": "URLNavigator",
        "version": "2.5.1",
        "repository": "devxoul/URLNavigator",
        "commit": COMMIT,
        "foundation": "cfurl (URL bound to swift-corelibs-foundation NSURL = CoreFoundation CFURL; Swift 6.3.1) "
                      "and foundation (swift-foundation URL, Swift 6.3.1), both on Linux x86_64; each with the "
                      "link passed as a String and as URL(string:): flavours " + ", ".join(FLAVOURS),
        "follows": FOLLOWS,
        "generator": "Tests/Oracle/navigator/gen.py",
        "harness": "Tests/Oracle/navigator/harness/main.swift",
        "cases": total,
    }
    with open(os.path.join(outdir, "provenance.json"), "w", encoding="utf-8") as f:
        json.dump(provenance, f, indent=2)
        f.write("\n")
    print(f"{len(lines)} tables, {total} links", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
