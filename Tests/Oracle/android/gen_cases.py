#!/usr/bin/env python3
"""Generates AndroidManifest.xml tables and links for urn's Android oracle, has the harness
(AndroidOracle.java, linked with AOSP's PatternMatcher and UriCodec) answer them, and writes
Tests/Fixtures/oracle/android/cases.jsonl.

Usage: gen_cases.py --classes BUILD/classes [--out Tests/Fixtures/oracle/android]

The random choices use a fixed seed, so the same harness gives the same bytes.
"""
import argparse
import base64
import json
import os
import random
import subprocess
import sys
import unicodedata
from urllib.parse import quote

SEED = 37
PACKAGE = "com.example.app"

# Where the library decides (AOSP platform/frameworks/base; commits in provenance.json).
PM = "core/java/android/os/PatternMatcher.java"
CITE = {
    "literal": PM + ":216",                  # matchPattern: PATTERN_LITERAL equals
    "prefix": PM + ":218",                   # matchPattern: startsWith
    "suffix": PM + ":224",                   # matchPattern: endsWith
    "glob": PM + ":229",                     # matchGlobPattern
    "advanced": PM + ":480",                 # matchAdvancedPattern
    "advanced-parse": PM + ":314",           # parseAndVerifyAdvancedPattern
    "utf16": PM + ":584",                    # matchChar compares one UTF-16 char
    "host": "core/java/android/content/IntentFilter.java#AuthorityEntry.match",
    "port": "core/java/android/content/IntentFilter.java#AuthorityEntry.match",
    "port-parse": "core/java/android/content/IntentFilter.java#AuthorityEntry(String,String)",
    "scheme": "core/java/android/content/IntentFilter.java#matchData",
    "data": "core/java/android/content/IntentFilter.java#matchData",
    "uri-host": "core/java/android/net/Uri.java#AbstractHierarchicalUri.parseHost",
    "uri-port": "core/java/android/net/Uri.java#AbstractHierarchicalUri.parsePort",
    "uri-path": "core/java/android/net/Uri.java#StringUri.parsePath",
    "uri-authority": "core/java/android/net/Uri.java#StringUri.parseAuthority",
    "decode": "core/java/android/net/UriCodec.java:88",   # appendDecoded
    "aapt": "tools/aapt2/ResourceUtils.cpp#StringBuilder::AppendText",
    "parse-data": "core/java/com/android/internal/pm/pkg/component/ParsedIntentInfoUtils.java#parseData",
    "default-only": "services/core/java/com/android/server/IntentResolver.java#buildResolveList",
    "categories": "core/java/android/content/IntentFilter.java#matchCategories",
    "action": "core/java/android/content/IntentFilter.java#matchAction",
}


