// A phone: one finger on an empty part of the plot scrolls the page, one on a mean's handle
// drags the mean and never scrolls; and the figure does not move when the loading sentence
// goes. Before: the canvas had touch-action: none, so a swipe over ~45 % of a 360 × 740
// screen could not scroll; and the canvas jumped 55 px when "Loading the WebAssembly core…"
// disappeared (after every panel had mounted), so an early drag landed 55 px from the finger.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup } from "./lib.mjs";

const env = setup();

/** A phone's page (360 × 740, dpr 2, touch), and a CDP session to touch it with. */
async function phone(url, setup = null) {
  const context = await env.browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  if (setup) await setup(page);
  await page.goto(url);
  await page.waitForSelector("html[data-ready=true]");
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp, errors };
}

/** One finger from (x, y) straight up by `dy` CSS pixels, in 10 moves. */
async function swipeUp(cdp, x, y, dy) {
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  for (let i = 1; i <= 10; i++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y - (dy * i) / 10 }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

const handleAt = (page, k) => page.evaluate((k) => {
  const p = window.genlab_panels.gda.controller.panel;
  const r = document.querySelector('#gda-slot [data-role="canvas"]').getBoundingClientRect();
  const h = p.handles();
  const [x, y] = p.dataToPixels(h[2 * k], h[2 * k + 1]);
  return { x: r.left + x / devicePixelRatio, y: r.top + y / devicePixelRatio, mean: [h[2 * k], h[2 * k + 1]] };
}, k);

test("one finger scrolls the page from an empty part of the plot and drags a mean from its handle", async () => {
  const { context, page, cdp, errors } = await phone(env.server.url);
  const box = await page.$eval('#gda-slot [data-role="canvas"]', (c) => { const r = c.getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height }; });
  // The plot's lower right corner holds no point and no handle at the default state (its
  // points are around (−1, −0.5) and (1, 1) in a window from about −5 to 5).
  const empty = { x: box.x + box.w * 0.92, y: Math.min(box.y + box.h * 0.85, 700) };
  const hit = await page.evaluate(({ x, y }) => {
    const r = document.querySelector('#gda-slot [data-role="canvas"]').getBoundingClientRect();
    return window.genlab_panels.gda.controller.panel.hitHandle(x - r.left, y - r.top);
  }, empty);
  assert.equal(hit, -1, "the spot is empty");
  assert.equal(await page.evaluate(() => scrollY), 0);
  await swipeUp(cdp, empty.x, empty.y, 150);
  await page.waitForTimeout(500);
  assert.ok(await page.evaluate(() => scrollY) > 50, `the page scrolled by ${await page.evaluate(() => scrollY)} px`);
  // The mean's handle: the finger drags it, the page stays where it is.
  await page.evaluate(() => scrollTo(0, 300));
  await page.waitForFunction(() => scrollY === 300);
  const before = await handleAt(page, 1);
  assert.ok(before.y > 20 && before.y < 700, `the handle is on screen at y = ${before.y}`);
  await swipeUp(cdp, before.x, before.y, 60);
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => scrollY), 300, "the page scrolled under a dragged handle");
  const after = await handleAt(page, 1);
  assert.ok(after.mean[1] > before.mean[1] + 0.2, `the mean moved up: ${before.mean} → ${after.mean}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the figure stays where it is when the loading sentence goes", async () => {
  // The .wasm arrives late (as on a slow network), so the first panel is laid out ahead.
  const { context, page, errors } = await phone(env.server.url, async (p) => {
    await p.addInitScript(() => {
      window.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    await p.route("**/pkg-gda/genlab_bg.wasm", async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
  });
  await page.waitForTimeout(500);
  const cls = await page.evaluate(() => window.__shifts.reduce((a, b) => a + b, 0));
  assert.ok(cls < 0.01, `cumulative layout shift ${cls.toFixed(3)} while the page loads`);
  assert.deepEqual(errors, []);
  await context.close();
});

// A jump to a panel below the GDA panel's numbers (a lesson's step, a link, scrollIntoView)
// lands where it stays. Before: the numbers table was laid out only when it came near the
// screen (content-visibility: auto, 40rem until then); on a phone the jump brought it near,
// it grew to its real height two frames later and the naive Bayes formula moved 211 px down
// under the reader (scroll anchoring did not make up for it).
test("a jump to the naive Bayes panel on a phone lands where it stays", async () => {
  const { context, page, errors } = await phone(env.server.url);
  const sel = '#nb-slot [data-role="formula-mn"]';
  const landed = await page.$eval(sel, (el) => {
    el.scrollIntoView({ block: "center" });
    return el.getBoundingClientRect().y;
  });
  const later = await page.evaluate((sel) => new Promise((r) => {
    let n = 0;
    const tick = () => (++n < 4 ? requestAnimationFrame(tick) : r(document.querySelector(sel).getBoundingClientRect().y));
    requestAnimationFrame(tick);
  }), sel);
  assert.ok(Math.abs(later - landed) < 1, `the formula landed at y = ${landed.toFixed(1)} and is at ${later.toFixed(1)} four frames later`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the 3-D view keeps every touch: a vertical drag on it turns it, the page stays", async () => {
  const { context, page, cdp, errors } = await phone(`${env.server.url}?v3=1`);
  await page.waitForSelector('#gda-slot [data-role="v3-canvas"]');
  const { touch, gda } = await page.evaluate(() => ({
    touch: getComputedStyle(document.querySelector('#gda-slot [data-role="v3-canvas"]')).touchAction,
    gda: getComputedStyle(document.querySelector('#gda-slot [data-role="canvas"]')).touchAction,
  }));
  assert.equal(touch, "none");
  assert.equal(gda, "pan-y pinch-zoom");
  // A finger drawn up across the 3-D view: the page does not scroll.
  await page.$eval('#gda-slot [data-role="v3-canvas"]', (c) => c.scrollIntoView({ block: "center" }));
  await page.waitForTimeout(200);
  const y0 = await page.evaluate(() => scrollY);
  const r = await page.$eval('#gda-slot [data-role="v3-canvas"]', (c) => { const b = c.getBoundingClientRect(); return { x: b.left + b.width / 2, y: b.top + b.height * 0.8, h: b.height }; });
  await swipeUp(cdp, r.x, r.y, r.h * 0.5);
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => scrollY), y0, "the page scrolled under the 3-D view");
  assert.deepEqual(errors, []);
  await context.close();
});
