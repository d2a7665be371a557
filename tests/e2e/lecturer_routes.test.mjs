// The routes of docs/lecturers.md ("Use genlab in your course"), run from the page itself:
// each snippet is read out of the Markdown and used as a lecturer would, against dist/
// served by a plain static server (the single file from file://, with the network refused).
// The page's table of bytes is checked against what each route really fetched.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { headersHost, pageHost } from "./hosts.mjs";
import { setup, panelsDrawn, repo } from "./lib.mjs";

const HOST = "https://your.host/genlab/";
const doc = readFileSync(path.join(repo, "docs", "lecturers.md"), "utf8");
const dist = path.join(repo, "dist");
let sizes;
/** Bytes each route fetched, brotli and gzip, for the table test. */
const fetched = {};

/** The snippets of the page: `<!-- snippet: name -->` and the fenced block after it. */
const snippets = Object.fromEntries([...doc.matchAll(/<!-- snippet: ([\w-]+) -->\n(`{3,})\w*\n([\s\S]*?)\n\2\n/g)].map((m) => [m[1], m[3]]));

before(async () => {
  assert.ok(existsSync(path.join(dist, "sizes.json")), "dist/ is not built: run scripts/dist.sh (scripts/test.sh does)");
  sizes = JSON.parse(readFileSync(path.join(dist, "sizes.json"), "utf8")).files;
});
const env = setup({ dir: dist });

/** A snippet with the placeholder host replaced by the test server. */
const snippet = (name) => {
  assert.ok(snippets[name], `docs/lecturers.md has a snippet "${name}"`);
  return snippets[name].replaceAll(HOST, env.server.url);
};

/**
 * Opens `url` in a fresh context (a course page at `course` is served with `html` as its
 * body, on the host's origin), recording console errors and the bytes of each file from dist/.
 */
async function visit(name, url, html = null) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (html !== null) {
    await context.route(url, (route) => route.fulfill({ contentType: "text/html", body: `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Lecture 5</title></head>\n<body>\n<h1>Lecture 5</h1>\n${html}\n</body></html>\n` }));
  }
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  const files = new Set();
  page.on("response", (r) => {
    if (!r.url().startsWith(env.server.url)) return;
    let rel = new URL(r.url()).pathname.slice(1);
    if (rel === "" || rel.endsWith("/")) rel += "index.html";
    if (sizes[rel]) files.add(rel);
  });
  await page.goto(url);
  fetched[name] = files;
  return { context, page, errors };
}

/** Waits until every frame's page, or every mounted element, is ready. */
const ready = (target) => target.waitForSelector("html[data-ready=true]", { timeout: 20000 });

test("the page has a snippet for every route", () => {
  assert.deepEqual(Object.keys(snippets).sort(), ["element", "iframe", "jupyterlite", "lesson-file", "link", "marimo", "mount", "myst", "notebook", "notebook-file", "npm-bundler", "npm-cdn", "scorm", "single-file", "slides"]);
});

test("a link: opens the lab in that state", async () => {
  const url = snippet("link");
  assert.ok(url.startsWith(env.server.url));
  const { context, page, errors } = await visit("link", url);
  await ready(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), "zh-CN");
  assert.equal(await page.evaluate(() => window.genlab.nb.getState().alpha), 0);
  assert.ok((await panelsDrawn(page)).gda > 20);
  assert.deepEqual(errors, []);
  await context.close();
});

test("an iframe: one panel, in its state, inside a course page", async () => {
  const { context, page, errors } = await visit("iframe", `${env.server.url}course/iframe.html`, snippet("iframe"));
  const frame = page.frameLocator("iframe");
  await frame.locator("html[data-ready=true]").waitFor();
  assert.equal(await frame.locator("#nb-slot").count(), 0);
  assert.match(await frame.locator("#gda-slot h2").textContent(), /高斯判别分析/);
  assert.match(await frame.locator('#gda-slot [data-role="credit"]').textContent(), /Iris/i);
  // The frame's files count for the route.
  for (const f of page.frames()) if (f !== page.mainFrame()) assert.ok((await panelsDrawn(f)).gda > 20);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the <genlab-panel> element: one script line, then a panel set by its attributes", async () => {
  const { context, page, errors } = await visit("element", `${env.server.url}course/element.html`, snippet("element"));
  await page.waitForFunction(() => document.querySelector("genlab-panel")?.handle, null, { timeout: 20000 });
  const s = await page.evaluate(() => document.querySelector("genlab-panel").handle.getState());
  assert.equal(s.alpha, 0);
  assert.equal(s.text, "WIN a FREE prize now");
  assert.match(await page.textContent("genlab-panel h2"), /朴素贝叶斯/);
  assert.equal(await page.locator('genlab-panel [data-control="corpus"]').first().isVisible(), false);
  const drawn = await panelsDrawn(page, "genlab-panel");
  assert.ok(drawn.nbLedgerRows > 0 && drawn.nbVerdict.length > 0);
  assert.deepEqual(errors, []);
  await context.close();
});

// The course page around a panel keeps its own look: genlab links its stylesheet into the
// page, whose bare `button`, `fieldset`, `legend`, `h1`, `main`, `*` and `:root` rules restyled
// the course's own buttons, headings, font, page margin and box sizes (a real MkDocs page
// showed it). Each of the course's elements is measured before the script runs and with the
// panel drawn.
test("the course page around a <genlab-panel> keeps its own fonts, margins, buttons and box sizes", async () => {
  const course = `<main id="course"><p id="text">Before the lab.</p>
<fieldset id="quiz"><legend id="quiz-legend">Quiz</legend><button id="answer" type="button">Answer</button> <input id="guess" type="text"></fieldset>
<div id="box" style="width: 200px; padding: 10px; border: 2px solid">a box</div>
<nav><a id="next" href="#next">Next</a></nav></main>
<div id="slot"></div>`;
  const { context, page, errors } = await visit("course-look", `${env.server.url}course/look.html`, course);
  const look = () => page.evaluate(() => {
    const out = {};
    for (const id of ["course", "text", "quiz", "quiz-legend", "answer", "guess", "box", "next"]) {
      const el = document.getElementById(id);
      const cs = getComputedStyle(el);
      out[id] = ["font-family", "font-size", "font-weight", "line-height", "color", "background-color", "margin", "padding", "border", "min-height", "box-sizing", "max-width", "width", "height"].map((p) => cs.getPropertyValue(p)).join(" | ");
    }
    for (const el of [document.documentElement, document.body, document.querySelector("h1")]) {
      const cs = getComputedStyle(el);
      out[el.tagName] = ["font-family", "font-size", "line-height", "color", "background-color", "margin", "color-scheme"].map((p) => cs.getPropertyValue(p)).join(" | ");
    }
    return out;
  });
  const before = await look();
  // The element's snippet, added as a lecturer adds it further down the page.
  const [script, element] = snippet("element").split(/\n\n/);
  await page.evaluate(([src, html]) => {
    const s = document.createElement("script");
    s.type = "module";
    s.src = src;
    document.head.append(s);
    document.getElementById("slot").innerHTML = html;
  }, [script.match(/src="([^"]+)"/)[1], element]);
  await page.waitForFunction(() => document.querySelector("genlab-panel")?.handle, null, { timeout: 20000 });
  assert.ok((await panelsDrawn(page, "genlab-panel")).nbLedgerRows > 0);
  const after = await look();
  for (const id of Object.keys(before)) assert.equal(after[id], before[id], `#${id}'s look changed when the panel came`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("mount(): a panel from the module, in its state", async () => {
  const { context, page, errors } = await visit("mount", `${env.server.url}course/mount.html`, snippet("mount"));
  await page.waitForFunction(() => window.lessonPanel, null, { timeout: 20000 });
  assert.deepEqual(await page.evaluate(() => window.lessonPanel.getState().n), [40, 120]);
  assert.equal(await page.locator('#lesson [data-control="seed"]').isVisible(), false);
  assert.ok((await panelsDrawn(page, "#lesson")).gda > 20);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const cors of [false, true]) {
  test(`a course page on another origin ${cors ? "with dist/_headers' headers draws its panels" : "whose host sends no CORS header shows the fallback sentences"}`, async () => {
    // The plain static server sends no CORS header; the other host sends what _headers says.
    const host = cors ? await headersHost(dist) : env.server;
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    // The course site: another origin (another port) on this machine, as a real server (a
    // page the browser did not get from a loopback address may not ask one at all).
    const html = `${snippet("element")}\n${snippet("mount")}`.replaceAll(env.server.url, host.url);
    const site = await pageHost(`<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Lecture 5</title></head>\n<body>\n${html}\n</body></html>\n`);
    const course = `${site.url}lecture-5.html`;
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    try {
      await page.goto(course);
      if (cors) {
        await page.waitForFunction(() => document.querySelector("genlab-panel")?.handle && window.lessonPanel, null, { timeout: 20000 }).catch((e) => { throw new Error(`${e.message}: ${errors.join("\n")}`); });
        assert.ok((await panelsDrawn(page, "#lesson")).gda > 20);
        assert.ok((await panelsDrawn(page, "genlab-panel")).nbLedgerRows > 0);
        assert.equal(await page.locator("text=If this sentence stays").count(), 0, "the fallback sentences are gone");
        assert.deepEqual(errors, []);
      } else {
        // The module is refused: nothing of genlab runs, and the page's own sentences stay in the boxes.
        await page.waitForLoadState("load");
        await page.waitForTimeout(1000);
        assert.equal(await page.evaluate(() => customElements.get("genlab-panel")), undefined);
        for (const box of ["genlab-panel", "#lesson"]) {
          const shown = await page.locator(box).evaluate((el) => ({ text: el.innerText, height: el.getBoundingClientRect().height }));
          assert.match(shown.text, /If this sentence stays, its script could not be loaded/, box);
          assert.ok(shown.height > 10, `${box} is ${shown.height} px tall`);
        }
        assert.ok(errors.some((e) => /No 'Access-Control-Allow-Origin' header/.test(e)), errors.join("\n"));
      }
    } finally {
      await context.close();
      if (cors) await host.close();
      await site.close();
    }
  });
}

test("the single file: the snippet's link opens from disk with the network refused", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const refused = [];
  await context.route(() => true, (route) => {
    const url = route.request().url();
    if (url.startsWith("file:") || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
    refused.push(url);
    return route.abort();
  });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  await page.goto(`${pathToFileURL(dist).href}/${snippet("single-file")}`);
  await ready(page);
  assert.equal(await page.locator("#gda-slot").count(), 0);
  assert.equal(await page.evaluate(() => window.genlab.nb.getState().alpha), 0);
  assert.match(await page.textContent("#nb-slot h2"), /朴素贝叶斯/);
  assert.deepEqual(refused, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the page's table of bytes is what each route fetched (within 5 %)", () => {
  const kb = (files, kind) => [...files].reduce((sum, f) => sum + sizes[f][kind], 0) / 1000;
  const rows = { link: "A link", iframe: "An iframe", element: "The `<genlab-panel>` element", mount: "The `mount()` module" };
  const measured = {};
  for (const name of Object.keys(rows)) {
    assert.ok(fetched[name], `route ${name} ran`);
    measured[name] = [kb(fetched[name], "br"), kb(fetched[name], "gz")];
  }
  console.log("measured KB (brotli, gzip):", JSON.stringify(measured));
  for (const [name, label] of Object.entries(rows)) {
    const row = doc.split("\n").find((line) => line.startsWith(`| ${label} |`));
    assert.ok(row, `the table has a row "${label}"`);
    const [, br, gz] = row.match(/(\d+) KB \/ (\d+) KB/).map(Number);
    for (const [said, real, kind] of [[br, measured[name][0], "brotli"], [gz, measured[name][1], "gzip"]]) {
      assert.ok(Math.abs(said - real) <= 0.05 * real, `${name}, ${kind}: the page says ${said} KB, measured ${real.toFixed(1)} KB`);
    }
  }
  const single = sizes["genlab.html"];
  const row = doc.split("\n").find((line) => line.startsWith("| The single file"));
  const [, mb, br, gz] = row.match(/([\d.]+) MB as a file \((\d+) KB \/ (\d+) KB/).map(Number);
  assert.ok(Math.abs(mb - single.raw / 1e6) <= 0.05 * (single.raw / 1e6), `single file: page ${mb} MB, real ${single.raw / 1e6}`);
  assert.ok(Math.abs(br - single.br / 1000) <= 0.05 * (single.br / 1000) && Math.abs(gz - single.gz / 1000) <= 0.05 * (single.gz / 1000), `single file compressed: page ${br}/${gz}, real ${single.br}/${single.gz}`);
});
