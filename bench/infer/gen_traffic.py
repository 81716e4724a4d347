#!/usr/bin/env python3
"""Links generated from a route table, as a site's traffic would bring them (issue 59's benchmark).

Usage:
    python3 gen_traffic.py TABLE -n 5000 --seed 1 [--format url|jsonl] [-o FILE]
                           [--noise 0.02] [--host https://example.com]

Each link comes from one route of TABLE (urn route format; GitHub's `:name`, GitLab's `<name>`
and `<*name>` and every other syntax of urn-patterns(7)), chosen with Zipf popularity over the
table's paths (exponent 1; which path ranks first changes with the seed). Routes that differ only
in method or in a trailing slash are one path, as links carry no method and urn ignores a
trailing slash. Placeholders get realistic values by their name and type:

  * user names, repositories, groups, slugs and branches from pools with Zipf popularity, so a
    few values take much of the traffic; ints (often popular ones, else any size), uuids,
    40-hex shas, ISO dates, years, months, file names and formats;
  * a catch-all (`*path`, `<*name>`) and a `path`-typed placeholder 1 to 3 segments; any other
    placeholder one, even one named like a path (`<image>`);
  * a typed or regex placeholder (`<int:id>`, `<uuid:id>`, `@type hex ...`, `{v:v[0-9]+}`) a
    value that its regex takes (Python's re stands in for PCRE2; simple regexes only).

Variants where the route still takes the link (none with --plain): a value's first letter in
upper case (3% of values of names, slugs, branches and paths), one character of a value
percent-encoded (2% of values; spaces, @ and non-ASCII letters always are), a trailing slash
(3%), a query string (10%) and a fragment (1%). --encode-literals SHARE also percent-encodes one
character of one literal in that share of links (default none: clients rarely encode a plain
literal, and grouping accuracy counts a whole group wrong for one such link, which moves Drain's
figure most of all: see README.md). --noise (default 2%) adds links meant to match no route
(scanners, literal case variants, unknown sub-resources); whether a link is routed is always
urnmatch's answer, in score.py, never this file's.

`#gen` comment lines in a table steer values for the hard cases:
    #gen values NAME V1 V2 ...      placeholders NAME take these values, Zipf over the order given
    #gen popular NAME VALUE SHARE   placeholders NAME take VALUE with probability SHARE
    #gen set NAME SIZE ZIPF KIND    placeholders NAME take values from a fixed set of SIZE values
                                    of KIND (vocab.py: product, user, seller, category, ...),
                                    Zipf with exponent ZIPF; the set is made from the seed and
                                    the name alone, so every placeholder NAME of the table, at any
                                    position, draws from the same set, and other draws do not
                                    move it

Deterministic for a seed. Writes only the links (a summary goes to stderr).
"""
import argparse
import bisect
import itertools
import json
import os
import random
import re
import string
import sys
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import routes as routes_mod  # noqa: E402
import vocab  # noqa: E402

WORDS = ("alpha beta gamma delta kube rust swift node linux torvalds octocat apple vapor "
         "hummingbird matchit router compass navigator server client core utils infra data "
         "web api app cli lib docs site demo test bench tools sdk proxy cache store queue auth "
         "river stone cloud pixel ember maple orbit quartz falcon harbor lumen nova onyx prism "
         "sierra tango willow zephyr atlas boreal cobalt dune fjord granite helix iris jade").split()
BRANCHES = ["main", "master", "develop", "release-1.2", "feature-login", "gh-pages", "v2",
            "hotfix-42", "dependabot-npm", "staging", "next", "renovate-deps"]
EXTENSIONS = ["swift", "rs", "go", "py", "js", "ts", "md", "json", "yml", "txt", "c", "h",
              "png", "html", "css"]
