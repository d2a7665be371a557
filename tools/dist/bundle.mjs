// Turns genlab's ES modules into one classic-free module script for the single offline file
// (dist/genlab.html): browsers do not load module files from file://, so every module's text
// goes into one inline <script type="module">, each wrapped in a function that runs when the
// module is first imported (dynamic imports stay lazy). This is not a general bundler: it
// reads the import and export forms genlab's own modules and wasm-bindgen's glue use, and
// refuses (throws) on any line it does not understand rather than emit a broken page.

import path from "node:path/posix";

/** Splits an import clause (`init, { a, b as c }`, `* as ns`, `{ a }`) into destructuring text. */
function importBinding(clause) {
  const parts = [];
  const named = clause.match(/\{([^}]*)\}/);
  const head = clause.replace(/\{[^}]*\}/, "").replace(/,\s*$/, "").trim().replace(/,$/, "").trim();
  if (head.startsWith("* as ")) return { namespace: head.slice(5).trim() };
  if (head) parts.push(`default: ${head}`);
  if (named) {
    for (const item of named[1].split(",").map((s) => s.trim()).filter(Boolean)) {
      const [from, to] = item.split(/\s+as\s+/);
      parts.push(to ? `${from}: ${to}` : from);
    }
  }
  return { destructure: `{ ${parts.join(", ")} }` };
}

/** The module id a specifier names, relative to the importing module's id. */
function resolve(fromId, spec) {
  if (!spec.startsWith("./") && !spec.startsWith("../")) throw new Error(`${fromId}: bare import "${spec}" is not bundled`);
  return path.normalize(path.join(path.dirname(fromId), spec));
}

/** One module's source as the body of an async function (req, exp, meta): `import.meta` is `meta`. */
export function wrapModule(id, source) {
  const exported = [];
  let out = source
    .replace(/^import\s+([^"';]+?)\s+from\s+["']([^"']+)["'];?[ \t]*$/gm, (_, clause, spec) => {
      const b = importBinding(clause);
      const target = JSON.stringify(resolve(id, spec));
      return b.namespace ? `const ${b.namespace} = await __req(${target});` : `const ${b.destructure} = await __req(${target});`;
    })
    .replace(/^import\s+["']([^"']+)["'];?[ \t]*$/gm, (_, spec) => `await __req(${JSON.stringify(resolve(id, spec))});`)
    .replace(/\bimport\(\s*["']([^"']+)["']\s*\)/g, (_, spec) => `__req(${JSON.stringify(resolve(id, spec))})`)
    // An import of a computed address (a name, never a string) stays the browser's own.
    .replace(/\bimport\(\s*([A-Za-z_$][\w$.]*)\s*\)/g, (_, name) => `__nativeImport(${name})`)
    .replace(/\bimport\.meta\b/g, "__meta")
    .replace(/^export\s+((?:async\s+)?function\*?|const|let|var|class)\s+([A-Za-z_$][\w$]*)/gm, (_, kind, name) => {
      exported.push([name, name]);
      return `${kind} ${name}`;
    })
    .replace(/^export\s*\{([^}]*)\};?[ \t]*$/gm, (_, list) => {
      for (const item of list.split(",").map((s) => s.trim()).filter(Boolean)) {
        const [local, as] = item.split(/\s+as\s+/);
        exported.push([as || local, local]);
      }
      return "";
    })
    .replace(/^export\s+default\s+/gm, () => {
      exported.push(["default", "__default"]);
      return "const __default = ";
    });
  const left = out.split("\n").map((line, i) => [i + 1, line]).filter(([, line]) => /^\s*(import|export)\b/.test(line) || /\bimport\s*\(|import\.meta/.test(line));
  if (left.length) throw new Error(`${id}: cannot bundle line ${left[0][0]}: ${left[0][1].trim()}`);
  const getters = exported.map(([name, local]) => `${JSON.stringify(name)}: () => ${local}`).join(", ");
  return `async (__req, __exp, __meta) => {\n__exp({ ${getters} });\n${out}\n}`;
}

/**
 * The module registry's code: `__req(name)` runs a module of `__sources` (through
 * `__aliases`, or fetched from `__later`) once and resolves to its namespace. `meta` is an
 * expression of more `import.meta` fields, where `id` names the module; `base` an expression
 * of the URL a module's `import.meta.url` is resolved against (its id appended).
 */
function registry(meta, base) {
  return `const __loaded = new Map();
const __source = (id) => __sources[id] ?? (__later === null
  ? () => Promise.reject(new Error(\`module \${id} is not bundled\`))
  : (req, exp, meta) => import(new URL(id, __later).href).then((m) => m.default(req, exp, meta)));
const __nativeImport = (url) => import(url);
const __run = (id) => {
  const ns = Object.create(null);
  const exp = (getters) => { for (const [k, get] of Object.entries(getters)) Object.defineProperty(ns, k, { get, enumerable: true }); };
  return __source(id)(__req, exp, { ...${meta}, url: new URL(id, ${base}).href, genlabFresh: (spec) => __fresh(id, spec) }).then(() => ns);
};
const __req = (name) => {
  const id = __aliases[name] ?? name;
  if (!__loaded.has(id)) __loaded.set(id, __run(id));
  return __loaded.get(id);
};
const __fresh = (from, spec) => {
  const name = new URL(spec, \`https://bundle.invalid/\${from}\`).pathname.slice(1);
  return __run(__aliases[name] ?? name);
};`;
}

