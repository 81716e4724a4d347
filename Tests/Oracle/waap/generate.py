#!/usr/bin/env python3
"""Generates WAAppRouting 0.0.5 route tables and links, runs them through the oracle harness
(the library's own code, see README.md) and writes Tests/Fixtures/oracle/waap/cases.jsonl.

Usage: generate.py --harness BUILD/waap-oracle --cfurl BUILD/cfurl_parts --out DIR
The random seed is fixed: the same harness gives the same bytes."""
import argparse
import json
import os
import random
import subprocess
import unicodedata

SEED = 20240537
OPTIONS = ["--dialect", "waap", "--merge-query"]

CITE = {
    "order": "Files/WAAppRouteRegistrar.m:134-146",
    "host-decoded": "Files/WAAppRouteMatcher.m:58",
    "chain-empty-part": "Files/WAAppRouteRegistrar.m:76-79",
    "parent-by-class": "Files/WAAppRouteHandler.m:150 + Files/WAAppRouteRegistrar.m:181-195",
    "self-ancestor": "Files/WAAppRouteHandler.m:149-154",
    "empty-host": "Files/WAAppRouteMatcher.m:58 + Files/WARoutePattern.m:50-56",
    "text-after-class": "Files/WAAppRouteRegistrar.m:87-90",
    "whole-link": "Files/WAAppRouteMatcher.m:16-19",
    "opaque-query": "Files/NSURL+WAAdditions.m:14",
    "port": "Files/WAAppRouteMatcher.m:58",
    "entity-alone": "Files/WAAppRouteHandler.m:147",
    "re-register": "Files/WAAppRouteRegistrar.m:43-46",
    "odd-query": "Files/NSURL+WAAdditions.m:14-18",
    "bare-part": "Files/WAAppRouteRegistrar.m:84-88",
    "wildcard": "Files/WARoutePattern.m:60-83",
    "match": "Files/WARoutePattern.m:45-86",
    "args": "Files/WARoutePattern.m:88-105",
    "merge": "Files/UIViewController+WAAppLinkParameters.m:29-48",
    "scheme-web": "Files/WAAppRouteMatcher.m:52-56",
}

# Minimal examples of issue 37, verbatim: (category, registrations, links)
ISSUE = [
    ("host-decoded", [("chain", "list{ListVC}")], ["app://%6Cist"]),
    ("host-decoded", [("chain", ":id{DetailVC}")], ["app://a%20b"]),
    ("chain-empty-part", [("chain", "/list{ListVC}")], ["app://list"]),
    ("parent-by-class", [("chain", "a{AVC}/:id{DetailVC}"), ("chain", "b{BVC}/:id{DetailVC}/more{MoreVC}")], ["app://b/3/more"]),
    ("self-ancestor", [("chain", "list{ListVC}/:id{ListVC}")], ["app://list/3"]),
    ("empty-host", [("chain", ":id{DetailVC}")], ["app:///"]),
    ("text-after-class", [("chain", ":id{DetailVC}x")], ["app://5"]),
    ("whole-link", [("chain", ":a{AVC}/:b{BVC}")], ["https://x"]),
    ("opaque-query", [("chain", ":a{AVC}")], ["app:x?k=v"]),
    ("port", [("chain", "x{XVC}")], ["app://x:y"]),
    ("entity-alone", [("entity", "list", "ListVC"), ("entity", "list/:id", "DetailVC")], ["app://list/3"]),
    ("re-register", [("chain", "list{ListVC}", {"tab": "a"}), ("chain", "list{OtherVC}", {"tab": "b"})], ["app://list"]),
    ("odd-query", [("chain", "list{ListVC}")], ["app://list?flag", "app://list?a=1&"]),
    ("bare-part", [("chain", "list/:itemID/share{ShareVC}!")], ["app://list/3/share"]),
    ("wildcard", [("chain", "*{AllVC}/x{XVC}")], ["app://a/x/y"]),
]

LITERALS = ["list", "user", "item", "settings", "a", "b", "x", "home", "LIST", "User", "caf\u00e9",
            unicodedata.normalize("NFD", "caf\u00e9"), "a b", "a%20b", "v1.2", "_", "-", "item-id",
            "%6Cist", "app:", "*name", "{id}", "@me", "3"]
SIMPLE = ["list", "user", "item", "settings", "a", "b", "x", "home", "profile", "feed", "detail", "more"]
NAMES = ["id", "itemID", "name", "slug", "user_id", "item-id", "ID", "x"]
CLASSES = ["ListVC", "DetailVC", "ExtraVC", "UserVC", "ItemVC", "SettingsVC", "HomeVC", "AVC", "BVC",
           "MoreVC", "ShareVC", "FeedVC", "ProfileVC"]
VALUES = ["3", "42", "abc", "a%20b", "a b", "%C3%A9", "caf%C3%A9", "x%2Fy", "-1", "0", "A", "%", "%zz",
          "%6Cist", "1.5", "..", ".", "a:b", "a@b", "a;b", "a+b", "a=b", "%3F", "%23", "%E2%82%AC"]
