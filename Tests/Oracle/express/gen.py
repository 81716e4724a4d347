#!/usr/bin/env python3
"""Generates route tables and requests for the express oracle (Express 4.22 router,
path-to-regexp 0.1.12). Writes a plan (JSON Lines, one table and its requests per line, no
answers) to stdout; harness.js adds the answers Express gives.

The generator follows path-to-regexp 0.1.12's grammar (index.js:72-127): `:name`, `:name?`,
`:name*`, `:name(REGEX)`, `.:name` formats, `*`, unnamed groups, several placeholders in one
segment, a top-level `|`, and every other character with its regex meaning. The seed is fixed,
so the same bytes come out on every run.

Usage: python3 gen.py > plan.jsonl
"""
import json
import random
import sys
import unicodedata

SEED = 37_4220
R = random.Random(SEED)

PTR = "path-to-regexp/index.js"          # pillarjs/path-to-regexp v0.1.12
LAYER = "lib/router/layer.js"            # expressjs/express v4.22.2
INDEX = "lib/router/index.js"
ROUTE = "lib/router/route.js"
NODE = "node/lib/_http_server.js (llhttp)"  # Node's HTTP parser decides which targets arrive

CITE = {
    "anchor": PTR + ":146-155",
    "param": PTR + ":110-124",
    "optional": PTR + ":120-124",
    "star-param": PTR + ":120-124",
    "regex-param": PTR + ":110-112",
    "star": PTR + ":96-99",
    "format": PTR + ":81-86",
    "group": PTR + ":101-105,132-144",
    "case": INDEX + ":505-508",
    "decode": LAYER + ":166-181",
    "order": INDEX + ":224-261",
    "method": ROUTE + ":58-73",
    "decode-before-method": INDEX + ":224-261",
    "pathname": INDEX + ":537-543",
    "fast-star": LAYER + ":48,122-126",
}

WORDS = ["users", "posts", "api", "v1", "items", "a", "b", "x", "files", "search", "Admin",
         "repos", "issues", "tags", "user", "blog", "docs", "img"]
NAMES = ["id", "name", "slug", "user", "repo", "file", "ext", "n", "x", "y", "owner", "_a1"]

PLAIN = ["5", "42", "bob", "Bob", "a-b", "a_b", "a.b", "a~b", "0", "007", "x1", "hello-world",
         "UPPER", "v1.2.3"]
ENCODED = ["a%20b", "a%2Fb", "%25", "caf%C3%A9", "cafe%CC%81", "%E2%82%AC", "a+b", "%2B", "%zz",
           "%E0", "%C3", "%", "a%2", "%u00e9", "%2e", "%2E%2E", "%3F", "%23", "%00", "%0A",
           "%F0%9F%98%80", "%ED%A0%80", "%C0%AF", "%7C"]
RAW = ["a|b", "a{b}", 'a"b', "a^b", "a`b", "a[b]", "a\\b", "a<b>", "a'b", "a(b)", "a*b", "a!b",
       "a$b", "a&b", "a=b", "a,b", "a;b", "a:b", "a@b", "a..b", "..", "."]
NONASCII = [unicodedata.normalize("NFC", "café"), unicodedata.normalize("NFD", "café"), "日本",
            "Ä", "ß", "\u00a0"]
SPACES = ["a b", "a\tb"]


def value(kind=None):
    kind = kind or R.choices(["plain", "enc", "raw", "nonascii", "space"], [55, 22, 15, 6, 2])[0]
    return R.choice({"plain": PLAIN, "enc": ENCODED, "raw": RAW, "nonascii": NONASCII,
                     "space": SPACES}[kind])


# --- patterns: a pattern is a list of pieces; a piece renders to pattern text and can make a
# sample of request text that should match it.

class Lit:
    def __init__(self, text):
        self.text = text

    def pattern(self):
        return self.text

    def sample(self):
        return self.text


