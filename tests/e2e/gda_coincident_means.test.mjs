// Coincident means: the page says the features carry no evidence and draws no boundary.
// Before: "−2.46e-16 x₁ + 3.21e-16 x₂ + … = 0" and a solid line in a rounding-noise direction.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";

const env = setup();

/** Pixels of the boundary's colour (src/plot/mod.rs: BOUNDARY = #111111) inside the plot
 * box. Nothing else in the figure is that dark: the ink is #333333, the classes are
 * Okabe–Ito blue and vermillion, the grid light grey. */
const boundaryPixels = (page) => page.evaluate(() => {
  const canvas = document.querySelector('#gda-slot [data-role="canvas"]');
  const [l, t, r, b] = window.genlab_panels.gda.controller.panel.plotBox();
  const data = canvas.getContext("2d").getImageData(l, t, r - l, b - t).data;
  let n = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i] <= 0x1a && data[i + 1] <= 0x1a && data[i + 2] <= 0x1a && data[i + 3] === 255) n += 1;
  }
  return n;
});

for (const lang of ["en", "zh-CN"]) {
  test(`coincident means show the sentence and no boundary pixels (${lang})`, async () => {
    // Equal class sizes (b = 0 too), both means at the origin.
    const q = `?n0=50&n1=50&m0=0,0&m1=0,0${lang === "zh-CN" ? "&lang=zh-CN" : ""}`;
    const { page, context, errors } = await open(env.browser, `${env.server.url}${q}`);
    const boundary = await page.textContent('#gda-slot [data-role="boundary"]');
    const expected = lang === "en" ? /^The means coincide: with one Σ shared by both classes w = 0, the features carry no evidence and the prior alone decides/ : /^两个均值重合：两类共用一个 Σ 时 w = 0，特征不提供任何证据，只由先验决定/;
    assert.match(boundary, expected);
    assert.doesNotMatch(boundary, /e-|e−/);
    // w is exactly 0, printed as 0; b = log(φ/(1 − φ)) = log 1 = 0.
    assert.equal(await page.textContent('#gda-slot [data-role="w"]'), "(0.000, 0.000)");
    assert.equal(await page.textContent('#gda-slot [data-role="b"]'), "0.000");
    // Both means were put at the origin; what rounding left of them (±1e−17) prints as 0.
    for (const r of ["mu0", "mu1"]) assert.equal(await page.textContent(`#gda-slot [data-role="${r}"]`), "(0.000, 0.000)");
    assert.equal(await boundaryPixels(page), 0);
    // A control: moving μ₁ away draws the boundary again (the pixel test can see one).
    await page.focus('#gda-slot [data-role="canvas"]');
    await page.keyboard.press("2");
    await page.keyboard.press("Shift+ArrowRight");
    await page.keyboard.press("Shift+ArrowRight");
    await page.$eval('#gda-slot [data-role="canvas"]', (c) => c.blur());
    await page.waitForFunction(() => !/^(The means|两个均值)/.test(document.querySelector('#gda-slot [data-role="boundary"]').textContent));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
    assert.ok((await boundaryPixels(page)) > 100, "the boundary is drawn once the means differ");
    assert.deepEqual(errors, []);
    await context.close();
  });
}

/** Mean k's position on the page, in CSS pixels (through the frame drawn last). */
const handleAt = (page, k) => page.evaluate((k) => {
  const p = window.genlab_panels.gda.controller.panel;
  const r = document.querySelector('#gda-slot [data-role="canvas"]').getBoundingClientRect();
  const h = p.handles();
  const [x, y] = p.dataToPixels(h[2 * k], h[2 * k + 1]);
  return { x: r.left + x / devicePixelRatio, y: r.top + y / devicePixelRatio };
}, k);

// Two means dragged onto one point by hand. Before: they stopped ~0.004 apart, the table
// printed "−0.003 x₁ − 0.002 x₂ − 0.409 = 0 (outside the plot)" and the line just vanished;
// the sentence came only from a hand-edited link, and only in the table below the figure.
for (const [name, viewport] of [["laptop", { width: 1280, height: 800 }], ["phone", { width: 360, height: 740 }]]) {
  test(`a mean dragged within a few pixels of the other snaps onto it, said beside the figure (${name})`, async () => {
    const { page, context, errors } = await open(env.browser, env.server.url, viewport);
    await page.$eval('#gda-slot [data-role="canvas"]', (c) => c.scrollIntoView({ block: "center" }));
    const note = '#gda-slot [data-role="coincide-note"]';
    assert.equal(await page.isVisible(note), false);
    const from = await handleAt(page, 1);
    const to = await handleAt(page, 0);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    // Released 3 px right of and 2 px below μ₀, as a hand leaves it (within the 6 px snap).
    await page.mouse.move(to.x + 3, to.y + 2, { steps: 8 });
    await page.mouse.up();
    await page.waitForFunction((sel) => !document.querySelector(sel).hidden, note);
    const said = await page.textContent(note);
    assert.match(said, /^μ₁ snapped onto μ₀\. The means coincide/);
    // Beside the figure: in its caption, right under the canvas.
    assert.equal(await page.$eval(note, (el) => el.closest("figure") !== null), true);
    // The numbers agree: w is exactly 0 and the table gives the same sentence.
    assert.equal(await page.textContent('#gda-slot [data-role="w"]'), "(0.000, 0.000)");
    assert.match(await page.textContent('#gda-slot [data-role="boundary"]'), /^The means coincide/);
    assert.equal(await page.textContent('#gda-slot [data-role="mu0"]'), await page.textContent('#gda-slot [data-role="mu1"]'));
    assert.equal(await boundaryPixels(page), 0);
    // Dragged 40 px away again: no snap, a boundary, and no sentence.
    const at = await handleAt(page, 0);
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await page.mouse.move(at.x + 40, at.y, { steps: 5 });
    await page.mouse.up();
    await page.waitForFunction((sel) => document.querySelector(sel).hidden, note);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
