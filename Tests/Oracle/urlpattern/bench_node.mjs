// Times Node's URLPattern as a first-match router over the GitHub API table.
//
// Usage:
//   node Tests/Oracle/urlpattern/bench_node.mjs LINKS_FILE [--routes bench/github_api.routes]
//        [--origin https://api.github.com] [--form string|dict] [--method exec|test]
//        [--ignore-case] [--warmup N]
//
// LINKS_FILE has one link per line (e.g. `python3 bench/gen_links.py -n 100000 -o /tmp/links.txt`,
// whose links are https://api.github.com/...). Each line `PATTERN METHODS` of the routes file
// becomes one URLPattern, in declaration order:
//   --form string (default): new URLPattern(ORIGIN + PATTERN)   e.g. 'https://api.github.com/repos/:owner/:repo'
//   --form dict:             new URLPattern({pathname: PATTERN})
// For every link the patterns are tried in order with exec(link) (or test(link)), stopping at
// the first that matches. The timed loop is one pass over all links, after --warmup links
// (default 20000) have been routed once untimed. Prints one JSON line:
//   {"node", "links", "routes", "form", "method", "matched", "seconds", "links_per_s", ...}
import { readFileSync } from "node:fs";

const args = process.argv.slice(2);
const opts = { routes: "bench/github_api.routes", origin: "https://api.github.com", form: "string",
               method: "exec", ignoreCase: false, warmup: 20000 };
let linksFile = null;
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === "--routes") opts.routes = args[++i];
  else if (a === "--origin") opts.origin = args[++i];
  else if (a === "--form") opts.form = args[++i];
  else if (a === "--method") opts.method = args[++i];
  else if (a === "--ignore-case") opts.ignoreCase = true;
  else if (a === "--warmup") opts.warmup = Number(args[++i]);
  else if (a.startsWith("--")) { console.error(`bench_node.mjs: unknown option ${a}`); process.exit(2); }
  else linksFile = a;
}
if (!linksFile || !["string", "dict"].includes(opts.form) || !["exec", "test"].includes(opts.method)) {
  console.error("usage: node bench_node.mjs LINKS_FILE [--routes FILE] [--origin URL] [--form string|dict] [--method exec|test] [--ignore-case] [--warmup N]");
  process.exit(2);
}

const patterns = [];
for (const line of readFileSync(opts.routes, "utf8").split("\n")) {
  const t = line.trim();
  if (!t || t.startsWith("#")) continue;
  const path = t.split(/\s+/)[0];
  const input = opts.form === "string" ? opts.origin + path : { pathname: path };
  patterns.push(new URLPattern(input, { ignoreCase: opts.ignoreCase }));
}
const links = readFileSync(linksFile, "utf8").split("\n").filter((l) => l.length > 0);

function route(link) {
  if (opts.method === "exec") {
    for (let i = 0; i < patterns.length; i++) if (patterns[i].exec(link) !== null) return i;
  } else {
    for (let i = 0; i < patterns.length; i++) if (patterns[i].test(link)) return i;
  }
  return -1;
}

const warm = Math.min(opts.warmup, links.length);
for (let i = 0; i < warm; i++) route(links[i]);

let matched = 0;
let checksum = 0;
const t0 = process.hrtime.bigint();
for (let i = 0; i < links.length; i++) {
  const r = route(links[i]);
  if (r >= 0) { matched++; checksum += r; }
}
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
console.log(JSON.stringify({
  node: process.version, ada: process.versions.ada, links: links.length, routes: patterns.length,
  form: opts.form, method: opts.method, ignoreCase: opts.ignoreCase, origin: opts.form === "string" ? opts.origin : null,
  matched, unmatched: links.length - matched, checksum,
  seconds: Number(seconds.toFixed(3)), links_per_s: Math.round(links.length / seconds),
}));
