"""Small automata for unexplained.py: sets of symbols, a PCRE2-subset regex read into an NFA, the
non-backtracking globs of Android's PatternMatcher as step machines, and a search over their
product that either finds strings one automaton takes and others do not, or proves there are none.

Every automaton works on integer symbols (code points, or UTF-16 units for Android) and offers:
  start()            its first state (hashable; None is the dead state)
  step(state, sym)   the next state, or None when nothing can match any more
  accepts(state)     whether the input read so far is taken
  sets()             the sets of symbols it tells apart (for the alphabet's partition)
A state must be hashable. Python 3, standard library only.
"""
from collections import deque

TOP = 0x110000  # symbols are 0..TOP-1


# ---------------------------------------------------------------------------------------------
# sets of symbols: tuples of disjoint, sorted, inclusive (lo, hi) ranges

def cset(*items):
    """A set from symbols and (lo, hi) ranges (characters may be given as 1-char strings)."""
    ranges = []
    for item in items:
        if isinstance(item, tuple):
            lo, hi = item
            ranges.append((_sym(lo), _sym(hi)))
        else:
            s = _sym(item)
            ranges.append((s, s))
    return _normal(ranges)


def _sym(x):
    return ord(x) if isinstance(x, str) else x


def _normal(ranges):
    out = []
    for lo, hi in sorted(r for r in ranges if r[0] <= r[1]):
        if out and lo <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return tuple(out)


def union(*sets):
    return _normal([r for s in sets for r in s])


def negate(s, top=TOP):
    out, at = [], 0
    for lo, hi in s:
        if lo > at:
            out.append((at, lo - 1))
        at = hi + 1
    if at < top:
        out.append((at, top - 1))
    return tuple(out)


def minus(a, b):
    return intersect(a, negate(b))


def intersect(a, b):
    out, i, j = [], 0, 0
    while i < len(a) and j < len(b):
        lo, hi = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        if lo <= hi:
            out.append((lo, hi))
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return tuple(out)


def has(s, x):
    for lo, hi in s:
        if lo <= x <= hi:
            return True
        if x < lo:
            return False
    return False


ANY = ((0, TOP - 1),)
EMPTY = ()
DIGITS = cset(("0", "9"))
WORD = cset(("0", "9"), ("A", "Z"), "_", ("a", "z"))
SPACE = cset((9, 13), " ")
NEWLINE = cset("\n")


def ascii_caseless(s):
    """`s` with the other case of every ASCII letter it holds."""
    extra = []
    for lo, hi in s:
        for a, b, shift in ((65, 90, 32), (97, 122, -32)):
            l, h = max(lo, a), min(hi, b)
            if l <= h:
                extra.append((l + shift, h + shift))
    return union(s, tuple(extra))


# ---------------------------------------------------------------------------------------------
# regexes: PCRE2 syntax (the part path-to-regexp output and route constraints use) read into a
# tree, then into an NFA. What is not supported raises Unsupported: the caller then relies on
# routing samples alone.

class Unsupported(Exception):
    pass


POSIX = {
    "alpha": cset(("a", "z"), ("A", "Z")), "digit": DIGITS, "alnum": cset(("a", "z"), ("A", "Z"), ("0", "9")),
    "upper": cset(("A", "Z")), "lower": cset(("a", "z")), "space": SPACE, "word": WORD,
    "xdigit": cset(("0", "9"), ("a", "f"), ("A", "F")),
    "punct": cset((0x21, 0x2F), (0x3A, 0x40), (0x5B, 0x60), (0x7B, 0x7E)),
}


