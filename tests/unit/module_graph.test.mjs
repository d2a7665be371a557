// The page's modules (www/js/, and the glue of each wasm module they import) import one
// another without a cycle: a module's static imports (`import … from`, `export … from`)
// never lead back to it. Dynamic `import()` (code loaded on demand) is not an edge here: it
// runs after both modules have loaded. No browser: `node --test tests/unit/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const www = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../www");

function* modules(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* modules(file);
    else if (name.endsWith(".js")) yield file;
  }
}

/** The files `file` imports statically (relative specifiers that stay inside www/js/). */
function staticImports(file) {
  const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, "");
  const specs = [...text.matchAll(/^\s*(?:import|export)\s[^;'"]*?from\s*["']([^"']+)["']/gm), ...text.matchAll(/^\s*import\s*["']([^"']+)["']/gm)].map((m) => m[1]);
  return specs.filter((s) => s.startsWith(".")).map((s) => path.resolve(path.dirname(file), s)).filter((f) => f.startsWith(path.join(www, "js")));
}

test("the page's modules import one another without a cycle", () => {
  const files = [...modules(path.join(www, "js"))];
  assert.ok(files.length > 30, `${files.length} modules read`);
  const edges = new Map(files.map((f) => [f, staticImports(f)]));
  assert.ok([...edges.values()].flat().length > 60, "the imports were read");
  const state = new Map();
  const cycles = [];
  const visit = (f, trail) => {
    if (state.get(f) === "done") return;
    if (state.get(f) === "open") {
      cycles.push([...trail.slice(trail.indexOf(f)), f].map((x) => path.relative(www, x)).join(" → "));
      return;
    }
    state.set(f, "open");
    for (const g of edges.get(f) ?? []) visit(g, [...trail, f]);
    state.set(f, "done");
  };
  for (const f of files) visit(f, []);
  assert.deepEqual(cycles, []);
});
