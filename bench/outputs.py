#!/usr/bin/env python3
"""make bench-outputs BASE=<commit>: proves that a change kept every output of the tools.

Builds BASE in a git worktree of its own (.build/bench-outputs/base/worktree, reused from run to
run) and the working tree as it is (HEAD with any uncommitted change: what is about to be
committed), both with the release flags of `make build`. Runs every configuration of CONFIGS on
both sets of binaries, with the same input files and the same environment, into
.build/bench-outputs/{base,head}/NAME.{stdout,stderr,status}, and compares them byte for byte:
one line for each configuration that differs, with its first differing line, and exit status 1
when any does.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import bench  # noqa: E402  (bench.py's link list and 100k-route table, made the same way)

WORK = os.path.join(ROOT, ".build", "bench-outputs")
DATA = os.path.join(WORK, "data")
BASE_TREE = os.path.join(WORK, "base", "worktree")
RELEASE_FLAGS = ["-c", "release", "--static-swift-stdlib"]
TIMEOUT = 300

# The files the configurations read, all in DATA (the commands run there, so a table is named in
# a record as it is written below):
#   links.txt            LINKS links from bench/gen_links.py (seed 1), as `make bench` makes them
#   gitlab-links.txt     LINKS links from gen_links.py over the GitLab table
#   github_api.routes, routes_gitlab.txt   the tables in bench/ (copies of ../shared/bench)
#   routes-100k.txt      bench.py's 100,000-route table; routes-100k-bad11.txt and
#                        routes-100k-badlast.txt the same with an unbalanced `{` at line 11 and
#                        at its last line
#   openapi.yaml, openapi.json, openapi.routes, openapi-links.txt   bench/gen_openapi.py
#   common.log, combined.log   access logs over the links, with a malformed line now and then
#   parsed.jsonl, matched.jsonl, stacked.jsonl   each pipeline stage's records, made by BASE's
#                        tools: urnparse -s over the links, urnmatch -s -f github_api.routes over
#                        those, urnstack -s -f github_api.routes over those (so both builds' stage
#                        reads the same input; a change in the upstream shows in its own rows)
#   matched-all.jsonl    BASE's urnmatch -a -s -f github_api.routes over the links (urnfmt's input
#                        in `make bench`)
#   hostile-*.txt, corpus.jsonl, corpus-lines.txt   the inputs of Tests/CLITests/cases/hostile-*
#                        and Tests/Fixtures/hostile/corpus.jsonl (its links as raw lines too)
#   urlpattern.routes    the GitHub table's paths as a urlpattern table (@base https://api.github.com)
#   apple-app-site-association, AndroidManifest.xml   examples/applinks' files; applinks-links.txt
#                        its links, then the first 2,000 links moved to its host
G = "github_api.routes"
GL = "routes_gitlab.txt"
TEMPLATE = "{route.target}\\t{route.args.owner}\\t{host}\\t{query:page}"  # make bench's urnfmt template
PIPELINE_TEMPLATE = bench.PIPELINE_TEMPLATE
LINK = ["--link", "/repos/:owner/:repo", "--arg", "owner=x", "--arg", "repo=y"]
PIPELINE = f"urnparse -s | urnmatch -s -f {G} | urnstack -s -f {G} | urnfmt -s '{PIPELINE_TEMPLATE}'"
BATTERY = [("parse", ["urnparse"]), ("match", ["urnmatch", "-a", "-e", "/x/{y}"]),
           ("stack", ["urnstack", "-e", "/x/{y}"]), ("fmt", ["urnfmt", "--normalize", "--json"])]
HOSTILE = ["broken-json", "deep-json", "huge-line", "invalid-utf8", "nul-and-controls"]
REGEX_ROUTES = ["/x/{v:(a+)+$}", "/y/{v:(x|x)*y}", "/x/{v:(a|aa)+$}"]

# (name, argv, standard input): argv runs in DATA with the build's tools first on PATH; a command
# of "sh -c" is a shell pipeline of the build's tools. None reads /dev/null.
CONFIGS = [
    # each tool over the raw links
    ("parse", ["urnparse"], "links.txt"),
    ("parse-normalize", ["urnparse", "--normalize"], "links.txt"),
    ("parse-domains", ["urnparse", "--domains"], "links.txt"),
    ("parse-base", ["urnparse", "--base", "https://api.github.com/v3/"], "links.txt"),
    ("parse-lenient", ["urnparse", "--lenient"], "links.txt"),
    ("parse-log-common", ["urnparse", "--log", "common"], "common.log"),
    ("parse-log-combined", ["urnparse", "--log", "combined"], "combined.log"),
    ("match", ["urnmatch", "-f", G], "links.txt"),
    ("match-a", ["urnmatch", "-a", "-f", G], "links.txt"),
    ("match-v", ["urnmatch", "-v", "-f", G], "links.txt"),
    ("match-c", ["urnmatch", "-c", "-f", G], "links.txt"),
    ("match-stats", ["urnmatch", "--stats", "-f", G], "links.txt"),
    ("match-explain", ["urnmatch", "-a", "--explain", "-f", G], "links.txt"),
    ("match-all-matches", ["urnmatch", "--all-matches", "-f", G], "links.txt"),
    ("match-express", ["urnmatch", "--dialect", "express", "-f", G], "links.txt"),
    ("match-gitlab", ["urnmatch", "-a", "-f", GL], "gitlab-links.txt"),
    ("match-gitlab-stats", ["urnmatch", "--stats", "-f", GL], "gitlab-links.txt"),
    ("match-both", ["urnmatch", "-a", "-f", G, "-f", GL], "links.txt"),
    ("match-openapi-yaml", ["urnmatch", "-a", "-f", "openapi.yaml"], "openapi-links.txt"),
    ("match-openapi-json", ["urnmatch", "-a", "-f", "openapi.json"], "openapi-links.txt"),
    ("match-openapi-routes", ["urnmatch", "-a", "-f", "openapi.routes"], "openapi-links.txt"),
    ("match-check-github", ["urnmatch", "--check", "-f", G], None),
    ("match-examples-gitlab", ["urnmatch", "--examples", "--near-misses", "--per-route", "2", "-f", GL], None),
    ("match-against", ["urnmatch", "-f", G, "--against", GL], "links.txt"),
    ("match-against-stats", ["urnmatch", "--stats", "--dialect", "express", "-f", G, "--against", G], "links.txt"),
    ("stack", ["urnstack", "-f", G], "links.txt"),
    ("stack-both", ["urnstack", "-f", G, "-f", GL], "gitlab-links.txt"),
    ("fmt-template", ["urnfmt", "{scheme}\\t{host}\\t{path}\\t{query:page}\\t{file}"], "links.txt"),
    ("fmt-tsv", ["urnfmt", "--tsv", "link,host,path,query"], "links.txt"),
    ("fmt-csv", ["urnfmt", "--csv", "link,host,path,query"], "links.txt"),
    ("fmt-normalize", ["urnfmt", "--normalize", "--json"], "links.txt"),
    ("fmt-edit", ["urnfmt", "--set", "host=example.org", "--append", "query=x=1", "--sort-query", "--json"], "links.txt"),
    ("fmt-link", ["urnfmt", *LINK], "links.txt"),
    # each tool over its upstream's records (urnfmt also over urnmatch -a's, as in make bench)
    ("match<-parse", ["urnmatch", "-s", "-f", G], "parsed.jsonl"),
    ("match-a<-parse", ["urnmatch", "-a", "-f", G], "parsed.jsonl"),
    ("stack<-match", ["urnstack", "-s", "-f", G], "matched.jsonl"),
    ("stack<-match-both", ["urnstack", "-f", G, "-f", GL], "matched.jsonl"),
    ("fmt<-stack", ["urnfmt", "-s", PIPELINE_TEMPLATE], "stacked.jsonl"),
    ("fmt-json<-stack", ["urnfmt", "--sort-query", "--json"], "stacked.jsonl"),
    ("fmt-template<-match", ["urnfmt", TEMPLATE], "matched-all.jsonl"),
    ("fmt-tsv<-match", ["urnfmt", "--tsv", "link,route.target,route.args.owner"], "matched-all.jsonl"),
    ("fmt-link<-match", ["urnfmt", "-s", *LINK], "matched-all.jsonl"),
    ("pipeline", ["sh", "-c", PIPELINE], "links.txt"),
    # --jobs 2: the same output as one job, byte for byte (SPEC 9)
    ("parse-j2", ["urnparse", "--jobs", "2"], "links.txt"),
    ("parse-log-combined-j2", ["urnparse", "--jobs", "2", "--log", "combined"], "combined.log"),
    ("match-j2", ["urnmatch", "--jobs", "2", "-f", G], "links.txt"),
    ("match-a-j2", ["urnmatch", "--jobs", "2", "-a", "-f", G], "links.txt"),
    ("match-c-j2", ["urnmatch", "--jobs", "2", "-c", "-f", G], "links.txt"),
    ("match-stats-j2", ["urnmatch", "--jobs", "2", "--stats", "-f", G, "-f", GL], "links.txt"),
    ("stack-j2", ["urnstack", "--jobs", "2", "-f", G], "links.txt"),
    ("fmt-template-j2", ["urnfmt", "--jobs", "2", "{scheme}\\t{host}\\t{path}\\t{query:page}\\t{file}"], "links.txt"),
    ("fmt-csv-j2", ["urnfmt", "--jobs", "2", "--csv", "link,host,path,query"], "links.txt"),
    ("match<-parse-j2", ["urnmatch", "--jobs", "2", "-s", "-f", G], "parsed.jsonl"),
    ("stack<-match-j2", ["urnstack", "--jobs", "2", "-s", "-f", G], "matched.jsonl"),
    ("fmt<-stack-j2", ["urnfmt", "--jobs", "2", "-s", PIPELINE_TEMPLATE], "stacked.jsonl"),
    ("fmt-link<-match-j2", ["urnfmt", "--jobs", "2", "-s", *LINK], "matched-all.jsonl"),
    # the 100,000-route table, clean and with a bad line at line 11 and at its last line
    ("100k", ["urnmatch", "-a", "-f", "routes-100k.txt"], "links.txt"),
    ("100k-j2", ["urnmatch", "--jobs", "2", "-a", "-f", "routes-100k.txt"], "links.txt"),
    ("100k-stack", ["urnstack", "-f", "routes-100k.txt"], "links.txt"),
    ("100k-bad11", ["urnmatch", "-f", "routes-100k-bad11.txt"], "links.txt"),
    ("100k-bad11-j2", ["urnmatch", "--jobs", "2", "-f", "routes-100k-bad11.txt"], "links.txt"),
    ("100k-bad11-stack", ["urnstack", "-f", "routes-100k-bad11.txt"], "links.txt"),
    ("100k-badlast", ["urnmatch", "-f", "routes-100k-badlast.txt"], "links.txt"),
    ("100k-badlast-j2", ["urnmatch", "--jobs", "2", "-f", "routes-100k-badlast.txt"], "links.txt"),
    ("100k-badlast-stack", ["urnstack", "-f", "routes-100k-badlast.txt"], "links.txt"),
    ("100k-badlast-both", ["urnmatch", "-f", G, "-f", "routes-100k-badlast.txt"], "links.txt"),
    # the hostile inputs of Tests/CLITests/cases/hostile-*: hostile.sh's battery (every tool
    # over the same input)
    *[(f"hostile-{case}-{short}", argv, f"hostile-{case}.txt") for case in HOSTILE for short, argv in BATTERY],
    *[(f"hostile-regex{i + 1}", ["urnmatch", "-a", "-e", route], "hostile-regexes.txt")
      for i, route in enumerate(REGEX_ROUTES)],
    # the WHATWG-class corpus (Tests/Fixtures/hostile/corpus.jsonl), as records and as raw lines
    *[(f"hostile-{corpus}-{short}", argv, f"{corpus}.{ext}")
      for corpus, ext in (("corpus", "jsonl"), ("corpus-lines", "txt"))
      for short, argv in BATTERY + [
          ("parse-lenient", ["urnparse", "--lenient", "--base", "https://a/b/c?q"]),
          ("match-navigator", ["urnmatch", "-a", "--dialect", "navigator", "-e", "/x/{y}", "-e", "user:{id}",
                               "-e", "myapp://h/<p>"]),
          ("fmt-row", ["urnfmt", "--errors=row", "{scheme}\\t{host}\\t{path}\\t{query}\\t{fragment}\\t{segments}"]),
          ("fmt-j2", ["urnfmt", "--jobs", "2", "--lenient", "--set", "query:=a=1", "--append", "path=z", "--json"]),
      ]],
    # the questions about tables: inference (urn and express tables, and beside a table), example
    # links (alone and as --against's input), --check --json
    ("infer-gitlab", ["urnmatch", "--infer"], "gitlab-links.txt"),
    ("infer-gitlab-express", ["urnmatch", "--infer", "--infer-dialect", "express"], "gitlab-links.txt"),
    ("infer-beside-github", ["urnmatch", "--infer", "-f", G], "links.txt"),
    ("infer-log", ["sh", "-c", "urnparse --log combined | urnmatch --infer"], "combined.log"),
    ("examples-github", ["urnmatch", "--examples", "--near-misses", "-f", G], None),
    ("examples-against", ["urnmatch", "--examples", "-f", G, "--against", GL], None),
    ("examples-against-express", ["urnmatch", "--examples", "--near-misses", "--dialect", "express", "-f", G,
                                  "--against", G], None),
    ("examples-openapi", ["urnmatch", "--examples", "--near-misses", "-f", "openapi.yaml"], None),
    ("check-json-gitlab", ["urnmatch", "--check", "--json", "-f", GL], None),
    ("check-json-openapi", ["urnmatch", "--check", "--json", "-f", "openapi.yaml"], None),
    # a urlpattern table, an apple-app-site-association file and an AndroidManifest.xml
    ("match-urlpattern", ["urnmatch", "-a", "-f", "urlpattern.routes"], "links.txt"),
    ("match-urlpattern-specific", ["urnmatch", "-a", "--precedence", "specific", "-f", "urlpattern.routes"],
     "links.txt"),
    ("stack-urlpattern", ["urnstack", "-f", "urlpattern.routes"], "links.txt"),
    ("examples-urlpattern", ["urnmatch", "--examples", "--near-misses", "-f", "urlpattern.routes"], None),
    ("check-json-urlpattern", ["urnmatch", "--check", "--json", "-f", "urlpattern.routes"], None),
    ("match-aasa", ["urnmatch", "-a", "--explain", "-f", "apple-app-site-association"], "applinks-links.txt"),
    ("match-manifest", ["urnmatch", "-a", "--explain", "-f", "AndroidManifest.xml"], "applinks-links.txt"),
    ("match-applinks-parity", ["urnmatch", "--compare", "routed", "-f", "apple-app-site-association",
                               "--against", "AndroidManifest.xml"], "applinks-links.txt"),
    ("examples-applinks", ["urnmatch", "--examples", "--near-misses", "-f", "apple-app-site-association",
                           "-f", "AndroidManifest.xml"], None),
    ("check-json-applinks", ["urnmatch", "--check", "--json", "-f", "apple-app-site-association",
                             "-f", "AndroidManifest.xml"], None),
    # a full disk: the write error and its status
    *[(f"hostile-full-{short}", ["sh", "-c", f"{' '.join(argv)} > /dev/full"], "links.txt")
      for short, argv in (("parse", ["urnparse"]), ("match", ["urnmatch", "-e", "/x/{y}"]),
                          ("stack", ["urnstack", "-e", "/x/{y}"]), ("fmt", ["urnfmt", "{host}{path}"]))],
]


def run(argv, **kwargs):
    return subprocess.run(argv, check=True, **kwargs)


def git(*args, cwd=ROOT):
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def build(tree, scratch, label):
    """`swift build -c release --static-swift-stdlib` in `tree`; returns its folder of binaries."""
    log = os.path.join(WORK, f"{label}-build.log")
    swift = os.environ.get("SWIFT", "swift")
    argv = [swift, "build", *RELEASE_FLAGS] + (["--scratch-path", scratch] if scratch else [])
    print(f"bench-outputs: building {label} ({' '.join(argv[1:])}; log in {os.path.relpath(log, ROOT)})", flush=True)
    with open(log, "wb") as out:
        if subprocess.run(argv, cwd=tree, stdout=out, stderr=subprocess.STDOUT).returncode != 0:
            sys.stdout.write(open(log, errors="replace").read()[-4000:])
            raise SystemExit(f"bench-outputs: the {label} build failed (log: {log})")
    return subprocess.run(argv + ["--show-bin-path"], cwd=tree, check=True, capture_output=True, text=True).stdout.strip()


def base_worktree(commit):
    """BASE_TREE checked out at `commit`: added on the first run, moved to `commit` on later ones.
    When the commit changes, its release build is removed: SwiftPM's incremental build has been
    seen to keep tools compiled against an old struct layout (ARCHITECTURE.md)."""
    if os.path.exists(os.path.join(BASE_TREE, ".git")):
        git("checkout", "--quiet", "--force", "--detach", commit, cwd=BASE_TREE)
    else:
        if os.path.exists(BASE_TREE):
            shutil.rmtree(BASE_TREE)
        os.makedirs(os.path.dirname(BASE_TREE), exist_ok=True)
        # --force: a worktree that `make clean` deleted is still registered until pruned
        git("worktree", "add", "--force", "--detach", BASE_TREE, commit)
    scratch = os.path.join(BASE_TREE, ".build")
    stamp = os.path.join(scratch, "bench-outputs-commit")
    if os.path.isdir(scratch) and (not os.path.exists(stamp) or open(stamp).read().strip() != commit):
        for entry in os.listdir(scratch):
            release = os.path.join(scratch, entry, "release")
            if os.path.isdir(release) and not os.path.islink(release):
                shutil.rmtree(release)
    return scratch, stamp


def write_log(path, links, combined):
    """An access log over `links` (their paths and queries), every 97th line malformed."""
    with open(links, encoding="utf-8", errors="surrogateescape") as source, \
            open(path, "w", encoding="utf-8", errors="surrogateescape") as out:
        for i, link in enumerate(source):
            link = link.rstrip("\n")
            target = link.split("://", 1)[1] if "://" in link else link
            target = "/" + target.split("/", 1)[1] if "/" in target else "/"
            method = ("GET", "POST", "PUT", "DELETE", "PATCH")[i % 5]
            if i % 97 == 96:
                out.write(f"10.0.0.{i % 256} - - [10/Oct/2024:13:55:{i % 60:02d} +0000] \"{method} {target}\n")
                continue
            line = (f"10.0.{i // 256 % 256}.{i % 256} - user{i % 7} [10/Oct/2024:13:55:{i % 60:02d} +0000] "
                    f"\"{method} {target} HTTP/1.1\" {(200, 301, 404, 500)[i % 4]} {i * 37 % 50000}")
            if combined:
                line += f" \"https://referer.example/{i % 13}\" \"agent/{i % 3}.0 (bench)\""
            out.write(line + "\n")


def hostile_inputs():
    """The inputs of Tests/CLITests/cases/hostile-*/cmd, written the same way."""
    files = {
        "broken-json": b"".join(l + b"\n" for l in [
            b'{', b'{"link"', b'{"link":"/x/1",}', b'{"link":"/x/1"} trailing', b'{"link":"/x/\\ud800"}',
            b'{"link":01}', b'{"a":1,"a":2,"link":"/x/dup","link":"/x/last"}', b'[1,2]', b'{"link":"/x/ok"}']),
        "deep-json": (b'{"link":"/x/1","deep":' + b"[" * 100000 + b"]" * 100000 + b"}\n"
                      + b'{"link":"/x/2","deep":' + b'{"a":' * 100000 + b"1" + b"}" * 100000 + b"}\n"
                      + b'{"link":"/x/3","deep":' + b"[" * 100000 + b"\n" + b"/x/ok\n"),
        "huge-line": (b"/x/" + b"a" * (10 * 1024 * 1024) + b"\n/x/after\n" + b'{"link":"/x/' + b"b" * (2 * 1024 * 1024)
                      + b'"}\n/x/last\n'),
        "nul-and-controls": (b'/x/a\x00b\n{"link":"/x/a\\u0000b"}\n{"link":"/x/\\u0001\\u001f\\u007f"}\n'
                             b'/x/\x01\x1b[31m\n{"link":"/x/ok","note":"\x00"}\n/x/ok\n'),
        "regexes": ("/x/" + "a" * 5000 + "b\n/y/" + "x" * 5000 + "\n/x/aaa\n").encode(),
    }
    utf8 = b""
    for bad in [b"\xc0\xaf", b"\xe0\x80\xaf", b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xe2\x82", b"\xf4\x90\x80\x80",
                b"\x80", b"\xff", b"\xf0\x9f\x98"]:
        utf8 += b"/x/a" + bad + b"\n" + b'{"link":"/x/' + bad + b'"}\n'
    files["invalid-utf8"] = utf8 + b"/x/ok\n"
    for name, data in files.items():
        with open(os.path.join(DATA, f"hostile-{name}.txt"), "wb") as out:
            out.write(data)
    records = os.path.join(ROOT, "Tests", "Fixtures", "hostile", "corpus.jsonl")
    shutil.copyfile(records, os.path.join(DATA, "corpus.jsonl"))
    # hostile-corpus/cmd: the links a raw line can hold, as raw lines
    with open(records, encoding="utf-8") as source, open(os.path.join(DATA, "corpus-lines.txt"), "w",
                                                         encoding="utf-8", errors="surrogatepass") as out:
        for line in source:
            link = json.loads(line)["link"]
            if link.strip(" \t") and not any(c in link for c in "\r\n\0") and \
                    not any(0xD800 <= ord(c) <= 0xDFFF for c in link):
                out.write(link + "\n")


def make_data(count):
    """The input files (see the list above CONFIGS) but the stage records."""
    os.makedirs(DATA, exist_ok=True)
    shutil.copyfile(bench.links_file(count), os.path.join(DATA, "links.txt"))
    for table in (G, GL):
        shutil.copyfile(os.path.join(HERE, table), os.path.join(DATA, table))
    gitlab_links = os.path.join(bench.OUT, f"gitlab-links-{count}.txt")
    if not os.path.exists(gitlab_links):
        run([sys.executable, os.path.join(HERE, "gen_links.py"), "-n", str(count), "--seed", "1",
             "--routes", os.path.join(HERE, GL), "-o", gitlab_links], stderr=subprocess.DEVNULL)
    shutil.copyfile(gitlab_links, os.path.join(DATA, "gitlab-links.txt"))
    table = open(bench.generated_table(100_000)).read().splitlines(keepends=True)
    with open(os.path.join(DATA, "routes-100k.txt"), "w") as out:
        out.writelines(table)
    for name, line in (("bad11", 11), ("badlast", len(table))):
        bad = list(table)
        bad[line - 1] = f"/bad/{{unbalanced/:id BAD{line}\n"
        with open(os.path.join(DATA, f"routes-100k-{name}.txt"), "w") as out:
            out.writelines(bad)
    run([sys.executable, os.path.join(HERE, "gen_openapi.py"), "-n", "1000", "--links", str(count), "--seed", "1",
         "-o", DATA], stdout=subprocess.DEVNULL)
    for ext in ("yaml", "json", "routes"):
        os.replace(os.path.join(DATA, f"openapi-1000.{ext}"), os.path.join(DATA, f"openapi.{ext}"))
    os.replace(os.path.join(DATA, "openapi-1000.links"), os.path.join(DATA, "openapi-links.txt"))
    write_log(os.path.join(DATA, "common.log"), os.path.join(DATA, "links.txt"), combined=False)
    write_log(os.path.join(DATA, "combined.log"), os.path.join(DATA, "links.txt"), combined=True)
    hostile_inputs()
    with open(os.path.join(HERE, G)) as source, open(os.path.join(DATA, "urlpattern.routes"), "w") as out:
        out.write("@dialect urlpattern\n@base https://api.github.com\n")
        for line in source:
            if line.strip() and not line.startswith("#"):
                path, target = line.split()[:2]
                out.write(f"{path} {target}\n")
    applinks = os.path.join(ROOT, "examples", "applinks")
    for name in ("apple-app-site-association", "AndroidManifest.xml"):
        shutil.copyfile(os.path.join(applinks, name), os.path.join(DATA, name))
    with open(os.path.join(DATA, "applinks-links.txt"), "w") as out:
        out.write(open(os.path.join(applinks, "links.txt")).read())
        with open(os.path.join(DATA, "links.txt"), encoding="utf-8", errors="surrogateescape") as links:
            for _, link in zip(range(2000), links):
                out.write(link.replace("https://api.github.com/", "https://photofeed.example.com/", 1)
                          .encode("utf-8", "surrogateescape").decode("utf-8", "replace"))


def stage_records(bin_dir):
    """Each pipeline stage's records, made by the tools in bin_dir (BASE's)."""
    steps = [("parsed.jsonl", ["urnparse", "-s"], "links.txt"), ("matched.jsonl", ["urnmatch", "-s", "-f", G], "parsed.jsonl"),
             ("stacked.jsonl", ["urnstack", "-s", "-f", G], "matched.jsonl"),
             ("matched-all.jsonl", ["urnmatch", "-a", "-s", "-f", G], "links.txt")]
    for target, argv, source in steps:
        with open(os.path.join(DATA, source), "rb") as stdin, open(os.path.join(DATA, target), "wb") as stdout:
            subprocess.run([os.path.join(bin_dir, argv[0]), *argv[1:]], cwd=DATA, stdin=stdin, stdout=stdout,
                           stderr=subprocess.DEVNULL)


def environment(bin_dir):
    return {"PATH": f"{bin_dir}:/usr/local/bin:/usr/bin:/bin", "LC_ALL": "C.UTF-8", "HOME": os.environ.get("HOME", "/"),
            "TMPDIR": os.environ.get("TMPDIR", "/tmp")}


def run_all(bin_dir, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    for entry in os.listdir(out_dir):
        if entry.endswith((".stdout", ".stderr", ".status")):
            os.remove(os.path.join(out_dir, entry))
    env = environment(bin_dir)
    for name, argv, stdin_name in CONFIGS:
        stdin_path = os.path.join(DATA, stdin_name) if stdin_name else os.devnull
        path = os.path.join(out_dir, file_name(name))
        with open(stdin_path, "rb") as stdin, open(path + ".stdout", "wb") as stdout, open(path + ".stderr", "wb") as stderr:
            try:
                status = str(subprocess.run(argv, cwd=DATA, env=env, stdin=stdin, stdout=stdout, stderr=stderr,
                                            timeout=TIMEOUT).returncode)
            except subprocess.TimeoutExpired:
                status = f"timed out after {TIMEOUT} s"
        with open(path + ".status", "w") as out:
            out.write(status + "\n")


def file_name(name):
    return name.replace("<-", "_from_")


def first_difference(a, b):
    """(line number, column, base's line, head's line) where a and b first differ."""
    lines_a, lines_b = a.split(b"\n"), b.split(b"\n")
    for i in range(max(len(lines_a), len(lines_b))):
        la = lines_a[i] if i < len(lines_a) else None
        lb = lines_b[i] if i < len(lines_b) else None
        if la != lb:
            column = 0
            while la is not None and lb is not None and column < min(len(la), len(lb)) and la[column] == lb[column]:
                column += 1
            return i + 1, column + 1, la, lb
    return None


def shown(line, column, width=150):
    """The line from a little before `column`, printable (escapes for the bytes that are not)."""
    if line is None:
        return "(no such line)"
    start = max(0, column - 1 - 50)
    text = line[start:start + width].decode("utf-8", "backslashreplace")
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return ("…" if start else "") + text + ("…" if start + width < len(line) else "")


def compare():
    differ = []
    for name, argv, stdin_name in CONFIGS:
        changed = []
        for part in ("stdout", "stderr", "status"):
            a = open(os.path.join(WORK, "base", f"{file_name(name)}.{part}"), "rb").read()
            b = open(os.path.join(WORK, "head", f"{file_name(name)}.{part}"), "rb").read()
            if a != b:
                changed.append((part, first_difference(a, b)))
        if changed:
            differ.append(name)
            command = " ".join(argv) + (f" < {stdin_name}" if stdin_name else "")
            print(f"differs: {name} ({command})")
            for part, (line, column, a, b) in changed:
                print(f"  {part}, line {line}, column {column}:\n    base: {shown(a, column)}\n    head: {shown(b, column)}")
    return differ


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", required=True, help="the commit to compare the working tree with")
    parser.add_argument("--links", type=int, default=20_000, help="links in the generated list (default 20,000)")
    args = parser.parse_args()
    names = [c[0] for c in CONFIGS]
    duplicates = {n for n in names if names.count(n) > 1}
    if duplicates:
        raise SystemExit(f"bench-outputs: configurations named twice: {', '.join(sorted(duplicates))}")
    try:
        base = git("rev-parse", "--verify", "--quiet", f"{args.base}^{{commit}}")
    except subprocess.CalledProcessError:
        raise SystemExit(f"bench-outputs: BASE={args.base} names no commit (try BASE=HEAD~1 or BASE=main)")
    head = git("rev-parse", "HEAD")
    dirty = git("status", "--porcelain").splitlines()
    print(f"bench-outputs: base {base[:12]} ({git('log', '-1', '--format=%s', base)[:72]})")
    print(f"bench-outputs: head the working tree at {head[:12]}"
          + (f" with {len(dirty)} files changed or added since" if dirty else " (no uncommitted change)"))
    os.makedirs(WORK, exist_ok=True)
    scratch, stamp = base_worktree(base)
    base_bin = build(BASE_TREE, scratch, "base")
    with open(stamp, "w") as out:
        out.write(base + "\n")
    head_bin = build(ROOT, None, "head")
    print(f"bench-outputs: {len(CONFIGS)} configurations over {args.links:,} links (data in "
          f"{os.path.relpath(DATA, ROOT)})", flush=True)
    make_data(args.links)
    stage_records(base_bin)
    for label, bin_dir in (("base", base_bin), ("head", head_bin)):
        print(f"bench-outputs: running {label} ({bin_dir})", flush=True)
        run_all(bin_dir, os.path.join(WORK, label))
    differ = compare()
    if differ:
        print(f"bench-outputs: {len(CONFIGS)} configurations, {len(differ)} differ "
              f"(outputs in {os.path.relpath(WORK, ROOT)}/{{base,head}})")
        sys.exit(1)
    print(f"bench-outputs: {len(CONFIGS)} configurations, all identical")


if __name__ == "__main__":
    main()
