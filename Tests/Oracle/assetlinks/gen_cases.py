#!/usr/bin/env python3
"""Generates assetlinks.json bodies and AndroidManifest.xml intent-filter sets, has the harness
(AssetLinksOracle.java, linked with AOSP's StatementService parser, android.util.JsonReader and
libcore's org.json) answer them, and writes Tests/Fixtures/assetlinks-device/statements.jsonl,
collector.jsonl and provenance.json.

Usage: gen_cases.py --classes BUILD/classes [--out Tests/Fixtures/assetlinks-device]
       gen_cases.py --classes BUILD/classes --compare-url   (diagnostic, writes nothing)

The random choices use a fixed seed, so the same harness gives the same bytes.
"""
import argparse
import base64
import hashlib
import json
import os
import random
import subprocess
import sys

SEED = 41
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
COMPAT = os.path.join(ROOT, "Tests", "Fixtures", "assetlinks-compat", "cases.jsonl")
OUT = os.path.join(ROOT, "Tests", "Fixtures", "assetlinks-device")

HANDLE = "delegate_permission/common.handle_all_urls"
LOGIN = "delegate_permission/common.get_login_creds"
VIEW = "android.intent.action.VIEW"
DEFAULT = "android.intent.category.DEFAULT"
BROWSABLE = "android.intent.category.BROWSABLE"
PACKAGE = "com.example.app"

# AOSP files the harness is built from (repository, path, commit); the README lists the same.
FRAMEWORKS = "aosp-mirror/platform_frameworks_base"
AOSP_FILES = [
    # compiled unchanged
    ("compiled", FRAMEWORKS, "packages/StatementService/src/com/android/statementservice/retriever/AbstractAsset.java", "374e6d6cc9b587a195c49003e84a5a2543477962"),
    ("compiled", FRAMEWORKS, "packages/StatementService/src/com/android/statementservice/retriever/AndroidAppAsset.java", "2aef2f4e304478215832d3f96ae097c60279888c"),
    ("compiled", FRAMEWORKS, "packages/StatementService/src/com/android/statementservice/retriever/AssetFactory.java", "391da039ef02f701f586e0493c4445f1270eaa0c"),
    ("compiled", FRAMEWORKS, "packages/StatementService/src/com/android/statementservice/retriever/AssetJsonWriter.java", "653f7138475c632f9b06ed6622f16daf809076da"),
    ("compiled", FRAMEWORKS, "packages/StatementService/src/com/android/statementservice/retriever/AssociationServiceException.java", "6a34bb2d6a6cbc7a70bdf0c53d238dc28e0b1d58"),
    ("compiled", FRAMEWORKS, "packages/StatementService/src/com/android/statementservice/retriever/DynamicAppLinkComponent.java", "97acafe23a37321336c4f13c7dba3816133984d2"),
    ("compiled", FRAMEWORKS, "packages/StatementService/src/com/android/statementservice/retriever/JsonParser.java", "05f31ae6d9faad1581ff6f457e6faa84529d003a"),
    ("compiled", FRAMEWORKS, "packages/StatementService/src/com/android/statementservice/retriever/Relation.java", "65eb01dfe83d587c2cd8c97accd67cd365ba6b20"),
    ("compiled", "yaap/frameworks_base", "packages/StatementService/src/com/android/statementservice/retriever/Statement.java", "5f19845ac5c2c17a8356f98057c955a57dd75ad8"),
    ("compiled", FRAMEWORKS, "packages/StatementService/src/com/android/statementservice/retriever/WebAsset.java", "1bb54921f33b1cd8e1665cd855702ee559e60139"),
    ("compiled", FRAMEWORKS, "core/java/android/util/JsonReader.java", "da857bd9dfa09f2ec9861df6c9bb4bcd9a12c0c6"),
    ("compiled", FRAMEWORKS, "core/java/android/util/JsonScope.java", "76d7e20a75d24afb2f5011a7646dbde8aaa52087"),
    ("compiled", FRAMEWORKS, "core/java/android/util/JsonToken.java", "9e1266da66a39c0a4994c7224236d103aa6536eb"),
    ("compiled", FRAMEWORKS, "core/java/android/util/MalformedJsonException.java", "5887c9459a10d0e589f4c13ff962fb9df6fa9f39"),
    ("compiled", "AOSP platform/libcore (multi-os-engine/libcore mirror, branch master)", "json/src/main/java/org/json/{JSON,JSONArray,JSONException,JSONObject,JSONStringer,JSONTokener}.java", "ebdf2d8530de95c1038c72ae0b2b7daa1528c783"),
    ("compiled", "AOSP platform/libcore (multi-os-engine/libcore mirror, branch master)", "luni/src/main/java/libcore/internal/StringPool.java", "ebdf2d8530de95c1038c72ae0b2b7daa1528c783"),
    # ported method by method
    ("ported", FRAMEWORKS, "packages/StatementService/src/com/android/statementservice/network/retriever/StatementParser.kt", "05f31ae6d9faad1581ff6f457e6faa84529d003a"),
    ("ported", FRAMEWORKS, "packages/StatementService/src/com/android/statementservice/utils/StatementUtils.kt", "37b59a0017340a0951195e93f53f2904af76b16d"),
    ("ported", FRAMEWORKS, "packages/StatementService/Parser/src/com/android/statementservice/parser/DalComponentParser.kt", "d618c46b3bff606f2d5f7efc703f59133b1f07e1"),
    ("ported", FRAMEWORKS, "packages/StatementService/src/com/android/statementservice/retriever/AssetFactory.java + WebAsset.java (over AndroidURL)", "391da039ef02f701f586e0493c4445f1270eaa0c / 1bb54921f33b1cd8e1665cd855702ee559e60139"),
    ("ported", "LineageOS/android_libcore", "ojluni/src/main/java/java/net/URL.java", "1f1c5d3df805164b241e454e513c1573e6102eba"),
    ("ported", "LineageOS/android_libcore", "ojluni/src/main/java/java/net/URLStreamHandler.java", "3a6411ec91b24e73f36301d0075bc7b052894ae9"),
    ("ported", FRAMEWORKS, "services/core/java/com/android/server/pm/verify/domain/DomainVerificationCollector.java", "14543d1ec72202422373622ee818fe7549be5c7a"),
    ("ported", FRAMEWORKS, "core/java/android/content/pm/verify/domain/DomainVerificationUtils.java", "b3a5d89d232588fdbb842936f0247e6a28a59546"),
    ("ported", FRAMEWORKS, "core/java/android/util/Patterns.java", "ff0be1919d9249006a6d6b844f8012436d64f322"),
    ("ported", FRAMEWORKS, "core/java/android/content/IntentFilter.java", "01a7983f31379854c073b23844df7dd4705b004a"),
    ("ported", FRAMEWORKS, "core/java/com/android/internal/pm/pkg/component/ParsedIntentInfoUtils.java", "04665456754dd7c14b63dd88d5bf4392f0fe3856"),
    # read for the call path, not run
    ("read", FRAMEWORKS, "packages/StatementService/src/com/android/statementservice/domain/DomainVerifier.kt", "2aef2f4e304478215832d3f96ae097c60279888c"),
    ("read", FRAMEWORKS, "packages/StatementService/src/com/android/statementservice/network/retriever/StatementRetriever.kt", "2aef2f4e304478215832d3f96ae097c60279888c"),
    ("read", FRAMEWORKS, "packages/StatementService/src/com/android/statementservice/retriever/AndroidAppAssetMatcher.java", "76e804db5aa27c39b7a05478a8eebceb7bc2ef13"),
]