class Param:
    def __init__(self, name, mod="", regex=None, slash=True, fmt=False):
        self.name, self.mod, self.regex, self.slash, self.fmt = name, mod, regex, slash, fmt

    def pattern(self):
        return ("/" if self.slash else "") + ("." if self.fmt else "") + ":" + self.name + \
            (("(" + self.regex + ")") if self.regex else "") + self.mod

    def sample(self):
        lead = ("/" if self.slash else "") + ("." if self.fmt else "")
        if self.mod == "?" and R.random() < 0.35:
            return ""
        if self.regex:
            v = R.choice(REGEX_SAMPLES.get(self.regex, ["5"]) + [value()])
        else:
            v = value()
        out = lead + v
        if self.mod in ("*", "+") and R.random() < 0.6:
            for _ in range(R.randint(1, 3)):
                out += "/" + value("plain")
        return out


class Star:
    def __init__(self, slash=True):
        self.slash = slash

    def pattern(self):
        return ("/" if self.slash else "") + "*"

    def sample(self):
        lead = "/" if self.slash else ""
        n = R.choice([0, 1, 1, 2, 3])
        return lead + "/".join(value() if R.random() < 0.3 else value("plain") for _ in range(n))


REGEX_SAMPLES = {
    "\\d+": ["5", "42", "007", "x", "5a"],
    "[0-9]+": ["5", "123", "a"],
    "[a-z]+": ["abc", "ABC", "a1"],
    "a|b": ["a", "b", "ab", "A"],
    ".*": ["", "a/b", "x"],
    "\\w+": ["a_1", "a-b"],
    "[^/]+": ["x", "a.b"],
    "png|jpg": ["png", "JPG", "gif"],
    "\\d{2,3}": ["12", "1234", "123"],
    "(?:v1|v2)": ["v1", "v2", "v3"],
    "[A-Z]+": ["ABC", "abc"],
}
REGEXES = list(REGEX_SAMPLES)


def lit_seg(word=None):
    return Lit("/" + (word or R.choice(WORDS)))


def render(pieces):
    return "".join(p.pattern() for p in pieces)


def sample(pieces):
    for i, p in enumerate(pieces):
        if isinstance(p, Lit) and p.text == "|":  # one side of an alternation, maybe with junk
            right = R.random() < 0.5
            text = "".join(q.sample() for q in (pieces[i + 1:] if right else pieces[:i]))
            junk = R.choice(["", "", "/x", "q"])
            return (junk + text) if right else (text + junk)
    return "".join(p.sample() for p in pieces)


def random_pieces(style):
    """A pattern of one of the grammar's shapes."""
    n = R.randint(1, 4)
    pieces = []
    names = R.sample(NAMES, len(NAMES))
    for i in range(n):
        last = i == n - 1
        choice = R.choices(["lit", "param", "opt", "regex", "star", "pstar", "multi", "fmt"],
                           STYLES[style])[0]
        if choice == "lit":
            pieces.append(lit_seg())
        elif choice == "param":
            pieces.append(Param(names[i]))
        elif choice == "opt":
            pieces.append(Param(names[i], "?"))
        elif choice == "regex":
            pieces.append(Param(names[i], R.choice(["", "", "?"]), R.choice(REGEXES)))
        elif choice == "star":
            pieces.append(Star())
        elif choice == "pstar":
            pieces.append(Param(names[i], R.choice(["*", "*", "+"])))
        elif choice == "multi":
            sep = R.choice(["-", "..", "@", "~", "_", "."])
            pieces.append(Param(names[i]))
            pieces.append(Lit(sep) if sep != "." else Lit(""))
            pieces.append(Param(names[(i + 5) % len(names)], R.choice(["", "", "?"]), slash=False,
                                fmt=(sep == ".")))
        elif choice == "fmt":
            pieces.append(Param(names[i]))
            pieces.append(Param("format" if R.random() < 0.5 else "ext", R.choice(["", "?"]),
                                slash=False, fmt=True))
        if last and R.random() < 0.08:
            pieces.append(Lit("/"))
    return pieces