/** The ids `root` imports (statically or with import()), itself included, through `aliases`. */
function closureThrough(modules, aliases, root) {
  const seen = new Set();
  const visit = (name) => {
    const id = aliases[name] ?? name;
    if (seen.has(id)) return;
    if (!modules.has(id)) throw new Error(`${id} is imported but is not among the modules`);
    seen.add(id);
    const src = modules.get(id);
    const specs = [...src.matchAll(/^import\s+(?:[^"';]+?\s+from\s+)?["']([^"']+)["']/gm), ...src.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
    for (const spec of specs) visit(resolve(id, spec));
  };
  visit(root);
  return [...seen].sort();
}

/**
 * One module script holding `modules` (a Map of id → source), running `entries` in order.
 * Exports are read through getters, so a module's `let` keeps its current value. `prelude`
 * (declarations), `meta` (an expression of more `import.meta` fields) and `tail` (the
 * bundle's own exports) let a build hand data to the modules and export from them.
 * `aliases` (id → id) makes one module answer to two names: the single file and the widget
 * carry the full wasm module alone, so "pkg-gda/genlab.js" is "pkg/genlab.js" there.
 * Every module's `import.meta.genlabFresh(spec)` runs the module `spec` (relative to it) once
 * more, apart from the one `import` gives: a fresh namespace (js/recovery.js makes a fresh
 * wasm instance with a fresh evaluation of its glue).
 * `base` (an expression of a URL) is what a module's `import.meta.url` is resolved against
 * (its id appended). `later` (an expression of a URL, or null) is where the modules not
 * bundled wait, each as laterModule() wrote it, at its id: a module first imported but not
 * in `modules` is fetched from there and runs in this bundle's registry, so it shares the
 * bundled modules (one i18n.js, one set of compiled cores) instead of loading its own copies.
 * `workers` (ids of modules a Worker runs) makes the bundle its workers' source too, for a
 * build with no files beside it (a file:// page may not start a worker from a file, and a
 * strict CSP allows none): `import.meta.genlabWorker(spec)` then starts, for a worker module
 * `spec` relative to the asking module, a Worker from a `blob:` URL of a script that holds
 * that worker's modules, taken from this script's own text (Function.prototype.toString, so
 * no module is carried twice in the file), and runs it; elsewhere it is undefined. The
 * script is a classic one (its registry in an async function): Chromium refuses a module
 * worker from a blob: URL a file:// page made (its origin is opaque).
 */
export function bundle(modules, entries, { prelude = "", meta = "{}", tail = "", aliases = {}, base = "location.href", later = null, workers = [] } = {}) {
  const defs = [...modules].map(([id, src]) => `${JSON.stringify(id)}: ${wrapModule(id, src)}`).join(",\n");
  for (const e of entries) if (!modules.has(e)) throw new Error(`entry ${e} is not among the modules`);
  for (const [from, to] of Object.entries(aliases)) if (!modules.has(to) || modules.has(from)) throw new Error(`alias ${from} → ${to}: the target must be bundled, the alias not`);
  const workerIds = Object.fromEntries(workers.map((w) => [w, closureThrough(modules, aliases, w)]));
  const workerCode = workers.length === 0 ? "" : `
// Each worker's source: its modules' texts (as this script holds them) in a registry of its own.
const __workerIds = ${JSON.stringify(workerIds)};
const __workerRegistry = ${JSON.stringify(registry("{}", "__base"))};
const __workerUrls = new Map();
const __worker = (from, spec) => {
  const id = new URL(spec, \`https://bundle.invalid/\${from}\`).pathname.slice(1);
  const ids = __workerIds[id];
  if (!ids) throw new Error(\`module \${id} is not a bundled worker\`);
  if (!__workerUrls.has(id)) {
    const text = \`(async () => {
const __sources = {\n\${ids.map((m) => \`\${JSON.stringify(m)}: \${__sources[m].toString()}\`).join(",\\n")}\n};
const __aliases = \${JSON.stringify(__aliases)};
const __later = null;
const __base = \${JSON.stringify(String(${base}))};
\${__workerRegistry}
await __req(\${JSON.stringify(id)});
})().catch((e) => setTimeout(() => { throw e; }));
\`;
    __workerUrls.set(id, URL.createObjectURL(new Blob([text], { type: "text/javascript" })));
  }
  return new Worker(__workerUrls.get(id));
};`;
  const fullMeta = workers.length === 0 ? meta : `{ ...${meta}, genlabWorker: (spec) => __worker(id, spec) }`;
  return `// genlab, every module in one script (tools/dist/bundle.mjs); each runs when first imported.
${prelude}
const __sources = {
${defs}
};
const __aliases = ${JSON.stringify(aliases)};
const __later = ${later ?? "null"};${workerCode}
${registry(fullMeta, base)}
${entries.map((e) => `await __req(${JSON.stringify(e)});`).join("\n")}
${tail}
`;
}

/**
 * One module as a file a bundle with `later` fetches on demand: an ES module whose default
 * export is the module's body as bundle() runs it (in the importing bundle's registry).
 */
export function laterModule(id, source) {
  return `export default ${wrapModule(id, source)};\n`;
}

/**
 * The ids `roots` import: `static` through import declarations only (what runs before the
 * roots do), `all` with import() too (every module the roots may ever load), both including
 * the roots. `modules` is a Map of id → source; an import of an id not in it throws.
 */
export function importClosure(modules, roots) {
  const walk = (dynamic) => {
    const seen = new Set();
    const visit = (id) => {
      if (seen.has(id)) return;
      if (!modules.has(id)) throw new Error(`${id} is imported but is not among the modules`);
      seen.add(id);
      const src = modules.get(id);
      const specs = [...src.matchAll(/^import\s+(?:[^"';]+?\s+from\s+)?["']([^"']+)["']/gm)].map((m) => m[1]);
      if (dynamic) specs.push(...[...src.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]));
      for (const spec of specs) visit(resolve(id, spec));
    };
    roots.forEach(visit);
    return seen;
  };
  return { static: walk(false), all: walk(true) };
}
