// A panel framed in a slide deck (`deck=1`): a reveal.js-style host page, on another origin,
// receives the presenter's clicker keys as reveal.js postMessage calls while the panel has
// the focus, and gets the panel back in its state after unloading and reloading the frame
// (as reveal.js does with the frames of hidden slides). Nothing else leaves the frame.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readFileSync } from "node:fs";
import { setup, repo, serve } from "./lib.mjs";

// The slide is the one docs/lecturers.md gives lecturers ("A reveal.js slide").
const slide = readFileSync(path.join(repo, "docs", "lecturers.md"), "utf8").match(/<!-- snippet: slides -->\n```html\n([\s\S]*?)\n```/)[1];

// The deck's own server: another origin (another port), as a deck on its own host would be.
const deckDir = mkdtempSync(path.join(tmpdir(), "genlab-deck-"));
let deckServer;
const env = setup();
before(async () => {
  deckServer = await serve(deckDir);
});
after(async () => {
  deckServer?.close();
  rmSync(deckDir, { recursive: true, force: true });
});
/** The query of the slide's frame address, as the page gives it. */
const slideQuery = slide.match(/data-src="https:\/\/your\.host\/genlab\/\?([^"]*)"/)[1].replaceAll("&amp;", "&");

/**
 * A deck in a few lines: the lecturers' slide with its frame pointed at `src`, a log of every
 * message the deck receives, and the unload/load reveal.js performs when a slide is left and
 * shown again (it sets the frame's src to about:blank, then back to its data-src).
 */