STYLES = {
    #          lit param opt regex star pstar multi fmt
    "mixed": [40, 25, 8, 6, 6, 5, 5, 5],
    "literal": [100, 0, 0, 0, 0, 0, 0, 0],
    "named": [40, 60, 0, 0, 0, 0, 0, 0],
    "optional": [40, 25, 35, 0, 0, 0, 0, 0],
    "regex": [40, 15, 0, 45, 0, 0, 0, 0],
    "star": [45, 15, 0, 0, 40, 0, 0, 0],
    "pstar": [45, 15, 0, 0, 0, 40, 0, 0],
    "multi": [40, 15, 0, 0, 0, 0, 45, 0],
    "format": [40, 15, 0, 0, 0, 0, 0, 45],
    "alternation": [50, 30, 5, 5, 3, 3, 2, 2],
}

ROUTE_METHODS = [(None, 30), (["GET"], 35), (["POST"], 9), (["GET", "HEAD"], 5), (["PUT"], 4),
                 (["DELETE"], 4), (["GET", "POST"], 5), (["HEAD"], 2), (["PATCH"], 2),
                 (["OPTIONS"], 1), (["GET", "PUT", "DELETE"], 3)]
LINK_METHODS = [("GET", 72), ("POST", 9), ("HEAD", 7), ("PUT", 4), ("DELETE", 4), ("PATCH", 2),
                ("OPTIONS", 2)]


def pick(weighted):
    return R.choices([v for v, _ in weighted], [w for _, w in weighted])[0]


def route(pattern, index, methods=None):
    r = {"pattern": pattern, "target": "R%d" % index}
    if methods:
        r["methods"] = list(methods)
    return r


def mutate(path):
    """A variation of a sample path (or the path itself)."""
    kind = R.choices(["same", "upper", "lower", "trail", "trail2", "query", "frag", "origin",
                      "absolute", "drop", "extra", "encode-lit", "dot", "empty-seg"],
                     [30, 8, 3, 9, 3, 6, 3, 4, 5, 6, 6, 6, 2, 3])[0]
    if kind == "same" or not path:
        return path, "hit"
    if kind == "upper":
        return path.upper(), "case"
    if kind == "lower":
        return path.lower(), "case"
    if kind == "trail":
        return path + "/", "trailing-slash"
    if kind == "trail2":
        return path + "//", "trailing-slash"
    if kind == "query":
        return path + R.choice(["?q=1", "?", "?a=/b/c", "?x=%zz", "?a[b]=c&d"]), "query"
    if kind == "frag":
        return path + R.choice(["#f", "#", "#/a/b"]), "fragment"
    if kind == "origin":
        return "/" + path, "origin-form"
    if kind == "absolute":
        return R.choice(["http://example.com", "https://Example.COM:8443", "myapp://host",
                         "http://h"]) + path, "absolute-form"
    if kind == "drop":
        return (path.rsplit("/", 1)[0] or "/"), "miss"
    if kind == "extra":
        return path + "/" + value("plain"), "miss"
    if kind == "encode-lit":
        letters = [i for i, c in enumerate(path) if c.isalpha() and c.isascii()]
        if not letters:
            return path, "hit"
        i = R.choice(letters)
        return path[:i] + "%%%02X" % ord(path[i]) + path[i + 1:], "encoded-literal"
    if kind == "dot":
        return path + R.choice(["/.", "/..", "/./x"]), "dot-segments"
    if kind == "empty-seg":
        parts = path.split("/")
        i = R.randrange(1, len(parts)) if len(parts) > 1 else 0
        parts.insert(i, "")
        return "/".join(parts), "empty-part"
    return path, "hit"


def clean(link):
    """Links may not hold raw newline, CR or NUL (records are lines)."""
    return link.replace("\n", "").replace("\r", "").replace("\0", "")


class Plan:
    def __init__(self):
        self.groups = []

    def add(self, category, routes, links):
        gid = "express-%04d" % (len(self.groups) + 1)
        out = []
        for link in links:
            l = dict(link)
            l["link"] = clean(l["link"])
            l.setdefault("method", "GET")
            out.append(l)
        self.groups.append({"id": gid, "category": category, "options": ["--dialect", "express"],
                            "routes": routes, "links": out})

    def count(self):
        return sum(len(g["links"]) for g in self.groups)


def L(link, method="GET", category=None, cite=None, note=None):
    d = {"link": link, "method": method}
    if category:
        d["category"] = category
    if cite:
        d["cite"] = cite
    if note:
        d["note"] = note
    return d