class RegexParser:
    """Reads a regex into nodes: ('set', S), ('cat', [..]), ('alt', [..]), ('rep', n, lo, hi),
    ('bol',), ('eol',), ('look', negative, node). Groups of any kind are transparent."""

    def __init__(self, source, caseless=False):
        self.s = source
        self.i = 0
        self.caseless = caseless

    def parse(self):
        node = self.alternation()
        if self.i != len(self.s):
            raise Unsupported(f"unbalanced ')' at {self.i}")
        return node

    def peek(self, k=0):
        return self.s[self.i + k] if self.i + k < len(self.s) else None

    def alternation(self):
        branches = [self.sequence()]
        while self.peek() == "|":
            self.i += 1
            branches.append(self.sequence())
        return branches[0] if len(branches) == 1 else ("alt", branches)

    def sequence(self):
        nodes = []
        while self.peek() is not None and self.peek() not in "|)":
            atom = self.atom()
            if atom is None:
                continue
            nodes.append(self.quantified(atom))
        return ("cat", nodes)

    def chars(self, s):
        return ("set", ascii_caseless(s) if self.caseless else s)

    def atom(self):
        c = self.s[self.i]
        self.i += 1
        if c == "^":
            return ("bol",)
        if c == "$":
            return ("eol",)
        if c == ".":
            return ("set", negate(NEWLINE))
        if c == "[":
            return self.chars(self.char_class())
        if c == "(":
            return self.group()
        if c == "\\":
            return self.escape()
        if c in "*+?":
            raise Unsupported(f"quantifier '{c}' with nothing before it")
        return self.chars(cset(c))

    def quantified(self, atom):
        while True:
            c = self.peek()
            if c == "*":
                lo, hi = 0, None
                self.i += 1
            elif c == "+":
                lo, hi = 1, None
                self.i += 1
            elif c == "?":
                lo, hi = 0, 1
                self.i += 1
            elif c == "{":
                counted = self.counted()
                if counted is None:
                    return atom
                lo, hi = counted
            else:
                return atom
            if self.peek() in ("?", "+"):
                self.i += 1  # lazy and possessive forms take the same strings (possessive: see below)
            if atom[0] in ("bol", "eol", "look"):
                raise Unsupported("a quantified assertion")
            atom = ("rep", atom, lo, hi)

    def counted(self):
        j = self.i + 1
        k = j
        while k < len(self.s) and self.s[k].isdigit():
            k += 1
        if k == j:
            return None
        lo = int(self.s[j:k])
        hi = lo
        if k < len(self.s) and self.s[k] == ",":
            m = k + 1
            while m < len(self.s) and self.s[m].isdigit():
                m += 1
            hi = int(self.s[k + 1:m]) if m > k + 1 else None
            k = m
        if k >= len(self.s) or self.s[k] != "}":
            return None
        self.i = k + 1
        if lo > 64 or (hi is not None and hi > 64):
            raise Unsupported("a counted repeat above 64")
        return lo, hi

    def group(self):
        negative = None
        if self.peek() == "?":
            kind = self.peek(1)
            if kind == ":":
                self.i += 2
            elif kind in ("=", "!"):
                negative = kind == "!"
                self.i += 2
            elif kind == "<" and self.peek(2) not in ("=", "!"):
                end = self.s.index(">", self.i)
                self.i = end + 1
            elif kind == "P" and self.peek(2) == "<":
                end = self.s.index(">", self.i)
                self.i = end + 1
            elif kind == "'":
                end = self.s.index("'", self.i + 2)
                self.i = end + 1
            else:
                raise Unsupported(f"group (?{kind}")
        inner = self.alternation()
        if self.peek() != ")":
            raise Unsupported("unclosed group")
        self.i += 1
        if negative is not None:
            return ("look", negative, inner)
        return inner

    def escape(self):
        c = self.peek()
        if c is None:
            raise Unsupported("trailing backslash")
        self.i += 1
        table = {"d": DIGITS, "D": negate(DIGITS), "w": WORD, "W": negate(WORD), "s": SPACE, "S": negate(SPACE)}
        if c in table:
            return ("set", table[c])
        if c in "bBAzZGK" or c.isdigit() and c != "0" or c in "gkpPQEXRhHvV":
            raise Unsupported(f"escape \\{c}")
        simple = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", "e": "\x1b", "a": "\x07", "0": "\0"}
        if c in simple:
            return self.chars(cset(simple[c]))
        if c == "x":
            return self.chars(cset(self.hex_escape()))
        return self.chars(cset(c))

    def hex_escape(self):
        if self.peek() == "{":
            end = self.s.index("}", self.i)
            value = int(self.s[self.i + 1:end], 16)
            self.i = end + 1
            return value
        digits = ""
        while len(digits) < 2 and self.peek() is not None and self.peek() in "0123456789abcdefABCDEF":
            digits += self.peek()
            self.i += 1
        return int(digits or "0", 16)

    def char_class(self):
        negated = False
        if self.peek() == "^":
            negated = True
            self.i += 1
        ranges = []
        first = True
        while True:
            c = self.peek()
            if c is None:
                raise Unsupported("unclosed class")
            if c == "]" and not first:
                self.i += 1
                break
            first = False
            if c == "[" and self.peek(1) == ":":
                end = self.s.index(":]", self.i)
                name = self.s[self.i + 2:end]
                if name not in POSIX:
                    raise Unsupported(f"[:{name}:]")
                ranges.extend(POSIX[name])
                self.i = end + 2
                continue
            low = self.class_atom()
            if isinstance(low, tuple):
                ranges.extend(low)
                continue
            if self.peek() == "-" and self.peek(1) not in (None, "]"):
                self.i += 1
                high = self.class_atom()
                if isinstance(high, tuple):
                    raise Unsupported("a range ending in a class")
                if low > high:
                    raise Unsupported("a backwards range")
                ranges.append((low, high))
            else:
                ranges.append((low, low))
        s = _normal(ranges)
        if self.caseless:
            s = ascii_caseless(s)
        return negate(s) if negated else s

    def class_atom(self):
        c = self.s[self.i]
        self.i += 1
        if c != "\\":
            return ord(c)
        e = self.s[self.i]
        self.i += 1
        table = {"d": DIGITS, "D": negate(DIGITS), "w": WORD, "W": negate(WORD), "s": SPACE, "S": negate(SPACE)}
        if e in table:
            return table[e]
        simple = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", "e": "\x1b", "a": "\x07", "0": "\0", "b": "\b"}
        if e in simple:
            return ord(simple[e])
        if e == "x":
            return self.hex_escape()
        if e.isalnum():
            raise Unsupported(f"class escape \\{e}")
        return ord(e)


