#!/usr/bin/env python3
"""make bench: time the tools against cat and their peers on one generated link list."""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "out")
GNU_TIME = "/usr/bin/time"


def links_file(count):
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, f"links-{count}.txt")
    if not os.path.exists(path):
        subprocess.run([sys.executable, os.path.join(HERE, "gen_links.py"), "-n", str(count),
                        "--seed", "1", "-o", path], check=True, stderr=subprocess.DEVNULL)
    return path


def run_once(argv, stdin_path):
    """Runs argv with stdin from stdin_path and stdout to /dev/null; returns (seconds, peak RSS KiB).

    GNU time measures the peak RSS: a child that Python itself forks would report Python's."""
    with open(stdin_path, "rb") as stdin, open(os.devnull, "wb") as devnull:
        start = time.perf_counter()
        run = subprocess.run([GNU_TIME, "-f", "%M", *argv], stdin=stdin, stdout=devnull, stderr=subprocess.PIPE)
        elapsed = time.perf_counter() - start
    if run.returncode not in (0, 1):
        raise SystemExit(f"bench: {' '.join(argv)} failed with status {run.returncode}")
    return elapsed, int(run.stderr.decode().strip().splitlines()[-1])


def measure(argv, stdin_path, runs):
    samples = [run_once(argv, stdin_path) for _ in range(runs)]
    times = [s[0] for s in samples]
    return statistics.median(times), min(times), max(times), max(s[1] for s in samples)


def generated_table(count):
    """The GitHub table plus generated routes, `count` routes in all, for route-count scaling."""
    path = os.path.join(OUT, f"routes-{count}.txt")
    if not os.path.exists(path):
        base = [l for l in open(os.path.join(HERE, "github_api.routes")) if l.strip() and not l.startswith("#")]
        with open(path, "w") as out:
            out.writelines(base)
            for i in range(count - len(base)):
                out.write(f"/svc{i % 1000}/res{i // 1000}/:id/{'items' if i % 3 else 'parts'} GEN{i}\n")
    return path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True, help="folder of the release binaries")
    parser.add_argument("--links", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--peer-runs", type=int, default=1, help="runs of the (slow) peers")
    args = parser.parse_args()
    path = links_file(args.links)
    n = args.links
    tool = lambda name: os.path.join(args.bin, name)
    github = os.path.join(HERE, "github_api.routes")
    gitlab = os.path.join(HERE, "routes_gitlab.txt")
    big = generated_table(100_000)
    werkzeug = [sys.executable, os.path.join(HERE, "werkzeug_router.py")]
    trurl = shutil.which("trurl")
    # (name, command, peer name, peer command)
    cases = [
        ("cat", ["cat"], None, None),
        ("urnparse", [tool("urnparse")], "trurl", [trurl, "--json", "-f", "-"] if trurl else None),
        ("urnmatch 142", [tool("urnmatch"), "-f", github], "werkzeug", werkzeug + [github]),
        ("urnmatch 3.7k", [tool("urnmatch"), "-f", github, "-f", gitlab], "werkzeug", werkzeug + [github, gitlab]),
        ("urnmatch 100k", [tool("urnmatch"), "-f", big], "werkzeug", werkzeug + [big]),
    ]
    results = {}
    peers = {}
    for name, argv, peer, peer_argv in cases:
        results[name] = measure(argv, path, args.runs)
        if peer_argv:
            peers[name] = measure(peer_argv, path, args.peer_runs)

    print(f"{n:,} links from gen_links.py (seed 1); tools {args.runs} runs, peers {args.peer_runs}; median [min–max]\n")
    print(f"{'case':<15} {'seconds':>22} {'links/s':>12} {'vs cat':>8} {'vs peer':>16} {'peak RSS':>10}")
    cat_median = results["cat"][0]
    for name, argv, peer, peer_argv in cases:
        median, low, high, rss = results[name]
        vs_cat = f"{median / cat_median:.1f}×"
        if name in peers:
            vs_peer = f"{peers[name][0] / median:.1f}× {peer}"
        elif peer:
            vs_peer = f"no {peer}"
        else:
            vs_peer = ""
        print(f"{name:<15} {median:>8.3f} [{low:.3f}–{high:.3f}] {n / median:>12,.0f} {vs_cat:>8} {vs_peer:>16} {rss / 1024:>8.1f} MiB")
    for name, (median, low, high, rss) in peers.items():
        print(f"  peer of {name:<14} {median:>8.3f} s  {n / median:>12,.0f} links/s  {rss / 1024:.1f} MiB")
    print("\n'vs cat': how many times longer than cat on the same file (lower is better);")
    print("'vs peer': how many times faster than the peer on the same file and routes (higher is better).")
    if not trurl:
        print("trurl is not installed (Debian 12 has no package), so urnparse has no peer.")


if __name__ == "__main__":
    main()
