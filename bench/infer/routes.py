"""Route tables as the inference benchmark reads them: lines, pattern tokens and the `{}` form.

Only what the benchmark needs: the patterns of a table (the urn route format of urn-routes(5):
`[METHODS] PATTERN [TARGET] [key=value ...]`, JSON routes, `@` directives, `#` comments), split
into literal text and placeholders, and a pattern's text with every placeholder written `{}`.
urnmatch itself decides which route takes a link; nothing here routes.
"""
import json
import re
import urllib.parse

NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
METHODS = re.compile(r"^(?:[A-Z]+)(?:,[A-Z]+)*$")


class Token:
    """A piece of a pattern: literal text, a placeholder (`param`) or a catch-all (`glob`)."""
    __slots__ = ("kind", "text", "name", "type", "regex")

    def __init__(self, kind, text, name=None, type=None, regex=None):
        self.kind, self.text, self.name, self.type, self.regex = kind, text, name, type, regex

    def __repr__(self):
        return f"Token({self.kind!r}, {self.text!r}, name={self.name!r}, type={self.type!r}, regex={self.regex!r})"


def _closing(pattern, start, open_ch, close_ch):
    """The index of the `close_ch` that balances the `open_ch` at `start` (backslash escapes)."""
    depth, i = 0, start
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if c == open_ch:
            depth += 1
        elif c == close_ch:
            depth -= 1
            if depth == 0:
                return i
        i += 1
    raise ValueError(f"unbalanced {open_ch!r} in {pattern!r}")


def tokenize(pattern):
    """Tokens of a pattern in any of the syntaxes urn reads: {name}, {name:regex}, <name>,
    <type:name>, <*name>, :name (at a segment's start, with an optional (regex)), *name and *."""
    tokens, literal, i = [], [], 0

    def flush():
        if literal:
            tokens.append(Token("literal", "".join(literal)))
            literal.clear()

    while i < len(pattern):
        c = pattern[i]
        if c == "\\" and i + 1 < len(pattern):
            literal.append(pattern[i + 1])
            i += 2
        elif c == "{":
            end = _closing(pattern, i, "{", "}")
            body = pattern[i + 1:end]
            name, _, regex = body.partition(":")
            flush()
            tokens.append(Token("param", pattern[i:end + 1], name=name.strip(), regex=regex or None))
            i = end + 1
        elif c == "<" and ">" in pattern[i:]:
            end = pattern.index(">", i)
            body = pattern[i + 1:end]
            flush()
            if body.startswith("*"):
                tokens.append(Token("glob", pattern[i:end + 1], name=body[1:]))
            else:
                type_, _, name = body.rpartition(":")
                tokens.append(Token("param", pattern[i:end + 1], name=name, type=type_ or None))
            i = end + 1
        elif c == ":" and (i == 0 or pattern[i - 1] == "/") and NAME.match(pattern, i + 1):
            m = NAME.match(pattern, i + 1)
            end = m.end()
            regex = None
            if end < len(pattern) and pattern[end] == "(":
                close = _closing(pattern, end, "(", ")")
                regex, end = pattern[end + 1:close], close + 1
            flush()
            tokens.append(Token("param", pattern[i:end], name=m.group(0), regex=regex))
            i = end
        elif c == "*":
            m = NAME.match(pattern, i + 1)
            end = m.end() if m else i + 1
            name = m.group(0) if m else None
            if end < len(pattern) and pattern[end] == "(":
                end = _closing(pattern, end, "(", ")") + 1
            flush()
            # a bare * in the middle of a path is one segment, at its end one or more
            at_end = end >= len(pattern) or pattern[end:] == "/"
            tokens.append(Token("glob" if (name or at_end) else "param", pattern[i:end], name=name))
            i = end
        else:
            literal.append(c)
            i += 1
    flush()
    return tokens


def strip_origin(pattern):
    """The path of a pattern written with a scheme and host (https://example.com/a -> /a)."""
    m = re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://[^/]*", pattern)
    return pattern[m.end():] if m else pattern


def normalize(pattern):
    """A pattern's text with every placeholder and catch-all written `{}`, literals
    percent-decoded, scheme and host dropped, a leading / added and a trailing / removed:
    /repos/:owner/:repo, /repos/{owner}/{repo:[a-z]+} and /repos/<owner>/<*repo>/ are all
    /repos/{}/{}."""
    parts = []
    for t in tokenize(strip_origin(pattern)):
        parts.append(urllib.parse.unquote(t.text) if t.kind == "literal" else "{}")
    text = "".join(parts)
    if not text.startswith("/"):
        text = "/" + text
    while len(text) > 1 and text.endswith("/"):
        text = text[:-1]
    return text


def path_key(pattern):
    """The pattern as written without its trailing /, the key of a true group: the GitLab table
    lists /x and /x/ apart (urn's dialect ignores a trailing slash, and table order gives every
    such link to /x), and the GitHub table's routes that differ only in method share a pattern."""
    while len(pattern) > 1 and pattern.endswith("/"):
        pattern = pattern[:-1]
    return pattern


class Route:
    __slots__ = ("line", "pattern", "target", "tokens")

    def __init__(self, line, pattern, target):
        self.line, self.pattern, self.target = line, pattern, target
        self.tokens = tokenize(pattern)


def read_table(path):
    """The routes of an urn-format table and its @type regexes and `#gen` hint lines.

    Returns (routes, types, hints): types maps a placeholder type name to its regex; hints is the
    list of the words of each `#gen ...` comment line (gen_traffic.py's value hints)."""
    routes, types, hints = [], {}, []
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.strip()
            if not line:
                continue
            if line.startswith("#"):
                if line.startswith("#gen "):
                    hints.append(line.split()[1:])
                continue
            if line.startswith("@"):
                words = line.split(None, 2)
                if words[0] == "@type" and len(words) == 3:
                    types[words[1]] = words[2].strip()
                continue
            if re.match(r"^\{\s*\"", line):
                obj = json.loads(line)
                routes.append(Route(number, obj["pattern"], obj.get("target")))
                continue
            words = line.split()
            if len(words) > 1 and METHODS.match(words[0]) and not words[0].startswith("/"):
                line = line[len(words[0]):].strip()
            if line.startswith('"'):
                pattern, end = json.JSONDecoder().raw_decode(line)
                rest = line[end:].split()
            else:
                pattern, rest = _pattern_and_rest(line)
            routes.append(Route(number, pattern, rest[0] if rest else None))
    return routes, types, hints


def _pattern_and_rest(line):
    """The pattern (blanks inside braces belong to it) and the words after it."""
    depth, i = 0, 0
    while i < len(line):
        c = line[i]
        if c == "\\":
            i += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth = max(0, depth - 1)
        elif c.isspace() and depth == 0:
            break
        i += 1
    return line[:i], line[i:].split()
