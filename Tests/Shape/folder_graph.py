#!/usr/bin/env python3
"""The folders of a Swift module as a graph: folder A depends on folder B when a file of A names a
top-level type (struct, class, enum, protocol, actor, typealias) that a file of B declares.

`folder_graph.py Sources/UrnCore` prints each loop (strongly connected set of folders, largest
first) with the files and type names that tie it; `--max-loop N` exits 1 when a loop holds more
than N folders. Comments and string literals are not read, so a type named only in prose ties
nothing.
"""
import argparse
import os
import re
import sys

DECLARATION = re.compile(
    r"^(?:@[\w()]+\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect|nonisolated)"
    r"(?:\([\w]+\))?\s+)*(?:struct|class|enum|protocol|actor|typealias)\s+([A-Za-z_]\w*)", re.M)
IDENTIFIER = re.compile(r"\b[A-Z]\w*\b")


def code_only(text):
    """The text with comments and string literals blanked (multi-line strings included)."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            i = n if j < 0 else j + 3
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def scan(root):
    """({folder: {type names declared}}, {file: (folder, code)}) for the Swift files under root."""
    declared, files = {}, {}
    for folder, _, names in os.walk(root):
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            top = os.path.relpath(folder, root).split(os.sep)[0]
            top = "." if top == "." else top
            code = code_only(open(path, encoding="utf-8").read())
            files[path] = (top, code)
            declared.setdefault(top, set()).update(DECLARATION.findall(code))
    return declared, files


def edges(declared, files):
    """{(from folder, to folder): [(file, type), …]}."""
    owner = {}
    for folder, types in declared.items():
        for t in types:
            owner.setdefault(t, set()).add(folder)
    found = {}
    for path, (folder, code) in files.items():
        for t in sorted(set(IDENTIFIER.findall(code))):
            for other in owner.get(t, ()):
                if other != folder and t not in declared[folder]:
                    found.setdefault((folder, other), []).append((path, t))
    return found


def loops(nodes, found):
    """The strongly connected sets of folders with more than one folder (Tarjan), largest first."""
    graph = {n: sorted({b for (a, b) in found if a == n}) for n in nodes}
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for n in sorted(nodes):
        if n not in index:
            visit(n)
    return sorted(out, key=lambda g: (-len(g), g))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("root", help="a module's source folder, e.g. Sources/UrnCore")
    parser.add_argument("--max-loop", type=int, help="exit 1 when a loop holds more folders than this")
    args = parser.parse_args()
    declared, files = scan(args.root)
    found = edges(declared, files)
    groups = loops(declared.keys(), found)
    for group in groups:
        print(f"loop of {len(group)}: {' '.join(group)}")
        for (a, b), uses in sorted(found.items()):
            if a in group and b in group:
                shown = ", ".join(f"{os.path.relpath(p, args.root)} names {t}" for p, t in uses[:4])
                more = f" (+{len(uses) - 4})" if len(uses) > 4 else ""
                print(f"  {a} -> {b}: {shown}{more}")
    if not groups:
        print(f"{args.root}: no loop between its {len(declared)} folders")
    if args.max_loop is not None and any(len(g) > args.max_loop for g in groups):
        print(f"folder_graph: {args.root} has a loop of {max(len(g) for g in groups)} folders "
              f"(at most {args.max_loop}): move the shared types down to a folder every family may use",
              file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
