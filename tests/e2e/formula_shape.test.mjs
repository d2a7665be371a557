// The formulas' look: parentheses at the height of the type, not stretched to the whole
// formula (Σ = (1/m)Σ(x − μ_y)(x − μ_y)ᵀ drew its first pair 80 px high in 16 px type, the
// second 41 px); and a formula wider than a phone shows a shade at the edge where more of it
// is (the naive Bayes formula was cut at the right edge with no sign that it scrolls).
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";

const env = setup();

test("parentheses in the formulas are as high as their type", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url, { width: 1280, height: 800 });
  try {
    await page.$eval('#gda-slot [data-role="sigma"]', (el) => el.scrollIntoView());
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const tall = await page.evaluate(() => {
      const out = [];
      for (const math of document.querySelectorAll("#gda-slot .numbers math, #nb-slot .formula math")) {
        if (!math.getClientRects().length) continue;
        for (const mo of math.querySelectorAll("mo")) {
          if (!/^[()|]$/.test(mo.textContent.trim())) continue;
          // A parenthesis of the formula's own type, or of a script (smaller), never taller
          // than 1.5 × the type (a glyph's box is about 1.2 em).
          const h = mo.getBoundingClientRect().height;
          const em = parseFloat(getComputedStyle(math).fontSize);
          if (h > 1.5 * em) out.push(`${mo.textContent} ${h.toFixed(1)} px in ${em.toFixed(1)} px type: ${math.textContent.slice(0, 40)}`);
        }
      }
      return out;
    });
    assert.deepEqual(tall, []);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

/** Mean difference from `paper` (r, g, b) of the box's pixel columns 1–3 px inside its left
 * and right edges, with the formula itself hidden (only the box's background is left). */
async function edgeShades(page, sel, paper) {
  // The element's own screenshot: Playwright measures the box as it captures (a box measured
  // first and captured a frame later caught another part of the page when the layout moved).
  const png = await page.locator(sel).screenshot();
  return page.evaluate(async ([data, paper]) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.width;
    c.height = img.height;
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    const column = (x) => {
      const d = g.getImageData(x, 0, 1, img.height).data;
      let sum = 0;
      for (let i = 0; i < d.length; i += 4) sum += Math.abs(d[i] - paper[0]) + Math.abs(d[i + 1] - paper[1]) + Math.abs(d[i + 2] - paper[2]);
      return sum / (d.length / 4);
    };
    const side = (xs) => xs.reduce((s, x) => s + column(x), 0) / xs.length;
    return { left: side([1, 2, 3]), right: side([img.width - 2, img.width - 3, img.width - 4]) };
  }, [png.toString("base64"), paper]);
}

for (const [theme, paper] of [["light", [255, 255, 255]], ["dark", [0x12, 0x14, 0x18]]]) {
  test(`a formula wider than a phone shades the edge where more of it is (${theme})`, async () => {
    const { page, context, errors } = await open(env.browser, `${env.server.url}?theme=${theme}`, { width: 360, height: 740 });
    try {
      const sel = '#nb-slot [data-role="formula-mn"]';
      await page.$eval(sel, (el) => {
        el.scrollIntoView({ block: "center" });
        el.querySelector("math").style.visibility = "hidden";
      });
      const { sw, cw } = await page.$eval(sel, (e) => ({ sw: e.scrollWidth, cw: e.clientWidth }));
      assert.ok(sw > cw + 10, `the formula scrolls on a phone (${sw} in ${cw})`);
      // At its start: more to the right, none to the left.
      let s = await edgeShades(page, sel, paper);
      assert.ok(s.right > 30 && s.left < 5, `at the start: ${JSON.stringify(s)}`);
      // Scrolled to its end: more to the left, none to the right.
      await page.$eval(sel, (e) => { e.scrollLeft = e.scrollWidth; });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      s = await edgeShades(page, sel, paper);
      assert.ok(s.left > 30 && s.right < 5, `at the end: ${JSON.stringify(s)}`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
