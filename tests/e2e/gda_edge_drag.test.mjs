// A dragged mean follows the pointer and stops when it stops, even at the plot's edge.
// Before: the window was refitted to the means at every frame and the drag clamped to it,
// so a pointer held at the edge pushed the mean ~2.8 units per event, without end.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";

const env = setup();

/** The GDA panel's geometry in CSS pixels of the page, and its means. */
const geometry = (page) => page.evaluate(() => {
  const p = window.genlab_panels.gda.controller.panel;
  const r = document.querySelector('#gda-slot [data-role="canvas"]').getBoundingClientRect();
  const dpr = devicePixelRatio;
  const [l, t, rr, b] = p.plotBox();
  const h = p.handles();
  const px = (k) => p.dataToPixels(h[2 * k], h[2 * k + 1]);
  // CSS px per data unit, from two points mapped through the drawn frame.
  const a = p.dataToPixels(0, 0);
  const c = p.dataToPixels(1, 1);
  return {
    box: { l: r.left + l / dpr, t: r.top + t / dpr, r: r.left + rr / dpr, b: r.top + b / dpr },
    handle: [0, 1].map((k) => ({ x: r.left + px(k)[0] / dpr, y: r.top + px(k)[1] / dpr })),
    means: [[h[0], h[1]], [h[2], h[3]]],
    // Data units per CSS pixel, on each axis.
    unit: [dpr / Math.abs(c[0] - a[0]), dpr / Math.abs(c[1] - a[1])],
  };
});

const frame = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));

for (const [name, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 360, height: 740 }]]) {
  test(`a pointer held at the plot's edge for 1,000 events moves the mean no more than the pointer (${name})`, async () => {
    const { page, context, errors } = await open(env.browser, env.server.url, viewport);
    await page.$eval('#gda-slot [data-role="canvas"]', (c) => c.scrollIntoView({ block: "center" }));
    await frame(page);
    const g = await geometry(page);
    const h = g.handle[1];
    await page.mouse.move(h.x, h.y);
    await page.mouse.down();
    // To the right-hand edge of the plot box (1 px inside), in a few steps.
    const edge = { x: g.box.r - 1, y: h.y };
    await page.mouse.move(edge.x, edge.y, { steps: 5 });
    await frame(page);
    const start = (await geometry(page)).means[1];
    // Held there: the pointer jitters by at most 1 px, as a resting finger does, and the
    // page draws between events (the runaway needed frames: each one refitted the window).
    let worst = 0;
    for (let i = 0; i < 1000; i++) {
      await page.mouse.move(edge.x - (i % 2), edge.y);
      if (i % 5 === 4) await frame(page);
      if (i % 25 === 24) {
        const m = (await geometry(page)).means[1];
        worst = Math.max(worst, Math.abs(m[0] - start[0]) / g.unit[0], Math.abs(m[1] - start[1]) / g.unit[1]);
      }
    }
    await page.mouse.up();
    await frame(page);
    // The pointer moved by at most 1 CSS px; so may the mean (in data units, measured
    // through the window the drag started in), plus rounding.
    assert.ok(worst <= 1.001, `the mean moved ${worst.toFixed(3)} px while the pointer moved ≤ 1 px`);
    const end = (await geometry(page)).means[1];
    assert.ok(Math.abs(end[0] - start[0]) <= 1.001 * g.unit[0] && Math.abs(end[1] - start[1]) <= 1.001 * g.unit[1], `${end} vs ${start}`);
    // It is where the pointer let it go: at the plot's right edge (the window of the drag).
    assert.ok(Math.abs(end[0] - (g.means[1][0] + (edge.x - h.x) * g.unit[0])) <= 1.5 * g.unit[0], `${end[0]}`);
    // And the link of that state reopens it without a notice and with the same means.
    await page.waitForFunction(() => /m1=/.test(location.search));
    const url = page.url();
    const mu1 = await page.textContent('#gda-slot [data-role="mu1"]');
    const fresh = await open(env.browser, url, viewport);
    assert.equal(await fresh.page.textContent('#gda-slot [data-role="mu1"]'), mu1);
    assert.equal(await fresh.page.$eval("#notices", (n) => n.hidden), true);
    assert.deepEqual([...errors, ...fresh.errors], []);
    await fresh.context.close();
    await context.close();
  });
}

test("a link with a mean far outside the default window shows it there, not clamped", async () => {
  // m0 = (14057, 9222) is inside the link's range (|v| ≤ 10⁶): before, the page moved it
  // like a drag, clamped to the default window, and silently showed (5.0, 4.1).
  const { page, context, errors } = await open(env.browser, `${env.server.url}?m0=14057,9222&m1=1.2,0.8`);
  assert.equal(await page.textContent('#gda-slot [data-role="mu0"]'), "(14057.000, 9222.000)");
  assert.equal(await page.$eval("#notices", (n) => n.hidden), true);
  assert.deepEqual(errors, []);
  await context.close();
});
