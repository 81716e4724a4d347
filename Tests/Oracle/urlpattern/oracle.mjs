// Router-level URLPattern oracle: Node's own URLPattern (globalThis.URLPattern, Ada inside)
// answers which route of an ordered route set a link reaches first.
//
// Reads a plan (JSON Lines, from generate.py) on stdin; one line per route set:
//   {"id", "category", "routes": [{"pattern": string | URLPatternInit, "baseURL"?: string,
//                                   "options": {"ignoreCase": bool}, "target": string}],
//    "links": [{"link": string, "base"?: string, "category", "note"?}
//              | {"init": URLPatternInit, "base"?: string, "category", "note"?}]}
// Writes the same lines with the answers added (see generate.py's docstring for the fields).
//
// Every group value Node returns is a string or undefined; undefined is written as JSON null.
// Group objects are written with their keys sorted: Node gives named groups in reverse order
// (and integer-like keys first), so key order carries no meaning.
import { readFileSync } from "node:fs";

const COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];

function errorOf(e) {
  return { name: e?.name ?? typeof e, message: String(e?.message ?? e) };
}

function sortedGroups(groups) {
  const out = {};
  for (const key of Object.keys(groups).sort()) {
    const v = groups[key];
    out[key] = v === undefined ? null : v;
  }
  return out;
}

function construct(route) {
  const options = route.options ?? {};
  if ("baseURL" in route) return new URLPattern(route.pattern, route.baseURL, options);
  return new URLPattern(route.pattern, options);
}

// The arguments exec() is called with for a link.
function execArgs(link) {
  const input = "init" in link ? link.init : link.link;
  return "base" in link ? [input, link.base] : [input];
}

// A pattern that matches every URL: its exec() gives the link's components as URLPattern
// parses them (null when it cannot).
const everything = new URLPattern({});

function components(result) {
  const out = {};
  for (const c of COMPONENTS) out[c] = result[c].input;
  return out;
}

function answerLink(link, compiled) {
  const out = { ...link };
  if ("link" in link) {
    // What the WHATWG URL parser (Node's URL, also Ada) makes of the link, for reference.
    try {
      out.url = ("base" in link ? new URL(link.link, link.base) : new URL(link.link)).href;
    } catch {
      out.url = null;
    }
  }
  try {
    const all = everything.exec(...execArgs(link));
    out.components = all ? components(all) : null;
  } catch (e) {
    out.components = null;
  }
  const answers = [];
  const matching = [];
  const execErrors = [];
  compiled.forEach((pattern, index) => {
    let result;
    try {
      result = pattern.exec(...execArgs(link));
    } catch (e) {
      execErrors.push({ index, target: compiled.targets[index], ...errorOf(e) });
      return;
    }
    let tested;
    try {
      tested = pattern.test(...execArgs(link));
    } catch (e) {
      tested = "throws";
    }
    if (tested !== (result !== null)) {
      out.test_disagrees = (out.test_disagrees ?? []).concat([index]);
    }
    if (result === null) return;
    matching.push(index);
    if (answers.length === 0 && execErrors.length === 0) {
      const groups = {};
      for (const c of COMPONENTS) groups[c] = sortedGroups(result[c].groups);
      answers.push({ index, target: compiled.targets[index], groups });
    }
  });
  // First match in declaration order. An exec() that throws before any route matched stops
  // the router there: the link gets no answer, and "error" says which route threw.
  out.answers = answers;
  out.matching = matching;
  if (execErrors.length) {
    out.error = execErrors[0];
    if (execErrors.length > 1) out.error_count = execErrors.length;
  }
  return out;
}

function answerCase(plan) {
  const out = { ...plan };
  const compiled = [];
  compiled.targets = [];
  const errors = [];
  out.routes = plan.routes.map((route, index) => {
    const r = { ...route };
    try {
      const p = construct(route);
      compiled.push(p);
      compiled.targets.push(route.target);
      r.compiled = {};
      for (const c of COMPONENTS) r.compiled[c] = p[c];
      r.compiled.hasRegExpGroups = p.hasRegExpGroups;
    } catch (e) {
      errors.push({ index, target: route.target, ...errorOf(e) });
    }
    return r;
  });
  if (errors.length) {
    // A route that does not construct: the whole route set is refused.
    out.refused = true;
    out.errors = errors;
    out.links = plan.links.map((link) => ({ ...link, answers: [] }));
    return out;
  }
  out.links = plan.links.map((link) => answerLink(link, compiled));
  return out;
}

const input = readFileSync(0, "utf8");
const lines = [];
for (const line of input.split("\n")) {
  if (!line.trim()) continue;
  lines.push(JSON.stringify(answerCase(JSON.parse(line))));
}
process.stdout.write(lines.join("\n") + (lines.length ? "\n" : ""));