def first_sets(node):
    """The symbols a string `node` takes may start with; None when it may be empty."""
    kind = node[0]
    if kind == "set":
        return node[1]
    if kind == "cat":
        out = EMPTY
        for child in node[1]:
            if child[0] in ("bol", "eol", "look"):
                continue
            f = first_sets(child)
            if f is None:
                return None
            return union(out, f)
        return None
    if kind == "alt":
        out = EMPTY
        for child in node[1]:
            f = first_sets(child)
            if f is None:
                return None
            out = union(out, f)
        return out
    if kind == "rep":
        return None if node[2] == 0 else first_sets(node[1])
    return None


def single_symbol(node):
    """The set of a node that takes exactly one symbol, else None."""
    if node[0] == "set":
        return node[1]
    if node[0] == "cat" and len(node[1]) == 1:
        return single_symbol(node[1][0])
    if node[0] == "alt":
        out = EMPTY
        for child in node[1]:
            s = single_symbol(child)
            if s is None:
                return None
            out = union(out, s)
        return out
    return None


def simplify_lookaheads(node, mode):
    """Reads path-to-regexp's guard `(?!X).` as one set of symbols. Exact when each alternative
    of X is one symbol; otherwise mode 'over' drops the guard (a larger language) and 'under'
    refuses every symbol that starts an alternative (a smaller one). Returns (node, exact)."""
    kind = node[0]
    if kind == "cat":
        out, exact, children, i = [], True, node[1], 0
        while i < len(children):
            child = children[i]
            if child[0] == "look" and child[1] and i + 1 < len(children) and children[i + 1][0] == "set":
                look = child[2]
                alts = look[1] if look[0] == "alt" else [look]
                singles = [single_symbol(a) for a in alts]
                if all(s is not None for s in singles):
                    out.append(("set", minus(children[i + 1][1], union(*singles))))
                else:
                    exact = False
                    if mode == "over":
                        out.append(children[i + 1])
                    else:
                        starts = first_sets(look)
                        out.append(("set", minus(children[i + 1][1], starts or ANY)))
                i += 2
                continue
            if child[0] == "look":
                raise Unsupported("look-ahead")
            new, ok = simplify_lookaheads(child, mode)
            exact = exact and ok
            out.append(new)
            i += 1
        return ("cat", out), exact
    if kind == "alt":
        out, exact = [], True
        for child in node[1]:
            new, ok = simplify_lookaheads(child, mode)
            out.append(new)
            exact = exact and ok
        return ("alt", out), exact
    if kind == "rep":
        new, ok = simplify_lookaheads(node[1], mode)
        return ("rep", new, node[2], node[3]), ok
    if kind == "look":
        raise Unsupported("look-ahead")
    return node, True