QUERIES = ["", "?k=v", "?tab=info", "?k=v&x=y", "?id=9", "?k=a%20b", "?k=v&k=w", "?a=1&b=2&c=3",
           "?flag", "?a=1&", "?=v", "?k=", "?k=v=w", "?itemID=7", "?k=%C3%A9"]


def segment(rng):
    r = rng.random()
    if r < 0.55:
        return rng.choice(SIMPLE)
    if r < 0.8:
        return ":" + rng.choice(NAMES)
    if r < 0.86:
        return "*"
    return rng.choice(LITERALS)


def chain(rng, classes):
    parts = []
    for i in range(rng.choice([1, 1, 2, 2, 2, 3, 3])):
        seg = segment(rng)
        while "{" in seg or "}" in seg:               # a brace in a chain part is the class
            seg = segment(rng)
        cls = rng.choice(classes)
        modal = "!" if rng.random() < 0.08 else ""
        parts.append(f"{seg}{{{cls}}}{modal}")
    if rng.random() < 0.01:
        parts[0] = parts[0].split("{")[0]          # a bare part: the library crashes
    return "/".join(parts)


def fill(rng, pattern_segments):
    out = []
    for seg in pattern_segments:
        if seg.startswith(":"):
            out.append(rng.choice(VALUES))
        elif seg == "*":
            out.extend(rng.choice(VALUES) for _ in range(rng.choice([1, 1, 2])))
        elif seg == "":
            continue
        else:
            out.append(mutate_literal(rng, seg))
    return out


def mutate_literal(rng, seg):
    r = rng.random()
    if r < 0.75:
        return seg
    if r < 0.82:
        return seg.upper() if seg != seg.upper() else seg.lower()
    if r < 0.9 and seg:
        i = rng.randrange(len(seg))
        ch = seg[i]
        enc = "".join(f"%{b:02X}" for b in ch.encode())
        return seg[:i] + enc + seg[i + 1:]
    if r < 0.95:
        return unicodedata.normalize("NFD" if rng.random() < 0.5 else "NFC", seg)
    return seg + "x"


def encode_nonascii(text, rng):
    if all(ord(c) < 128 for c in text) or rng.random() < 0.3:
        return text                                  # raw non-ASCII: CFURL refuses it
    return "".join(c if ord(c) < 128 else "".join(f"%{b:02X}" for b in c.encode()) for c in text)


def link_for(rng, segments):
    form = rng.random()
    parts = fill(rng, segments)
    parts = [p.replace(" ", "%20") if rng.random() < 0.8 else p for p in parts]
    if form < 0.7:
        base = "app://" + "/".join(parts)
    elif form < 0.85:
        base = "https://example.com/" + "/".join(parts)
    elif form < 0.9:
        base = "app:" + "/".join(parts)                    # opaque or path-only
    elif form < 0.95:
        base = "app:///" + "/".join(parts)                 # empty host
    else:
        base = "APP://" + "/".join(parts)
    r = rng.random()
    if r < 0.08:
        base += "/"
    elif r < 0.12 and "/" in base[8:]:
        i = base.rfind("/")
        base = base[:i] + "/" + base[i:]
    elif r < 0.16:
        base += "/" + rng.choice(SIMPLE)
    elif r < 0.19:
        base += "#frag"
    if rng.random() < 0.35:
        base += rng.choice(QUERIES)
    return encode_nonascii(base, rng)


def segments_of(reg):
    if reg[0] == "entity":
        return reg[1].split("/")
    segs = []
    for part in reg[1].split("/"):
        segs.append(part.split("{")[0])
    return segs


def random_table(rng):
    classes = rng.sample(CLASSES, rng.choice([2, 3, 4, 6, 8]))
    regs = []
    for _ in range(rng.choice([1, 1, 2, 2, 3, 3, 4, 5, 6])):
        r = rng.random()
        defaults = None
        if rng.random() < 0.15:
            defaults = rng.choice([{"tab": "info"}, {"id": "0"}, {"k": "d"}, {"tab": "a", "mode": "b"}])
        if r < 0.82:
            reg = ("chain", chain(rng, classes))
        else:
            n = rng.choice([1, 2, 2, 3])
            path = "/".join(segment(rng) for _ in range(n))
            reg = ("entity", path, rng.choice(classes))
        if defaults:
            reg = reg + (defaults,)
        regs.append(reg)
    if rng.random() < 0.1 and regs[0][0] == "chain":   # a prefix registered again
        first = regs[0][1].split("/")[0]
        regs.append(("chain", first.split("{")[0] + "{" + rng.choice(classes) + "}"))
    links = []
    sources = [segments_of(r) for r in regs]
    for _ in range(rng.choice([6, 8, 10, 12])):
        segs = rng.choice(sources)
        k = rng.randint(1, len(segs))
        links.append(link_for(rng, segs[:k]))
    # a few misses
    links.append("app://" + rng.choice(["nowhere", "zz/1", "", "list/1/2/3/4"]))
    return regs, links


