#!/usr/bin/env python3
"""Runs every `$ command` of the README's console blocks and compares its output (standard
output, then standard error) with the lines shown under it. A line `...` stands for any lines:
the lines before it must start the output and the lines after it must end it."""
import os
import re
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
BIN = os.path.abspath(os.environ.get("URN_BIN", ".build/debug"))


def examples(text):
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        command, expected = None, []
        lines = block.split("\n")
        i = 0
        while i < len(lines):
            line = lines[i]
            if line.startswith("$ "):
                if command is not None:
                    yield command, expected
                command, expected = line[2:], []
                while command.endswith("\\"):
                    i += 1
                    command = command[:-1] + " " + lines[i].lstrip()
            elif command is not None and (line or expected):
                expected.append(line)
            i += 1
        if command is not None:
            yield command, expected


def matches(output, expected):
    while expected and expected[-1] == "":
        expected = expected[:-1]
    if "..." in expected:
        cut = expected.index("...")
        head, tail = expected[:cut], expected[cut + 1:]
        return output[:len(head)] == head and (not tail or output[-len(tail):] == tail)
    return output == expected


def compared(what, command, shown, output):
    """Whether `output` is what the document shows; prints both when not."""
    if matches(output, list(shown)):
        return True
    print(f"--- {what}: {command}")
    print("    shown:  " + "\n            ".join(shown))
    print("    output: " + "\n            ".join(output))
    return False


def main():
    text = open(os.path.join(ROOT, "README.md")).read()
    env = dict(os.environ, PATH=BIN + os.pathsep + os.environ["PATH"])
    passed, failed = 0, 0
    for command, expected in examples(text):
        run = subprocess.run(["bash", "-c", command], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
        if compared("README command differs", command, expected, (run.stdout + run.stderr).splitlines()):
            passed += 1
        else:
            failed += 1
    print(f"readme: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