# ------------------------------------------------------------------------------------------
# assetlinks.json bodies
def compat_bodies():
    """Every distinct body served in the compatibility cases, with the first case that serves it."""
    seen = {}
    order = []
    with open(COMPAT, encoding="utf-8") as f:
        for line in f:
            c = json.loads(line)
            bodies = list(c["web_content"].values()) + [a["assets_statements"] for a in c["android_content"]]
            for b in bodies:
                if b not in seen:
                    seen[b] = c["id"]
                    order.append(b)
    return [(b, "compat:" + seen[b]) for b in order]


class Bodies:
    def __init__(self, rng):
        self.rng = rng
        self.items = []

    def fp(self, lower=False):
        s = ":".join("%02X" % self.rng.randrange(256) for _ in range(32))
        return s.lower() if lower else s

    def pkg(self):
        return "com.example." + "".join(self.rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(6))

    def app(self, **over):
        t = {"namespace": "android_app", "package_name": self.pkg(), "sha256_cert_fingerprints": [self.fp()]}
        t.update(over)
        return t

    def web(self, site="https://example.com"):
        return {"namespace": "web", "site": site}

    def stmt(self, target, relation=(HANDLE,), **extra):
        s = {"relation": list(relation), "target": target}
        s.update(extra)
        return s

    def add(self, body, note):
        if not isinstance(body, str):
            body = json.dumps(body, ensure_ascii=False)
        self.items.append((body, note))

    def dal(self, components, relation=HANDLE):
        return {relation: {"dynamic_app_link_components": components}}


