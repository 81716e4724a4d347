#!/usr/bin/env bash
# Pipe capacity (README, Speed): each tool makes the pipes it reads and writes 1 MiB, so that the
# stages of a pipeline run longer between waits. Asked of the kernel with F_GETPIPE_SZ (1032).
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(cd "${URN_BIN:?set URN_BIN}" && pwd)
routes="$root/bench/github_api.routes"
URN_TOOLS="urnparse urnmatch urnstack urnfmt" BIN="$bin" ROUTES="$routes" python3 - <<'PY'
import fcntl, os, subprocess, sys

GET_PIPE_SIZE = 1032
bin_dir, routes = os.environ["BIN"], os.environ["ROUTES"]
arguments = {"urnparse": [], "urnmatch": ["-f", routes], "urnstack": ["-f", routes], "urnfmt": ["{host}"]}
passed = failed = 0

def check(what, size):
    global passed, failed
    if size == 1 << 20:
        passed += 1
    else:
        failed += 1
        print(f"--- failed: {what}: {size} bytes, not 1 MiB")

for tool in os.environ["URN_TOOLS"].split():
    argv = [os.path.join(bin_dir, tool), *arguments[tool]]
    # the pipe it writes: read to the end, then asked (the tool has set it before its first write)
    writer = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    writer.stdin.write(b"https://api.github.com/users/octocat\n")
    writer.stdin.close()
    writer.stdout.read()
    check(f"{tool}'s output pipe", fcntl.fcntl(writer.stdout.fileno(), GET_PIPE_SIZE))
    writer.wait()
    # the pipe it reads: asked once its first record is out, which it writes after reading
    reader = subprocess.Popen([*argv, "--line-buffered"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL)
    reader.stdin.write(b"https://api.github.com/users/octocat\n")
    reader.stdin.flush()
    reader.stdout.readline()
    check(f"{tool}'s input pipe", fcntl.fcntl(reader.stdin.fileno(), GET_PIPE_SIZE))
    reader.stdin.close()
    reader.stdout.read()
    reader.wait()

print(f"pipes: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PY