const deckPage = (src) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Lecture 5 (slides)</title></head>
<body>
${slide.replace(/data-src="[^"]*"/, `id="panel" data-src="${src}"`)}
<script>
  window.received = [];
  addEventListener("message", (e) => window.received.push({ data: e.data, fromPanel: e.source === document.getElementById("panel").contentWindow }));
  const frame = document.getElementById("panel");
  window.leaveSlide = () => frame.setAttribute("src", "about:blank");
  window.showSlide = () => frame.setAttribute("src", frame.dataset.src);
  showSlide();
</script>
</body></html>`;

/** Opens a deck (from its own server, another origin than the panel's) framing `query`. */
async function openDeck(query) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const name = `deck-${query.replace(/\W+/g, "-")}.html`;
  writeFileSync(path.join(deckDir, name), deckPage(`${env.server.url}?${query}`));
  const deckUrl = `${deckServer.url}${name}`;
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  await page.goto(deckUrl);
  const frame = page.frameLocator("#panel");
  await frame.locator("html[data-ready=true]").waitFor({ timeout: 20000 });
  return { context, page, frame, errors };
}

/** Whether the frame shows about:blank (reading a frame's address on another origin throws). */
const unloaded = () => {
  try {
    return document.getElementById("panel").contentWindow.location.href === "about:blank";
  } catch {
    return false;
  }
};

const received = (page) => page.evaluate(() => window.received);

/** What a student reads in the GDA panel's numbers, in the frame. */
const numbers = (frame) => frame.locator('[data-role="phi"], [data-role="mu0"], [data-role="mu1"], [data-role="w"], [data-role="b"]').allTextContents();

test("clicker keys in the panel reach the deck as reveal.js calls; keys a control uses stay", async () => {
  const { context, page, frame, errors } = await openDeck(slideQuery);
  const canvas = frame.locator('[data-role="canvas"]');
  await canvas.focus();
  const before = await frame.locator('[data-role="mu0"]').textContent();
  await page.keyboard.press("PageDown");
  // The clicker key handed the focus to the deck (a real deck has turned the slide).
  assert.equal(await page.evaluate(() => document.activeElement.id), "");
  await canvas.focus();
  await page.keyboard.press("PageUp");
  // On the plot the arrows move a mean: they stay in the panel.
  await canvas.focus();
  await page.keyboard.press("1");
  await page.keyboard.press("ArrowRight");
  await frame.locator('[data-role="mu0"]').filter({ hasNotText: before }).waitFor();
  // On a slider too.
  await frame.locator('[data-role="n1"]').focus();
  await page.keyboard.press("ArrowLeft");
  // With nothing focused (the panel's background clicked), arrows go to the deck.
  await frame.locator("html").evaluate(() => document.activeElement.blur());
  await page.keyboard.press("ArrowRight");
  await page.locator("#panel").focus();
  await page.keyboard.press("ArrowDown");
  await page.waitForFunction(() => window.received.length >= 4);
  await new Promise((r) => setTimeout(r, 200));
  const got = await received(page);
  assert.deepEqual(got.map((m) => m.data), ['{"method":"next","args":[]}', '{"method":"prev","args":[]}', '{"method":"right","args":[]}', '{"method":"down","args":[]}']);
  assert.ok(got.every((m) => m.fromPanel));
  assert.deepEqual(errors, []);
  await context.close();
});

test("after the deck unloads and reloads the frame, the panel is back in the state it had", async () => {
  const { context, page, frame, errors } = await openDeck(`${slideQuery}&seed=3`);
  await frame.locator('[data-role="n1"]').evaluate((el) => { el.value = "90"; el.dispatchEvent(new Event("input", { bubbles: true })); el.dispatchEvent(new Event("change", { bubbles: true })); });
  const changed = await numbers(frame);
  const inFrame = () => page.frames().find((f) => f !== page.mainFrame());
  await inFrame().waitForFunction(() => /n1=90/.test(location.search));
  await page.evaluate(() => window.leaveSlide());
  await page.waitForFunction(unloaded);
  await page.evaluate(() => window.showSlide());
  await frame.locator("html[data-ready=true]").waitFor({ timeout: 20000 });
  assert.deepEqual(await numbers(frame), changed);
  const back = await inFrame().evaluate(() => ({ search: location.search, n: window.genlab.gda.getState().n, seed: window.genlab.gda.getState().seed }));
  assert.deepEqual(back.n[1], 90);
  assert.equal(back.seed, 3);
  assert.match(back.search, /deck=1/);
  // The panel sent the deck nothing of its own while loading, changing or reloading.
  assert.deepEqual(await received(page), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test("without deck=1 the panel sends nothing and keeps nothing", async () => {
  const { context, page, frame, errors } = await openDeck(slideQuery.replace("&deck=1", ""));
  await frame.locator('[data-role="canvas"]').focus();
  await page.keyboard.press("PageDown");
  await frame.locator("html").evaluate(() => document.activeElement.blur());
  await page.keyboard.press("ArrowRight");
  await frame.locator('[data-role="n1"]').evaluate((el) => { el.value = "90"; el.dispatchEvent(new Event("input", { bubbles: true })); el.dispatchEvent(new Event("change", { bubbles: true })); });
  await page.evaluate(() => window.leaveSlide());
  await page.waitForFunction(unloaded);
  await page.evaluate(() => window.showSlide());
  await frame.locator("html[data-ready=true]").waitFor({ timeout: 20000 });
  const f = page.frames().find((x) => x !== page.mainFrame());
  assert.equal(await f.evaluate(() => window.genlab.gda.getState().n[1]), 40);
  assert.equal(await f.evaluate(() => sessionStorage.length), 0);
  assert.deepEqual(await received(page), []);
  assert.deepEqual(errors, []);
  await context.close();
});

// The slide in a real reveal.js deck (npm reveal.js 6, its own index.html's markup and
// stylesheets): at a projector's 1024×768, a laptop's 1280×800 and a full-HD 1920×1080, the frame stays inside the
// slide (reveal.js's 960×700 box, scaled to the window), under the slide's heading.
const revealDist = path.join(repo, "tests", "e2e", "node_modules", "reveal.js", "dist");
/**
 * The lecturers' slide between two others in a real reveal.js deck (its own index.html's
 * markup and stylesheets), written as `name` on the deck's server and opened at `viewport`
 * on the panel's slide, once reveal.js is ready. Resolves to { context, page, errors }.
 */
async function revealDeck(name, viewport) {
  writeFileSync(path.join(deckDir, name), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Lecture 5 (reveal.js)</title>
<link rel="stylesheet" href="reveal/reset.css"><link rel="stylesheet" href="reveal/reveal.css"><link rel="stylesheet" href="reveal/theme/white.css"></head>
<body><div class="reveal"><div class="slides">
<section><h1>Lecture 5</h1></section>
${slide.replaceAll("https://your.host/genlab/", env.server.url)}
<section><h2>After the panel</h2></section>
</div></div>
<script src="reveal/reveal.js"></script>
<script>Reveal.initialize({ hash: false }).then(() => { Reveal.slide(1); window.deckReady = true; });</script>
</body></html>`);
  const context = await env.browser.newContext({ viewport });
  await context.route(`${deckServer.url}reveal/**`, (route) => route.fulfill({ path: path.join(revealDist, new URL(route.request().url()).pathname.slice("/reveal/".length)) }));
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  await page.goto(`${deckServer.url}${name}`);
  await page.waitForFunction(() => window.deckReady, null, { timeout: 20000 });
  return { context, page, errors };
}

