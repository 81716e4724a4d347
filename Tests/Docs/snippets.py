#!/usr/bin/env python3
"""Compiles the Swift code of the README and of the DocC articles, taken verbatim from the files:
each file's ```swift blocks in order, as one program (an article's later blocks use what its
earlier ones made), type-checked by swiftc against the modules of the debug build. A block that
is a Package.swift fragment (a dependency on urn by its URL, written with a placeholder) is not
Swift a program holds, and is left out."""
import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
BIN = os.path.abspath(os.environ.get("URN_BIN", os.path.join(ROOT, ".build", "debug")))


def is_manifest_fragment(block):
    return ".package(" in block or block.lstrip().startswith("dependencies:")


def program(path):
    blocks = re.findall(r"```swift\n(.*?)```", open(path).read(), re.S)
    kept = [block for block in blocks if not is_manifest_fragment(block)]
    return "\n".join(kept), len(kept)


def main():
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
    print(f"snippets: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