def issue37(plan):
    """Every minimal example of issue 37's express section, verbatim, each its own case."""
    plan.add("issue37-alternation", [route("/x|y", 0)],
             [L("/qy", "GET", "issue37-alternation", CITE["anchor"],
                "top-level | : only the first alternative is anchored at ^, only the last at $"),
              L("/x", "GET", "alternation", CITE["anchor"]),
              L("/y", "GET", "alternation", CITE["anchor"]),
              L("/xq", "GET", "alternation", CITE["anchor"]),
              L("/qx", "GET", "alternation", CITE["anchor"]),
              L("/y/", "GET", "alternation", CITE["anchor"]),
              L("/x/", "GET", "alternation", CITE["anchor"])])
    plan.add("issue37-origin-form", [route("/*", 0)],
             [L("//a/5", "GET", "issue37-origin-form", CITE["pathname"],
                "origin-form request target: //a/5 is a path, not host a"),
              L("///", "GET", "origin-form", CITE["pathname"]),
              L("//", "GET", "origin-form", CITE["pathname"]),
              L("/a//b", "GET", "origin-form", CITE["pathname"])])
    plan.add("issue37-raw-bytes", [route("/v/:x", 0)],
             [L("/v/a|b", "GET", "issue37-raw-bytes", LAYER + ":145-153",
                "Node's HTTP parser passes | raw; Express decodes the param"),
              L("/v/a{b}", "GET", "raw-bytes", LAYER + ":145-153"),
              L('/v/a"b', "GET", "raw-bytes", LAYER + ":145-153"),
              L("/v/a^b", "GET", "raw-bytes", LAYER + ":145-153"),
              L("/v/a`b", "GET", "raw-bytes", LAYER + ":145-153"),
              L("/v/a\\b", "GET", "raw-bytes", LAYER + ":145-153"),
              L("/v/a<b>", "GET", "raw-bytes", LAYER + ":145-153"),
              L("/v/a[b]", "GET", "raw-bytes", LAYER + ":145-153")])
    plan.add("issue37-decode-before-method", [route("/v/:x", 0, ["POST"]), route("/v/%E0", 1, ["GET"])],
             [L("/v/%E0", "GET", "issue37-decode-before-method", CITE["decode-before-method"],
                "the POST route's param fails decodeURIComponent before its method is checked: 400"),
              L("/v/%E0", "POST", "decode-before-method", CITE["decode"]),
              L("/v/%C3%A9", "GET", "decode-before-method", CITE["order"])])
    plan.add("issue37-decode-before-method", [route("/v/%E0", 0, ["GET"])],
             [L("/v/%E0", "GET", "decode-before-method", CITE["order"],
                "without the POST route the GET route answers")])