class NFA:
    def __init__(self):
        self.trans = []  # state -> [(set, target)]
        self.eps = []  # state -> [(condition or None, target)]

    def state(self):
        self.trans.append([])
        self.eps.append([])
        return len(self.trans) - 1

    def build(self, node):
        """(start, end) of a fragment for `node`."""
        kind = node[0]
        if kind == "set":
            a, b = self.state(), self.state()
            if node[1]:
                self.trans[a].append((node[1], b))
            return a, b
        if kind in ("bol", "eol"):
            a, b = self.state(), self.state()
            self.eps[a].append((kind, b))
            return a, b
        if kind == "cat":
            a = b = self.state()
            for child in node[1]:
                s, e = self.build(child)
                self.eps[b].append((None, s))
                b = e
            return a, b
        if kind == "alt":
            a, b = self.state(), self.state()
            for child in node[1]:
                s, e = self.build(child)
                self.eps[a].append((None, s))
                self.eps[e].append((None, b))
            return a, b
        if kind == "rep":
            _, child, lo, hi = node
            a = b = self.state()
            for _ in range(lo):
                s, e = self.build(child)
                self.eps[b].append((None, s))
                b = e
            if hi is None:
                s, e = self.build(child)
                self.eps[b].append((None, s))
                self.eps[e].append((None, s))
                end = self.state()
                self.eps[b].append((None, end))
                self.eps[e].append((None, end))
                return a, end
            end = self.state()
            self.eps[b].append((None, end))
            for _ in range(hi - lo):
                s, e = self.build(child)
                self.eps[b].append((None, s))
                self.eps[e].append((None, end))
                b = e
            return a, end
        raise Unsupported(f"node {kind}")