FORMATS = ["json", "html", "atom", "xml", "csv", "patch", "diff", "txt"]
LOCALES = ["en-US", "de", "fr", "ja", "pt-BR", "es", "zh-CN", "ko", "it", "ru"]
STATES = ["open", "closed", "all", "merged", "draft"]
CATEGORIES = ["books", "music", "games", "toys", "garden", "sports", "tools"]
SIZES = ["16", "32", "48", "64", "128", "256", "512"]
QUERY_KEYS = ["page", "per_page", "utm_source", "ref", "sort", "q", "tab"]
NOISE = ["/wp-login.php", "/.env", "/favicon.ico", "/robots.txt", "/admin", "/.git/config",
         "/xmlrpc.php", "/server-status", "/phpmyadmin/index.php", "/cgi-bin/test.cgi",
         "/actuator/health", "/.well-known/security.txt"]

BUILTIN_TYPES = {
    "int": r"[+-]?[0-9]+",
    "uuid": r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}",
    "float": r"[+-]?[0-9]+(\.[0-9]+)?",
    "string": r"[^/]+",
}


class Zipf:
    """Draws items with probability proportional to 1 / rank ** s."""

    def __init__(self, items, s=1.0):
        self.items = list(items)
        self.cum = list(itertools.accumulate(1.0 / (k ** s) for k in range(1, len(self.items) + 1)))

    def draw(self, rng):
        return self.items[bisect.bisect_left(self.cum, rng.random() * self.cum[-1])]


def word_slug(rng, lo=1, hi=4):
    return "-".join(rng.choice(WORDS) for _ in range(rng.randint(lo, hi)))


def random_login(rng):
    r = rng.random()
    if r < 0.02:
        return rng.choice(["jürgen", "zoë", "andré", "søren", "łukasz", "renée"]) + str(rng.randint(1, 99))
    if r < 0.5:
        return rng.choice(WORDS) + (str(rng.randint(1, 999)) if rng.random() < 0.4 else "")
    if r < 0.8:
        return rng.choice(WORDS) + "-" + rng.choice(WORDS)
    alphabet = string.ascii_lowercase + string.digits
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(3, 14)))


def random_repo(rng):
    return rng.choice(WORDS) + rng.choice(["", "-rs", ".js", "-kit", "_py", "2", "-cli", "-core"])


def hexs(rng, n=40):
    return "%0*x" % (n, rng.getrandbits(4 * n))


def uuid4(rng):
    h = hexs(rng, 32)
    h = h[:12] + "4" + h[13:16] + "89ab"[int(h[16], 16) % 4] + h[17:]
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def iso_date(rng):
    return f"{rng.randint(2015, 2025):04d}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"


def file_name(rng):
    stem = word_slug(rng, 1, 2) if rng.random() < 0.8 else rng.choice(WORDS) + " " + rng.choice(WORDS)
    return stem + "." + rng.choice(EXTENSIONS)


def fresh_int(rng):
    return str(rng.randint(1, 10 ** rng.randint(1, 7)))


class ValueSet:
    """A `#gen set` line's fixed set: its values in popularity order, drawn with Zipf."""

    def __init__(self, name, kind, values, exponent):
        self.name, self.kind, self.values, self.exponent = name, kind, values, exponent
        self.zipf = Zipf(values, exponent)


def value_set(words, seed):
    """The ValueSet of the words of a `#gen set NAME SIZE ZIPF KIND` line, for a seed. Its own
    random generator, seeded by the seed and the name, makes it: the same set for the same seed
    whatever else the table holds."""
    if len(words) != 5:
        raise SystemExit(f"gen_traffic: #gen set takes NAME SIZE ZIPF KIND: {' '.join(words)}")
    _, name, size, exponent, kind = words
    values = vocab.value_set(kind, int(size), random.Random(f"gen-set:{seed}:{name}"))
    return ValueSet(name, kind, values, float(exponent))