def xml_attr(value):
    return (value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def data_el(**attrs):
    return attrs


def filter_xml(datas, actions=("android.intent.action.VIEW",),
               categories=("android.intent.category.DEFAULT", "android.intent.category.BROWSABLE"),
               auto_verify=False):
    lines = ["      <intent-filter%s>" % (' android:autoVerify="true"' if auto_verify else "")]
    for a in actions:
        lines.append('        <action android:name="%s" />' % a)
    for c in categories:
        lines.append('        <category android:name="%s" />' % c)
    for d in datas:
        parts = " ".join('android:%s="%s"' % (k, xml_attr(v)) for k, v in d.items())
        lines.append("        <data %s />" % parts)
    lines.append("      </intent-filter>")
    return "\n".join(lines)


def manifest(activities):
    """activities: [(name, [filter_xml_text, ...])]"""
    out = ['<?xml version="1.0" encoding="utf-8"?>',
           '<manifest xmlns:android="http://schemas.android.com/apk/res/android"',
           '    package="%s">' % PACKAGE,
           '  <application android:label="Oracle">']
    for name, filters in activities:
        out.append('    <activity android:name="%s" android:exported="true">' % xml_attr(name))
        out.extend(filters)
        out.append("    </activity>")
    out.append("  </application>")
    out.append("</manifest>")
    return "\n".join(out) + "\n"


class Gen:
    def __init__(self):
        self.rng = random.Random(SEED)
        self.groups = []

    def add(self, category, activities, links, cite=None, notes=None):
        """links: [(link, category, cite_key, note)] or plain strings."""
        norm = []
        for l in links:
            if isinstance(l, str):
                l = (l, category, cite, None)
            link, cat, ck, note = (list(l) + [None] * 4)[:4]
            assert "\n" not in link and "\r" not in link and "\0" not in link, link
            norm.append({"link": link, "category": cat or category,
                         "cite": CITE.get(ck or cite or "data", ck or cite), "note": note})
        self.groups.append({"category": category, "manifest": manifest(activities), "links": norm})


def one(name, datas, **kw):
    return (name, [filter_xml(datas, **kw)])


# ------------------------------------------------------------------------------------------
# Issue 37's minimal examples, each verbatim as its own case.
def issue37(g):
    g.add("issue37-host-decoded", [one(".Main", [dict(scheme="https", host="münchen.example")])],
          [("https://m%C3%BCnchen.example/", None, "uri-host",
            "Uri.getHost() percent-decodes; compareToIgnoreCase folds ü/Ü"),
           ("https://MÜNCHEN.example/", None, "host", "compareToIgnoreCase folds non-ASCII letters")])
    g.add("issue37-empty-path", [one(".Main", [dict(scheme="https", host="e.example", pathPrefix="/")])],
          [("https://e.example", None, "uri-path", "Uri.getPath() of https://e.example is empty, not /")])
    g.add("issue37-utf16", [one(".Main", [dict(scheme="https", host="e.example", pathPattern="/a.b")])],
          [("https://e.example/a%F0%9F%98%80b", None, "glob", ". takes one UTF-16 unit; the emoji is two")])
    g.add("issue37-utf16", [one(".Main", [dict(scheme="https", host="e.example", pathAdvancedPattern="/[😀]{2}")])],
          [("https://e.example/😀", None, "utf16", "the set holds both surrogates; {2} takes the two units")])
    g.add("issue37-fffd", [one(".Main", [dict(scheme="https", host="e.example", pathPattern="/x.y")])],
          [("https://e.example/x%FFy", None, "decode", "%FF is not UTF-8: decoded to U+FFFD, one unit")])
    g.add("issue37-opaque-empty-host", [one(".Main", [dict(scheme="myapp", host="")])],
          [("myapp:any", None, "uri-authority", "no // so no authority: getHost() is null"),
           ("myapp:///any", "opaque-empty-host", "host", "authority is empty: host \"\" matches")])
    g.add("issue37-aapt-escape", [one(".Main", [dict(scheme="https", host="e.example", pathPrefix="/a\\")])],
          [("https://e.example/a", None, "aapt", "aapt2 drops a trailing backslash: pathPrefix is /a"),
           ("https://e.example/a\\", None, "aapt", "the backslash is not part of the prefix; the path still starts with /a")])
    g.add("issue37-aapt-escape", [one(".Main", [dict(scheme="https", host="e.example", path="/\\u41")])],
          [("https://e.example/A", None, "aapt", "aapt2 reads a short \\u41 at the end as A"),
           ("https://e.example/u41", None, "aapt")])
    g.add("issue37-installs", [one(".Main", [dict(scheme="https", host="e.example", pathAdvancedPattern="/[z-a]")])],
          [("https://e.example/z", None, "advanced-parse", "an inverted range parses and matches nothing"),
           ("https://e.example/a", None, "advanced-parse")])
    g.add("issue37-installs", [one(".Main", [dict(scheme="https", host="e.example", port="-1")])],
          [("https://e.example/", None, "port", "port -1 is no port: any port matches"),
           ("https://e.example:8443/", None, "port")])
    g.add("issue37-refused", [one(".Main", [dict(scheme="https", host="e.example", pathAdvancedPattern="/a{99999999999}")])],
          [("https://e.example/a", None, "advanced-parse", "Integer.parseInt overflows: IllegalArgumentException refuses the package")])
    g.add("issue37-refused", [one(".Main", [dict(scheme="https", host="e.example", port="99999999999")])],
          [("https://e.example/", None, "port-parse", "Integer.parseInt overflows: the package is refused")])


# ------------------------------------------------------------------------------------------
# Hand-written edge classes.
def edges(g):
    H = dict(scheme="https", host="e.example")
    # Uri parsing of the authority
    g.add("uri-authority", [one(".Main", [dict(H, pathPrefix="/p")])], [
        ("https://e.example/p", None, "prefix"),
        ("https://user@e.example/p", None, "uri-host", "user info is cut at the last @"),
        ("https://a@b@e.example/p", None, "uri-host"),
        ("https://e.example@evil.example/p", None, "uri-host"),
        ("https://e.example\\p", None, "uri-authority", "a backslash ends the authority and starts the path"),
        ("https://e.example\\p/x", None, "uri-authority"),
        ("https://e.example?x=/p", None, "uri-path"),
        ("https://e.example#/p", None, "uri-path"),
        ("https://e.example/p?q#f", None, "uri-path"),
        ("https://e.example/%70", None, "decode", "the path is compared decoded"),
        ("https://e%2Eexample/p", None, "uri-host", "the host is compared decoded"),
        ("https://e.example./p", None, "host"),
        ("https://E.EXAMPLE/p", None, "host"),
        ("https:/e.example/p", None, "uri-authority"),
        ("https:e.example/p", None, "uri-authority"),
        ("https:///e.example/p", None, "uri-authority"),
        ("HTTPS://e.example/p", "scheme-case", "scheme", "the scheme is compared exactly"),
        ("Https://e.example/p", "scheme-case", "scheme"),
        ("//e.example/p", "relative", "scheme", "no scheme: Uri.getScheme() is null"),
        ("https://e.example//p", None, "prefix"),
        ("https://e.example/P", None, "prefix", "paths are case-sensitive"),
    ])
    g.add("uri-port", [one(".Main", [dict(H, port="8080", pathPrefix="/")])], [
        ("https://e.example:8080/", None, "port"),
        ("https://e.example:08080/", None, "uri-port", "Integer.parseInt(\"08080\") is 8080"),
        ("https://e.example:8081/", None, "port"),
        ("https://e.example/", None, "port"),
        ("https://e.example:/", None, "uri-port"),
        ("https://e.example:8080", None, "uri-path"),
        ("https://user:pw@e.example:8080/", None, "uri-port"),
        ("https://e.example%3A8080/", None, "uri-port", "an encoded colon is not a port separator"),
        ("https://e.example:80%380/", None, "uri-port"),
        ("https://e.example:99999999999/", None, "uri-port"),
    ])
    g.add("uri-port", [one(".Main", [dict(H, pathPrefix="/")])], [
        ("https://e.example:8080/", None, "port", "no port attribute: any port"),
        ("https://e.example:/", None, "uri-port"),
        ("https://e.example:x/", None, "uri-host", "not digits after the colon: the host is e.example:x"),
        ("https://e.example:99999999999/", None, "uri-port"),
        ("https://[::1]:443/", None, "host"),
    ])
    g.add("port-attr", [one(".Main", [dict(H, port="+443")])], [
        ("https://e.example:443/", None, "port-parse", "Integer.parseInt accepts +443"),
        ("https://e.example/", None, "port"),
    ])
    g.add("port-attr", [one(".Main", [dict(H, port="0443")])], [
        ("https://e.example:443/", None, "port-parse"),
        ("https://e.example:0443/", None, "port-parse"),
    ])
    g.add("port-attr-refused", [one(".Main", [dict(H, port="https")])], [
        ("https://e.example/", None, "port-parse")])
    g.add("port-attr-refused", [one(".Main", [dict(H, port="80 ")])], [
        ("https://e.example:80/", None, "port-parse")])
    g.add("port-attr", [one(".Main", [dict(scheme="https", port="8080"), dict(host="e.example")])], [
        ("https://e.example:8080/", None, "parse-data", "a port without a host in its <data> is dropped"),
        ("https://e.example:9/", None, "parse-data"),
    ])
    # wildcard hosts
    g.add("host-wildcard", [one(".Main", [dict(scheme="https", host="*.e.example", pathPrefix="/w")])], [
        ("https://a.e.example/w", None, "host"),
        ("https://a.b.e.example/w", None, "host"),
        ("https://e.example/w", None, "host", "*.e.example needs the dot: e.example is not taken"),
        ("https://.e.example/w", None, "host"),
        ("https://xe.example/w", None, "host"),
        ("https://A.E.EXAMPLE/w", None, "host"),
        ("https://a.e.example.evil/w", None, "host"),
        ("https://a%2Ee.example/w", None, "uri-host"),
    ])
    g.add("host-wildcard", [one(".Main", [dict(scheme="https", host="*")])], [
        ("https://anything.example/", None, "host"),
        ("https:///x", None, "host", "an empty authority still has a host \"\""),
        ("https:x", None, "uri-authority"),
        ("https://e.example", None, "host"),
    ])
    g.add("host-wildcard", [one(".Main", [dict(scheme="https", host="*e.example")])], [
        ("https://e.example/", None, "host"),
        ("https://we.example/", None, "host"),
        ("https://w.e.example/", None, "host"),
    ])
    g.add("host-wildcard", [one(".Main", [dict(scheme="https", host="a.*.example")])], [
        ("https://a.*.example/", None, "host", "only a leading * is a wildcard"),
        ("https://a.b.example/", None, "host"),
    ])
    # host case folding beyond ASCII (String.compareToIgnoreCase)
    g.add("host-case", [one(".Main", [dict(scheme="https", host="σ.example")])], [
        ("https://Σ.example/", None, "host"),
        ("https://ς.example/", None, "host", "final sigma upper-cases to Σ"),
        ("https://%CF%82.example/", None, "host"),
        ("https://s.example/", None, "host"),
    ])
    g.add("host-case", [one(".Main", [dict(scheme="https", host="kid.example")])], [
        ("https://\u212aid.example/", None, "host", "KELVIN SIGN lower-cases to k"),
        ("https://k\u0131d.example/", None, "host", "dotless ı upper-cases to I"),
        ("https://KİD.example/", None, "host"),
        ("https://KID.example/", None, "host"),
    ])
    g.add("host-case", [one(".Main", [dict(scheme="https", host="café.example")])], [
        ("https://CAFÉ.example/", None, "host"),
        ("https://cafe\u0301.example/", None, "host", "NFD is not NFC: compared by UTF-16 units"),
        ("https://caf%C3%A9.example/", None, "uri-host"),
        ("https://caf%C3%89.example/", None, "uri-host"),
        ("https://xn--caf-dma.example/", None, "host", "no IDNA: punycode is another host"),
        ("https://caf%E9.example/", None, "decode"),
    ])
    g.add("host-case", [one(".Main", [dict(scheme="https", host="xn--caf-dma.example")])], [
        ("https://café.example/", None, "host"),
        ("https://XN--CAF-DMA.example/", None, "host"),
    ])
    g.add("host-empty", [one(".Main", [dict(scheme="myapp", host="", pathPrefix="/x")])], [
        ("myapp:///x", None, "host"),
        ("myapp://x", None, "host"),
        ("myapp:/x", None, "uri-authority"),
        ("myapp:x", None, "uri-authority"),
        ("myapp://@/x", None, "uri-host"),
        ("myapp://:1/x", None, "uri-host"),
    ])
    # scheme only: paths ignored, opaque links taken
    g.add("scheme-only", [one(".Main", [dict(scheme="myapp", pathPrefix="/only")])], [
        ("myapp:anything", None, "data", "no host: path attributes are ignored"),
        ("myapp://h/other", None, "data"),
        ("myapp:", None, "data"),
        ("MYAPP:x", None, "scheme"),
        ("myapps:x", None, "scheme"),
        ("myapp", None, "scheme"),
        ("x-myapp:y", None, "scheme"),
    ])
    g.add("scheme-odd", [one(".Main", [dict(scheme="my+app.v-1", host="h")])], [
        ("my+app.v-1://h/", None, "scheme"),
        ("my+app.v-1://H/", None, "host"),
        ("my%2Bapp.v-1://h/", None, "scheme"),
    ])
    g.add("scheme-nonascii", [one(".Main", [dict(scheme="app", host="h")]), one(".Second", [dict(scheme="Äpp", host="h")])], [
        ("app://h/", None, "scheme"),
        ("Äpp://h/", None, "scheme"),
        ("äpp://h/", None, "scheme"),
    ])
    # data combination: every scheme x every host x every path in a filter
    g.add("data-combine", [one(".Main", [dict(scheme="https", host="a.example"),
                                         dict(scheme="http", host="b.example", port="81"),
                                         dict(pathPrefix="/x"), dict(path="/y")])], [
        ("https://a.example/x1", None, "data"),
        ("http://a.example/y", None, "data"),
        ("https://b.example:81/x", None, "data"),
        ("http://b.example/x", None, "port"),
        ("http://b.example:81/z", None, "data"),
        ("ftp://a.example/x", None, "scheme"),
    ])
    g.add("data-combine", [one(".Main", [dict(host="a.example", pathPrefix="/x")])], [
        ("https://a.example/x", None, "data", "no scheme in the filter: only content:, file: or no scheme"),
        ("file://a.example/x", None, "data"),
        ("content://a.example/x", None, "data"),
        ("a.example/x", None, "data"),
    ])
    g.add("mime-type", [one(".Main", [dict(scheme="https", host="a.example", mimeType="text/html")])], [
        ("https://a.example/", None, "data", "a type in the filter: a link without a type never matches")])
    g.add("mime-type-refused", [one(".Main", [dict(scheme="https", host="a.example", mimeType="html")])], [
        ("https://a.example/", None, "parse-data", "MalformedMimeTypeException refuses the package")])
    # categories and actions
    g.add("default-only", [one(".NoDefault", [dict(scheme="https", host="a.example")],
                               categories=("android.intent.category.BROWSABLE",)),
                           one(".WithDefault", [dict(scheme="https", host="b.example")])], [
        ("https://a.example/", None, "default-only", "startActivity resolves with MATCH_DEFAULT_ONLY"),
        ("https://b.example/", None, "default-only"),
    ])
    g.add("not-browsable", [one(".NoBrowsable", [dict(scheme="https", host="a.example")],
                                categories=("android.intent.category.DEFAULT",)),
                            one(".Anchor", [dict(scheme="https", host="anchor.example")])], [
        ("https://a.example/", None, "categories"), ("https://anchor.example/", None, "categories")])
    g.add("not-view", [one(".Edit", [dict(scheme="https", host="a.example")],
                           actions=("android.intent.action.EDIT",)),
                       one(".Both", [dict(scheme="https", host="b.example")],
                           actions=("android.intent.action.EDIT", "android.intent.action.VIEW"))], [
        ("https://a.example/", None, "action"), ("https://b.example/", None, "action")])
    g.add("extra-categories", [one(".Main", [dict(scheme="https", host="a.example")],
                                   categories=("android.intent.category.DEFAULT",
                                               "android.intent.category.BROWSABLE",
                                               "android.intent.category.APP_BROWSER"))], [
        ("https://a.example/", None, "categories")])
    # several activities: the chooser offers all
    g.add("chooser", [one(".First", [dict(scheme="https", host="a.example", pathPrefix="/")]),
                      one(".Second", [dict(scheme="https", host="a.example", pathPrefix="/s")]),
                      one("Third", [dict(scheme="https", host="*.example", pathSuffix="s")]),
                      one("org.other.Fourth", [dict(scheme="https", host="a.example", path="/s")])], [
        ("https://a.example/s", None, "data", "every matching activity is offered"),
        ("https://a.example/x", None, "data"),
        ("https://b.example/xs", None, "data"),
        ("https://a.example", None, "uri-path"),
    ])
    g.add("chooser", [("Dup", [filter_xml([dict(scheme="https", host="a.example", path="/a")]),
                               filter_xml([dict(scheme="https", host="a.example", pathPrefix="/")])]),
                      ("Dup", [filter_xml([dict(scheme="https", host="a.example", path="/b")])])], [
        ("https://a.example/a", None, "data"), ("https://a.example/b", None, "data"),
        ("https://a.example/c", None, "data")])
    # percent decoding (UriCodec) details
    g.add("decode", [one(".Main", [dict(H, pathPattern="/d.")])], [
        ("https://e.example/d%", None, "decode", "a lone % decodes to U+FFFD"),
        ("https://e.example/d%4", None, "decode"),
        ("https://e.example/d%zz", None, "decode", "%zz gives U+FFFD and a NUL byte"),
        ("https://e.example/d%z", None, "decode"),
        ("https://e.example/d%41", None, "decode"),
        ("https://e.example/d%C3%A9", None, "decode"),
        ("https://e.example/d%C3", None, "decode"),
        ("https://e.example/d%E2%82", None, "decode"),
        ("https://e.example/d%ED%A0%80", None, "decode", "an encoded surrogate is malformed UTF-8"),
        ("https://e.example/d%F0%9F%98%80", None, "glob"),
        ("https://e.example/d+", None, "decode", "+ stays +"),
        ("https://e.example/d%2B", None, "decode"),
        ("https://e.example/d%2F", None, "decode", "%2F decodes to / before matching"),
        ("https://e.example/d%2f", None, "decode"),
        ("https://e.example/d%00", None, "decode"),
        ("https://e.example/d%3F", None, "decode"),
        ("https://e.example/d%23", None, "decode"),
        ("https://e.example/d ", None, "decode"),
        ("https://e.example/d%20", None, "decode"),
    ])
    g.add("decode", [one(".Main", [dict(H, path="/a/b")])], [
        ("https://e.example/a%2Fb", None, "decode"),
        ("https://e.example/a%2fb", None, "decode"),
        ("https://e.example/%61/%62", None, "decode"),
        ("https://e.example/a/b/", None, "literal"),
        ("https://e.example/a//b", None, "literal"),
        ("https://e.example/./a/b", None, "literal", "no dot-segment removal"),
        ("https://e.example/a/./b", None, "literal"),
        ("https://e.example/a/../a/b", None, "literal"),
        ("https://e.example\\a\\b", None, "uri-path"),
        ("https://e.example\\a/b", None, "uri-path"),
    ])
    g.add("decode", [one(".Main", [dict(H, path="/a b+c%")])], [
        ("https://e.example/a%20b+c%25", None, "decode"),
        ("https://e.example/a b+c%25", None, "decode"),
        ("https://e.example/a+b+c%25", None, "decode"),
        ("https://e.example/a%20b%2Bc%", None, "decode"),
    ])
    g.add("nfc-nfd", [one(".Main", [dict(H, path="/café")]), one(".Nfd", [dict(H, path="/cafe\u0301")])], [
        ("https://e.example/café", None, "literal"),
        ("https://e.example/cafe\u0301", None, "literal"),
        ("https://e.example/caf%C3%A9", None, "decode"),
        ("https://e.example/cafe%CC%81", None, "decode"),
        ("https://e.example/CAFÉ", None, "literal"),
    ])
    # aapt escapes in attributes
    aapt_cases = [
        ("/a\\*", ["/a*", "/aa", "/a"], "pathPattern", "\\* becomes * in aapt2: the glob sees a*"),
        ("/a\\\\*", ["/a*", "/a", "/aa"], "pathPattern", "\\\\* becomes \\* in aapt2: a literal *"),
        ("/a\\\\.b", ["/a.b", "/axb"], "pathPattern", None),
        ("/a\\.b", ["/a.b", "/axb"], "pathPattern", "\\. becomes . in aapt2: any character"),
        ("/t\\tx", ["/t\tx", "/ttx", "/t%09x"], "path", None),
        ("/n\\nx", ["/n%0Ax", "/nnx"], "path", None),
        ("/q\\\"x", ["/q\"x", "/q%22x"], "path", None),
        ("/q\\'x", ["/q'x"], "path", None),
        ("/h\\#x", ["/h#x", "/h%23x"], "path", None),
        ("/at\\@x", ["/at@x"], "path", None),
        ("/x\\u00e9", ["/xé", "/x%C3%A9"], "path", None),
        ("/x\\u00E9y", ["/xéy"], "path", None),
        ("/x\\u3042", ["/xあ"], "path", None),
        ("/\\u2F", ["/", "//", "/u2F"], "pathPrefix", None),
        ("/\\z", ["/z", "/\\z"], "path", "an unknown escape drops the backslash"),
        ("/\\", ["/", "/a"], "pathAdvancedPattern", "aapt2 drops the trailing backslash: the pattern is /"),
        ("/sp ace", ["/sp ace", "/sp%20ace"], "path", "preserve_spaces: kept as written"),
        ("/two  spaces", ["/two  spaces", "/two spaces"], "path", None),
        ("/\"quoted\"", ["/\"quoted\"", "/quoted"], "path", None),
        ("/it's", ["/it's", "/its"], "path", None),
        ("/[0-9]\\+", ["/5", "/55", "/5+"], "pathAdvancedPattern", None),
        ("/[0-9]\\\\+", ["/5+", "/55"], "pathAdvancedPattern", None),
        ("/a&amp;b", ["/a&amp;b", "/a&b"], "path", None),   # stays the written text in XML
    ]
    for pat, paths, attr, note in aapt_cases:
        value = pat
        if attr == "path" and value == "/a&amp;b":
            value = "/a&b"   # the XML text is /a&amp;b
        g.add("aapt-escape", [one(".Main", [dict(H, **{attr: value})])],
              [("https://e.example" + p, None, "aapt", note if i == 0 else None) for i, p in enumerate(paths)])
    g.add("aapt-refused", [one(".Main", [dict(H, path="/\\u4g")])], [
        ("https://e.example/u4g", None, "aapt", "aapt2: invalid unicode escape sequence (the build fails)")])
    g.add("aapt-refused", [one(".Main", [dict(H, path="/\\u41/x")])], [
        ("https://e.example/A/x", None, "aapt", "a short \\u escape followed by a non-hex character fails the build")])
    # pattern refusals (parseAndVerifyAdvancedPattern throws -> package refused)
    for bad in ["/a{2", "/[abc", "/[]", "/[^]", "*a", "/a**", "/a+*", "/a{1,x}", "/a{3,1}", "/a{-1}",
                "{1}", "/[", "+", "/a{}", "/\\\\"]:
        g.add("advanced-refused", [one(".Main", [dict(H, pathAdvancedPattern=bad)])], [
            ("https://e.example/a", None, "advanced-parse", "pattern %s does not parse" % bad)])
    for ok in ["/a}", "/]", "/a{1,}", "/[-a]", "/[a-]", "/[a-]]", "/[]]"[:0] + "/x]", "/[\\]]", "/[[]",
               "/[^-]", "/a{0}", "/a{0,0}b", "/.{2,3}", "/[a-c-e]", "/[\\-]"]:
        if not ok:
            continue
        g.add("advanced-installs", [one(".Main", [dict(H, pathAdvancedPattern=ok)])], [
            ("https://e.example/a", None, "advanced-parse", "pattern %s parses" % ok),
            ("https://e.example/a}", None, "advanced"), ("https://e.example/]", None, "advanced"),
            ("https://e.example/-", None, "advanced"), ("https://e.example/b", None, "advanced"),
            ("https://e.example/[", None, "advanced"), ("https://e.example/aab", None, "advanced"),
            ("https://e.example/ab", None, "advanced"), ("https://e.example/d", None, "advanced"),
        ])
    # glob specifics: no backtracking
    glob_cases = {
        "/p/.*/full": ["/p/a/full", "/p/a/b/full", "/p//full", "/p/full", "/p/a/fullx", "/p/a/full/"],
        "/a.*": ["/a", "/ab", "/a/b/c", "/"],
        ".*": ["", "/", "/anything"],
        "/x*y": ["/y", "/xy", "/xxxy", "/xzy"],
        "/a*a": ["/a", "/aa", "/aaa"],
        "/.*x.*y": ["/xy", "/axby", "/xxy", "/yxy"],
        "/.*\\.png": [],   # aapt2 turns \. into . : handled by escape cases; keep pure below
        "/a.*b.*": ["/ab", "/aXbY", "/a", "/b"],
        "*": ["", "/", "*"],
        "/*": ["", "/", "//", "/a"],
        "/.": ["/", "/a", "/ab"],
        "/\\\\.*": ["/.", "/.x", "/x", "/", "/\\"],
        "/a\\\\*b": ["/a*b", "/ab", "/aab"],
        "/.*/": ["/", "//", "/a/", "/a/b/"],
        "/.*.*x": ["/x", "/ax", "/.x"],
        "/user/.*": ["/user/", "/user", "/user/42"],
        "/x.*": ["/x", "/x%2F", "/x%F0%9F%98%80"],
    }
    for pat, paths in glob_cases.items():
        if not paths:
            continue
        g.add("glob", [one(".Main", [dict(H, pathPattern=pat)])],
              [("https://e.example" + p, None, "glob") for p in paths])
    adv_cases = {
        "/[0-9]+": ["/1", "/123", "/", "/12a", "/١٢"],
        "/[a-z]*[0-9]": ["/abc1", "/1", "/abc", "/ab1c"],
        "/.*x": ["/x", "/ax", "/axx"],
        "/.+": ["/", "/a", "/ab"],
        "/[^/]+/[^/]+": ["/a/b", "/a/b/c", "/a//b", "/ab"],
        "/a{2}": ["/a", "/aa", "/aaa"],
        "/a{2,}": ["/a", "/aa", "/aaaa"],
        "/a{1,2}a": ["/aa", "/aaa", "/a"],
        "/[ab]{0,1}c": ["/c", "/ac", "/bc", "/abc"],
        "/[A-Za-z]+": ["/Abc", "/é", "/abc1"],
        "/[^a-c]+": ["/def", "/dad", "/é"],
        "/é+": ["/é", "/éé", "/e\u0301", "/%C3%A9%C3%A9"],
        "/[😀-😂]": ["/😀", "/😁", "/😀😀"],
        "/.{2}": ["/é", "/😀", "/ab", "/a"],
        "/\\.+": ["/.", "/..", "/a"],
        "/[.]": ["/.", "/a"],
        "/[\\^a]": ["/^", "/a", "/\\"],
        "/[a\\-z]": ["/-", "/b", "/a", "/z"],
        "/x[0-9]{3,5}y": ["/x12y", "/x123y", "/x12345y", "/x123456y"],
        "/[0-9]*[0-9]": ["/1", "/12"],
        "/a*": ["/", "/a", "/aa", "/ab"],
    }
    for pat, paths in adv_cases.items():
        g.add("advanced", [one(".Main", [dict(H, pathAdvancedPattern=pat)])],
              [("https://e.example" + p, None, "advanced") for p in paths])
    # prefixes/suffixes against empty and slash paths
    g.add("empty-path", [one(".Root", [dict(H, path="/")]), one(".Empty", [dict(H, path="")]),
                         one(".Prefix", [dict(H, pathPrefix="")]), one(".Suffix", [dict(H, pathSuffix="/")])], [
        ("https://e.example", None, "uri-path"), ("https://e.example/", None, "literal"),
        ("https://e.example?x", None, "uri-path"), ("https://e.example#x", None, "uri-path"),
        ("https://e.example/a/", None, "suffix"), ("https://e.example/a", None, "prefix"),
    ])
    g.add("empty-path", [one(".Glob", [dict(H, pathPattern="")]), one(".Star", [dict(H, pathPattern=".*")]),
                         one(".Adv", [dict(H, pathAdvancedPattern="")])], [
        ("https://e.example", None, "glob"), ("https://e.example/", None, "glob"),
        ("https://e.example/x", None, "glob")])


# ------------------------------------------------------------------------------------------
# Random tables from the grammar.
SEGMENTS = ["photos", "p", "user", "a", "b", "items", "café", "naïve", "日本", "a b", "a+b", "x.y",
            "v1", "HELP", "über", "😀", "full", "-", "_"]
HOSTS = ["e.example", "www.e.example", "*.e.example", "shop.example", "münchen.example", "*",
         "api.e.example", "E.Example"]
SCHEMES = ["https", "http", "myapp", "app-x"]


def rand_literal(rng, nseg=None):
    n = nseg if nseg is not None else rng.randint(1, 3)
    return "/" + "/".join(rng.choice(SEGMENTS) for _ in range(n))


def rand_glob(rng):
    parts = ["/"]
    for _ in range(rng.randint(1, 4)):
        r = rng.random()
        if r < 0.35:
            parts.append(rng.choice(SEGMENTS))
        elif r < 0.55:
            parts.append(".*")
        elif r < 0.7:
            parts.append(rng.choice("abxz") + "*")
        elif r < 0.85:
            parts.append(".")
        else:
            parts.append("/")
    return "".join(parts)


def rand_adv(rng):
    toks = ["/"]
    for _ in range(rng.randint(1, 4)):
        atom = rng.choice(["[a-z]", "[0-9]", "[^/]", ".", "a", "b", "/", "[a-zA-Z0-9]", "é", "[_-]"])
        mod = rng.choice(["", "", "*", "+", "{2}", "{1,3}", "{0,}", "{3,}"])
        if atom == "/" and mod:
            mod = ""
        toks.append(atom + mod)
    return "".join(toks)


def sample_adv(rng, pat):
    """A string the pattern is meant to take (the oracle decides if it does)."""
    out = []
    i = 0
    while i < len(pat):
        c = pat[i]
        if c == "[":
            j = pat.index("]", i)
            body = pat[i + 1:j]
            if body == "a-z":
                ch = rng.choice("abcxyz")
            elif body == "0-9":
                ch = rng.choice("0123456789")
            elif body == "^/":
                ch = rng.choice("aZ9é-")
            elif body == "a-zA-Z0-9":
                ch = rng.choice("aZ9")
            else:
                ch = rng.choice("_-")
            i = j + 1
        elif c == ".":
            ch = rng.choice("ab/9é")
            i += 1
        else:
            ch = c
            i += 1
        n = 1
        if i < len(pat) and pat[i] in "*+{":
            if pat[i] == "*":
                n = rng.randint(0, 3); i += 1
            elif pat[i] == "+":
                n = rng.randint(1, 3); i += 1
            else:
                j = pat.index("}", i)
                spec = pat[i + 1:j]
                lo, _, hi = spec.partition(",")
                lo = int(lo)
                hi = int(hi) if hi else (lo if "," not in spec else lo + 2)
                n = rng.randint(lo, hi)
                i = j + 1
        out.append(ch * n)
    return "".join(out)


def sample_glob(rng, pat):
    out = []
    i = 0
    while i < len(pat):
        c = pat[i]
        star = i + 1 < len(pat) and pat[i + 1] == "*"
        if c == "." and star:
            out.append(rng.choice(["", "x", "ab/c", "1"]))
            i += 2
        elif star:
            out.append(c * rng.randint(0, 3))
            i += 2
        elif c == ".":
            out.append(rng.choice("q/7é"))
            i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def encode_path(rng, path):
    """Percent-encode some characters (UTF-8), keeping the meaning for a decoder."""
    out = []
    for ch in path:
        if ch == "/" or rng.random() < 0.6:
            if ch == " ":
                out.append("%20")
            elif ord(ch) > 127:
                out.append(ch if rng.random() < 0.5 else quote(ch, safe=""))
            else:
                out.append(ch)
        else:
            q = quote(ch, safe="")
            if q == ch:
                q = "%%%02X" % ord(ch)
            out.append(q.lower() if rng.random() < 0.3 else q)
    return "".join(out)


def host_for(rng, host):
    if host == "*":
        return rng.choice(["any.example", "e.example", "x"])
    if host.startswith("*."):
        return rng.choice(["a", "b.c", "www"]) + host[1:]
    return host


def vary_link(rng, scheme, host, port, path):
    """A few variations around one intended hit."""
    h = host_for(rng, host)
    auth = h + (":" + port if port else "")
    base = "%s://%s" % (scheme, auth)
    links = [(base + path, "hit")]
    choices = [
        lambda: (base + encode_path(rng, path), "encoded"),
        lambda: (base + path + rng.choice(["?q=1", "#frag", "?a=/x#y", "/"]), "query-fragment"),
        lambda: ("%s://%s%s" % (scheme, auth.upper(), path), "host-case"),
        lambda: (base + path.upper(), "path-case"),
        lambda: (base + path[:-1] if len(path) > 1 else base, "truncated"),
        lambda: (base + path + rng.choice(["x", "/x", "%2F", "é"]), "extended"),
        lambda: (base + unicodedata.normalize("NFD", path), "nfd"),
        lambda: ("%s://%s%s" % (scheme, h + ":" + str(rng.choice([80, 443, 8080])), path), "port"),
        lambda: ("%s://%s%s" % (scheme.upper(), auth, path), "scheme-case"),
        lambda: ("%s://%s%s" % (rng.choice(SCHEMES), auth, path), "other-scheme"),
        lambda: ("%s://%s%s" % (scheme, "other.example", path), "other-host"),
        lambda: (base, "empty-path"),
        lambda: ("%s://user@%s%s" % (scheme, auth, path), "userinfo"),
        lambda: (base + path.replace("/", "//", 1), "double-slash"),
        lambda: ("%s:%s" % (scheme, path.lstrip("/")), "opaque"),
    ]
    for f in rng.sample(choices, 4):
        links.append(f())
    return links


def random_tables(g, count):
    rng = g.rng
    for t in range(count):
        nact = rng.randint(1, 5)
        activities = []
        intended = []
        for a in range(nact):
            name = rng.choice([".A%d" % a, "Act%d" % a, "com.example.app.ui.A%d" % a, ".ui.A%d" % a])
            filters = []
            for _ in range(rng.randint(1, 2)):
                datas = []
                schemes = rng.sample(SCHEMES, rng.choice([1, 1, 2]))
                hosts = rng.sample(HOSTS, rng.choice([1, 1, 2]))
                for s in schemes:
                    datas.append(dict(scheme=s))
                port = None
                for h in hosts:
                    d = dict(host=h)
                    if rng.random() < 0.12:
                        port = rng.choice(["8080", "443"])
                        d["port"] = port
                    datas.append(d)
                kinds = []
                for _ in range(rng.choice([0, 1, 1, 2, 3])):
                    kind = rng.choice(["path", "pathPrefix", "pathSuffix", "pathPattern", "pathAdvancedPattern"])
                    if kind == "path":
                        v = rand_literal(rng); sample = v
                    elif kind == "pathPrefix":
                        v = rand_literal(rng, rng.randint(0, 2)) if rng.random() < 0.8 else "/"
                        if v == "/" or rng.random() < 0.3:
                            v = v.rstrip("/") + "/" if v != "/" else v
                        sample = v + rng.choice(["", "x", "/more"])
                    elif kind == "pathSuffix":
                        v = rng.choice([".html", "/edit", "s", "/", "é"])
                        sample = rand_literal(rng) + v
                    elif kind == "pathPattern":
                        v = rand_glob(rng); sample = sample_glob(rng, v)
                    else:
                        v = rand_adv(rng); sample = sample_adv(rng, v)
                    datas.append({kind: v})
                    kinds.append(sample)
                if not kinds:
                    kinds = [rand_literal(rng)]
                cats = ("android.intent.category.DEFAULT", "android.intent.category.BROWSABLE")
                if rng.random() < 0.04:
                    cats = ("android.intent.category.BROWSABLE",)
                filters.append(filter_xml(datas, categories=cats, auto_verify=rng.random() < 0.2))
                for s in schemes:
                    for h in hosts:
                        for p in kinds:
                            intended.append((s, h, port, p))
            activities.append((name, filters))
        links = []
        for s, h, port, p in rng.sample(intended, min(len(intended), 3)):
            links.extend(vary_link(rng, s, h, port, p))
        seen = set()
        uniq = []
        for link, cat in links:
            if link in seen or "\n" in link:
                continue
            seen.add(link)
            uniq.append((link, "random-" + cat, "data", None))
        g.add("random", activities, uniq[:15])


def run_harness(classes, groups):
    req = []
    for grp in groups:
        fields = [grp["manifest"]] + [l["link"] for l in grp["links"]]
        req.append("\t".join(base64.b64encode(f.encode("utf-8")).decode() for f in fields))
    proc = subprocess.run(["java", "-cp", classes, "AndroidOracle"], input=("\n".join(req) + "\n").encode(),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True)
    out = [json.loads(l) for l in proc.stdout.decode("utf-8").splitlines()]
    assert len(out) == len(groups), (len(out), len(groups), proc.stderr.decode()[-2000:])
    return out


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--classes", required=True)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                  "..", "..", "Fixtures", "oracle", "android"))
    ap.add_argument("--random-tables", type=int, default=170)
    args = ap.parse_args(argv)
    g = Gen()
    issue37(g)
    edges(g)
    random_tables(g, args.random_tables)
    results = run_harness(args.classes, g.groups)
    os.makedirs(args.out, exist_ok=True)
    n = 0
    with open(os.path.join(args.out, "cases.jsonl"), "w", encoding="utf-8") as f:
        for i, (grp, res) in enumerate(zip(g.groups, results)):
            rec = {"id": "android-%04d" % (i + 1), "category": grp["category"], "options": [],
                   "manifest": grp["manifest"]}
            if res["refused"]:
                rec["refused"] = True
                rec["reason"] = res["reason"]
            links = []
            for k, l in enumerate(grp["links"]):
                item = {"link": l["link"]}
                item["answers"] = [] if res["refused"] else [{"target": t} for t in res["answers"][k]]
                item["category"] = l["category"]
                item["cite"] = l["cite"]
                if l["note"]:
                    item["note"] = l["note"]
                links.append(item)
                n += 1
            rec["links"] = links
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print("groups", len(g.groups), "links", n, file=sys.stderr)
    return n


if __name__ == "__main__":
    main(sys.argv[1:])