def generated_bodies(rng):
    g = Bodies(rng)
    S, A, W = g.stmt, g.app, g.web
    # relations
    g.add([S(A())], "valid android_app statement")
    g.add([S(W())], "valid web statement")
    g.add([S(A(), (HANDLE, LOGIN))], "two relations: one statement per relation")
    g.add([S(A(), ())], "empty relation list: no statement, no failure")
    g.add([S(A(), ("delegate_permission/common.HANDLE_ALL_URLS",))], "upper case in the relation detail")
    g.add([S(A(), ("Delegate_permission/common.handle_all_urls",))], "upper case in the relation kind")
    g.add([S(A(), ("handle_all_urls",))], "relation without a slash")
    g.add([S(A(), ("delegate_permission/common/handle_all_urls",))], "relation with two slashes")
    g.add([S(A(), (" " + HANDLE,))], "relation with a leading space")
    g.add([S(A(), (HANDLE + " ",))], "relation with a trailing space")
    g.add([S(A(), ("delegate_permission/*",))], "wildcard relation")
    g.add([S(A(), ("",))], "empty relation string")
    g.add([S(A(), ("foo/bar",))], "unknown but well-formed relation")
    g.add([S(A(), ("delegate_permission/common-handle",))], "hyphen in the relation detail")
    g.add([S(A(), (HANDLE, "bad relation"))], "one bad relation among good ones")
    g.add([{"relation": HANDLE, "target": A()}], "relation is a string, not an array: statement skipped")
    g.add([{"target": A()}], "relation missing: statement skipped")
    g.add('[{"relation": ["%s", 1], "target": %s}]' % (HANDLE, json.dumps(A())), "number inside the relation array")
    g.add('[{"relation": ["%s", true], "target": %s}]' % (HANDLE, json.dumps(A())), "boolean inside the relation array")
    g.add([{"relation": [[HANDLE]], "target": A()}], "array inside the relation array")
    g.add([{"relation": [{"r": HANDLE}], "target": A()}], "object inside the relation array")
    g.add([{"relation": {"r": HANDLE}, "target": A()}], "relation is an object: statement skipped")
    # namespaces and targets
    g.add([S({"namespace": "Web", "site": "https://example.com"})], "namespace in mixed case")
    g.add([S({"namespace": "ios_app", "appid": "ABCDE12345.com.example.app"})], "unknown namespace")
    g.add([S({"site": "https://example.com"})], "namespace missing")
    g.add('[{"relation": ["%s"], "target": {"namespace": true, "site": "https://example.com"}}]' % HANDLE, "namespace is a boolean")
    g.add([S({"namespace": ["web"], "site": "https://example.com"})], "namespace is an array")
    g.add([{"relation": [HANDLE], "target": "https://example.com"}], "target is a string: statement skipped")
    g.add([{"relation": [HANDLE], "target": [A()]}], "target is an array: statement skipped")
    g.add([{"relation": [HANDLE]}], "target missing: statement skipped")
    g.add([{}], "empty statement object: skipped")
    # android_app targets
    g.add([S({"namespace": "android_app", "sha256_cert_fingerprints": [g.fp()]})], "package_name missing")
    g.add([S(A(package_name=""))], "package_name empty")
    g.add([S({"namespace": "android_app", "package_name": PACKAGE})], "fingerprints missing")
    g.add([S(A(sha256_cert_fingerprints=[]))], "fingerprints empty")
    g.add([S(A(sha256_cert_fingerprints=g.fp()))], "fingerprints is a string")
    g.add([S(A(sha256_cert_fingerprints=[g.fp(lower=True)]))], "fingerprint in lower case")
    g.add([S(A(sha256_cert_fingerprints=["B A D"]))], "fingerprint that is not hex")
    g.add([S(A(sha256_cert_fingerprints=[""]))], "empty fingerprint")
    g.add([S(A(sha256_cert_fingerprints=["14:6D:E9"]))], "short fingerprint")
    f1, f2 = g.fp(), g.fp()
    g.add([S(A(sha256_cert_fingerprints=[f2, f1, f2]))], "duplicate and unsorted fingerprints")
    g.add([S(A(sha256_cert_fingerprints=[f1, f1.lower()]))], "same fingerprint in both cases")
    g.add('[{"relation": ["%s"], "target": {"namespace": "android_app", "package_name": "%s", "sha256_cert_fingerprints": [true]}}]' % (HANDLE, PACKAGE), "boolean fingerprint")
    g.add([S(A(sha256_cert_fingerprints=[[g.fp()]]))], "fingerprint inside a nested array")
    g.add([S(A(sha256_cert_fingerprints=[{"fp": g.fp()}]))], "fingerprint inside an object")
    g.add('[{"relation": ["%s"], "target": {"namespace": "android_app", "package_name": true, "sha256_cert_fingerprints": ["%s"]}}]' % (HANDLE, g.fp()), "package_name is a boolean")
    g.add([S(A(package_name={"name": PACKAGE}))], "package_name is an object")
    g.add([S(A(package_name="not a package!"))], "package_name with spaces and punctuation")
    # web targets
    for site, note in [
        (None, "site missing"),
        ("", "site empty"),
        ("example.com", "site without a scheme"),
        ("ftp://example.com", "ftp scheme"),
        ("mailto:someone@example.com", "mailto scheme"),
        ("android-app://com.example.app", "android-app scheme"),
        ("https://example.com/", "site with a slash"),
        ("https://example.com/path", "site with a path"),
        ("https://example.com?", "site with an empty query"),
        ("https://example.com/?q=1", "site with a query"),
        ("https://example.com#frag", "site with a fragment"),
        ("https://example.com/#", "site with an empty fragment"),
        ("https://user@example.com", "site with user info"),
        ("https://example.com:8443", "site with a port"),
        ("https://example.com:443", "site with the default port"),
        ("https://example.com:99999", "site with a port above 65535"),
        ("https://example.com:0443", "port with a leading zero"),
        ("https://example.com:", "site with an empty port"),
        ("https://example.com:abc", "site with a non-numeric port"),
        ("https://example.com:+443", "port with a plus sign"),
        ("http://example.com", "http site"),
        ("https://EXAMPLE.com.", "upper case and a trailing dot"),
        ("HtTpS://Example.COM", "mixed-case scheme and host"),
        ("https://[::1]", "IPv6 literal"),
        ("https://[::1]:8443", "IPv6 literal with a port"),
        ("https://[zz]", "bad IPv6 literal"),
        ("https://exa mple.com", "space in the host"),
        ("https://*.example.com", "wildcard host"),
        ("https://example.com/./", "dot segment path"),
        ("https://example.com/..", "dot-dot path"),
        ("  https://example.com  ", "surrounding spaces"),
        ("https:example.com", "no slashes after the scheme"),
        ("https:///", "empty host"),
        ("https://example.com\\", "backslash after the host"),
        ("url:https://example.com", "url: prefix"),
        ("https://münchen.example", "non-ASCII host"),
        ("https://xn--mnchen-3ya.example", "punycode host"),
    ]:
        t = {"namespace": "web"}
        if site is not None:
            t["site"] = site
        g.add([S(t)], "web target: " + note)
    g.add('[{"relation": ["%s"], "target": {"namespace": "web", "site": true}}]' % HANDLE, "site is a boolean")
    # extra fields
    g.add([S(A(), comment="made by hand")], "extra string field")
    g.add('[{"relation": ["%s"], "target": %s, "version": 1}]' % (HANDLE, json.dumps(A())), "extra numeric field")
    g.add('[{"relation": ["%s"], "target": %s, "comment": null}]' % (HANDLE, json.dumps(A())), "extra null field")
    g.add('[{"relation": ["%s"], "target": %s, "enabled": true}]' % (HANDLE, json.dumps(A())), "extra boolean field")
    g.add('[{"relation": ["%s"], "target": %s, "meta": {"n": 1}}]' % (HANDLE, json.dumps(A())), "number inside an extra object")
    g.add('[{"relation": ["%s"], "target": {"namespace": "web", "site": "https://example.com", "port": 443}}]' % HANDLE, "number inside the target")
    g.add('[{"relation": ["%s"], "target": {"namespace": "web", "site": "https://example.com", "x": false}}]' % HANDLE, "boolean inside the target")
    g.add('[{"relation": ["%s"], "target": %s, "tags": ["a", ["b"]]}]' % (HANDLE, json.dumps(A())), "nested array in an extra field")
    g.add('[{"relation": ["%s"], "target": %s, "tags": [true]}]' % (HANDLE, json.dumps(A())), "boolean in an extra array")
    g.add('[{"relation": ["%s"], "target": {"namespace": "web", "site": "https://a.example"}, "relation": ["%s"]}]' % (HANDLE, LOGIN),
          "duplicate key: the last one wins")
    # includes
    g.add([{"include": "https://example.com/.well-known/other.json"}], "include only")
    g.add([S(A(), include="https://example.com/more.json")], "include with relation and target: only the include counts")
    g.add([S(A(), include="")], "empty include: an ordinary statement")
    g.add([{"include": ["https://example.com/a.json"]}], "include is an array")
    g.add('[{"include": true}]', "include is a boolean")
    g.add('[{"include": 1}]', "include is a number")
    g.add([{"include": {"url": "https://example.com/a.json"}}], "include is an object")
    g.add([S(A()), {"include": "https://example.com/a.json"}, {"include": "http://example.com/b.json"}, S(W())], "statements and two includes, one insecure")
    g.add([{"include": "not a url"}], "include that is not a URL")
    # dynamic_app_link_components
    g.add([S(A(), relation_extensions=g.dal([{"?": {"dl": "*"}}, {"#": "app"}, {"/": "/products/*"},
                                             {"/": "/shoes", "?": {"in_app": "true"}}, {"/": "*", "exclude": True}]))],
          "dynamic rules: the documented example")
    g.add([S(A(), relation_extensions=g.dal([{"/": "/a/*", "comments": "all of a"}]))], "dynamic rule with comments")
    g.add([S(A(), relation_extensions="dynamic")], "relation_extensions is a string: ignored")
    g.add([S(A(), relation_extensions=g.dal([{"/": "/x"}], relation=LOGIN))], "extension for another relation: ignored")
    g.add([S(A(), relation_extensions={HANDLE: {"dynamic_app_link_components": {"/": "/x"}}})], "components is an object: ignored")
    g.add([S(A(), relation_extensions=g.dal([]))], "components empty")
    g.add([S(A(), relation_extensions=g.dal(["/x"]))], "component is a string")
    g.add([S(A(), relation_extensions=g.dal([["/x"]]))], "component is an array")
    g.add('[{"relation": ["%s"], "target": %s, "relation_extensions": {"%s": {"dynamic_app_link_components": [1]}}}]' % (HANDLE, json.dumps(A()), HANDLE), "component is a number")
    g.add([S(A(), relation_extensions=g.dal([{"/": True}]))], "path is a boolean")
    g.add([S(A(), relation_extensions=g.dal([{"/": ["/a", "/b"]}]))], "path is an array")
    g.add([S(A(), relation_extensions=g.dal([{"?": "q=1"}]))], "query is a string: ignored")
    g.add([S(A(), relation_extensions=g.dal([{"?": {"q": ["1", "2"]}}]))], "query value is an array")
    g.add([S(A(), relation_extensions=g.dal([{"/": "/a", "exclude": "TRUE"}, {"/": "/b", "exclude": "yes"}]))], "exclude given as strings")
    g.add([S(A(), relation_extensions=g.dal([{"/": "/a", "color": "blue"}]))], "component with an unknown key")
    g.add([S(A(), relation_extensions=g.dal([{"/": ""}, {"#": ""}]))], "empty matching expressions")
    g.add([S(A(), relation_extensions=g.dal([{}]))], "empty component")
    g.add([S(W(), relation_extensions=g.dal([{"/": "/web/*"}]))], "dynamic rules on a web target")
    g.add([S(A(), (HANDLE, LOGIN), relation_extensions=g.dal([{"/": "/both"}]))], "dynamic rules shared by two relations")
    g.add([S(A(), relation_extensions=g.dal([{"/": "/a?*b"}, {"/": "/v[1]/*"}, {"/": "/f.o.*"}, {"#": "x?y"}, {"?": {"k": "*.v"}}]))],
          "matching expressions with ?*, brackets and dots")
    g.add([S({"namespace": "ios_app"}, relation_extensions=g.dal([{"/": "/x"}]))], "dynamic rules on an unknown namespace")
    g.add([S(A(), relation_extensions=g.dal(["bad"])), S({"namespace": "ios_app"})], "bad component before a bad namespace")
    # whole-file shapes and JSON syntax
    g.add("[]", "empty list")
    g.add("{}", "top level is an object")
    g.add('"[]"', "top level is a string")
    g.add("42", "top level is a number")
    g.add("null", "top level is null")
    g.add("true", "top level is true")
    g.add("", "empty body")
    g.add("   \n", "whitespace only")
    good = json.dumps(S(A()))
    g.add("[%s,]" % good, "trailing comma in the list")
    g.add('[{"relation": ["%s"], "target": %s,}]' % (HANDLE, json.dumps(A())), "trailing comma in an object")
    g.add('[{"relation": ["%s",], "target": %s}]' % (HANDLE, json.dumps(A())), "trailing comma in the relation array")
    g.add("[%s]]" % good, "an extra closing bracket after the list")
    g.add("[%s] trailing text" % good, "text after the list")
    g.add("[%s][]" % good, "two lists")
    g.add("[%s" % good, "unterminated list")
    g.add("\ufeff[%s]" % good, "byte order mark")
    g.add("[%s] // comment" % good, "comment after the list")
    g.add("// comment\n[%s]" % good, "comment before the list")
    g.add("[{'relation': ['%s'], 'target': {'namespace': 'web', 'site': 'https://example.com'}}]" % HANDLE, "single quotes")
    g.add('[{relation: ["%s"], "target": {"namespace": "web", "site": "https://example.com"}}]' % HANDLE, "unquoted key")
    g.add('[{"relation": ["%s"]; "target": {"namespace": "web", "site": "https://example.com"}}]' % HANDLE, "semicolon between members")
    g.add('[{"relation": ["%s"], "target": {"namespace": "web", "site": "https://example.com"}, "flag": TRUE}]' % HANDLE, "TRUE in upper case")
    g.add('[{"relation": ["%s"], "target": {"namespace": "web", "site": "https://example.com"}, "flag": tru}]' % HANDLE, "misspelt literal")
    g.add("[null]", "null element")
    g.add("[[%s]]" % good, "nested list")
    g.add('["%s"]' % HANDLE, "string element")
    g.add("[%s, {}]" % good, "good statement then an empty object")
    g.add([S(A()), S({"namespace": "ios_app"})], "good statement then an unknown namespace")
    g.add([S({"namespace": "ios_app"}), S(A())], "unknown namespace then a good statement")
    g.add([S(A()), {"relation": [HANDLE]}, S(W())], "a statement without a target between good ones")
    g.add('[{"relation": ["\\u0064elegate_permission/common.handle_all_urls"], "target": {"namespace": "web", "site": "https:\\/\\/example.com"}}]', "escaped characters")
    g.add('[{"relation": ["%s"], "target": {"namespace": "web", "site": "https://ex\\qample.com"}}]' % HANDLE, "unknown escape \\q")
    g.add('[{"relation": ["%s"], "target": {"namespace": "web", "site": "https://ex\\u00G1ample.com"}}]' % HANDLE, "bad \\u escape")
    g.add('[{"relation": ["%s"], "target": {"namespace": "web", "site": "https://example.com' % HANDLE, "unterminated string")
    g.add('[{"relation": ["%s"], "target": {"namespace": "web", "site": "https://example.com"}, "n": 1e5}]' % HANDLE, "number in exponent form")
    g.add('[{"relation": ["%s"], "target": {"namespace": "web", "site": "https://example.com"}, "n": NaN}]' % HANDLE, "NaN")
    return g.items


