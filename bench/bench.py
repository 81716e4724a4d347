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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True, help="folder of the release binaries")
    parser.add_argument("--links", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    path = links_file(args.links)
    n = args.links
    cases = [("cat", ["cat"], None)]
    cases.append(("urnparse", [os.path.join(args.bin, "urnparse")], "trurl"))
    trurl = shutil.which("trurl")
    if trurl:
        cases.append(("trurl --json", [trurl, "--json", "-f", "-"], None))

    results = {}
    for name, argv, _ in cases:
        results[name] = measure(argv, path, args.runs)

    print(f"{n:,} links from gen_links.py (seed 1), {args.runs} runs each, median [min–max]\n")
    print(f"{'case':<16} {'seconds':>22} {'links/s':>12} {'vs cat':>8} {'vs peer':>10} {'peak RSS':>10}")
    cat_median = results["cat"][0]
    for name, argv, peer in cases:
        median, low, high, rss = results[name]
        rate = n / median
        vs_cat = f"{median / cat_median:.1f}×" if name != "cat" else "1.0×"
        if peer == "trurl":
            vs_peer = f"{results['trurl --json'][0] / median:.1f}× trurl" if trurl else "no trurl"
        else:
            vs_peer = ""
        print(f"{name:<16} {median:>8.3f} [{low:.3f}–{high:.3f}] {rate:>12,.0f} {vs_cat:>8} {vs_peer:>10} {rss / 1024:>8.1f} MiB")
    print("\n'vs cat': how many times longer than cat takes to copy the same file (lower is better);")
    print("'vs peer': how many times faster than the peer on the same file (higher is better).")
    if not trurl:
        print("trurl is not installed (Debian 12 has no package), so there is no peer column for urnparse.")


if __name__ == "__main__":
    main()
