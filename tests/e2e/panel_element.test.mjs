// <genlab-panel>, the custom element genlab.js defines: attributes set the state, the hidden
// controls, the language, projector mode and theme; the state attribute and a `change`
// event follow the student; several on one page stay independent; removing one frees it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, panelsDrawn } from "./lib.mjs";

const env = setup();

/** Opens the example page with two elements and waits until both panels are mounted. */
async function openExample() {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  await page.goto(`${env.server.url}element-example.html`);
  await page.waitForFunction(() => [...document.querySelectorAll("genlab-panel")].every((el) => el.handle));
  return { context, page, errors };
}

/** A panel element's state object (mount()'s getState). */
const stateOf = (page, id) => page.evaluate((id) => document.getElementById(id).handle.getState(), id);

test("two elements on one page: their attributes' state, language and hidden controls, each its own", async () => {
  const { context, page, errors } = await openExample();
  const gda = await stateOf(page, "lesson-gda");
  const nb = await stateOf(page, "lesson-nb");
  assert.deepEqual(gda.n, [120, 80]);
  assert.equal(nb.alpha, 0.1);
  assert.equal(await page.locator('#lesson-gda [data-control="seed"]').isVisible(), false);
  assert.equal(await page.locator('#lesson-gda [data-control="n"]').first().isVisible(), true);
  assert.match(await page.textContent("#lesson-nb h2"), /朴素贝叶斯/);
  assert.match(await page.textContent("#lesson-gda h2"), /Gaussian/);
  const drawn = await panelsDrawn(page, "#lesson-gda");
  assert.ok(drawn.gda > 20, "the GDA figure is drawn");
  // The stylesheet was linked once by the element, not by the page.
  assert.equal(await page.locator('link[rel="stylesheet"]').count(), 1);
  // One element's change leaves the other as it was.
  await page.evaluate(() => document.getElementById("lesson-gda").setAttribute("state", "seed=7&n0=30"));
  assert.equal(await page.evaluate(() => document.getElementById("lesson-nb").handle.getState().alpha), 0.1);
  assert.deepEqual(errors, []);
  await context.close();
});

test("an attribute change sets the whole state; lang, projector and theme follow their attributes", async () => {
  const { context, page, errors } = await openExample();
  await page.evaluate(() => document.getElementById("lesson-gda").setAttribute("state", "seed=7&n0=30"));
  const s = await stateOf(page, "lesson-gda");
  assert.equal(s.seed, 7);
  // Absent keys are defaults: n1 is back from the example's 80 to the default.
  const defaults = await page.evaluate(async () => (await import("./js/genlab.js")).parseLink("").then((r) => r.state.gda));
  assert.deepEqual(s.n, [30, defaults.n[1]]);
  await page.evaluate(() => document.getElementById("lesson-gda").setAttribute("lang", "zh-CN"));
  assert.match(await page.textContent("#lesson-gda h2"), /高斯判别分析/);
  await page.evaluate(() => document.getElementById("lesson-gda").setAttribute("theme", "dark"));
  assert.equal(await page.evaluate(() => document.querySelector("#lesson-gda section").classList.contains("theme-dark")), true);
  await page.evaluate(() => document.getElementById("lesson-gda").setAttribute("projector", ""));
  const border = await page.$eval('#lesson-gda [data-role="box"]', (b) => getComputedStyle(b).borderTopWidth);
  assert.equal(border, "2px");
  // Hidden controls change by attribute too (the panel is mounted again, its state kept in the attribute).
  await page.evaluate(() => document.getElementById("lesson-gda").setAttribute("controls", "-n"));
  await page.waitForFunction(() => document.getElementById("lesson-gda").handle);
  assert.equal(await page.locator('#lesson-gda [data-control="n"]').first().isVisible(), false);
  assert.equal(await page.locator('#lesson-gda [data-control="seed"]').isVisible(), true);
  assert.equal((await stateOf(page, "lesson-gda")).seed, 7);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a student's change reflects into the state attribute and fires one `change` event with it", async () => {
  const { context, page, errors } = await openExample();
  await page.evaluate(() => {
    window.heard = [];
    document.addEventListener("change", (e) => window.heard.push({ target: e.target.id, detail: e.detail ?? null }));
  });
  await page.$eval('#lesson-gda [data-role="n1"]', (el) => { el.value = "90"; el.dispatchEvent(new Event("input", { bubbles: true })); el.dispatchEvent(new Event("change", { bubbles: true })); });
  await page.waitForFunction(() => window.heard.length > 0);
  const heard = await page.evaluate(() => window.heard);
  // Only the element's own events reach the page, each with the state as a link query.
  for (const h of heard) {
    assert.equal(h.target, "lesson-gda");
    assert.equal(h.detail.panel, "gda");
  }
  const last = heard.at(-1).detail;
  assert.match(last.state, /(^|&)n1=90(&|$)/);
  assert.match(last.state, /(^|&)n0=120(&|$)/);
  assert.equal(await page.getAttribute("#lesson-gda", "state"), last.state);
  // The reflected attribute is the panel's state: setting it back changes nothing.
  assert.deepEqual((await stateOf(page, "lesson-gda")).n, [120, 90]);
  // The other element heard nothing and kept its state.
  assert.equal(await page.getAttribute("#lesson-nb", "state"), "a=0.1");
  assert.deepEqual(errors, []);
  await context.close();
});