# ------------------------------------------------------------------------------------------
# AndroidManifest.xml intent-filter sets
def xml_attr(value):
    return (value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def filt(hosts=("example.com",), schemes=("https",), auto=True, actions=(VIEW,), categories=(DEFAULT, BROWSABLE),
         data=None):
    """One intent filter. data, when given, is the explicit list of <data> attribute dicts."""
    if data is None:
        data = [{"scheme": s} for s in schemes] + [{"host": h} for h in hosts]
    return {"autoVerify": auto, "actions": list(actions), "categories": list(categories), "data": data}


def manifest_xml(activities):
    out = ['<?xml version="1.0" encoding="utf-8"?>',
           '<manifest xmlns:android="http://schemas.android.com/apk/res/android"',
           '    package="%s">' % PACKAGE,
           '  <uses-sdk android:minSdkVersion="31" android:targetSdkVersion="34" />',
           '  <application android:label="Oracle">']
    for n, filters in enumerate(activities):
        out.append('    <activity android:name=".Activity%d" android:exported="true">' % (n + 1))
        for f in filters:
            auto = f["autoVerify"]
            attr = ' android:autoVerify="%s"' % ("true" if auto else "false") if auto is not None else ""
            out.append("      <intent-filter%s>" % attr)
            for a in f["actions"]:
                out.append('        <action android:name="%s" />' % xml_attr(a))
            for c in f["categories"]:
                out.append('        <category android:name="%s" />' % xml_attr(c))
            for d in f["data"]:
                parts = " ".join('android:%s="%s"' % (k, xml_attr(v)) for k, v in d.items())
                out.append("        <data %s />" % parts)
            out.append("      </intent-filter>")
        out.append("    </activity>")
    out.append("  </application>")
    out.append("</manifest>")
    return "\n".join(out) + "\n"


def collector_sets(rng):
    c = []

    def add(activities, note):
        c.append((activities, note))

    add([[filt()]], "autoVerify https host")
    add([[filt(schemes=("http", "https"))]], "http and https")
    add([[filt(schemes=("http",))]], "http only")
    add([[filt(auto=False)]], "autoVerify=false")
    add([[filt(auto=None)]], "autoVerify absent")
    add([[filt(categories=(BROWSABLE,))]], "DEFAULT absent")
    add([[filt(categories=(DEFAULT,))]], "BROWSABLE absent")
    add([[filt(actions=("android.intent.action.SEND",))]], "VIEW absent")
    add([[filt(actions=(VIEW, "android.intent.action.SEND"))]], "VIEW and another action")
    add([[filt(categories=(DEFAULT, BROWSABLE, "android.intent.category.APP_BROWSER"))]], "extra category")
    add([[filt(schemes=("myapp",))]], "custom scheme only")
    add([[filt(schemes=("https", "myapp"))]], "https mixed with a custom scheme")
    add([[filt(schemes=("HTTPS",))]], "scheme in upper case")
    add([[filt(schemes=())]], "host without a scheme")
    add([[filt(hosts=())]], "https without a host")
    add([[filt(hosts=("*.example.com",))]], "wildcard host")
    add([[filt(hosts=("*.*.x.com",))]], "double wildcard")
    add([[filt(hosts=("*",))]], "bare star")
    add([[filt(hosts=("*example.com",))]], "star without a dot")
    add([[filt(hosts=("*.com",))]], "wildcard over a TLD")
    add([[filt(hosts=("*.co.uk",))]], "wildcard over a two-label suffix")
    add([[filt(hosts=("*.Example.COM",))]], "wildcard in mixed case")
    add([[filt(hosts=("exa mple.com",))]], "space in the host")
    add([[filt(hosts=("example.com ",))]], "trailing space")
    add([[filt(hosts=("example.com.",))]], "trailing dot")
    add([[filt(hosts=("EXAMPLE.COM",))]], "upper-case host")
    add([[filt(hosts=("localhost",))]], "single label")
    add([[filt(hosts=("",))]], "empty host")
    add([[filt(hosts=("192.168.0.1",))]], "IPv4 address")
    add([[filt(hosts=("256.1.1.1",))]], "IPv4 out of range")
    add([[filt(hosts=("1.2.3",))]], "three-part number")
    add([[filt(hosts=("::1",))]], "IPv6 without brackets")
    add([[filt(hosts=("[::1]",))]], "IPv6 with brackets")
    add([[filt(hosts=("my_host.example.com",))]], "underscore inside a label")
    add([[filt(hosts=("_dmarc.example.com",))]], "label starting with an underscore")
    add([[filt(hosts=("-a.example.com",))]], "label starting with a hyphen")
    add([[filt(hosts=("a-.example.com",))]], "label ending with a hyphen")
    add([[filt(hosts=("a--b.example.com",))]], "double hyphen inside a label")
    add([[filt(hosts=("example.xn--p1ai",))]], "punycode TLD")
    add([[filt(hosts=("пример.рф",))]], "IDN host")
    add([[filt(hosts=("münchen.example",))]], "non-ASCII label")
    add([[filt(hosts=("a.b",))]], "one-letter TLD")
    add([[filt(hosts=("a.123",))]], "numeric TLD")
    add([[filt(hosts=("x" * 64 + ".example.com",))]], "64-character label")
    add([[filt(hosts=("x" * 63 + ".example.com",))]], "63-character label")
    add([[filt(hosts=("example.*",))]], "star at the end")
    add([[filt(data=[{"scheme": "https", "host": "example.com", "port": "8443"}])]], "host with a port")
    add([[filt(data=[{"scheme": "https", "host": "example.com", "port": "-1"}])]], "port -1")
    add([[filt(data=[{"scheme": "https", "host": "example.com", "port": "https"}])]], "non-numeric port: install fails")
    add([[filt(data=[{"scheme": "https"}, {"host": "a.example.com"}, {"scheme": "http", "host": "b.example.com"}])]],
        "scheme and hosts spread over several <data>")
    add([[filt(hosts=("a.example.com", "exa mple.com", "*.b.example.com", "c.example.com."))]], "valid and invalid hosts in one filter")
    add([[filt(hosts=("a.example.com",)), filt(hosts=("b.example.com",), auto=False)]], "two filters, one autoVerify")
    add([[filt(hosts=("a.example.com",))], [filt(hosts=("a.example.com", "b.example.com"))]], "duplicate host across activities")
    add([[filt(hosts=("a.example.com",), categories=(BROWSABLE,)), filt(hosts=("b.example.com",))]], "first filter lacks DEFAULT")
    add([[filt(hosts=("a.example.com",), schemes=("https", "myapp")), filt(hosts=("b.example.com",))]], "first filter mixes schemes")
    add([[filt(hosts=("%d.example.com" % i for i in range(1, 11)))]], "ten hosts")
    # seeded random filters
    pool_hosts = ["example.com", "www.example.com", "*.example.org", "shop.example.net", "exa mple.com",
                  "*.*.x.com", "localhost", "EXAMPLE.com", "10.0.0.1", "example.com.", "sub_domain.example.com"]
    pool_schemes = ["https", "http", "myapp", "HTTPS"]
    for _ in range(12):
        acts = []
        for _a in range(rng.randint(1, 2)):
            fs = []
            for _f in range(rng.randint(1, 3)):
                schemes = rng.sample(pool_schemes, rng.choice([1, 1, 2]))
                hosts = rng.sample(pool_hosts, rng.randint(1, 3))
                cats = [DEFAULT, BROWSABLE] if rng.random() < 0.75 else rng.choice([[DEFAULT], [BROWSABLE]])
                fs.append(filt(hosts=hosts, schemes=schemes, auto=rng.choice([True, True, False, None]), categories=cats))
            acts.append(fs)
        add(acts, "random")
    return c


# ------------------------------------------------------------------------------------------
def run_harness(classes, requests, before_dal=False):
    lines = ["%s\t%s" % (kind, base64.b64encode(payload.encode("utf-8")).decode()) for kind, payload in requests]
    proc = subprocess.run(
        ["java", "-Duser.language=en", "-Duser.country=US", "-Dfile.encoding=UTF-8",
         "-Doracle.beforeDal=%s" % ("true" if before_dal else "false"),
         "--add-exports", "java.base/sun.net.util=ALL-UNNAMED", "-cp", classes, "AssetLinksOracle"],
        input=("\n".join(lines) + "\n").encode("utf-8"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True)
    out = [json.loads(l) for l in proc.stdout.decode("utf-8").splitlines()]
    assert len(out) == len(requests), (len(out), len(requests), proc.stderr.decode()[-2000:])
    return out


# The AOSP files build.sh compiles, relative to its AOSP_DIR; their sha256 goes to provenance.json.
SS = "frameworks-base/packages/StatementService/src/com/android/statementservice/retriever/"
COMPILED_LOCAL = [SS + n + ".java" for n in (
    "AbstractAsset", "AndroidAppAsset", "AssetFactory", "AssetJsonWriter", "AssociationServiceException",
    "DynamicAppLinkComponent", "JsonParser", "Relation", "Statement", "WebAsset")] + [
    "frameworks-base/core/java/android/util/" + n + ".java"
    for n in ("JsonReader", "JsonScope", "JsonToken", "MalformedJsonException")] + [
    "libcore/json/src/main/java/org/json/" + n + ".java"
    for n in ("JSON", "JSONArray", "JSONException", "JSONObject", "JSONStringer", "JSONTokener")] + [
    "libcore/luni/src/main/java/libcore/internal/StringPool.java"]


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def java_version():
    p = subprocess.run(["java", "-version"], stderr=subprocess.PIPE, stdout=subprocess.PIPE)
    return p.stderr.decode().splitlines()[0].strip()


def sites_in(value, out):
    if isinstance(value, dict):
        if isinstance(value.get("site"), str):
            out.append(value["site"])
        for v in value.values():
            sites_in(v, out)
    elif isinstance(value, list):
        for v in value:
            sites_in(v, out)


def compare_url(classes, bodies):
    sites = []
    for b, _ in bodies:
        try:
            sites_in(json.loads(b), sites)
        except ValueError:
            pass
    sites = list(dict.fromkeys(sites))
    res = run_harness(classes, [("W", s) for s in sites])
    diff = [(s, r) for s, r in zip(sites, res) if r["android"] != r["jdk"]]
    print("sites", len(sites), "where the host JDK's java.net.URL reads differently:", len(diff))
    for s, r in diff:
        print("  %r\n    android: %s\n    jdk:     %s" % (s, r["android"], r["jdk"]))


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--classes", required=True)
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--compare-url", action="store_true")
    ap.add_argument("--aosp", help="the AOSP_DIR given to build.sh; records the sha256 of its files")
    args = ap.parse_args(argv)
    rng = random.Random(SEED)

    bodies = compat_bodies()
    n_compat = len(bodies)
    seen = set(b for b, _ in bodies)
    for b, note in generated_bodies(rng):
        if b in seen:
            continue
        seen.add(b)
        bodies.append((b, "generated", note))
    bodies = [x if len(x) == 3 else (x[0], x[1], None) for x in bodies]
    if args.compare_url:
        compare_url(args.classes, [(b, s) for b, s, _ in bodies])
        return 0

    sets = collector_sets(rng)
    answers = run_harness(args.classes, [("S", b) for b, _, _ in bodies])
    before = run_harness(args.classes, [("S", b) for b, _, _ in bodies], before_dal=True)
    cans = run_harness(args.classes, [("C", json.dumps({"activities": a}, ensure_ascii=False)) for a, _ in sets])

    os.makedirs(args.out, exist_ok=True)
    spath = os.path.join(args.out, "statements.jsonl")
    with open(spath, "w", encoding="utf-8") as f:
        for i, ((body, source, note), dev, old) in enumerate(zip(bodies, answers, before)):
            rec = {"id": "dal-%04d" % (i + 1), "body": body, "device": dev, "source": source}
            # Android 12-14's parser (no dynamic_app_link_components): recorded where it differs
            # other than by dynamic_rules, which it never has.
            stripped = json.loads(json.dumps(dev))
            for st in stripped["statements"]:
                st["dynamic_rules"] = None
            if stripped != old:
                rec["device_before_dal"] = old
            if note:
                rec["note"] = note
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    cpath = os.path.join(args.out, "collector.jsonl")
    with open(cpath, "w", encoding="utf-8") as f:
        for i, ((acts, note), dev) in enumerate(zip(sets, cans)):
            rec = {"id": "col-%04d" % (i + 1), "manifest": manifest_xml(acts), "note": note,
                   "device": {"hosts": dev["hosts"], "invalid_hosts": dev["invalid_hosts"],
                              "refused": dev["refused"], "reason": dev["reason"]}}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")

    fails = sum(1 for a in answers if a["fails"])
    prov = {
        "library": "AOSP StatementService (the on-device Digital Asset Links verifier, Android 12+) and "
                   "DomainVerificationCollector; AOSP Java compiled unchanged, Kotlin and URL parsing ported",
        "files": [{"use": u, "repository": r, "path": p, "commit": c} for u, r, p, c in AOSP_FILES],
        "entry_points": {
            "statements.jsonl": "StatementParser.parseStatementList(body, source) as "
                                "StatementRetriever.retrieve calls it for DomainVerifier.verifyHost",
            "collector.jsonl": "DomainVerificationCollector.collectValidAutoVerifyDomains "
                               "(collectDomainsInternal, RESTRICT_DOMAINS on: targetSdkVersion >= 31); "
                               "invalid_hosts from collectInvalidAutoVerifyDomains",
        },
        "foundation": "%s; java.util.regex and java.lang.String of that JDK" % java_version(),
        "generator": "Tests/Oracle/assetlinks/gen_cases.py",
        "harness": "Tests/Oracle/assetlinks/AssetLinksOracle.java",
        "seed": SEED,
        "compat_source": "Tests/Fixtures/assetlinks-compat/cases.jsonl (sha256 %s)" % sha256(COMPAT),
        "counts": {
            "statements": len(bodies), "statements_from_compat": n_compat,
            "statements_generated": len(bodies) - n_compat, "statements_failing": fails,
            "statements_differing_before_dal": sum(1 for a, b in zip(answers, before)
                                                   if a["fails"] != b["fails"]),
            "collector": len(sets),
            "collector_refused": sum(1 for a in cans if a["refused"]),
        },
        "sha256": {"statements.jsonl": sha256(spath), "collector.jsonl": sha256(cpath)},
    }
    if args.aosp:
        prov["aosp_sources_sha256"] = {rel: sha256(os.path.join(args.aosp, rel)) for rel in COMPILED_LOCAL}
    with open(os.path.join(args.out, "provenance.json"), "w", encoding="utf-8") as f:
        json.dump(prov, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print("statements", len(bodies), "(compat %d, generated %d, failing %d); collector %d"
          % (n_compat, len(bodies) - n_compat, fails, len(sets)), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