class RegexAutomaton:
    """The strings a regex takes, searched for (as JavaScript's exec and PCRE2 search: the
    anchors are assertions, and a match may start and end anywhere they allow) or matched whole."""

    def __init__(self, source, caseless=False, search=True, mode="over", prefix_any=None):
        tree = RegexParser(source, caseless).parse()
        tree, self.exact = simplify_lookaheads(tree, mode)
        self.source = source
        nfa = NFA()
        s, e = nfa.build(tree)
        if search:
            pre, post = nfa.state(), nfa.state()
            nfa.trans[pre].append((ANY, pre))
            nfa.eps[pre].append((None, s))
            nfa.eps[e].append((None, post))
            nfa.trans[post].append((ANY, post))
            s, e = pre, post
        self.nfa, self.begin, self.final = nfa, s, e
        self._closure = {}
        self._step = {}

    def closure(self, core, at_start, at_end):
        key = (core, at_start, at_end)
        got = self._closure.get(key)
        if got is not None:
            return got
        seen = set(core)
        todo = list(core)
        while todo:
            s = todo.pop()
            for cond, t in self.nfa.eps[s]:
                if cond == "bol" and not at_start or cond == "eol" and not at_end:
                    continue
                if t not in seen:
                    seen.add(t)
                    todo.append(t)
        got = frozenset(seen)
        self._closure[key] = got
        return got

    def start(self):
        return (frozenset([self.begin]), True)

    def step(self, state, sym):
        key = (state, sym)
        got = self._step.get(key, 0)
        if got != 0:
            return got
        core, at_start = state
        nxt = set()
        for s in self.closure(core, at_start, False):
            for chars, t in self.nfa.trans[s]:
                if has(chars, sym):
                    nxt.add(t)
        got = (frozenset(nxt), False) if nxt else None
        self._step[key] = got
        return got

    def accepts(self, state):
        core, at_start = state
        return self.final in self.closure(core, at_start, True)

    def sets(self):
        return [chars for row in self.nfa.trans for chars, _ in row]


# ---------------------------------------------------------------------------------------------
# plain step machines

class Word:
    """Exactly the string `units`."""

    def __init__(self, units):
        self.units = list(units)

    def start(self):
        return 0

    def step(self, i, sym):
        return i + 1 if i < len(self.units) and self.units[i] == sym else None

    def accepts(self, i):
        return i == len(self.units)

    def sets(self):
        return [cset(u) for u in self.units]


class Prefix(Word):
    """Every string that starts with `units`."""

    def step(self, i, sym):
        if i == len(self.units):
            return i
        return super().step(i, sym)


class Suffix:
    """Every string that ends with `units`."""

    def __init__(self, units):
        self.units = list(units)

    def start(self):
        return frozenset([0])

    def step(self, state, sym):
        out = {0}
        for i in state:
            if i < len(self.units) and self.units[i] == sym:
                out.add(i + 1)
        return frozenset(out)

    def accepts(self, state):
        return len(self.units) in state

    def sets(self):
        return [cset(u) for u in self.units]


class Everything:
    def start(self):
        return 0

    def step(self, state, sym):
        return 0

    def accepts(self, state):
        return True

    def sets(self):
        return []


class Nothing:
    def start(self):
        return None

    def step(self, state, sym):
        return None

    def accepts(self, state):
        return False

    def sets(self):
        return []


class Union:
    """The strings any of `parts` takes."""

    def __init__(self, parts):
        self.parts = list(parts)

    def start(self):
        state = tuple(p.start() for p in self.parts)
        return state if any(s is not None for s in state) else None

    def step(self, state, sym):
        out = tuple(None if s is None else p.step(s, sym) for p, s in zip(self.parts, state))
        return out if any(s is not None for s in out) else None

    def accepts(self, state):
        return any(s is not None and p.accepts(s) for p, s in zip(self.parts, state))

    def sets(self):
        return [x for p in self.parts for x in p.sets()]


class Machine:
    """A deterministic automaton given as a table: start, {state: [(set, next)]}, accepting."""

    def __init__(self, start, table, accepting):
        self._start, self.table, self.accepting = start, table, set(accepting)

    def start(self):
        return self._start

    def step(self, state, sym):
        for chars, nxt in self.table.get(state, ()):
            if has(chars, sym):
                return nxt
        return None

    def accepts(self, state):
        return state in self.accepting

    def sets(self):
        return [chars for row in self.table.values() for chars, _ in row]


class Intersection:
    """The strings both automata take."""

    def __init__(self, a, b):
        self.a, self.b = a, b

    def start(self):
        s, t = self.a.start(), self.b.start()
        return None if s is None or t is None else (s, t)

    def step(self, state, sym):
        s, t = self.a.step(state[0], sym), self.b.step(state[1], sym)
        return None if s is None or t is None else (s, t)

    def accepts(self, state):
        return self.a.accepts(state[0]) and self.b.accepts(state[1])

    def sets(self):
        return self.a.sets() + self.b.sets()


