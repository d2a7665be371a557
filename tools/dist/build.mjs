// Builds dist/ from www/ (after scripts/build-wasm.sh): the static site for any host, its
// assets under one content-hashed folder, every text file and the .wasm also as .br and .gz,
// and dist/genlab.html, the single offline file. Run by scripts/dist.sh.
//
// Layout (only the entry points keep their names; everything they load is under assets-<hash>/,
// named by a hash of all the assets' bytes, so a new release never mixes with cached files):
//   index.html            the page, with its stylesheet and its first panel's modules inside
//                         (see pageFile); its other modules come from assets-<hash>/later/
//   embed-example.html, element-example.html   example course pages (cache briefly)
//   genlab.js             a stable address for course pages: re-exports assets-<hash>/js/genlab.js
//   genlab.html           everything inlined: opens from disk with no network
//   genlab-widget.mjs     the notebook widget (anywidget), everything inlined in one module
//   genlab-scorm.zip      the SCORM 1.2 package for an LMS: imsmanifest.xml and genlab.html
//   assets-<hash>/        style.css, js/*.js, js/nb/*.js, pkg-gda/, pkg-nb/, pkg-curves/, pkg-lesson/, pkg-surface/ (the page's wasm
//                         modules, each with its glue), pkg/ (the full one), later/ (index.html's
//                         modules fetched on demand) (cache forever)
//   _headers              cache and cross-origin rules for hosts that read them (Netlify, Cloudflare Pages)

import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { scormPackage } from "../../www/js/lms-package.js";
import { createRequire } from "node:module";
import { bundle, importClosure, laterModule } from "./bundle.mjs";
import { assetFolder } from "./folder.mjs";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const www = path.join(repo, "www");
const dist = path.join(repo, "dist");

/** The page's files that are not part of a release (the benchmark page and its script). */
const LEFT_OUT = new Set(["js/bench.js", "bench.html"]);
/** Pages copied with their asset references rewritten into the hashed folder. */
const PAGES = ["index.html", "embed-example.html", "element-example.html"];
/** Files that get .br and .gz twins. */
const COMPRESSIBLE = /\.(html|js|mjs|css|wasm|json|svg|txt|md|csv)$/;

/** The assets, as [relative path, bytes], in a stable order. */
function assets() {
  const out = [["style.css", readFileSync(path.join(www, "style.css"))]];
  // data/: the learning curves' real data sets, fetched only when chosen.
  // js/ with its folders (js/lesson/: a module split by feature).
  for (const dir of ["js", "pkg", "pkg-gda", "pkg-nb", "pkg-curves", "pkg-lesson", "pkg-surface", "data"]) {
    for (const name of readdirSync(path.join(www, dir), { recursive: dir === "js" }).sort()) {
      const rel = `${dir}/${name}`;
      if (LEFT_OUT.has(rel) || !/\.(js|wasm|csv)$/.test(name)) continue;
      out.push([rel, readFileSync(path.join(www, rel))]);
    }
  }
  for (const need of ["pkg/genlab.js", "pkg/genlab_bg.wasm", "pkg-gda/genlab.js", "pkg-gda/genlab_bg.wasm", "pkg-nb/genlab.js", "pkg-nb/genlab_bg.wasm", "pkg-curves/genlab.js", "pkg-curves/genlab_bg.wasm", "pkg-lesson/genlab.js", "pkg-lesson/genlab_bg.wasm", "pkg-surface/genlab.js", "pkg-surface/genlab_bg.wasm"]) {
    if (!out.some(([rel]) => rel === need)) throw new Error(`www/${need} is missing: run scripts/build-wasm.sh first`);
  }
  return out;
}

/**
 * The static site's modules and stylesheet minified one file at a time by esbuild (installed
 * in tools/dist/ by scripts/ensure-tools.sh): the comments that explain the sources are half
 * of their bytes, and every byte before the first panel costs 5.3 ms on a slow network
 * (docs/performance.md). No bundling: the pages import the same files, by the same names, as
 * in www/. The single file and the widget are built from the sources (their bundler reads
 * import lines), then compressed whole.
 */
