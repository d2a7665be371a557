// dist/genlab.html, the single file a lecturer copies to a USB stick or uploads to an LMS:
// opened from file:// with every network request refused, it runs every panel in both
// languages, its links reproduce the screen, and the figure exports as a PNG.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { setup, assertAllDrawn, panelsDrawn, repo, serve } from "./lib.mjs";

const file = path.join(repo, "dist", "genlab.html");
const fileUrl = pathToFileURL(file).href;

before(async () => {
  assert.ok(existsSync(file), "dist/genlab.html is not built: run scripts/dist.sh (scripts/test.sh does)");
});
const env = setup({ dir: null });

/** A context with the network refused: every request that is not the file itself is recorded and aborted. */
async function offline(options = {}) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true, ...options });
  const refused = [];
  await context.route(() => true, (route) => {
    const url = route.request().url();
    if (url.startsWith("file:") || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
    refused.push(url);
    return route.abort();
  });
  const requests = [];
  context.on("request", (r) => requests.push(r.url()));
  return { context, refused, requests };
}

/** Opens `url` in `context`, recording console errors, and waits until the page is ready. */
async function openIn(context, url) {
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  await page.goto(url);
  await page.waitForSelector("html[data-ready=true]", { timeout: 30000 });
  return { page, errors };
}

/** What a student reads in the numbers of the three panels. */
const screen = (page) => page.evaluate(() => {
  const q = (s) => [...document.querySelectorAll(s)].map((e) => e.textContent);
  return {
    gda: q('#gda-slot [data-role="phi"], #gda-slot [data-role="mu0"], #gda-slot [data-role="mu1"], #gda-slot [data-role="sigma"], #gda-slot [data-role="w"], #gda-slot [data-role="b"]'),
    nb: q('#nb-slot [data-role="verdict"], #nb-slot [data-role="acc"]'),
    text: document.querySelector('#nb-slot [data-role="text"]').value,
    cat: q('#cat-slot [data-role="verdict"]'),
    lang: document.documentElement.lang,
  };
});

test("the file holds everything: no reference to another file, and a CSP that allows nothing else", () => {
  const html = readFileSync(file, "utf8");
  // The markup outside the inlined script, style and .wasm (whose texts hold the panels' templates).
  const markup = html.replace(/(<(script|style)\b[^>]*>)[\s\S]*?<\/\2>/g, "$1</$2>");
  assert.equal((markup.match(/<script\b/g) || []).length, 2, "one module script and the .wasm's data block");
  const loads = markup.match(/\b(?:src|href)="(?!data:|#)[^"]*"/g);
  assert.equal(loads, null, "no src or href but data: and fragments");
  const csp = html.match(/http-equiv="Content-Security-Policy" content="([^"]*)"/)[1];
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'sha256-[A-Za-z0-9+/=]+' 'wasm-unsafe-eval';/);
  assert.match(csp, /style-src 'sha256-[A-Za-z0-9+/=]+';/);
  assert.ok(!/unsafe-inline|unsafe-eval'|'self'|https?:|\*/.test(csp.replace("'wasm-unsafe-eval'", "")), csp);
});

test("from file:// with the network refused, every panel draws, without an error or a request", async () => {
  const { context, refused, requests } = await offline();
  const { page, errors } = await openIn(context, fileUrl);
  assertAllDrawn(assert, await panelsDrawn(page));
  // Switching the language on the page: every panel in Chinese.
  await page.click("#lang");
  await page.waitForFunction(() => document.documentElement.lang === "zh-CN");
  assert.match(await page.textContent("#gda-slot h2"), /高斯判别分析/);
  assert.match(await page.textContent("#nb-slot h2"), /朴素贝叶斯/);
  assertAllDrawn(assert, await panelsDrawn(page));
  assert.deepEqual(refused, []);
  assert.deepEqual(requests.filter((u) => !u.startsWith("data:") && u !== fileUrl && !u.startsWith(`${fileUrl}?`)), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a link to the file reproduces the screen, in Chinese too", async () => {
  const { context, refused } = await offline();
  const { page, errors } = await openIn(context, fileUrl);
  await page.$eval('#gda-slot [data-role="n1"]', (el) => { el.value = "90"; el.dispatchEvent(new Event("input", { bubbles: true })); el.dispatchEvent(new Event("change", { bubbles: true })); });
  await page.fill('#nb-slot [data-role="alpha"]', "0.05");
  await page.press('#nb-slot [data-role="alpha"]', "Enter");
  await page.fill('#nb-slot [data-role="text"]', "免费 prize 点击 now");
  await page.click("#lang");
  await page.waitForFunction(() => /n1=90/.test(location.search) && /a=0.05/.test(location.search) && /lang=zh-CN/.test(location.search) && /t=/.test(location.search), null, { timeout: 5000 });
  const link = await page.evaluate(() => location.href);
  assert.ok(link.startsWith(`${fileUrl}?`), link);
  const shown = await screen(page);
  const again = await openIn(context, link);
  assert.deepEqual(await screen(again.page), shown);
  assert.equal(shown.lang, "zh-CN");
  assert.deepEqual(refused, []);
  assert.deepEqual([...errors, ...again.errors], []);
  await context.close();
});

test("the figure exports as a PNG from the file", async () => {
  const { context, refused } = await offline({ deviceScaleFactor: 2 });
  const { page, errors } = await openIn(context, fileUrl);
  const size = await page.$eval('#gda-slot [data-role="canvas"]', (c) => [c.width, c.height]);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click('#gda-slot [data-role="export"]')]);
  assert.equal(download.suggestedFilename(), "genlab-gda.png");
  const png = readFileSync(await download.path());
  assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], size);
  assert.deepEqual(refused, []);
  assert.deepEqual(errors, []);
  await context.close();
});