# ---------------------------------------------------------------------------------------------
# Android's PatternMatcher globs (as urn's AndroidPathMatcher.swift ports them), as step machines

DOT, STAR, BACKSLASH = ord("."), ord("*"), ord("\\")


class AndroidGlob:
    """pathPattern: `x*` takes as many x as there are, `.` any one unit, `.*` everything up to
    the first occurrence of the unit after it (that unit included), a `.*` at the very end the
    rest; nothing backtracks. States: (token index, in a `.*`), or 'all' once the rest is taken."""

    def __init__(self, pattern_units):
        p = list(pattern_units)
        self.empty = not p
        self.tokens = []  # ('one', unit or None for any) ('star', unit) ('until', unit) ('rest',)
        n = len(p)

        def at(i):
            return p[i] if i < n else 0
        ip = 0
        self.rest_at = None
        while ip < n:
            start = ip
            c = p[ip]
            ip += 1
            nxt = at(ip)
            escaped = c == BACKSLASH
            if escaped:
                c = nxt
                ip += 1
                nxt = at(ip)
            if nxt == STAR:
                if not escaped and c == DOT:
                    if ip >= n - 1:
                        self.tokens.append(("rest",))
                        break
                    ip += 1
                    nxt = p[ip]
                    if nxt == BACKSLASH:
                        ip += 1
                        nxt = at(ip)
                    self.tokens.append(("until", nxt))
                    ip += 1
                else:
                    self.tokens.append(("star", c))
                    ip += 1
            else:
                self.tokens.append(("one", None if c == DOT else c))
        # the trailing `.*` rule: the subject may end just before a final `.*`
        self.n = n

    def start(self):
        if self.empty:
            return ("end",)
        return (0, False)

    def step(self, state, sym):
        if state == ("all",):
            return state
        if state == ("end",):
            return None
        i, _ = state
        while True:
            if i >= len(self.tokens):
                return None
            tok = self.tokens[i]
            if tok[0] == "rest":
                return ("all",)
            if tok[0] == "one":
                return (i + 1, False) if tok[1] is None or tok[1] == sym else None
            if tok[0] == "until":
                return (i + 1, False) if sym == tok[1] else (i, True)
            # star: a unit it takes keeps it; any other ends it and is read by the next token
            if sym == tok[1]:
                return (i, True)
            i += 1

    def accepts(self, state):
        if state in (("all",), ("end",)):
            return True
        i, inside = state
        if inside and self.tokens[i][0] == "until":
            return False
        # at the end of the subject the loop stops: a star being read is passed (its loop ends
        # there), a token not begun is not; then it matches at the end of the pattern or before
        # a final `.*`
        if inside:
            i += 1
        if i >= len(self.tokens):
            return True
        return self.tokens[i][0] == "rest" and i == len(self.tokens) - 1

    def sets(self):
        return [cset(t[1]) for t in self.tokens if len(t) > 1 and t[1] is not None]


