// The GDA plot from the keyboard alone: choose "add class 0" with the keys, move the
// plot's cross with the arrows, Enter adds a point there, Delete erases it, and the
// posterior under the cross is read out (the readout and an aria-live region). The hint
// under the figure says what the keys do in each mode; in a point mode the arrows never
// move a mean (before, they silently did).
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";

const env = setup();

const role = (r) => `#gda-slot [data-role="${r}"]`;
const active = (page) => page.evaluate(() => ({ role: document.activeElement?.dataset.role ?? "", value: document.activeElement?.value ?? "" }));
/** Evaluates `expr` with `p` bound to the Rust panel's handle (a string: the page's CSP
 * forbids eval, DevTools evaluation is not subject to it). */
const panel = (page, expr) => page.evaluate(`((p) => ${expr})(window.genlab_panels.gda.controller.panel)`);

/** Presses Tab (or Shift+Tab) until the focused element has data-role `r`. */
async function tabTo(page, r, back = false) {
  for (let i = 0; i < 80; i++) {
    if ((await active(page)).role === r) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  assert.fail(`Tab never reached ${r}`);
}

/** Dark pixels of the cross's ink (#333333, within antialiasing) in a 40 CSS px square. */
const inkAround = (page, x, y) => page.evaluate(([x, y]) => {
  const canvas = document.querySelector('#gda-slot [data-role="canvas"]');
  const p = window.genlab_panels.gda.controller.panel.dataToPixels(x, y);
  const s = Math.round(20 * devicePixelRatio);
  const d = canvas.getContext("2d").getImageData(Math.round(p[0]) - s, Math.round(p[1]) - s, 2 * s, 2 * s).data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - 0x33) < 8 && Math.abs(d[i + 1] - 0x33) < 8 && Math.abs(d[i + 2] - 0x33) < 8) n += 1;
  return n;
}, [x, y]);

for (const lang of ["en", "zh-CN"]) {
  test(`keyboard alone: add class 0, move the cross, Enter adds a point there, Delete erases it (${lang})`, async () => {
    const { page, context, errors } = await open(env.browser, `${env.server.url}${lang === "en" ? "" : "?lang=zh-CN"}`);
    const hintMeans = await page.textContent(role("keys"));
    // From the top of the page to the plot, then on to the mode buttons: "add class 0" is
    // the next radio after "drag means".
    await tabTo(page, "canvas");
    await tabTo(page, "mode");
    assert.equal((await active(page)).value, "means");
    await page.keyboard.press("ArrowRight");
    assert.equal(await page.$eval(`${role("mode")}:checked`, (r) => r.value), "add0");
    const hint = await page.textContent(role("keys"));
    assert.notEqual(hint, hintMeans, "the hint changes with the mode");
    assert.match(hint, lang === "en" ? /Enter adds a class 0 point/ : /添加一个类别 0 的点/);
    await tabTo(page, "canvas", true);

    const handles = await panel(page, "Array.from(p.handles())");
    const n0 = (await panel(page, "Array.from(p.pointsFlat())")).length / 3;
    const [x0, x1, y0, y1] = await panel(page, "Array.from(p.viewRect())");
    // The cross starts at the window's centre; each arrow moves it 2 % of the window.
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowUp");
    const cx = (x0 + x1) / 2 + 5 * 0.02 * (x1 - x0);
    const cy = (y0 + y1) / 2 + 3 * 0.02 * (y1 - y0);
    assert.deepEqual(await panel(page, "Array.from(p.handles())"), handles, "the arrows did not move a mean");
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
    assert.ok((await inkAround(page, cx, cy)) > 20, "the cross is drawn where it is");

    // The readout gives p(y = 1 | x) at the cross, as the model computes it there.
    const p = await panel(page, `p.posteriorAtData(${cx}, ${cy})`);
    // format.js's num(): fixed decimals, a true minus sign, no "−0.00".
    const fmt = (v, d) => (Math.abs(v) < 0.5 * 10 ** -d ? 0 : v).toFixed(d).replace("-", "\u2212");
    const readout = await page.textContent(role("pointer"));
    assert.ok(readout.includes(`(${fmt(cx, 2)}, ${fmt(cy, 2)})`), `${readout} lacks the cross's position`);
    assert.ok(readout.includes(fmt(p, 3)), `${readout} lacks p = ${fmt(p, 3)}`);
    await page.waitForFunction((v) => document.querySelector('#gda-slot [data-role="cursor-live"]').textContent.includes(v), p.toFixed(3));

    // Enter: one more point, of class 0, exactly at the cross.
    await page.keyboard.press("Enter");
    const after = await panel(page, "Array.from(p.pointsFlat())");
    assert.equal(after.length / 3, n0 + 1);
    const last = after.slice(-3);
    assert.ok(Math.abs(last[0] - cx) < 1e-9 && Math.abs(last[1] - cy) < 1e-9, `${last} vs ${cx}, ${cy}`);
    assert.equal(last[2], 0);
    assert.match(await page.textContent(role("cursor-live")), lang === "en" ? /Added a point of class 0/ : /添加了一个类别 0的点/);

    // Delete: the point nearest the cross (the one just added) is erased.
    await page.keyboard.press("Delete");
    const erased = await panel(page, "Array.from(p.pointsFlat())");
    assert.equal(erased.length / 3, n0);
    for (let i = 0; i < erased.length; i += 3) assert.ok(!(erased[i] === cx && erased[i + 1] === cy), "the added point is gone");
    assert.match(await page.textContent(role("cursor-live")), lang === "en" ? /Erased the point/ : /删除了/);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("in the means mode the arrows still move the active mean, and the hint says so", async () => {
  const { page, context } = await open(env.browser, env.server.url);
  assert.match(await page.textContent(role("keys")), /press 1 or 2 to pick a mean/);
  const before = await panel(page, "Array.from(p.handles())");
  await page.focus(role("canvas"));
  await page.keyboard.press("2");
  await page.keyboard.press("ArrowLeft");
  const after = await panel(page, "Array.from(p.handles())");
  assert.ok(after[2] < before[2], `${after[2]} < ${before[2]}`);
  assert.deepEqual(after.slice(0, 2), before.slice(0, 2));
  await context.close();
});