class Values:
    """The value pools of one traffic file: each kind of value with its popularity."""

    def __init__(self, rng, hints, seed=None):
        self.rng = rng
        self.users = Zipf(self._unique(random_login, 3000), 1.1)
        self.repos = Zipf(self._unique(random_repo, 400), 1.0)
        self.groups = Zipf(self._unique(lambda r: rng.choice(WORDS) + rng.choice(["", "-org", "-team", "hq"]), 200), 1.0)
        self.slugs = Zipf(self._unique(word_slug, 1500), 1.0)
        self.ints = Zipf([fresh_int(rng) for _ in range(2000)], 1.0)
        self.shas = Zipf([hexs(rng) for _ in range(300)], 1.0)
        self.uuids = Zipf([uuid4(rng) for _ in range(300)], 1.0)
        self.dates = Zipf([iso_date(rng) for _ in range(200)], 1.0)
        self.branches = Zipf(BRANCHES, 1.2)
        self.versions = Zipf([f"{a}.{b}.{c}" for a in range(1, 4) for b in range(0, 6) for c in range(0, 4)], 1.0)
        self.small = {name: Zipf(items, 1.0) for name, items in (
            ("locale", LOCALES), ("lang", LOCALES), ("language", LOCALES), ("format", FORMATS),
            ("ext", EXTENSIONS), ("extension", EXTENSIONS), ("state", STATES), ("status", STATES),
            ("category", CATEGORIES), ("size", SIZES))}
        self.popular = {}
        self.sets = {}
        for words in hints:
            if words[0] == "set":
                s = value_set(words, seed)
                self.sets[s.name] = s
            elif words[0] == "values" and len(words) > 2:
                self.small[words[1]] = Zipf(words[2:], 1.0)
            elif words[0] == "popular" and len(words) == 4:
                self.popular[words[1]] = (words[2], float(words[3]))
            else:
                raise SystemExit(f"gen_traffic: unknown #gen line: {' '.join(words)}")

    def _unique(self, make, count):
        seen = {}
        for _ in range(count * 3):
            seen.setdefault(make(self.rng), None)
            if len(seen) >= count:
                break
        return list(seen)

    def int_value(self):
        return self.ints.draw(self.rng) if self.rng.random() < 0.4 else fresh_int(self.rng)

    def popular_or(self, pool, fresh, share):
        return pool.draw(self.rng) if self.rng.random() < share else fresh(self.rng)

    def kind(self, name, type_):
        """The kind of value for a placeholder of this name and type."""
        n = (name or "").lower()
        if type_ in ("int", "uuid", "float", "path"):
            return type_
        if name in self.sets and not type_:
            return "set"
        if type_ and type_ not in ("string",):
            t = type_.lower()
            if "hex" in t or "sha" in t:
                return "sha"
            if "date" in t or t == "day":
                return "date"
            if "uuid" in t:
                return "uuid"
            if "int" in t or "num" in t:
                return "int"
        if n in self.small:
            return "hint"
        if "uuid" in n or "guid" in n:
            return "uuid"
        if n in ("sha", "oid", "commit", "commit_id", "commit_sha", "revision", "gist") or n.endswith("_sha"):
            return "sha"
        if "date" in n or n == "day":
            return "date"
        if n == "year":
            return "year"
        if n == "month":
            return "month"
        if n in ("user", "username", "owner", "org", "login", "assignee", "target_user", "member",
                 "author", "author_username", "account_name"):
            return "user"
        if n in ("repo", "repository", "project", "project_id", "project_name"):
            return "repo"
        if n in ("namespace_id", "group_id", "group", "namespace", "organization_path", "team"):
            return "group"
        if n in ("branch", "ref", "tag", "base", "head", "tag_name", "ref_name"):
            return "branch"
        if n in ("path", "rest", "repository_path", "file_path", "filepath", "vueroute", "image", "splat"):
            return "path"
        if n in ("filename", "file", "file_name", "blob"):
            return "filename"
        if n == "email":
            return "email"
        if n == "version":
            return "version"
        if n in ("client_id",):
            return "hex20"
        if n in ("access_token", "token", "secret", "key", "secret_key"):
            return "hex32"
        if n in ("id", "number", "iid", "num", "count", "page_id") or n.endswith("_id") or n.endswith("_iid"):
            return "int"
        return "slug"

    def value(self, kind, name, glob):
        """A value of this kind; a glob's value has 1 to 3 segments."""
        rng = self.rng
        if name in self.popular and rng.random() < self.popular[name][1]:
            return self.popular[name][0]
        if kind == "hint":
            return self.small[name].draw(rng) if name in self.small else self.users.draw(rng)
        if kind == "set":
            return self.sets[name].zipf.draw(rng)
        if glob or kind == "path":
            count = rng.randint(1, 3)
            if kind == "group":
                return "/".join([self.groups.draw(rng)] + [self.slugs.draw(rng) for _ in range(count - 1)])
            if kind == "branch":
                return "/".join(([rng.choice(["feature", "release", "fix"])] if count > 1 else [])
                                + [self.branches.draw(rng)])
            if kind in ("path", "slug", "filename"):
                return "/".join([rng.choice(WORDS) for _ in range(count - 1)] + [file_name(rng)])
            return "/".join(self.value(kind, name, False) for _ in range(count))
        if kind == "int":
            return self.int_value()
        if kind == "float":
            return f"{rng.randint(0, 999)}.{rng.randint(0, 99)}"
        if kind == "uuid":
            return self.popular_or(self.uuids, uuid4, 0.3)
        if kind == "sha":
            return self.popular_or(self.shas, hexs, 0.3)
        if kind == "date":
            return self.popular_or(self.dates, iso_date, 0.5)
        if kind == "year":
            return str(rng.randint(2010, 2025))
        if kind == "month":
            return f"{rng.randint(1, 12):02d}"
        if kind == "user":
            return self.users.draw(rng)
        if kind == "repo":
            return self.repos.draw(rng)
        if kind == "group":
            return self.groups.draw(rng)
        if kind == "branch":
            return self.branches.draw(rng) if rng.random() < 0.8 else hexs(rng)
        if kind == "filename":
            return file_name(rng)
        if kind == "email":
            return self.users.draw(rng) + "@example.com"
        if kind == "version":
            return self.versions.draw(rng)
        if kind == "hex20":
            return hexs(rng, 20)
        if kind == "hex32":
            return hexs(rng, 32)
        return self.slugs.draw(rng)