class AndroidAdvanced:
    """pathAdvancedPattern, from the parsed form AndroidPathMatcher.parsed gives: each token
    takes as many units as it can up to its maximum, and the next token starts where it stops."""

    SET_START, INVERSE_SET_START, SET_STOP, ANY_T = -1, -2, -3, -4
    RANGE_START, RANGE_STOP, ZERO_OR_MORE, ONE_OR_MORE = -5, -6, -7, -8

    def __init__(self, parsed):
        self.tokens = []  # (set, minimum, maximum or None)
        ip, lp = 0, len(parsed)
        while ip < lp:
            t = parsed[ip]
            if t == self.ANY_T:
                chars = ANY
                ip += 1
            elif t in (self.SET_START, self.INVERSE_SET_START):
                inverse = t == self.INVERSE_SET_START
                start = ip + 1
                ip += 1
                while ip < lp and parsed[ip] != self.SET_STOP:
                    ip += 1
                end = ip - 1
                ip += 1
                ranges = []
                i = start
                while i < end:
                    if parsed[i] <= parsed[i + 1]:
                        ranges.append((parsed[i], parsed[i + 1]))
                    i += 2
                chars = _normal(ranges)
                if inverse:
                    chars = negate(chars)
            else:
                chars = cset(t)
                ip += 1
            lo, hi = 1, 1
            if ip < lp:
                if parsed[ip] == self.ZERO_OR_MORE:
                    lo, hi = 0, None
                    ip += 1
                elif parsed[ip] == self.ONE_OR_MORE:
                    hi = None
                    ip += 1
                elif parsed[ip] == self.RANGE_START:
                    lo, hi = parsed[ip + 1], parsed[ip + 2]
                    if hi == 2 ** 31 - 1:
                        hi = None
                    ip += 4
            self.tokens.append((chars, lo, hi))

    def start(self):
        return (0, 0)

    def step(self, state, sym):
        i, count = state
        while i < len(self.tokens):
            chars, lo, hi = self.tokens[i]
            if lo is not None and hi is not None and lo > hi:
                return None
            if (hi is None or count < hi) and has(chars, sym):
                count += 1
                if hi is None:
                    count = min(count, lo)  # without a maximum, counts past the minimum are alike
                return (i, count)
            if count < lo:
                return None
            i, count = i + 1, 0
        return None

    def accepts(self, state):
        i, count = state
        if i >= len(self.tokens):
            return True
        if count < self.tokens[i][1]:
            return False
        return all(t[1] <= 0 for t in self.tokens[i + 1:])

    def sets(self):
        return [t[0] for t in self.tokens]


# ---------------------------------------------------------------------------------------------
# the search

PREFERRED = [ord(c) for c in "abcdefghijklmnopqrstuvwxyz0123456789-_.~/ABCDEFGHIJKLMNOPQRSTUVWXYZ"]


def partition(sets, universe):
    """The classes of symbols of `universe` that no set tells apart, each with a representative
    (a preferred character where the class has one)."""
    points = set()
    for s in list(sets) + [universe]:
        for lo, hi in s:
            points.add(lo)
            points.add(hi + 1)
    points = sorted(points)
    uniq = list({s: None for s in sets})
    groups = {}
    for lo, hi in zip(points, points[1:]):
        if not has(universe, lo):
            continue
        signature = tuple(has(s, lo) for s in uniq)
        groups.setdefault(signature, []).append((lo, hi - 1))
    reps = []
    for ranges in groups.values():
        rep = next((c for c in PREFERRED if any(lo <= c <= hi for lo, hi in ranges)), ranges[0][0])
        reps.append(rep)
    reps.sort(key=lambda c: PREFERRED.index(c) if c in PREFERRED else len(PREFERRED) + c)
    return reps


def difference(target, blockers, valid, universe, limit=5, max_states=300000):
    """Strings `target` and `valid` take and no blocker takes, shortest first: (witnesses, done).
    done is True when the search ran to the end, so that an empty list proves there is none."""
    autos = [target, valid] + list(blockers)
    reps = partition([s for a in autos for s in a.sets()], universe)
    start = tuple(a.start() for a in autos)
    if start[0] is None or start[1] is None:
        return [], True
    parent = {start: None}
    queue = deque([start])
    found = []

    def word(state):
        out = []
        while parent[state] is not None:
            state, sym = parent[state]
            out.append(sym)
        return out[::-1]

    while queue:
        state = queue.popleft()
        if autos[0].accepts(state[0]) and autos[1].accepts(state[1]) and not any(
                s is not None and a.accepts(s) for a, s in zip(autos[2:], state[2:])):
            found.append(word(state))
            if len(found) >= limit:
                return found, False
        for sym in reps:
            nxt = []
            dead = False
            for k, (a, s) in enumerate(zip(autos, state)):
                t = None if s is None else a.step(s, sym)
                if t is None and k < 2:
                    dead = True
                    break
                nxt.append(t)
            if dead:
                continue
            nxt = tuple(nxt)
            if nxt not in parent:
                if len(parent) >= max_states:
                    return found, False
                parent[nxt] = (state, sym)
                queue.append(nxt)
    return found, True


