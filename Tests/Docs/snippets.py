#!/usr/bin/env python3
"""The snippets of the docs, taken verbatim from the files, as tests.

Swift: the Swift code of the README and of the DocC articles: each file's ```swift blocks in
order, as one program (an article's later blocks use what its earlier ones made), type-checked
by swiftc against the modules of the debug build. A block that is a Package.swift fragment (a
dependency on urn by its URL, written with a placeholder) is not Swift a program holds, and is
left out.

Man pages: the EXAMPLES section of every page in man/, as jq tests its manual's examples. Each
`$ command` of a page's .nf blocks runs in order, in a working folder of the page's own where
`examples` is the repository's, with the tools of URN_BIN first on PATH and no standard input;
the lines under it, up to the next `$`, are its output (standard output, then standard error),
compared whole. A command with no lines under it shows a use on the reader's own files and is
run for what it leaves behind (a file a later command reads), not checked. An output line that
starts with a blank continues the line before it (the pages fold long JSON lines there), and a
line `...` stands for any lines, as in the README test. `$ cat FILE` of a FILE that is not
there writes the lines under it to FILE first: that is how a page shows a table it then uses.

`snippets.py --man` or `--swift` runs only that half."""
import glob
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from readme import compared  # noqa: E402  (the README's rule for shown output: "..." elides lines)

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
BIN = os.path.abspath(os.environ.get("URN_BIN", os.path.join(ROOT, ".build", "debug")))


def is_manifest_fragment(block):
    return ".package(" in block or block.lstrip().startswith("dependencies:")


def program(path):
    blocks = re.findall(r"```swift\n(.*?)```", open(path).read(), re.S)
    kept = [block for block in blocks if not is_manifest_fragment(block)]
    return "\n".join(kept), len(kept)


ROFF_ESCAPES = [("\\-", "-"), ("\\(dq", '"'), ("\\(aq", "'"), ("\\(em", "\u2014"), ("\\(en", "\u2013"),
                ("\\&", ""), ("\\e", "\\")]


def unroff(line):
    for escape, text in ROFF_ESCAPES:
        line = line.replace(escape, text)
    return line


def man_examples(path):
    """The (command, shown output) pairs of a page's EXAMPLES section, in order."""
    section = re.search(r"^\.SH EXAMPLES\n(.*?)(?=^\.SH )", open(path).read(), re.S | re.M)
    if not section:
        return
    for block in re.findall(r"^\.nf\n(.*?)^\.fi$", section.group(1), re.S | re.M):
        lines = [unroff(line) for line in block.split("\n")]
        command, shown = None, []
        i = 0
        while i < len(lines):
            line = lines[i]
            if line.startswith("$ "):
                if command is not None:
                    yield command, shown
                command, shown = line[2:], []
                # a command goes on after a backslash or a pipe at the end of its line
                while (command.endswith("\\") or command.rstrip().endswith("|")) and i + 1 < len(lines):
                    i += 1
                    command = (command[:-1] if command.endswith("\\") else command) + " " + lines[i].lstrip()
            elif command is not None and line.startswith(" ") and shown:
                shown[-1] += line[1:]
            elif command is not None and (line or shown):
                shown.append(line)
            i += 1
        if command is not None:
            yield command, shown


def run_man_examples():
    env = dict(os.environ, PATH=BIN + os.pathsep + os.environ["PATH"])
    passed, failed = 0, 0
    for page in sorted(glob.glob(os.path.join(ROOT, "man", "*.[1-8]"))):
        name = os.path.relpath(page, ROOT)
        with tempfile.TemporaryDirectory() as work:
            os.symlink(os.path.join(os.path.abspath(ROOT), "examples"), os.path.join(work, "examples"))
            for command, shown in man_examples(page):
                shows_file = re.fullmatch(r"cat (\S+)", command)
                if shows_file and shown and not os.path.exists(os.path.join(work, shows_file.group(1))):
                    with open(os.path.join(work, shows_file.group(1)), "w") as out:
                        out.write("\n".join(shown) + "\n")
                run = subprocess.run(["bash", "-c", command], cwd=work, env=env, stdin=subprocess.DEVNULL,
                                     capture_output=True, text=True, timeout=60)
                if not shown:
                    continue
                if compared(f"{name}: an example's output differs", command, shown,
                            (run.stdout + run.stderr).splitlines()):
                    passed += 1
                else:
                    failed += 1
    print(f"man examples: {passed} passed, {failed} failed")
    return passed, failed


def run_swift():
    if not os.path.isdir(os.path.join(BIN, "Modules")):
        print(f"--- swift snippets: {BIN} has no Modules folder to type-check against (a debug build's folder has"
              " one); give URN_BIN the debug build's folder, or run snippets.py --man")
        return 0, 1
    files = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "Sources", "*", "*.docc", "*.md")))
    module_maps = [f"-fmodule-map-file={m}" for m in sorted(glob.glob(os.path.join(ROOT, "Sources", "C*", "module.modulemap")))]
    # the C modules' headers where pkg-config says (libxml2's are under include/libxml2)
    cflags = subprocess.run(["pkg-config", "--cflags", "libpcre2-8", "libpsl", "libidn2", "libxml-2.0", "yaml-0.1"],
                            capture_output=True, text=True).stdout.split()
    passed, failed = 0, 0
    with tempfile.TemporaryDirectory() as work:
        for path in files:
            source, count = program(path)
            if count == 0:
                continue
            name = os.path.relpath(path, ROOT)
            main_swift = os.path.join(work, "main.swift")
            with open(main_swift, "w") as out:
                out.write(source)
            command = ["swiftc", "-typecheck", "-I", os.path.join(BIN, "Modules")]
            for flag in module_maps + cflags:
                command += ["-Xcc", flag]
            run = subprocess.run(command + [main_swift], capture_output=True, text=True)
            if run.returncode == 0:
                passed += 1
            else:
                failed += 1
                print(f"--- {name}: its {count} Swift block(s) do not compile")
                print(run.stderr.replace(main_swift, name + " (its Swift blocks)"))
    print(f"swift snippets: {passed} passed, {failed} failed")
    return passed, failed


def main():
    which = sys.argv[1:] or ["--swift", "--man"]
    unknown = [arg for arg in which if arg not in ("--swift", "--man")]
    if unknown:
        print(f"usage: snippets.py [--swift] [--man] (not {' '.join(unknown)})")
        return 2
    passed, failed = 0, 0
    for arg, part in (("--swift", run_swift), ("--man", run_man_examples)):
        if arg in which:
            p, f = part()
            passed, failed = passed + p, failed + f
    print(f"snippets: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