def fixed(plan):
    """Hand-written tables for the grammar's corners."""
    A = CITE
    plan.add("optional", [route("/topic/:id/:slug?", 0)],
             [L("/topic/1", cite=A["optional"]), L("/topic/1/hello", cite=A["optional"]),
              L("/topic/1/", cite=A["optional"]), L("/topic/", cite=A["optional"]),
              L("/topic//x", cite=A["optional"]), L("/topic/1/hello/x", cite=A["optional"])])
    plan.add("string-regex", [route("/ab?cd", 0), route("/ab+cd", 1), route("/ab(cd)?e", 2),
                              route("/a.b", 3), route("/a\\(b", 4), route("/x$", 5), route("/^y", 6),
                              route("/[a-c]z", 7), route("/q{2}", 8)],
             [L(p, cite=A["param"]) for p in ["/acd", "/abcd", "/abbcd", "/abe", "/abcde", "/a.b",
                                              "/axb", "/a(b", "/a%28b", "/x", "/x$", "/^y", "/y",
                                              "/bz", "/dz", "/qq", "/q{2}", "/ABBCD", "/a.B/"]])
    plan.add("star", [route("*", 0)],
             [L(p, cite=A["fast-star"]) for p in ["/", "/a", "/a%20b", "/%zz", "//a/5", "*", "/A/b/"]])
    plan.add("star", [route("/files/*", 0), route("/*.json", 1), route("/a/*/c", 2), route("/*/*", 3)],
             [L(p, cite=A["star"]) for p in ["/files/", "/files", "/files/a/b", "/x.json",
                                             "/a/b.json", "/a/b/c", "/a//c", "/a/c", "/p/q",
                                             "/p", "/files/%2F", "/x.JSON"]])
    plan.add("star-param", [route("/f/:path*", 0), route("/g/:path+", 1), route("/h/:a*/end", 2)],
             [L(p, cite=A["star-param"]) for p in ["/f", "/f/", "/f/a", "/f/a/b/c", "/g", "/g/a",
                                                   "/g/a/b", "/g/a/b/c/", "/h/end", "/h/a/end",
                                                   "/h/a/b/end", "/f/a%2Fb/c", "/g/a.b/c"]])
    plan.add("format", [route("/:file.:ext?", 0), route("/d/:name.:ext", 1), route("/e/:a.json", 2)],
             [L(p, cite=A["format"]) for p in ["/a.txt", "/a", "/a.b.c", "/.x", "/d/a.b", "/d/a",
                                               "/d/a.b.c", "/e/x.json", "/e/x.y.json", "/e/xjson",
                                               "/a.", "/d/.b"]])
    plan.add("multi", [route("/:from-:to", 0), route("/fl/:a..:b", 1), route("/m/:a@:b", 2),
                       route("/n/:a:b", 3)],
             [L(p, cite=A["param"]) for p in ["/a-b", "/a-b-c", "/-b", "/a-", "/fl/1..2",
                                              "/fl/1...2", "/fl/a.b..c", "/m/u@h", "/m/a@b@c",
                                              "/n/xy", "/n/x", "/n/x%3Ay"]])
    plan.add("group", [route("/u/(\\d+)", 0), route("/w/(.*)/:id", 1), route("/k/:id(\\d+)/(x|y)", 2),
                       route("/(a|b)/(c|d)", 3)],
             [L(p, cite=A["group"]) for p in ["/u/5", "/u/x", "/w/a/b/c", "/w//c", "/k/5/x", "/k/5/z",
                                              "/a/d", "/B/C", "/a/e"]])
    plan.add("alternation", [route("/a|/b/:id", 0), route("/c|d|/e", 1), route("/users/:id|/u", 2)],
             [L(p, cite=A["anchor"]) for p in ["/a", "/b/5", "/xa", "/a/x", "/zzb/5", "/c", "/cd",
                                               "/xd", "/ed", "/e", "/x/e", "/users/5", "/u", "/xx/u",
                                               "/users/5/zz", "/users/a|/u"]])
    plan.add("re-registration", [route("/p/:id", 0, ["GET"]), route("/p/:id", 1, ["GET"]),
                                 route("/p/:id", 2, ["POST"]), route("/p/:name", 3)],
             [L("/p/1", m, cite=A["order"]) for m in ["GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS"]])
    plan.add("methods", [route("/h", 0, ["HEAD"]), route("/h", 1, ["GET"]), route("/g", 2, ["GET"]),
                         route("/o", 3, ["POST"]), route("/o", 4, ["OPTIONS"])],
             [L(p, m, cite=A["method"]) for p in ["/h", "/g", "/o"]
              for m in ["GET", "HEAD", "POST", "OPTIONS"]])
    plan.add("decode", [route("/d/:v", 0), route("/s/*", 1)],
             [L("/d/" + v, cite=A["decode"]) for v in ENCODED] +
             [L("/s/" + v, cite=A["decode"]) for v in ENCODED[:10]])
    plan.add("non-ascii", [route("/café", 0), route("/caf%C3%A9", 1), route("/n/" + unicodedata.normalize("NFD", "é"), 2),
                           route("/n/:v", 3)],
             [L(p, cite=A["param"]) for p in ["/café", "/caf%C3%A9", "/CAF%C3%A9", "/caf%c3%a9",
                                              "/n/" + unicodedata.normalize("NFD", "é"), "/n/e%CC%81",
                                              "/n/%C3%A9", "/n/é", "/n/日本", "/n/%E6%97%A5"]])
    plan.add("empty-parts", [route("/", 0), route("/a/:x", 1), route("/b//c", 2), route("/:x/:y", 3)],
             [L(p, cite=A["anchor"]) for p in ["/", "//", "/a/", "/a//", "/a//x", "/b//c", "/b/c",
                                               "/b//c/", "//y", "/x//", "/?q", "/#", "?x"]])
    plan.add("malformed-percent", [route("/lit/%zz", 0), route("/r/:x+", 1), route("/q/:x", 2),
                                   route("/w/b(?:%zz)?/:y", 3), route("/z/*", 4)],
             [L(p, cite=A["decode"]) for p in ["/lit/%zz", "/lit/%ZZ", "/r/%zz/b", "/r/a%2/b/c",
                                               "/r/b/%", "/q/a?x=%zz", "/q/%", "/q/a%2", "/w/b%zz/5",
                                               "/w/b/%zz", "/z/%", "/z/%zz/a", "/q/a#%zz"]])
    plan.add("asterisk-form", [route("*", 0), route("/*", 1)],
             [L("*", m, cite=A["fast-star"]) for m in ["GET", "OPTIONS", "HEAD"]])
    plan.add("asterisk-form", [route("/*", 0), route("/:x", 1)],
             [L("*", m, cite=A["pathname"]) for m in ["GET", "OPTIONS"]])
    plan.add("refused", [route("/w/(?:a|b)", 0), route("/x", 1)],
             [L("/x", cite=PTR + ":101-105,155", note="'/(' becomes '/(?:', so '/(?:' is an invalid regex")])
    plan.add("case", [route("/Users/:Id", 0), route("/ÄB", 1)],
             [L(p, cite=A["case"]) for p in ["/users/5", "/USERS/5", "/Users/5", "/uSeRs/Ab",
                                             "/%C3%84B", "/%C3%84b", "/%c3%84B"]])


