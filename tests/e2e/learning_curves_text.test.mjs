// End-to-end tests of the learning curves' text pairing (multinomial or Bernoulli naive Bayes
// vs logistic regression on bag-of-words text) in headless Chromium: a run on the teaching
// corpus completes and draws both curves, a link reproduces it exactly, and the spam panel's
// corpus reaches the curves' worker (the page's default spam corpus is the teaching corpus,
// so its curves are the teaching corpus' curves).
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";

const env = setup();

/** Waits until the panel's run of `pairing` with `splits` splits has finished. */
async function finished(page, pairing, splits) {
  await page.waitForFunction(([p, n]) => {
    const c = window.genlab?.curves;
    const s = c?.summary();
    return c && !c.running() && s && s.pairing === p && s.splits_done === n && document.querySelector(".genlab-curves").dataset.run === "done";
  }, [pairing, splits], { timeout: 180000 });
  // The figure is redrawn in the next animation frame after the last result (curves.js
  // schedule()): two frames later its pixels are the last result's.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

function rows(csv) {
  const [head, ...lines] = csv.trim().split("\n");
  const keys = head.split(",");
  return lines.map((l) => Object.fromEntries(l.split(",").map((v, i) => [keys[i], i < 2 ? v : Number(v)])));
}

/** How many of the curve's points have the model's colour within 4 px on the canvas. */
function pointsDrawn(page, model) {
  return page.evaluate((model) => {
    const c = window.genlab.curves;
    const f = c.plotFrame();
    const s = c.summary();
    // The light theme's line colours (src/plot/mod.rs): #0072B2 the generative model, #CC79A7 logistic regression.
    const rgb = model === 0 ? [0x00, 0x72, 0xb2] : [0xcc, 0x79, 0xa7];
    const ctx = document.querySelector('.genlab-curves [data-role="canvas"]').getContext("2d");
    let hits = 0;
    for (const p of s.curves[model].points) {
      const x = Math.round(f.left + (Math.log10(p.m) - f.x0) / (f.x1 - f.x0) * (f.right - f.left));
      const y = Math.round(f.bottom - (p.mean - f.y0) / (f.y1 - f.y0) * (f.bottom - f.top));
      const d = ctx.getImageData(x - 4, y - 4, 9, 9).data;
      let hit = false;
      for (let k = 0; k < d.length; k += 4) {
        if (Math.abs(d[k] - rgb[0]) < 24 && Math.abs(d[k + 1] - rgb[1]) < 24 && Math.abs(d[k + 2] - rgb[2]) < 24) hit = true;
      }
      if (hit) hits += 1;
    }
    return { hits, points: s.curves[model].points.length };
  }, model);
}

test("the text pairing's run completes and draws both curves; a link reproduces it exactly", async () => {
  const { page, errors, context } = await open(env.browser, `${env.server.url}?embed=curves&lcn=20&lcs=8`, { width: 1280, height: 800 });
  await finished(page, "true", 20);
  await page.selectOption('.genlab-curves [data-role="pairing"]', "textmn");
  // The α field now shows the text models' α (1, Laplace), not the variance smoothing.
  assert.equal(await page.inputValue('.genlab-curves [data-role="alpha"]'), "1");
  await page.fill('.genlab-curves [data-role="seed"]', "5");
  await page.dispatchEvent('.genlab-curves [data-role="seed"]', "change");
  await finished(page, "textmn", 20);
  const first = await page.evaluate(() => ({ csv: window.genlab.curves.csv(), url: location.href, s: window.genlab.curves.summary() }));
  assert.match(first.url, /lcp=textmn/);
  assert.match(first.url, /lcseed=5/);
  // The teaching corpus: 372 messages (224 ham, 148 spam), ⌈30 %⌉ of each class held out
  // (68 + 45 = 113), the rest the largest m (156 + 103 = 259).
  assert.deepEqual([first.s.rows, first.s.test, first.s.pool], [372, 113, 259]);
  const r = rows(first.csv);
  assert.equal(r.length, 16);
  assert.deepEqual([...new Set(r.map((x) => x.model))], ["mnb", "lr"]);
  // numpy.rint(numpy.exp(numpy.linspace(log 4, log 259, 8))).
  assert.deepEqual(r.filter((x) => x.model === "mnb").map((x) => x.m), [4, 7, 13, 24, 43, 79, 143, 259]);
  assert.ok(r.every((x) => x.splits === 20 && x.band_p10 <= x.mean_error && x.mean_error <= x.band_p90));
  // Both curves are on the canvas, in their colours, at every point.
  for (const model of [0, 1]) {
    const { hits, points } = await pointsDrawn(page, model);
    assert.equal(hits, points, `model ${model}: ${hits} of ${points} points drawn`);
  }
  const text = await page.evaluate(() => document.querySelector(".genlab-curves").innerText);
  for (const bad of ["NaN", "Infinity", "undefined", "null"]) assert.ok(!text.includes(bad), `panel shows ${bad}`);
  assert.match(text, /multinomial naive Bayes/);
  assert.match(text, /word counts/);
  assert.match(text, /teaching corpus/);
  // The link, opened afresh: the same splits, the same curves.
  const second = await context.newPage();
  await second.goto(first.url);
  await second.waitForSelector("html[data-ready=true]");
  await finished(second, "textmn", 20);
  assert.equal(await second.evaluate(() => window.genlab.curves.csv()), first.csv);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the spam panel's corpus reaches the learning curves: on the built-in corpus its curves are the teaching corpus'", async () => {
  // The whole page: the spam panel holds the teaching corpus until a file is loaded.
  const { page, errors, context } = await open(env.browser, `${env.server.url}?lcp=userbern&lcn=12&lcs=6&lcl=0.1`, { width: 1280, height: 800 });
  await page.waitForSelector("html[data-ready=true]");
  await page.locator(".genlab-curves").scrollIntoViewIfNeeded();
  await finished(page, "userbern", 12);
  const own = await page.evaluate(() => window.genlab.curves.csv());
  await page.selectOption('.genlab-curves [data-role="pairing"]', "textbern");
  await finished(page, "textbern", 12);
  const teaching = await page.evaluate(() => window.genlab.curves.csv());
  assert.equal(own.replaceAll("userbern,", "textbern,"), teaching);
  assert.equal(rows(own).length, 12);
  // A corpus loaded in the spam panel re-runs the curves that read it: 8 ham and 6 spam
  // messages, so 3 + 2 are held out and the largest m is 5 + 4 = 9.
  await page.selectOption('.genlab-curves [data-role="pairing"]', "usermn");
  await finished(page, "usermn", 12);
  const lines = [
    "ham\tlunch at noon?", "ham\tsee you at the station", "ham\tthe meeting moved to friday", "ham\tcall me when you land",
    "ham\tthanks for the notes", "ham\tdinner at mum's on sunday", "ham\tyour parcel is with the neighbour", "ham\tgood luck with the exam",
    "spam\twin a free prize now", "spam\tclaim your free cash prize", "spam\tcheap loans, reply now", "spam\tyou have won a holiday, call now",
    "spam\tfree ringtones, text WIN", "spam\turgent: your prize is waiting",
  ];
  await page.setInputFiles('#nb-slot [data-role="file"]', { name: "small.txt", mimeType: "text/plain", buffer: Buffer.from(lines.join("\n")) });
  await page.waitForFunction(() => window.genlab.curves.summary()?.rows === 14 && !window.genlab.curves.running(), null, { timeout: 60000 });
  const s = await page.evaluate(() => window.genlab.curves.summary());
  assert.deepEqual([s.pairing, s.rows, s.test, s.pool], ["usermn", 14, 5, 9]);
  assert.match(await page.textContent('.genlab-curves [data-role="credit"]'), /small\.txt/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("without a spam panel the spam panel's corpus is explained, not run", async () => {
  const { page, context } = await open(env.browser, `${env.server.url}?embed=curves&lcp=usermn&lang=zh-CN`);
  await page.waitForFunction(() => document.querySelector(".genlab-curves")?.dataset.run === "error", null, { timeout: 60000 });
  const msg = await page.textContent('.genlab-curves [data-role="input-error"]');
  assert.match(msg, /没有垃圾邮件面板/);
  await context.close();
});
