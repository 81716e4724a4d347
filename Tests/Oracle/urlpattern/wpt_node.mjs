// Runs WPT's urlpatterntestdata.json through this Node's URLPattern and prints, as JSON, which
// cases Node agrees with. A rough check (written for urn, not WPT's own harness): it compares
// the constructor's error/no-error, the component strings listed in expected_obj, exec()'s
// error/null/match, and the input and groups of the components listed in expected_match.
// Components that a case does not list are not compared.
//
// Usage: node wpt_node.mjs [Tests/Fixtures/urlpattern]
import { readFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2] ?? "Tests/Fixtures/urlpattern";
const cases = JSON.parse(readFileSync(join(dir, "urlpatterntestdata.json"), "utf8"));
const COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];

// Groups as a plain object with sorted keys and undefined written as null.
function plain(groups) {
  const out = {};
  for (const k of Object.keys(groups).sort()) out[k] = groups[k] === undefined ? null : groups[k];
  return out;
}
function sameGroups(expected, got) {
  const e = plain(expected), g = plain(got);
  return JSON.stringify(e) === JSON.stringify(g);
}

const failures = [];
let passed = 0;
cases.forEach((c, i) => {
  const why = [];
  let pattern = null, ctorError = null;
  try { pattern = new URLPattern(...c.pattern); } catch (e) { ctorError = `${e.name}: ${e.message}`; }
  if (c.expected_obj === "error") {
    if (!ctorError) why.push("constructor should throw");
  } else if (ctorError) {
    why.push(`constructor threw ${ctorError}`);
  } else {
    if (c.expected_obj && typeof c.expected_obj === "object") {
      for (const k of COMPONENTS) {
        if (k in c.expected_obj && pattern[k] !== c.expected_obj[k]) why.push(`${k}: got ${JSON.stringify(pattern[k])}, want ${JSON.stringify(c.expected_obj[k])}`);
      }
    }
    if ("expected_match" in c) {
      let result, execError = null;
      try { result = pattern.exec(...(c.inputs ?? [])); } catch (e) { execError = `${e.name}: ${e.message}`; }
      const em = c.expected_match;
      if (em === "error") {
        if (!execError) why.push("exec should throw");
      } else if (execError) {
        why.push(`exec threw ${execError}`);
      } else if (em === null) {
        if (result !== null) why.push("exec should give null");
      } else if (result === null) {
        why.push("exec gave null, want a match");
      } else {
        for (const k of COMPONENTS) {
          if (!(k in em)) continue;
          if (em[k].input !== undefined && result[k].input !== em[k].input) why.push(`${k}.input: got ${JSON.stringify(result[k].input)}, want ${JSON.stringify(em[k].input)}`);
          if (em[k].groups !== undefined && !sameGroups(em[k].groups, result[k].groups)) why.push(`${k}.groups: got ${JSON.stringify(plain(result[k].groups))}, want ${JSON.stringify(plain(em[k].groups))}`);
        }
      }
    }
  }
  if (why.length) failures.push({ index: i, pattern: c.pattern, inputs: c.inputs, why });
  else passed++;
});
console.log(JSON.stringify({
  node: process.version, ada: process.versions.ada, cases: cases.length, passed, failed: failures.length,
  compareComponent: typeof URLPattern.compareComponent, generate: typeof URLPattern.prototype.generate,
  failures,
}, null, 1));