test("removing an element frees its panel: wasm memory stays where it started over many add/remove cycles", async () => {
  const { context, page, errors } = await openExample();
  const result = await page.evaluate(async () => {
    // Each panel's Rust object lives in its own module's memory (GDA-first, naive Bayes): both count.
    const { loadCore, loadNbCore } = await import("./js/genlab.js");
    const modules = [await loadCore(), await loadNbCore()];
    const bytes = () => modules.map((m) => m.memory.buffer.byteLength);
    /** Adds an element, waits until it is mounted, removes it; returns its Rust object. */
    const cycle = async (panel) => {
      const el = document.createElement("genlab-panel");
      el.setAttribute("panel", panel);
      el.setAttribute("state", panel === "gda" ? "n0=400&n1=400" : "a=0.5");
      document.body.append(el);
      await new Promise((resolve) => el.addEventListener("ready", resolve, { once: true }));
      const rust = el.handle.controller.panel;
      el.remove();
      await new Promise((resolve) => setTimeout(resolve, 0));
      return { rust, children: el.childElementCount, handle: el.handle };
    };
    for (const panel of ["gda", "nb", "cat"]) await cycle(panel);
    const start = bytes();
    const freed = [];
    for (let i = 0; i < 8; i++) {
      for (const panel of ["gda", "nb", "cat"]) {
        const { rust, children, handle } = await cycle(panel);
        freed.push(rust.__wbg_ptr === 0 && children === 0 && handle === null);
      }
    }
    // The example's own two panels are freed the same way.
    const own = document.getElementById("lesson-nb");
    const ownRust = own.handle.controller.panel;
    own.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { start, end: bytes(), freed, ownFreed: ownRust.__wbg_ptr === 0, left: document.querySelectorAll("genlab-panel").length };
  });
  assert.deepEqual(result.end, result.start, `wasm memory (GDA-first, naive Bayes) ${result.start} → ${result.end} bytes after 24 panels added and removed`);
  assert.ok(result.freed.every(Boolean), "each removed panel's Rust object was freed and its markup removed");
  assert.ok(result.ownFreed);
  assert.equal(result.left, 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test("changing `panel` while the panel loads, or after, ends with the panel it names", async () => {
  const { context, page, errors } = await openExample();
  const kinds = await page.evaluate(async () => {
    const el = document.createElement("genlab-panel");
    el.setAttribute("panel", "gda");
    document.body.append(el);
    el.setAttribute("panel", "cat");
    await new Promise((resolve) => el.addEventListener("ready", resolve, { once: true }));
    const first = [...el.children].map((s) => s.className);
    el.setAttribute("panel", "nb");
    await new Promise((resolve) => el.addEventListener("ready", resolve, { once: true }));
    const second = [...el.children].map((s) => s.className);
    el.remove();
    return { first, second };
  });
  assert.deepEqual(kinds.first, ["panel genlab-cat"]);
  assert.deepEqual(kinds.second, ["panel genlab-nb"]);
  assert.deepEqual(errors, []);
  await context.close();
});

test("moving an element keeps its panel; a bad panel name is said in the element, not thrown", async () => {
  const { context, page, errors } = await openExample();
  const kept = await page.evaluate(async () => {
    const el = document.getElementById("lesson-gda");
    const before = el.handle;
    document.querySelector("main").prepend(el);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const bad = document.createElement("genlab-panel");
    bad.setAttribute("panel", "svm");
    document.body.append(bad);
    await new Promise((resolve) => setTimeout(resolve, 200));
    return { same: el.handle === before, bad: bad.textContent };
  });
  assert.ok(kept.same, "the moved element kept its mounted panel");
  assert.match(kept.bad, /Unknown panel/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a course page of naive Bayes panels alone fetches the naive Bayes wasm module only", async () => {
  // genlab.js picks each panel's module (docs/performance.md, "The wasm modules"): the GDA-first
  // module is fetched for a GDA panel (or where index.html preloads it), never for these.
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  const wasm = [];
  page.on("request", (r) => { if (r.url().endsWith(".wasm")) wasm.push(new URL(r.url()).pathname); });
  await page.route(`${env.server.url}nb-only-course-page.html`, (route) => route.fulfill({
    contentType: "text/html; charset=utf-8",
    body: `<!doctype html><meta charset="utf-8"><title>NB lesson</title>
<script type="module" src="js/genlab.js"></script>
<genlab-panel id="spam" panel="nb" state="a=0.5"></genlab-panel>
<genlab-panel id="table" panel="cat" lang="zh-CN"></genlab-panel>`,
  }));
  await page.goto(`${env.server.url}nb-only-course-page.html`);
  await page.waitForFunction(() => [...document.querySelectorAll("genlab-panel")].every((el) => el.handle));
  assert.equal(await page.evaluate(() => document.getElementById("spam").handle.getState().alpha), 0.5);
  // The state functions come from the module that was loaded: a student's change is reflected.
  await page.evaluate(() => document.getElementById("spam").handle.setState({ alpha: 2 }));
  assert.match(await page.evaluate(() => document.getElementById("spam").state), /(^|&)a=2(&|$)/);
  assert.match(await page.textContent("#table h2"), /朴素贝叶斯/);
  assert.deepEqual(wasm, ["/pkg-nb/genlab_bg.wasm"]);
  assert.deepEqual(errors, []);
  await context.close();
});

test("Quiz me inside an element (no page around it): a fresh question, scored and tallied, the page's URL untouched", async () => {
  const { context, page, errors } = await openExample();
  const url = page.url();
  await page.$eval("#lesson-nb", (el) => el.scrollIntoView());
  await page.click('#lesson-nb [data-role="quiz"]');
  await page.waitForSelector('#lesson-nb [data-role="bet-commit"]');
  // The element's own words (Chinese), and the bet hides the verdict until the commit.
  assert.match(await page.textContent('#lesson-nb [data-role="quiz-question"]'), /第 1 题/);
  assert.equal(await page.evaluate(() => Boolean(document.querySelector('#lesson-nb [data-role="verdict"]').closest("[hidden]"))), true);
  await page.click('#lesson-nb [data-role="bet-commit"]');
  await page.waitForSelector('#lesson-nb [data-role="quiz-outcome"]:not([hidden])');
  assert.match(await page.textContent('#lesson-nb [data-role="quiz-tally"]'), /\/1/);
  assert.equal(page.url(), url, "an element has no link of its own to write");
  // The other element is untouched.
  assert.equal(await page.$('#lesson-gda [data-role="quiz-bar"]'), null);
  assert.deepEqual(errors, []);
  await context.close();
});
