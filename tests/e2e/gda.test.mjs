// End-to-end tests of the GDA panel in headless Chromium: what a user does, what the page shows.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";

const env = setup();

/** The visible text of the whole page. */
const pageText = (page) => page.evaluate(() => document.body.innerText);

/** Asserts nothing non-finite or undefined is written anywhere on the page. */
async function assertNoGarbage(page) {
  const text = await pageText(page);
  for (const bad of ["NaN", "Infinity", "undefined", "null"]) assert.ok(!text.includes(bad), `page shows "${bad}"`);
}

/** Centre of a mean handle in page coordinates. */
async function handlePos(page, k) {
  return page.evaluate((k) => {
    const p = window.genlab.gda.panel;
    const h = p.handles();
    const px = p.dataToPixels(h[2 * k], h[2 * k + 1]);
    const r = document.querySelector('#gda-slot [data-role="canvas"]').getBoundingClientRect();
    const dpr = window.devicePixelRatio;
    return { x: r.left + px[0] / dpr, y: r.top + px[1] / dpr };
  }, k);
}

test("the page opens on generated data and shows every number", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  const phi = await page.textContent('#gda-slot [data-role="phi"]');
  // SampleSpec::default(): 60 class-0 and 40 class-1 points, so φ = 40/100.
  assert.match(phi, /^0\.400/);
  for (const role of ["mu0", "mu1", "sigma", "w", "b", "boundary"]) {
    assert.notEqual((await page.textContent(`#gda-slot [data-role="${role}"]`)).trim(), "—", role);
  }
  await assertNoGarbage(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test("dragging a mean with the mouse moves μ₀ and the boundary", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  const mu0 = await page.textContent('#gda-slot [data-role="mu0"]');
  const boundary = await page.textContent('#gda-slot [data-role="boundary"]');
  const h = await handlePos(page, 0);
  await page.mouse.move(h.x, h.y);
  await page.mouse.down();
  await page.mouse.move(h.x - 60, h.y + 40, { steps: 5 });
  await page.mouse.up();
  await page.waitForFunction((old) => document.querySelector('#gda-slot [data-role="mu0"]').textContent !== old, mu0);
  assert.notEqual(await page.textContent('#gda-slot [data-role="boundary"]'), boundary);
  // μ₁ did not move.
  const after = await handlePos(page, 1);
  assert.ok(after.x > 0);
  await assertNoGarbage(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the keyboard alone moves a mean", async () => {
  const { page, context } = await open(env.browser, env.server.url);
  const mu1 = await page.textContent('#gda-slot [data-role="mu1"]');
  await page.focus('#gda-slot [data-role="canvas"]');
  await page.keyboard.press("2");
  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowLeft");
  await page.waitForFunction((old) => document.querySelector('#gda-slot [data-role="mu1"]').textContent !== old, mu1);
  const [x0] = mu1.slice(1, -1).split(", ").map((s) => Number(s.replace("\u2212", "-")));
  const now = await page.textContent('#gda-slot [data-role="mu1"]');
  const [x1] = now.slice(1, -1).split(", ").map((s) => Number(s.replace("\u2212", "-")));
  assert.ok(x1 < x0, `μ₁ x moved from ${x0} to ${x1}`);
  await context.close();
});

test("a degenerate sample is explained, not shown as NaN", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  for (const role of ["n0", "n1"]) {
    await page.$eval(`#gda-slot [data-role="${role}"]`, (el) => { el.value = "1"; el.dispatchEvent(new Event("input", { bubbles: true })); });
  }
  await page.waitForSelector('#gda-slot [data-role="error"]:not([hidden])');
  assert.match(await page.textContent('#gda-slot [data-role="error"]'), /singular/);
  // Σ has no inverse, but φ is defined: one point of class 1 out of two, 1/2.
  assert.match((await page.textContent('#gda-slot [data-role="phi"]')).trim(), /^0\.500/);
  assert.equal((await page.textContent('#gda-slot [data-role="sigma"]')).trim(), "—");
  await assertNoGarbage(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a preset shows real data with its credit", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  await page.selectOption('#gda-slot [data-role="source"]', "penguins-adelie-chinstrap");
  await page.waitForSelector('#gda-slot [data-role="credit"]:not([hidden])');
  assert.match(await page.textContent('#gda-slot [data-role="credit"]'), /Palmer/);
  // 151 Adelie and 68 Chinstrap with both bill measurements: φ = 68/219 = 0.3105.
  assert.match(await page.textContent('#gda-slot [data-role="phi"]'), /^0\.311/);
  assert.ok(await page.$eval('#gda-slot [data-role="generated"]', (f) => f.hidden));
  assert.deepEqual(errors, []);
  await context.close();
});

test("the pointer reads the posterior", async () => {
  const { page, context } = await open(env.browser, env.server.url);
  const h = await handlePos(page, 1);
  await page.mouse.move(h.x + 3, h.y + 3);
  await page.waitForFunction(() => document.querySelector('#gda-slot [data-role="pointer"]').textContent.includes("p(y = 1 | x) ="));
  const text = await page.textContent('#gda-slot [data-role="pointer"]');
  const p = Number(text.split("p(y = 1 | x) = ")[1].split(" ")[0]);
  assert.ok(p > 0.5 && p <= 1, `near μ₁ the posterior should favour class 1, got ${p}`);
  await context.close();
});