CASE_KINDS = {"user", "repo", "group", "slug", "branch", "filename", "path"}
FALLBACK_KINDS = ["int", "sha", "uuid", "date", "slug", "user", "year", "month", "version", "hex20"]


def encode(value):
    """A value as it appears in a link: UTF-8 and anything outside a path segment's characters
    percent-encoded (a space, @, non-ASCII); / stays, as it separates a catch-all's segments."""
    return urllib.parse.quote(value, safe="/-._~!$&'()*+,;=:")


def encode_one(text, rng):
    """One unreserved character of text written %XX (the link means the same to urn)."""
    escaped = {i + k for i, c in enumerate(text) if c == "%" for k in (1, 2)}
    spots = [i for i, c in enumerate(text) if (c.isalnum() or c in "-._~") and i not in escaped]
    if not spots:
        return text
    i = rng.choice(spots)
    return text[:i] + "%%%02X" % ord(text[i]) + text[i + 1:]


class Generator:
    def __init__(self, table, seed, noise=0.02, host="https://example.com", variants=True, encode_literals=0.0):
        self.rng = random.Random(seed)
        self.variants, self.encode_literals = variants, encode_literals
        routes, self.types, hints = routes_mod.read_table(table)
        self.values = Values(self.rng, hints, seed)
        self.host, self.noise = host.rstrip("/"), noise
        paths = {}
        for r in routes:
            key = routes_mod.path_key(r.pattern)
            if key not in paths and "://" not in r.pattern:
                paths[key] = r
        self.routes = list(paths.values())
        order = list(range(len(self.routes)))
        self.rng.shuffle(order)  # which path is the most popular changes with the seed
        self.popularity = Zipf([self.routes[i] for i in order], 1.0)

    def regex_of(self, token):
        if token.regex:
            return token.regex
        if token.type:
            if token.type in self.types:
                return self.types[token.type]
            return BUILTIN_TYPES.get(token.type)
        return None

    def placeholder(self, token):
        """A value for a placeholder, as written in the link (percent-encoded where needed)."""
        rng, glob = self.rng, token.kind == "glob"
        regex = self.regex_of(token)
        kind = self.values.kind(token.name, token.type)
        value = self.values.value(kind, token.name, glob)
        if kind == "path" and not glob and token.type != "path":
            # a plain placeholder named like a path (GitLab's `dockerImages/<image>`) takes one
            # segment, as its route does: its last (the file name; the draws stay the same, so
            # the rest of the sample does not move)
            value = value.rsplit("/", 1)[-1]
        if regex is not None and not re.fullmatch(regex, value):
            value = self._matching(regex, token)
        if self.variants and kind in CASE_KINDS and rng.random() < 0.03:
            variant = value[:1].upper() + value[1:]
            if regex is None or re.fullmatch(regex, variant):
                value = variant
        link_text = encode(value)
        if self.variants and rng.random() < 0.02:
            link_text = encode_one(link_text, rng)
        return link_text

    def _matching(self, regex, token):
        alternatives = regex.split("|")
        if all(re.fullmatch(r"[\w.-]+", a) for a in alternatives):
            return Zipf(alternatives).draw(self.rng)
        for kind in FALLBACK_KINDS:
            for _ in range(3):
                v = self.values.value(kind, None, token.kind == "glob")
                if re.fullmatch(regex, v):
                    return v
        raise SystemExit(f"gen_traffic: no value found for {token.text} (regex {regex!r})")

    def path_of(self, route):
        literals = [i for i, t in enumerate(route.tokens) if t.kind == "literal" and t.text.strip("/")]
        encoded = (self.rng.choice(literals)
                   if literals and self.variants and self.rng.random() < self.encode_literals else None)
        parts = []
        for i, t in enumerate(route.tokens):
            if t.kind == "literal":
                parts.append(encode_one(t.text, self.rng) if i == encoded else t.text)
            else:
                parts.append(self.placeholder(t))
        path = "".join(parts)
        if not path.startswith("/"):
            path = "/" + path
        return path

    def noise_path(self):
        rng = self.rng
        r = rng.random()
        if r < 0.4:
            return rng.choice(NOISE)
        path = self.path_of(self.popularity.draw(rng))
        segs = path.split("/")
        if r < 0.7 and len(segs) > 1 and segs[1]:
            segs[1] = segs[1].upper()  # literals compare with regard to case
            return "/".join(segs)
        return path.rstrip("/") + "/" + rng.choice(["unknown", "settings", "raw", "edit", "zzz"])

    def link(self):
        rng = self.rng
        if rng.random() < self.noise:
            path = self.noise_path()
        else:
            path = self.path_of(self.popularity.draw(rng))
            last = path.rsplit("/", 1)[-1]
            if self.variants and rng.random() < 0.03 and "." not in last and not path.endswith("/"):
                path += "/"
        if not self.variants:
            return self.host + path
        r = rng.random()
        if r < 0.10:
            path += "?" + "&".join(f"{rng.choice(QUERY_KEYS)}={rng.randint(1, 50)}" for _ in range(rng.randint(1, 2)))
        elif r < 0.11:
            path += "#" + rng.choice(WORDS)
        return self.host + path