def empty(target, valid, universe):
    """Whether `target` takes no string `valid` takes (None when the search was cut short)."""
    found, done = difference(target, [], valid, universe, limit=1)
    if found:
        return False
    return True if done else None


def android_advanced_parse(pattern):
    """AndroidPathMatcher.parsed: PatternMatcher's parsed form of an advanced pattern (a list of
    ints: a unit where positive, else a token), or None where Android refuses the pattern."""
    A = AndroidAdvanced
    out = []
    ip, lp = 0, len(pattern)
    in_set = in_range = in_char_class = False

    def is_modifier(t):
        return t in (A.ONE_OR_MORE, A.ZERO_OR_MORE, A.RANGE_STOP, A.RANGE_START)
    while ip < lp:
        if len(out) > 2048 - 3:
            return None
        c = pattern[ip]
        add = False
        if c == ord("["):
            if in_set:
                add = True
            else:
                if ip + 1 >= lp:
                    return None
                if pattern[ip + 1] == ord("^"):
                    out.append(A.INVERSE_SET_START)
                    ip += 1
                else:
                    out.append(A.SET_START)
                ip += 1
                in_set = True
                continue
        elif c == ord("]"):
            if not in_set:
                add = True
            else:
                if out and out[-1] in (A.SET_START, A.INVERSE_SET_START):
                    return None
                out.append(A.SET_STOP)
                in_set = in_char_class = False
        elif c == ord("{"):
            if not in_set:
                if not out or is_modifier(out[-1]):
                    return None
                out.append(A.RANGE_START)
                ip += 1
                in_range = True
        elif c == ord("}"):
            if in_range:
                out.append(A.RANGE_STOP)
                in_range = False
        elif c in (ord("*"), ord("+")):
            if not in_set:
                if not out or is_modifier(out[-1]):
                    return None
                out.append(A.ZERO_OR_MORE if c == ord("*") else A.ONE_OR_MORE)
        elif c == ord("."):
            if not in_set:
                out.append(A.ANY_T)
        elif c == ord("\\"):
            if ip + 1 >= lp:
                return None
            ip += 1
            c = pattern[ip]
            add = True
        else:
            add = True
        if in_set:
            if in_char_class:
                out.append(c)
                in_char_class = False
            elif ip + 2 < lp and pattern[ip + 1] == ord("-") and pattern[ip + 2] != ord("]"):
                in_char_class = True
                out.append(c)
                ip += 1
            else:
                out.append(c)
                out.append(c)
        elif in_range:
            try:
                close = pattern.index(ord("}"), ip)
            except ValueError:
                return None
            text = "".join(chr(u) for u in pattern[ip:close])
            numbers = text.split(",", 1)
            try:
                lo = _java_int(numbers[0])
                hi = lo if len(numbers) == 1 else (2 ** 31 - 1 if numbers[1] == "" else _java_int(numbers[1]))
            except ValueError:
                return None
            if lo > hi:
                return None
            out += [lo, hi]
            ip = close
            continue
        elif add:
            out.append(c)
        ip += 1
    if in_set:
        return None
    return out


def _java_int(text):
    """Integer.parseInt (ASCII digits; a sign; 32 bits)."""
    body = text[1:] if text[:1] in ("+", "-") else text
    if not body or not all(c.isdigit() and c.isascii() for c in body):
        raise ValueError(text)
    value = int(text)
    if not -2 ** 31 <= value <= 2 ** 31 - 1:
        raise ValueError(text)
    return value