function minified(list) {
  const { transformSync } = createRequire(import.meta.url)("esbuild");
  return list.map(([rel, bytes]) => {
    const loader = rel.endsWith(".css") ? "css" : rel.endsWith(".js") ? "js" : null;
    if (!loader) return [rel, bytes];
    const { code } = transformSync(bytes.toString("utf8"), { loader, minify: true, legalComments: "none", charset: "utf8" });
    return [rel, Buffer.from(code, "utf8")];
  });
}

/** Minified by esbuild as an ES module (top-level await kept; comments dropped). */
function minifiedModule(code) {
  const { transformSync } = createRequire(import.meta.url)("esbuild");
  return transformSync(code, { loader: "js", format: "esm", minify: true, legalComments: "none", charset: "utf8" }).code;
}

/**
 * dist/index.html: on a slow network nothing arrives in the round trip between the page's
 * last byte and the first byte of the files it asks for (about 0.56 s on Lighthouse's mobile
 * profile, room for 100 KB), while everything after it queues behind the .wasm on one link
 * (docs/performance.md). So the page carries in itself the stylesheet and the modules that
 * run before its first panel is drawn (main.js's imports and the GDA panel's, in the
 * registry of tools/dist/bundle.mjs), and asks for the .wasm first. The modules the other
 * panels, the lessons and the 3-D view import are fetched when needed from
 * `<folder>/later/` (`laterFiles`), each in the same registry, so they share the page's
 * modules (one i18n.js and its language, one set of compiled cores). `built` holds the
 * assets as minified for the folder (the stylesheet is taken from there), `pageModules()`'s
 * result says which modules the page carries.
 */