def generate(table, count, seed, noise=0.02, host="https://example.com", variants=True, encode_literals=0.0):
    """The list of `count` links for `table` and `seed`, and the number of paths of the table."""
    gen = Generator(table, seed, noise, host, variants, encode_literals)
    return [gen.link() for _ in range(count)], len(gen.routes)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("table")
    ap.add_argument("-n", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--format", choices=["url", "jsonl"], default="url")
    ap.add_argument("--noise", type=float, default=0.02)
    ap.add_argument("--host", default="https://example.com")
    ap.add_argument("--plain", action="store_true",
                    help="no variants: no case change, percent-encoding, trailing slash, query or fragment")
    ap.add_argument("--encode-literals", type=float, default=0.0, metavar="SHARE",
                    help="share of links with one character of a literal percent-encoded (default 0)")
    ap.add_argument("-o", "--output", default="-")
    a = ap.parse_args()
    links, paths = generate(a.table, a.n, a.seed, a.noise, a.host, not a.plain, a.encode_literals)
    out = sys.stdout if a.output == "-" else open(a.output, "w", encoding="utf-8")
    for link in links:
        out.write((json.dumps({"link": link}) if a.format == "jsonl" else link) + "\n")
    if out is not sys.stdout:
        out.close()
    print(f"gen_traffic: {a.n} links over {paths} paths of {a.table} (seed {a.seed})", file=sys.stderr)


if __name__ == "__main__":
    main()
