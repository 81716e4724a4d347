#!/usr/bin/env python3
"""Writes corpus.jsonl: a hostile link corpus of the classes the WHATWG URL test data covers
(its licence would need its notice carried along, so urn generates its own). Every line is one
JSON record {"link": ...}, so that tabs, newlines, NULs and lone surrogates fit on one line.
Deterministic: run it again and the file is byte for byte the same.

    python3 Tests/Fixtures/hostile/generate.py > Tests/Fixtures/hostile/corpus.jsonl
"""
import itertools
import json
import sys

SCHEMES = ["http", "https", "HTTP", "ftp", "ws", "wss", "file", "myapp", "non-special", "urn", "javascript",
           "data", "blob", "mailto", "a", "a+b.c-d", "1a", "", "h\tttp", "ht tp"]

# the part after the scheme, by class
AUTHORITIES = {
    "hosts": ["//example.org", "//EXAMPLE.ORG.", "//ex%41mple.org", "//ex ample.org", "//ex\u00e4mple.de",
              "//xn--nxasmq6b.com", "//xn--", "//\uff21\uff22.com", "//a\u00adb.com", "//a\u200bb.com",
              "//\u0000.com", "//%00.com", "//a..b", "//.", "//..", "//", "///", "////x", "//-x-.com"],
    "ipv4": ["//0x7f.1", "//0177.0.0.1", "//4294967295", "//4294967296", "//0x100000000", "//1.2.3.4.5",
             "//1.2.3.09", "//256.256.256.256", "//%31%32%37.0.0.1", "//1.2.3.4.", "//0x"],
    "ipv6": ["//[::1]", "//[::]", "//[1:2:3:4:5:6:7:8]", "//[1:2:3:4:5:6:7:8:9]", "//[::ffff:1.2.3.4]",
             "//[::1.2.3.4.5]", "//[fe80::1%25eth0]", "//[fe80::1%eth0]", "//[v1.x]", "//[vz.x]", "//[]",
             "//[::1", "//::1]", "//[[::1]]", "//[::1]:80", "//[::1]x", "//[0:0:0:0:0:0:0:0:0]"],
    "ports": ["//h:0", "//h:80", "//h:65535", "//h:65536", "//h:00000000000080", "//h:-1", "//h:1e3",
              "//h: 80", "//h:", "//h::", "//h:8o", "//h:99999999999999999999999"],
    "userinfo": ["//u@h", "//u:p@h", "//:@h", "//@h", "//@@h", "//u@p@h", "//a:b:c@h", "//%40@h",
                 "//u\u00e9@h", "//u p@h", "//u:p@[::1]:8080"],
    "backslashes": ["\\\\h\\x", "/\\h/x", "\\/h", "//h\\x\\y", "h\\x"],
    "opaque": [":", "::", ":foo", "foo.com", "x x", "?q", "#f", "%", "%zz", "\u00e9", "//h/../..//evil.example/x"],
}

PATHS = ["", "/", "/a/b", "/a/./b/../c", "/..", "/../..//x", "/%2e%2E/x", "/.%2e/x", "/a%2Fb", "/a b",
         "/\u00e9", "/%C3%A9", "/%C0%AF", "/%", "/%4", "/%zz", "/a\\b", "/C:/x", "/C|/x", "/a;b=c",
         "/{id}", "/<x>", "/a\"b", "/a`b", "/a^b", "/a|b", "/\ufeff", "/a\u2028b", "/\ud83d\ude00",
         "/" + "a/" * 200, "/" + "%41" * 300]

TAILS = ["", "?", "?a=1&b=2", "?a=1&a=2&=&&", "?q=a b", "?q=\u00e9", "?q=%zz", "?tag[]=java", "?q=#x",
         "#", "#f", "#a#b", "#a b", "#\u00e9", "?q#f", "?\ud800", "#%"]

WHITESPACE = ["\t", "\n", "\r", " ", "\u000b", "\u000c", "\u001f", "\u007f", "\u00a0", "\u3000"]

RELATIVE = ["", ".", "..", "./", "../", "../../../g", "g;x?y#s", "//g", "/./g", "/../g", "g/..", "..//evil.example/x",
            "/a/..//evil.example/x", ".//x:y", "x:y", "./x:y", "?", "#", "\\\\g", "\u00e9", "%2e%2e/g"]


def links():
    for kind, items in AUTHORITIES.items():
        for scheme, rest in itertools.product(SCHEMES, items):
            yield f"{scheme}:{rest}" if scheme else rest
    for scheme, path in itertools.product(["https", "myapp", "file", "non-special"], PATHS):
        yield f"{scheme}://h{path}"
        yield f"{scheme}:{path}"
    for tail in TAILS:
        yield "https://h/p" + tail
        yield "myapp:p" + tail
        yield "/p" + tail
    for space in WHITESPACE:
        yield space + "https://h/p"
        yield "https://h/p" + space
        yield "https://h" + space + "/p"
        yield "ht" + space + "tp://h/p"
        yield "https://h/p?q=" + space
    for ref in RELATIVE:
        yield ref
    # Compass names and URNs
    yield from ["user:42", "user::42", ":user", "user:", "post:{id}", "urn:isbn:0451450523", "urn:a:b",
                "urn:example:a?+r?=q#f", "urn:x", "urn:", "URN:ISBN:1", "urn:-a:b", "urn:abcdefghijklmnopqrstuvwxyzabcdefg:x"]
    # NUL and other controls inside
    yield from ["https://h/a\u0000b", "\u0000", "https://h/\u001b[31m", "myapp://h/\u0008"]


seen = set()
out = sys.stdout
for link in links():
    if link in seen:
        continue
    seen.add(link)
    # lone surrogates cannot be UTF-8: json.dumps writes them as \ud800, which urn must reject
    out.write(json.dumps({"link": link}) + "\n")
