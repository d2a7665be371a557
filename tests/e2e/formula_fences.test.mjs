// The fences of the formulas on screen — ( ) and | — keep one height for one font size. MathML
// stretches a fence to the tallest thing between its pair by default, so in
// Σ = (1/m) Σ (x − μ_y)(x − μ_y)ᵀ the first pair grew to the subscript's depth and the second,
// inside the superscript's base, to another height: the same bracket drawn at odd sizes side by
// side. Every fence in these one-line formulas is drawn at its font's own height (stretchy off).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, open, serve } from "./lib.mjs";

let server;
let browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.close();
});

/** For each formula on screen: the heights of its fences, grouped by character and font size. */
async function fenceHeights(page) {
  return page.evaluate(() => {
    for (const d of document.querySelectorAll("details")) d.open = true;
    const out = [];
    for (const math of document.querySelectorAll("math")) {
      const groups = new Map();
      for (const mo of math.querySelectorAll("mo")) {
        const t = mo.textContent.trim();
        if (!["(", ")", "|"].includes(t)) continue;
        const r = mo.getBoundingClientRect();
        if (!r.height) continue;
        const size = `${t} at ${getComputedStyle(mo).fontSize}`;
        if (!groups.has(size)) groups.set(size, []);
        groups.get(size).push(Math.round(r.height * 10) / 10);
      }
      for (const [size, heights] of groups) {
        if (heights.length > 1) out.push({ formula: math.textContent.replace(/\s+/g, " ").slice(0, 60), size, heights });
      }
    }
    return out;
  });
}

for (const lang of ["en", "zh-CN"]) {
  test(`each fence of a formula has one height per font size (${lang}, with the panels' sections open)`, async () => {
    const { page, context, errors } = await open(browser, `${server.url}?lang=${lang}`);
    try {
      const groups = await fenceHeights(page);
      // The GDA panel's MLE formulas and the naive Bayes formula are all on the page.
      assert.ok(groups.some((g) => g.formula.startsWith("Σ")), JSON.stringify(groups.map((g) => g.formula)));
      assert.ok(groups.length >= 5, `${groups.length} formulas with fences`);
      for (const g of groups) {
        const spread = Math.max(...g.heights) - Math.min(...g.heights);
        assert.ok(spread <= 1, `${g.formula} at ${g.size}: fence heights ${g.heights.join(", ")} px`);
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