/** Waits until the learning curves' run has finished (or failed: its status says why). */
async function curvesRun(page) {
  await page.locator("#curves-slot").scrollIntoViewIfNeeded();
  await page.waitForFunction(() => ["done", "error"].includes(document.querySelector(".genlab-curves")?.dataset.run), null, { timeout: 60000 }).catch(() => {});
  return page.evaluate(() => {
    const section = document.querySelector(".genlab-curves");
    return { run: section?.dataset.run ?? null, status: section?.querySelector('[data-role="status"]')?.textContent ?? "" };
  });
}

test("from file:// the learning curves compute: their worker comes from the file itself", async () => {
  // The file's one script makes the worker (a blob: URL of its own modules' text), which its
  // CSP allows and nothing else: from file:// a worker file would be refused (origin null).
  const csp = readFileSync(file, "utf8").match(/http-equiv="Content-Security-Policy" content="([^"]*)"/)[1];
  assert.match(csp, /(^|; )worker-src blob:(;|$)/);
  const { context, refused } = await offline();
  const { page, errors } = await openIn(context, fileUrl);
  const done = await curvesRun(page);
  assert.equal(done.run, "done", `the curves panel says “${done.status}”`);
  const [done_, asked] = await page.evaluate(() => [window.genlab.curves.summary().splits_done, window.genlab.curves.getState().splits]);
  assert.equal(done_, asked, "every split of the run computed");
  assert.deepEqual(refused, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test("over http the file's own CSP lets its learning-curves worker run", async () => {
  const server = await serve(path.join(repo, "dist"));
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const { page, errors } = await openIn(context, `${server.url}genlab.html?embed=curves`);
    const done = await curvesRun(page);
    assert.equal(done.run, "done", `the curves panel says “${done.status}”`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    server.close();
  }
});

test("a browser without DecompressionStream says in a sentence why the file cannot start, in the link's language", async () => {
  // The file carries its core gzip-compressed (tools/dist/build.mjs), unpacked by
  // DecompressionStream (Chrome 80, Firefox 113, Safari 16.4): an older browser gets a sentence.
  const { t, loadLang } = await import("../../www/js/i18n.js");
  await loadLang("zh-CN");
  for (const lang of ["en", "zh-CN"]) {
    const { context, refused } = await offline();
    await context.addInitScript(() => { delete globalThis.DecompressionStream; });
    const page = await context.newPage();
    await page.goto(`${fileUrl}?lang=${lang}`);
    await page.waitForSelector("#boot.input-error", { timeout: 30000 });
    assert.equal(await page.textContent("#boot"), t(lang, "boot.no-decompress"));
    assert.deepEqual(refused, []);
    await context.close();
  }
});

test("from file:// a quiz link asks its question without its answer, and scores it", async () => {
  const { context, refused } = await offline();
  const { page, errors } = await openIn(context, `${fileUrl}?quiz=gda.boundary.48213`);
  await page.waitForSelector('#gda-slot [data-role="predict-commit"]');
  // The numbers that give the line away stay masked until the commit.
  assert.deepEqual(await page.evaluate(() => ["w", "b", "boundary"].map((r) => document.querySelector(`#gda-slot [data-role="${r}"]`).textContent)), ["—", "—", "—"]);
  await page.click('#gda-slot [data-role="predict-commit"]');
  await page.waitForSelector('#gda-slot [data-role="quiz-outcome"]:not([hidden])');
  assert.match(await page.textContent('#gda-slot [data-role="quiz-tally"]'), /of 1 right/);
  assert.equal(new URL(page.url()).searchParams.get("quiz"), "gda.boundary.48213");
  assert.deepEqual(refused, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test("from file:// the categorical panel's verdict is predicted and revealed: its module travels in the file", async () => {
  const { context, refused } = await offline();
  const { page, errors } = await openIn(context, fileUrl);
  await page.$eval("#cat-slot", (el) => el.scrollIntoView());
  await page.click('#cat-slot button[data-role="predict"]');
  await page.click('#cat-slot [data-role="predict-class-0"]');
  await page.click('#cat-slot [data-role="predict-commit"]');
  // The built-in query at λ = 1: the model picks "no", P(yes | x) = 0.4900 (counted by hand in
  // predict_cat_verdict.test.mjs).
  assert.match(await page.textContent('#cat-slot [data-role="predict-score"]'), /picks no.*0\.5100.*0\.4900/);
  assert.deepEqual(refused, []);
  assert.deepEqual(errors, []);
  await context.close();
});
