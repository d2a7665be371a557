// The house's rule that keeps a file readable in one sitting (docs/ARCHITECTURE.md, "Tests,
// and the loops"): no file of the core (src/) or the page's scripts (www/js/) is over 800
// lines. A file that grows past it is split by what its parts do, as src/lesson/predict.rs
// was split from the lessons' reader.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const LIMIT = 800;

function files(dir, ext) {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return name.startsWith("pkg") || name === "node_modules" ? [] : files(p, ext);
    return p.endsWith(ext) ? [p] : [];
  });
}

test(`no file of src/ or www/js/ is over ${LIMIT} lines`, () => {
  const all = [...files(path.join(repo, "src"), ".rs"), ...files(path.join(repo, "www/js"), ".js")];
  assert.ok(all.length > 100, `found ${all.length} files`);
  const long = all.map((f) => [path.relative(repo, f), readFileSync(f, "utf8").split("\n").length - 1]).filter(([, n]) => n > LIMIT);
  assert.deepEqual(long, []);
});