for (const [width, height] of [[1024, 768], [1280, 800], [1920, 1080]]) {
  test(`the documented slide fits a real reveal.js slide at ${width}×${height}`, async () => {
    const { context, page, errors } = await revealDeck(`reveal-${width}.html`, { width, height });
    try {
      await page.frameLocator("iframe").locator("html[data-ready=true]").waitFor({ timeout: 20000 });
      // reveal.js lays out again on the window's load: measure after the slide has settled.
      await page.waitForTimeout(500);
      const box = await page.evaluate(() => {
        const r = (el) => { const q = el.getBoundingClientRect(); return { left: q.left, top: q.top, right: q.right, bottom: q.bottom }; };
        const section = Reveal.getCurrentSlide();
        return { slides: r(document.querySelector(".reveal .slides")), frame: r(section.querySelector("iframe")), heading: r(section.querySelector("h2")), scale: Reveal.getScale() };
      });
      const { slides, frame, heading } = box;
      const where = JSON.stringify(box);
      assert.ok(frame.top >= heading.bottom - 1, `the frame starts under the heading: ${where}`);
      assert.ok(frame.left >= slides.left - 1 && frame.right <= slides.right + 1, `the frame within the slide's width: ${where}`);
      assert.ok(frame.bottom <= slides.bottom + 1, `the frame within the slide's height: ${where}`);
      // And it takes most of what is left under the heading (a frame too small is no fix).
      assert.ok(frame.bottom - frame.top >= 0.8 * (slides.bottom - heading.bottom), `the frame uses the slide's height: ${where}`);
      if (process.env.GENLAB_SHOTS) await page.screenshot({ path: path.join(process.env.GENLAB_SHOTS, `reveal-${width}x${height}.png`) });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

// The clicker inside the panel on a real reveal.js deck: the lecturer has clicked into the
// plot (the focus is in the frame), and PageDown / PageUp still turn the slides; reveal.js
// unloads the frame of the slide it leaves, and the panel comes back as it was left.
test("in a real reveal.js deck, PageDown and PageUp pressed inside the panel turn the slides, and the panel comes back as it was", async () => {
  const { context, page, errors } = await revealDeck("reveal-clicker.html", { width: 1024, height: 768 });
  const slideIndex = () => page.evaluate(() => Reveal.getIndices().h);
  try {
    let frame = page.frameLocator("iframe");
    await frame.locator("html[data-ready=true]").waitFor({ timeout: 20000 });
    // The lecturer moves class 0's mean with the keyboard on the plot.
    const mu0 = frame.locator('[data-role="mu0"]');
    const start = await mu0.textContent();
    await frame.locator('[data-role="canvas"]').focus();
    await page.keyboard.press("1");
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    await mu0.filter({ hasNotText: start }).waitFor();
    const moved = await mu0.textContent();
    // The clicker's PageDown, with the focus in the panel: the next slide.
    await page.keyboard.press("PageDown");
    await page.waitForFunction(() => Reveal.getIndices().h === 2, null, { timeout: 5000 });
    // reveal.js has unloaded the panel's frame (so what comes back is a fresh page).
    assert.notEqual(await page.evaluate(() => document.querySelector(".slides iframe").getAttribute("src")), env.server.url + "?embed=gda&deck=1&projector=1");
    // PageUp from the deck: the panel's slide again, the panel as it was left.
    await page.keyboard.press("PageUp");
    await page.waitForFunction(() => Reveal.getIndices().h === 1, null, { timeout: 5000 });
    frame = page.frameLocator("iframe");
    await frame.locator("html[data-ready=true]").waitFor({ timeout: 20000 });
    assert.equal(await frame.locator('[data-role="mu0"]').textContent(), moved);
    // PageUp with the focus in the panel again: the slide before it.
    await frame.locator('[data-role="canvas"]').focus();
    await page.keyboard.press("PageUp");
    await page.waitForFunction(() => Reveal.getIndices().h === 0, null, { timeout: 5000 });
    assert.equal(await slideIndex(), 0);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
