// The npm package `genlab` (dist/npm/genlab-<version>.tgz, written by scripts/dist.sh) as its
// users meet it: installed into a Vite site (tests/fixtures/npm-vite/) that `vite build`s and
// is opened in Chromium; loaded by a course page from a CDN-shaped path
// (`/npm/genlab@<version>/genlab.js`, the raw files of the unpacked tarball) with its `.wasm`
// served as application/octet-stream; and checked by publint and @arethetypeswrong/cli, with
// its declarations compiled by TypeScript (tools/npm-check/, installed by
// scripts/ensure-tools.sh test). The CDN snippet of docs/lecturers.md is the page's markup.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { setup, panelsDrawn, repo } from "./lib.mjs";

const run = promisify(execFile);
const version = readFileSync(path.join(repo, "Cargo.toml"), "utf8").match(/^\[package\][^[]*?^version\s*=\s*"([^"]+)"/m)[1];
const tarball = path.join(repo, "dist", "npm", `genlab-${version}.tgz`);
const checks = path.join(repo, "tools", "npm-check", "node_modules", ".bin");
const fixture = path.join(repo, "tests", "fixtures", "npm-vite");
const doc = readFileSync(path.join(repo, "docs", "lecturers.md"), "utf8");
const snippets = Object.fromEntries([...doc.matchAll(/<!-- snippet: ([\w-]+) -->\n(`{3,})\w*\n([\s\S]*?)\n\2\n/g)].map((m) => [m[1], m[3]]));
/** The CDN the docs name, up to the package's folder. */
const CDN = "https://cdn.jsdelivr.net/npm/";

let scratch;
let unpacked;
const started = Date.now();

before(async () => {
  assert.ok(existsSync(tarball), `${path.relative(repo, tarball)} is not built: run scripts/dist.sh (scripts/test.sh does)`);
  assert.ok(existsSync(path.join(checks, "publint")) && existsSync(path.join(fixture, "node_modules", ".bin", "vite")), "the npm checks are not installed: run scripts/ensure-tools.sh test");
  scratch = mkdtempSync(path.join(tmpdir(), "genlab-npm-"));
  await run("tar", ["-xzf", tarball, "-C", scratch]);
  unpacked = path.join(scratch, "package");
});
const env = setup({ dir: null });
after(async () => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  console.log(`npm package tests: ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm", ".csv": "text/csv" };

/**
 * A static server on 127.0.0.1: `mounts` maps a path prefix to a folder; `pages` maps a path
 * to HTML; `.wasm` is sent as `wasmType`; `cors`: every file readable from any origin, as a
 * public CDN sends them. Resolves to { url, close, served } (served: path → content type).
 */
async function host({ mounts = {}, pages = {}, wasmType = "application/wasm", cors = false }) {
  const served = new Map();
  const server = createServer(async (req, res) => {
    let pathname = decodeURIComponent(new URL(req.url, "http://host").pathname);
    if (pathname.endsWith("/")) pathname += "index.html";
    if (pages[pathname]) {
      res.writeHead(200, { "content-type": TYPES[".html"] });
      return res.end(pages[pathname]);
    }
    const prefix = Object.keys(mounts).find((p) => pathname.startsWith(p));
    const root = prefix && mounts[prefix];
    const file = root && path.join(root, pathname.slice(prefix.length));
    try {
      if (!file || !file.startsWith(root + path.sep) || !statSync(file).isFile()) throw new Error("not here");
      const body = await readFile(file);
      const type = path.extname(file) === ".wasm" ? wasmType : TYPES[path.extname(file)] ?? "application/octet-stream";
      served.set(pathname, type);
      res.writeHead(200, { "content-type": type, ...(cors ? { "access-control-allow-origin": "*" } : {}) });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, served, close: () => new Promise((resolve) => { server.close(resolve); server.closeAllConnections(); }) };
}

/** Opens `url` in a fresh context and records its errors; resolves to { context, page, errors }. */
async function visit(url) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  // A failed load names its address (the console's line does not).
  page.on("response", (r) => { if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`); });
  await page.goto(url).catch(async (e) => {
    await context.close();
    throw e;
  });
  return { context, page, errors };
}

/** Every file under `dir`, relative to it. */
const walk = (dir, prefix = "") => readdirSync(dir).flatMap((name) => (statSync(path.join(dir, name)).isDirectory() ? walk(path.join(dir, name), `${prefix}${name}/`) : [`${prefix}${name}`]));

test("publint and @arethetypeswrong/cli find nothing wrong", async () => {
  const t0 = Date.now();
  const lint = await run(path.join(checks, "publint"), ["run", unpacked, "--strict", "--pack", "false"]).catch((e) => e);
  assert.equal(lint.code ?? 0, 0, `publint:\n${lint.stdout}${lint.stderr}`);
  assert.match(lint.stdout, /All good/);
  // An ES-module package for browsers: the profile "esm-only" leaves out CommonJS `require` and
  // node10 resolution; the .html, .css and .wasm entry points are files, not modules with types.
  const assets = ["./genlab.html", "./style.css", ...Object.keys(JSON.parse(readFileSync(path.join(unpacked, "package.json"), "utf8")).exports).filter((k) => k.endsWith(".wasm"))];
  const types = await run(path.join(checks, "attw"), [tarball, "--profile", "esm-only", "--format", "table-flipped", "--no-color", "--exclude-entrypoints", ...assets]).catch((e) => e);
  assert.equal(types.code ?? 0, 0, `attw:\n${types.stdout}${types.stderr}`);
  assert.match(types.stdout, /"genlab"\s*│\s*🟢 \(ESM\)\s*│\s*🟢/);
  assert.match(types.stdout, /"genlab\/widget"\s*│\s*🟢 \(ESM\)\s*│\s*🟢/);
  console.log(`publint + attw: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
});

test("the package: its version is Cargo.toml's, every .wasm a module asks for is in it and exported", () => {
  const manifest = JSON.parse(readFileSync(path.join(unpacked, "package.json"), "utf8"));
  assert.equal(manifest.name, "genlab");
  assert.equal(manifest.version, version);
  assert.equal(manifest.type, "module");
  assert.deepEqual(manifest.exports["."], { types: "./genlab.d.ts", default: "./genlab.js" });
  assert.deepEqual(manifest.exports["./widget"], { types: "./genlab-widget.d.mts", default: "./genlab-widget.mjs" });
  assert.equal(manifest.exports["./genlab.html"], "./genlab.html");
  assert.equal(manifest.customElements, "custom-elements.json");
  // The README npm shows pins the CDN address to this very version.
  assert.ok(readFileSync(path.join(unpacked, "README.md"), "utf8").includes(`${CDN}genlab@${version}/genlab.js`), "the package's README pins its CDN address");
  const files = new Set(walk(unpacked));
  for (const target of Object.values(manifest.exports).flatMap((e) => (typeof e === "string" ? [e] : Object.values(e)))) {
    assert.ok(files.has(target.slice(2)), `exported ${target} is in the tarball`);
  }
  // Each `new URL("…", import.meta.url)` of the modules (how they find their .wasm, stylesheet
  // and worker; bundlers follow the same form) names a file of the package.
  const asked = new Set();
  for (const rel of [...files].filter((f) => /^(js|pkg-[a-z]+)\/[^/]+\.js$/.test(f))) {
    const src = readFileSync(path.join(unpacked, rel), "utf8");
    for (const [, spec] of src.matchAll(/new URL\(\s*["']([^"'$`]+)["']\s*,\s*import\.meta\.url\s*\)/g)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec));
      assert.ok(files.has(target), `${rel} asks for ${spec}, which the package lacks`);
      asked.add(target);
    }
  }
  const wasm = [...files].filter((f) => f.endsWith(".wasm")).sort();
  assert.deepEqual(wasm, ["pkg-curves/genlab_bg.wasm", "pkg-gda/genlab_bg.wasm", "pkg-lesson/genlab_bg.wasm", "pkg-nb/genlab_bg.wasm", "pkg-surface/genlab_bg.wasm"]);
  for (const w of wasm) {
    assert.ok(asked.has(w), `${w} is asked for by a module`);
    assert.equal(manifest.exports[`./${w}`], `./${w}`, `${w} is exported`);
    assert.deepEqual([...readFileSync(path.join(unpacked, w)).subarray(0, 4)], [0, 0x61, 0x73, 0x6d], `${w} is a wasm module`);
  }
  assert.ok(asked.has("style.css"), "the stylesheet is found beside the modules");
  // No precompressed twins and no page of the hosted copy: the package is the modules.
  assert.deepEqual([...files].filter((f) => /\.(br|gz)$|^index\.html$|^assets-/.test(f)), []);
});

test("the declarations and the Custom Elements Manifest say what js/genlab.js does", () => {
  const source = readFileSync(path.join(repo, "www", "js", "genlab.js"), "utf8");
  const exported = new Set([...source.matchAll(/^export (?:async )?(?:function|class|const) (\w+)/gm)].map((m) => m[1]));
  const dts = readFileSync(path.join(unpacked, "genlab.d.ts"), "utf8");
  const declared = new Set([...dts.matchAll(/^export (?:function|class|const) (\w+)/gm)].map((m) => m[1]));
  assert.deepEqual([...declared].sort(), [...exported].sort(), "genlab.d.ts declares the module's exports, no more, no fewer");
  const observed = JSON.parse(source.match(/static observedAttributes = (\[[^\]]*\])/)[1]);
  const cem = JSON.parse(readFileSync(path.join(unpacked, "custom-elements.json"), "utf8"));
  // Valid against the Custom Elements Manifest schema (npm custom-elements-manifest, with ajv, in tools/npm-check/).
  const need = createRequire(path.join(checks, "..", "..", "package.json"));
  const Ajv = need("ajv");
  const validate = new Ajv({ allErrors: true, strict: false }).compile(need("custom-elements-manifest/schema.json"));
  assert.ok(validate(cem), JSON.stringify(validate.errors));
  const element = cem.modules.flatMap((m) => m.declarations).find((d) => d.customElement);
  assert.equal(element.tagName, "genlab-panel");
  assert.equal(element.name, "GenlabPanelElement");
  assert.deepEqual(element.attributes.map((a) => a.name), observed);
  const events = [...source.matchAll(/new CustomEvent\("(\w+)"/g)].map((m) => m[1]);
  assert.deepEqual(element.events.map((e) => e.name).sort(), [...new Set(events)].sort());
  const definition = cem.modules.flatMap((m) => m.exports).find((e) => e.kind === "custom-element-definition");
  assert.deepEqual(definition, { kind: "custom-element-definition", name: "genlab-panel", declaration: { name: "GenlabPanelElement", module: "js/genlab.js" } });
  assert.ok(existsSync(path.join(unpacked, definition.declaration.module)));
});

test("a Vite site that installs the tarball: tsc accepts its typed use, the panels render from vite build and vite's dev server", async () => {
  const t0 = Date.now();
  // The tarball as a user installs it (not saved: the fixture's package.json keeps only Vite).
  await run("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--prefer-offline", tarball], { cwd: fixture });
  assert.equal(JSON.parse(readFileSync(path.join(fixture, "node_modules", "genlab", "package.json"), "utf8")).version, version);
  const tInstall = Date.now();
  // The docs' bundler snippet is the fixture's script, word for word.
  assert.equal(readFileSync(path.join(fixture, "src", "main.js"), "utf8").trimEnd(), snippets["npm-bundler"]);
  // tsc on src/typed.ts: the types of mount(), its handle, <genlab-panel> and its change event
  // (and @ts-expect-error lines that fail if they were `any`).
  const tsc = await run(path.join(checks, "tsc"), ["-p", path.join(fixture, "tsconfig.json")]).catch((e) => e);
  assert.equal(tsc.code ?? 0, 0, `tsc:\n${tsc.stdout}${tsc.stderr}`);
  const tTsc = Date.now();
  const out = path.join(scratch, "vite-out");
  await run(path.join(fixture, "node_modules", ".bin", "vite"), ["build", "--outDir", out, "--emptyOutDir", "--logLevel", "warn"], { cwd: fixture });
  const built = walk(out);
  assert.equal(built.filter((f) => f.endsWith(".wasm")).length, 5, `vite copied the five .wasm: ${built.join(", ")}`);
  assert.equal(built.filter((f) => /curves-worker[^/]*\.js$/.test(f)).length, 1, `vite bundled the learning curves' worker once: ${built.join(", ")}`);
  const tBuild = Date.now();
  const site = await host({ mounts: { "/": out } });
  let context;
  try {
    let page, errors;
    ({ context, page, errors } = await visit(`${site.url}/`));
    await page.waitForFunction(() => document.querySelector("genlab-panel")?.handle && window.lessonPanel, null, { timeout: 20000 }).catch((e) => { throw new Error(`${e.message}: ${errors.join("\n")}`); });
    assert.equal(await page.evaluate(() => window.lessonPanel.getState().seed), 3);
    assert.equal(await page.evaluate(() => document.querySelector("genlab-panel").handle.getState().alpha), 0);
    assert.match(await page.textContent("genlab-panel h2"), /朴素贝叶斯/);
    assert.ok((await panelsDrawn(page, "#lesson")).gda > 20, "the GDA figure is drawn");
    const nb = await panelsDrawn(page, "genlab-panel");
    assert.ok(nb.nbLedgerRows > 0 && nb.nbVerdict.length > 0, "the naive Bayes panel is drawn");
    // The change event of the snippet: a student's change reaches the page.
    const logged = page.waitForEvent("console", { predicate: (m) => m.text().startsWith("the student's state:"), timeout: 10000 });
    await page.locator('genlab-panel [data-role="alpha-slider"]').press("End");
    assert.match((await logged).text(), /the student's state: .*a=/);
    // The .wasm came from Vite's build, under its hashed names, as application/wasm.
    assert.ok([...site.served.keys()].filter((p) => p.endsWith(".wasm")).length >= 2, [...site.served.keys()].join(", "));
    assert.deepEqual(errors, []);
  } finally {
    await context?.close();
    await site.close();
  }
  const tBrowser = Date.now();
  // Vite's development server (its dependency pre-bundling moves modules; the .wasm must still be found).
  const port = await new Promise((resolve) => { const s = createServer().listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => resolve(p)); }); });
  const dev = spawn(path.join(fixture, "node_modules", ".bin", "vite"), ["--host", "127.0.0.1", "--port", String(port), "--strictPort", "--force", "--clearScreen", "false"], { cwd: fixture, stdio: ["ignore", "pipe", "pipe"] });
  let devLog = "";
  dev.stdout.on("data", (d) => { devLog += d; });
  dev.stderr.on("data", (d) => { devLog += d; });
  try {
    for (let i = 0; i < 100 && !/ready in/.test(devLog); i++) await new Promise((r) => setTimeout(r, 100));
    let devContext;
    try {
      let devPage, devErrors;
      ({ context: devContext, page: devPage, errors: devErrors } = await visit(`http://127.0.0.1:${port}/`));
      await devPage.waitForFunction(() => document.querySelector("genlab-panel")?.handle && window.lessonPanel, null, { timeout: 30000 }).catch((e) => { throw new Error(`${e.message}: ${devErrors.join("\n")}\n${devLog}`); });
      assert.ok((await panelsDrawn(devPage, "#lesson")).gda > 20, "vite dev: the GDA figure is drawn");
      assert.ok((await panelsDrawn(devPage, "genlab-panel")).nbLedgerRows > 0, "vite dev: the naive Bayes panel is drawn");
      assert.deepEqual(devErrors, []);
    } finally {
      await devContext?.close();
    }
  } finally {
    dev.kill();
  }
  console.log(`vite site: install ${((tInstall - t0) / 1000).toFixed(1)} s, tsc ${((tTsc - tInstall) / 1000).toFixed(1)} s, build ${((tBuild - tTsc) / 1000).toFixed(1)} s, browser ${((tBrowser - tBuild) / 1000).toFixed(1)} s, dev server ${((Date.now() - tBrowser) / 1000).toFixed(1)} s`);
});

test("a course page loads the package from a CDN-shaped path, its .wasm served as application/octet-stream; the learning curves' worker starts", async () => {
  const snippet = snippets["npm-cdn"];
  assert.ok(snippet, 'docs/lecturers.md has a snippet "npm-cdn"');
  // Pinned to this version, a raw file: never "@latest", never jsDelivr's "/+esm" rewrite.
  assert.ok(snippet.includes(`${CDN}genlab@${version}/genlab.js`), `the snippet pins genlab@${version}`);
  assert.doesNotMatch(snippet, /\+esm|@latest|genlab\/genlab\.js/);
  const cdn = await host({ wasmType: "application/octet-stream", cors: true, mounts: { [`/npm/genlab@${version}/`]: unpacked } });
  // The snippet, and a learning-curves panel, whose worker must start although its script is on the CDN's origin.
  const curves = '<genlab-panel id="curves" panel="curves" state="lcn=20"></genlab-panel>';
  const page = `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Lecture 5</title></head>\n<body>\n${snippet.replaceAll(CDN, `${cdn.url}/npm/`)}\n${curves}\n</body></html>\n`;
  const site = await host({ pages: { "/lecture-5.html": page } });
  let context;
  try {
    let tab, errors;
    ({ context, page: tab, errors } = await visit(`${site.url}/lecture-5.html`));
    await tab.waitForFunction(() => [...document.querySelectorAll("genlab-panel")].every((el) => el.handle), null, { timeout: 20000 }).catch(async (e) => { throw new Error(`${e.message}: the element says "${(await tab.textContent("genlab-panel")).trim()}"; ${errors.join("\n")}`); });
    const drawn = await panelsDrawn(tab, "genlab-panel:not(#curves)");
    assert.ok(drawn.gda > 20, `the GDA figure is drawn (${drawn.gda} colours)`);
    assert.match(await tab.textContent("genlab-panel h2"), /高斯判别分析/);
    assert.equal(await tab.locator("text=If this sentence stays").count(), 0, "the fallback sentence is gone");
    // The learning curves' runs finish in their worker (started from a blob: module of the page's origin).
    await tab.locator("#curves").scrollIntoViewIfNeeded();
    await tab.waitForFunction(() => /splits done/.test(document.querySelector('#curves [data-role="status"]')?.textContent ?? ""), null, { timeout: 30000 })
      .catch(async (e) => { throw new Error(`${e.message}: the curves panel says "${await tab.textContent('#curves [data-role="status"]')}"; ${errors.join("\n")}`); });
    assert.match(await tab.textContent('#curves [data-role="status"]'), /^20 splits done/);
    const wasm = [...cdn.served].filter(([p]) => p.endsWith(".wasm")).sort();
    assert.deepEqual(wasm, ["pkg-curves", "pkg-gda"].map((m) => [`/npm/genlab@${version}/${m}/genlab_bg.wasm`, "application/octet-stream"]));
    assert.ok(cdn.served.has(`/npm/genlab@${version}/style.css`), "the stylesheet came from beside the modules");
    assert.deepEqual(errors, []);
  } finally {
    await context?.close();
    await site.close();
    await cdn.close();
  }
});