def category_of(regs, link):
    if "?" in link and any(q in link for q in ("?flag", "&", "?=")):
        return "query"
    if link.startswith("https://"):
        return "web-link"
    if link.startswith("app:") and not link.startswith("app://"):
        return "opaque-or-path"
    if link.startswith("app:///"):
        return "empty-host"
    if "%" in link:
        return "percent"
    if any(ord(c) > 127 for c in link):
        return "non-ascii"
    if any(r[0] == "chain" and "*" in r[1] for r in regs) or any(r[0] == "entity" and "*" in r[1] for r in regs):
        return "wildcard"
    return "hit-or-miss"


def urn_routes(regs):
    routes = []
    for reg in regs:
        if reg[0] == "chain":
            route = {"pattern": reg[1], "target": None}
            defaults = reg[2] if len(reg) > 2 else None
        else:
            route = {"pattern": reg[1], "target": reg[2]}
            defaults = reg[3] if len(reg) > 3 else None
        if defaults:
            route["defaults"] = defaults
        routes.append(route)
    return routes


def harness_regs(regs):
    out = []
    for reg in regs:
        if reg[0] == "chain":
            d = {"chain": reg[1]}
            if len(reg) > 2:
                d["defaults"] = reg[2]
        else:
            d = {"path": reg[1], "class": reg[2]}
            if len(reg) > 3:
                d["defaults"] = reg[3]
        out.append(d)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--harness", required=True)
    ap.add_argument("--cfurl", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--tables", type=int, default=300)
    a = ap.parse_args()
    rng = random.Random(SEED)
    tables = []
    for cat, regs, links in ISSUE:
        tables.append(("issue-" + cat, regs, links, cat))
    while len(tables) < a.tables:
        regs, links = random_table(rng)
        tables.append((None, regs, links, None))
    all_links = sorted({l for t in tables for l in t[2]})
    for l in all_links:
        assert "\n" not in l and "\r" not in l and "\0" not in l
    proc = subprocess.run([a.cfurl], input="".join(json.dumps(l) + "\n" for l in all_links),
                          capture_output=True, text=True, check=True)
    parts = dict(zip(all_links, (json.loads(x) for x in proc.stdout.splitlines())))
    harness_in = "".join(json.dumps({"id": str(i), "regs": harness_regs(t[1]), "classes": CLASSES + ["OtherVC", "XVC", "AllVC"],
                                     "links": [{"link": l, "url": parts[l]} for l in t[2]]}) + "\n"
                         for i, t in enumerate(tables))
    proc = subprocess.run([a.harness], input=harness_in, capture_output=True, text=True, check=True)
    results = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(results) == len(tables), (len(results), len(tables))
    os.makedirs(a.out, exist_ok=True)
    total = 0
    with open(os.path.join(a.out, "cases.jsonl"), "w", encoding="utf-8") as f:
        for i, (t, res) in enumerate(zip(tables, results)):
            issue_cat = t[3]
            group_cat = "issue-" + issue_cat if issue_cat else "generated"
            links = []
            for link, r in zip(t[2], res["links"]):
                case = {"link": link}
                answers = [{"target": x["target"], "args": x["args"], "stack": x["stack"]} for x in r["answers"]]
                answers.sort(key=lambda x: json.dumps(x, sort_keys=True))
                case["answers"] = answers
                cat = issue_cat or category_of(t[1], link)
                notes = []
                if r.get("nourl"):
                    notes.append("no-url")
                    cat = issue_cat or "no-url"
                if res.get("crash"):
                    notes.append("crash")
                    cat = issue_cat or "crash-registration"
                    case["cite"] = CITE["bare-part"]
                elif r.get("crash"):
                    notes.append("crash" if not answers else "crash in some dictionary orders")
                    cat = issue_cat or ("crash-query" if "?" in link else "crash-wildcard")
                if r.get("loops"):
                    notes.append("loops" if not answers else "loops in some dictionary orders")
                    cat = issue_cat or "self-ancestor"
                if len(answers) > 1 and not issue_cat:
                    cat = "order"
                case["category"] = cat
                if "cite" not in case:
                    case["cite"] = CITE.get(cat.replace("crash-query", "odd-query").replace("crash-wildcard", "wildcard"),
                                            CITE["match"])
                if notes:
                    case["note"] = "; ".join(notes)
                links.append(case)
                total += 1
            group = {"id": f"waap-{i + 1:04d}", "category": group_cat, "options": OPTIONS,
                     "routes": urn_routes(t[1]), "links": links}
            f.write(json.dumps(group, ensure_ascii=False, sort_keys=False) + "\n")
    print(f"{len(tables)} tables, {total} links")


if __name__ == "__main__":
    main()
