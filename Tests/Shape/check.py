#!/usr/bin/env python3
"""The house's shape, checked by `make test-shape`:

- UrnCore's folders form no loop of more than three (folder_graph.py);
- no Swift file under Sources/ is over 600 lines;
- ARCHITECTURE.md names every folder of UrnCore and UrnCLI (as `Name/`);
- README.md is at most 500 lines, its benchmark table at most 30, and no man page is over 1,000;
- no document (a Markdown file in git, a man page) speaks of how it was made: no session, no issue number.

Prints each failure and exits 1 when there is one.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAX_LOOP = 3
MAX_SWIFT_LINES = 600
MAX_README_LINES = 500
MAX_BENCHMARK_LINES = 30
MAX_MAN_LINES = 1000
MAKING = re.compile(r"\bsessions?\b|\bissues?\s*#?\d+", re.I)


def lines(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read().splitlines()


def folder_loops():
    graph = subprocess.run([sys.executable, os.path.join(ROOT, "Tests", "Shape", "folder_graph.py"),
                            os.path.join(ROOT, "Sources", "UrnCore"), "--max-loop", str(MAX_LOOP)],
                           capture_output=True, text=True)
    return [] if graph.returncode == 0 else [graph.stdout + graph.stderr.strip()]


def long_swift_files():
    found = []
    for folder, _, names in os.walk(os.path.join(ROOT, "Sources")):
        for name in sorted(names):
            if name.endswith(".swift"):
                path = os.path.relpath(os.path.join(folder, name), ROOT)
                if len(lines(path)) > MAX_SWIFT_LINES:
                    found.append(f"{path}: {len(lines(path))} lines (at most {MAX_SWIFT_LINES})")
    return found


def unmapped_folders():
    text = "\n".join(lines("ARCHITECTURE.md"))
    found = []
    for module in ("UrnCore", "UrnCLI"):
        base = os.path.join(ROOT, "Sources", module)
        for entry in sorted(os.listdir(base)):
            if os.path.isdir(os.path.join(base, entry)) and not entry.endswith(".docc") and f"`{entry}/`" not in text:
                found.append(f"ARCHITECTURE.md: Sources/{module}/{entry}/ is not on the map (name it as `{entry}/`)")
    return found


def long_documents():
    found = []
    readme = lines("README.md")
    if len(readme) > MAX_README_LINES:
        found.append(f"README.md: {len(readme)} lines (at most {MAX_README_LINES})")
    heading = next((i for i, l in enumerate(readme) if re.match(r"#+ .*bench", l, re.I)), None)
    if heading is not None:
        level = len(readme[heading].split(" ")[0])
        end = next((i for i in range(heading + 1, len(readme))
                    if re.match(r"#{1,%d} " % level, readme[i])), len(readme))
        table = sum(1 for line in readme[heading + 1:end] if line.startswith("|"))
        if table > MAX_BENCHMARK_LINES:
            found.append(f"README.md: its benchmark table is {table} lines (at most {MAX_BENCHMARK_LINES}; "
                         "the rest goes to bench/RESULTS.md)")
    for name in sorted(os.listdir(os.path.join(ROOT, "man"))):
        count = len(lines(os.path.join("man", name)))
        if count > MAX_MAN_LINES:
            found.append(f"man/{name}: {count} lines (at most {MAX_MAN_LINES}: split it by topic, with SEE ALSO)")
    return found


def making_words():
    """Every Markdown file in git and every man page; a name in backticks (a fixture's category) is
    a name, not speech."""
    tracked = subprocess.run(["git", "ls-files", "*.md"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    paths = tracked + [os.path.join("man", n) for n in sorted(os.listdir(os.path.join(ROOT, "man")))]
    found = []
    for path in paths:
        for number, line in enumerate(lines(path), 1):
            said = MAKING.search(re.sub(r"`[^`]*`", "", line))
            if said:
                found.append(f"{path}:{number}: speaks of its making ({said.group(0)!r}): "
                             "say the version, commit or date instead")
    return found


def main():
    failures = folder_loops() + long_swift_files() + unmapped_folders() + long_documents() + making_words()
    for failure in failures:
        print(f"test-shape: {failure}")
    if failures:
        sys.exit(1)
    print("test-shape: no loop of more than three folders, no file over its limit, every folder on the map, "
          "no document speaks of its making")


if __name__ == "__main__":
    main()