def random_tables(plan, category, style, count, links_per=(7, 12)):
    for _ in range(count):
        n = R.choices(range(1, 16), [8, 10, 12, 12, 10, 8, 7, 6, 5, 4, 4, 3, 3, 3, 3])[0]
        pieces_list = []
        routes = []
        for i in range(n):
            if pieces_list and R.random() < 0.08:  # re-registration of an earlier pattern
                pieces = R.choice(pieces_list)
            elif style == "alternation" and R.random() < 0.6:  # a top-level | between two paths
                left, right = random_pieces("mixed"), random_pieces("mixed")
                if R.random() < 0.3:
                    right = [Lit(R.choice(WORDS))]  # an alternative without its leading /
                pieces = left + [Lit("|")] + right
            else:
                pieces = random_pieces(style if R.random() < 0.75 else "mixed")
            pieces_list.append(pieces)
            routes.append(route(render(pieces) or "/", i, pick(ROUTE_METHODS)))
        links = []
        for _ in range(R.randint(*links_per)):
            roll = R.random()
            if roll < 0.8:
                pieces = R.choice(pieces_list)
                path, cat = mutate(sample(pieces))
                path = path or "/"
            elif roll < 0.9:
                path, cat = "/" + "/".join(value() for _ in range(R.randint(0, 3))), "random-path"
            else:
                path, cat = "/" + "/".join(R.choice(WORDS) for _ in range(R.randint(1, 3))), "random-path"
            links.append(L(path, pick(LINK_METHODS), category + "/" + cat))
        plan.add(category, routes, links)


def main():
    plan = Plan()
    issue37(plan)
    fixed(plan)
    for category, style, count in [("literal", "literal", 16), ("named", "named", 30),
                                   ("optional", "optional", 22), ("regex-param", "regex", 22),
                                   ("star", "star", 22), ("star-param", "pstar", 20),
                                   ("multi", "multi", 20), ("format", "format", 16),
                                   ("alternation", "alternation", 24), ("mixed", "mixed", 62)]:
        random_tables(plan, category, style, count)
    out = sys.stdout
    for g in plan.groups:
        out.write(json.dumps(g, ensure_ascii=False) + "\n")
    sys.stderr.write("%d tables, %d requests\n" % (len(plan.groups), plan.count()))


if __name__ == "__main__":
    main()