function pageFile(files, built, { firstIds, modules }, folder) {
  const text = (rel) => files.get(rel).toString("utf8");
  const script = minifiedModule(bundle(new Map([...firstIds].map((id) => [id, modules.get(id)])), PAGE_ENTRIES, {
    base: `new URL(${JSON.stringify(`${folder}/`)}, location.href)`,
    later: `new URL(${JSON.stringify(`${folder}/later/`)}, location.href)`,
  }));
  const style = built.get("style.css").toString("utf8");
  for (const [what, body] of [["script", script], ["style", style]]) {
    if (/<\/(script|style)|<!--/i.test(body)) throw new Error(`the inlined ${what} contains a closing tag or a comment opener`);
  }
  const source = text("index.html");
  const shell = source
    .replace(/script-src 'self'/, () => `script-src 'self' ${cspHash(script)}`)
    .replace(/style-src 'self'/, () => `style-src 'self' ${cspHash(style)}`)
    // The .wasm is the longest download: asked for as soon as the page's first bytes are read.
    .replace(/(<meta http-equiv="Content-Security-Policy"[^>]*>\n)/, `$1<link rel="preload" href="${folder}/pkg-gda/genlab_bg.wasm" as="fetch" type="application/wasm">\n`)
    .replace(/<link rel="stylesheet" href="style.css">/, "<style data-genlab-style>@STYLE@</style>")
    .replace(/<script type="module" src="js\/wasm-compile.js"><\/script>\n/, "")
    .replace(/<script type="module" src="js\/main.js"><\/script>\n/, "")
    .replace(/<!-- wasm-compile.js has no imports[\s\S]*?-->\n/, "")
    .replace(/<link rel="(?:module)?preload" href="(?!assets-)[^>]*>\n/g, "")
    // At the end of the body: the page's words are on screen while the script arrives.
    .replace(/<\/body>/, "<script type=\"module\">@SCRIPT@</script>\n</body>");
  const loads = shell.match(/\b(?:src|href)="(?!data:|#|assets-)[^"]*"|<!--/);
  if (!shell.includes("@STYLE@") || !shell.includes("@SCRIPT@") || loads || (shell.match(/rel="preload"/g) || []).length !== 1) {
    throw new Error(`index.html changed shape: dist/index.html would load files on its own (${loads?.[0] ?? "no stylesheet or script to replace"}); see tools/dist/build.mjs`);
  }
  return shell.replace("@STYLE@", () => style).replace("@SCRIPT@", () => script);
}

/** The modules index.html runs in dist/ (its own and the page's wasm modules' glue), and those it runs before its first panel. */
function pageModules(files) {
  const modules = new Map([...files].filter(([rel]) => /^(js\/.+|pkg-(gda|nb|curves|lesson|surface)\/genlab)\.js$/.test(rel) && !LEFT_OUT.has(rel)).map(([rel, bytes]) => [rel, bytes.toString("utf8")]));
  const { static: first, all } = importClosure(modules, [...PAGE_ENTRIES, PAGE_FIRST_PANEL]);
  return { modules, firstIds: first, laterIds: new Set([...all].filter((id) => !first.has(id))) };
}
/** What index.html runs, in order, and the first panel's module (imported by js/genlab.js with import()). */
const PAGE_ENTRIES = ["js/wasm-compile.js", "js/main.js"];
const PAGE_FIRST_PANEL = "js/gda.js";

/** The page's modules fetched on demand, minified, as [path under the hashed folder, bytes]. */
function laterFiles({ modules, laterIds }) {
  return [...laterIds].sort().map((id) => [`later/${id}`, Buffer.from(minifiedModule(laterModule(id, modules.get(id))), "utf8")]);
}

/** Writes `bytes` to dist/`rel`, creating its folder. */
function put(rel, bytes) {
  const file = path.join(dist, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
}

/** A page's references to style.css, js/ and pkg/ pointed into the hashed folder. */
function rewritePage(html, folder) {
  return html.replace(/\b(href|src)="((?:style\.css|js\/[^"]+|pkg(?:-gda|-nb)?\/[^"]+))"/g, (_, attr, rel) => `${attr}="${folder}/${rel}"`);
}

/** The base64 SHA-256 of a string, as a CSP source. */
const cspHash = (text) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * The modules a bundle carries: every .js but the examples' and the page's two wasm modules'
 * glue, whose names the bundle aliases to the full module's (one .wasm, the full one, serves all).
 */
function bundledModules(files) {
  const text = (rel) => files.get(rel).toString("utf8");
  return new Map([...files].filter(([rel]) => rel.endsWith(".js") && !/^js\/(embed|element)-example\.js$/.test(rel) && !/^pkg-(gda|nb|curves|lesson|surface)\//.test(rel)).map(([rel]) => [rel, text(rel)]));
}
/** The modules a Worker runs: a one-file build carries them as its workers' source. */
const WORKERS = ["js/curves-worker.js"];
const ONE_CORE = { "pkg-gda/genlab.js": "pkg/genlab.js", "pkg-nb/genlab.js": "pkg/genlab.js", "pkg-curves/genlab.js": "pkg/genlab.js", "pkg-lesson/genlab.js": "pkg/genlab.js", "pkg-surface/genlab.js": "pkg/genlab.js" };

/**
 * The full .wasm as the one-file builds carry it: gzip (made by zopfli, one iteration: 5 %
 * smaller than zlib's level 9, 685 against 722 KB on 2026-11-29, in about 10 s), then base64
 * (js/wasm-compile.js unpacks it with the browser's DecompressionStream). Raw, the base64 text
 * was 2.4 MB of genlab.html's 2.6 MB: over the 2 MB upload limit PHP (and so a self-hosted
 * Moodle) has by default. Gzip, not brotli: DecompressionStream has no brotli in Firefox or
 * WebKit. Made once per build (`coreText`), for the single file and the widget.
 */
async function carriedCore(files) {
  const { gzipAsync } = createRequire(import.meta.url)("@gfx/zopfli");
  return Buffer.from(await gzipAsync(files.get("pkg/genlab_bg.wasm"), { numiterations: 1 })).toString("base64");
}
let coreText = "";

/**
 * Of `modules`, those a bundle with `roots` can run: the closure of the roots' static and
 * on-demand imports (through the one-core aliases), less `never` (modules its page never
 * imports, though their import is written) and what only they import.
 */
function reachable(modules, roots, never = []) {
  const graph = new Map([...modules, ...Object.entries(ONE_CORE).map(([from, to]) => [from, modules.get(to)])]);
  for (const id of never) graph.set(id, "");
  const { all } = importClosure(graph, roots);
  const reached = (id) => all.has(id) || Object.entries(ONE_CORE).some(([from, to]) => to === id && all.has(from));
  return new Map([...modules].filter(([id]) => reached(id) && !never.includes(id)));
}
/** What the single file never imports: the LMS package maker (the file hides its button: from
 * a disk it cannot read its own bytes, js/main.js). */
const SINGLE_FILE_NEVER = ["js/lms-package.js"];

/** dist/genlab.html: index.html with its stylesheet, every module it runs and the full .wasm inside it. */
function singleFile(files) {
  const text = (rel) => files.get(rel).toString("utf8");
  const entries = ["js/wasm-compile.js", "js/main.js"];
  // Minified as index.html's script is: the comments that explain the sources were 0.2 MB.
  const script = minifiedModule(bundle(reachable(bundledModules(files), [...entries, ...WORKERS], SINGLE_FILE_NEVER), entries, { aliases: ONE_CORE, workers: WORKERS }));
  const style = minified([["style.css", files.get("style.css")]])[0][1].toString("utf8");
  for (const [what, body] of [["script", script], ["style", style]]) {
    if (/<\/(script|style)|<!--/i.test(body)) throw new Error(`the inlined ${what} contains a closing tag or a comment opener`);
  }
  const csp = [
    "default-src 'none'",
    `script-src ${cspHash(script)} 'wasm-unsafe-eval'`,
    `style-src ${cspHash(style)}`,
    "img-src data: blob:",
    // The learning curves' worker, made from this file's own script (bundle()'s `workers`).
    "worker-src blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
  // The page's own markup is rewritten with placeholders first and checked for any file it
  // would still load; the inlined texts (whose comments may mention such markup) come last.
  const source = text("index.html");
  const shell = source
    .replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*">/, `<meta http-equiv="Content-Security-Policy" content="${csp}">`)
    .replace(/<link rel="stylesheet" href="style.css">/, "<style data-genlab-style>@STYLE@</style>")
    .replace(/<script type="module" src="js\/wasm-compile.js"><\/script>\n/, "")
    .replace(/<script type="module" src="js\/main.js"><\/script>/, "<script type=\"module\">@SCRIPT@</script>")
    .replace(/<!-- wasm-compile.js has no imports[\s\S]*?-->\n/, "")
    .replace(/<link rel="(?:module)?preload"[^>]*>\n/g, "")
    .replace(/<\/body>/, '<script type="application/octet-stream" id="genlab-wasm">@WASM@</script>\n</body>');
  const loads = shell.match(/\b(?:src|href)="(?!data:|#)[^"]*"|<!--|rel="(?:module)?preload"/);
  if (!shell.includes("@STYLE@") || !shell.includes("@SCRIPT@") || loads) {
    throw new Error(`index.html changed shape: genlab.html would still load files (${loads?.[0] ?? "no stylesheet or script to replace"}); see tools/dist/build.mjs`);
  }
  const html = shell
    .replace("@STYLE@", () => style)
    .replace("@SCRIPT@", () => script)
    .replace("@WASM@", () => coreText);
  return html;
}

/**
 * dist/genlab-widget.mjs: the notebook widget (js/widget.js, an anywidget module) with every
 * module, the stylesheet and the .wasm in one ES module file, minified (a saved notebook
 * keeps a copy of it per widget).
 */
function widgetFile(files) {
  const text = (rel) => files.get(rel).toString("utf8");
  return minifiedModule(bundle(bundledModules(files), ["js/wasm-compile.js"], {
    aliases: ONE_CORE,
    workers: WORKERS,
    prelude: `const __CSS = ${JSON.stringify(minified([["style.css", files.get("style.css")]])[0][1].toString("utf8"))};\nconst __WASM = "${coreText}";`,
    meta: "{ genlabCss: __CSS, genlabWasm: __WASM }",
    tail: 'const __widget = await __req("js/widget.js");\nexport default __widget.default;',
  }));
}

/** Every file under `dir`, relative to it. */
function walk(dir, prefix = "") {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

const sources = assets();
const files = new Map(sources.map(([rel, bytes]) => [rel, bytes]));
for (const page of PAGES) files.set(page, readFileSync(path.join(www, page)));
const pageParts = pageModules(files);
const list = [...minified(sources), ...laterFiles(pageParts)];
const folder = assetFolder(list);

rmSync(dist, { recursive: true, force: true });
for (const [rel, bytes] of list) put(`${folder}/${rel}`, bytes);
for (const page of PAGES) put(page, page === "index.html" ? pageFile(files, new Map(list), pageParts, folder) : rewritePage(files.get(page).toString("utf8"), folder));
put("genlab.js", `// The current release's genlab.js (mount() and <genlab-panel>); this file's address stays,\n// the folder it points to changes with every release.\nexport * from "./${folder}/js/genlab.js";\n`);
coreText = await carriedCore(files);
put("genlab.html", singleFile(files));
put("genlab-widget.mjs", widgetFile(files));
// The SCORM 1.2 package for an LMS: imsmanifest.xml and genlab.html (the page's own
// "Download for your LMS" makes the same with its state as the start). Not compressed twice
// beside itself: a zip is not served as text.
put("genlab-scorm.zip", Buffer.from(await (await scormPackage(readFileSync(path.join(dist, "genlab.html"), "utf8"), { title: "genlab: generative classifiers, live" })).arrayBuffer()));
// Where several rules match a path, hosts may combine their headers: one rule per path. Every
// file a course page on another origin loads (the element's and mount()'s genlab.js, the
// modules, the .wasm and the stylesheet under the hashed folder, the notebook widget a MyST
// page may import by address) is readable from any origin.
put("_headers", [
  `/${folder}/*\n  Cache-Control: public, max-age=31536000, immutable\n  Access-Control-Allow-Origin: *\n`,
  "/genlab.js\n  Access-Control-Allow-Origin: *\n",
  "/genlab-widget.mjs\n  Access-Control-Allow-Origin: *\n",
].join(""));
put(".nojekyll", "");

const sizes = [];
for (const rel of walk(dist).sort()) {
  if (!COMPRESSIBLE.test(rel)) continue;
  const raw = readFileSync(path.join(dist, rel));
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_MODE]: rel.endsWith(".wasm") ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gz = gzipSync(raw, { level: 9 });
  put(`${rel}.br`, br);
  put(`${rel}.gz`, gz);
  sizes.push([rel, raw.length, gz.length, br.length]);
}

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
const pad = (s, n) => String(s).padStart(n);
console.log(`[dist] dist/ with assets in ${folder}/ (bytes: raw, gzip -9, brotli 11)`);
for (const [rel, raw, gz, br] of sizes) console.log(`  ${rel.padEnd(44)} ${pad(kb(raw), 10)} ${pad(kb(gz), 10)} ${pad(kb(br), 10)}`);
const total = walk(dist).reduce((sum, rel) => sum + statSync(path.join(dist, rel)).size, 0);
console.log(`[dist] ${walk(dist).length} files, ${kb(total)} on disk in all (.br and .gz included)`);
writeFileSync(path.join(dist, "sizes.json"), `${JSON.stringify({ folder, files: Object.fromEntries(sizes.map(([rel, raw, gz, br]) => [rel, { raw, gz, br }])) }, null, 1)}\n`);
