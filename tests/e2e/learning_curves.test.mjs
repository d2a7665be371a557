// End-to-end tests of the learning-curves panel in headless Chromium: a run completes in its
// Web Worker, the crossover marker is drawn where the curves' numbers put it, a change of
// setting cancels the run in progress, and a link reproduces a run exactly.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";

const env = setup();

/** Waits until the panel's run with `splits` splits has finished. */
async function finished(page, splits) {
  await page.waitForFunction((n) => {
    const c = window.genlab?.curves;
    const s = c?.summary();
    return c && !c.running() && s && s.splits_done === n && document.querySelector(".genlab-curves").dataset.run === "done";
  }, splits, { timeout: 120000 });
  // The figure is redrawn in the next animation frame after the last result (curves.js
  // schedule()): on a loaded machine the pixels could still be the previous frame's, with the
  // crossover elsewhere. Two frames later the last result is drawn.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** The CSV's rows as objects. */
function rows(csv) {
  const [head, ...lines] = csv.trim().split("\n");
  const keys = head.split(",");
  return lines.map((l) => Object.fromEntries(l.split(",").map((v, i) => [keys[i], i < 2 ? v : Number(v)])));
}

test("a run completes: every size in the table, the CSV, the lesson, no stray values", async () => {
  const { page, errors, context } = await open(env.browser, `${env.server.url}?embed=curves&lcn=30&lcs=8`);
  await finished(page, 30);
  const csv = await page.evaluate(() => window.genlab.curves.csv());
  const r = rows(csv);
  // 8 sizes × 2 models, 30 splits each, log-spaced from 4 to 1000 (the cloud's pool is
  // 7000): numpy.rint(numpy.exp(numpy.linspace(log 4, log 1000, 8))).
  assert.equal(r.length, 16);
  assert.deepEqual(r.filter((x) => x.model === "lr").map((x) => x.m), [4, 9, 19, 43, 94, 206, 454, 1000]);
  assert.ok(r.every((x) => x.splits === 30 && x.band_p10 <= x.mean_error && x.mean_error <= x.band_p90));
  const table = await page.$$eval('.genlab-curves [data-role="tbody"] tr', (trs) => trs.map((tr) => tr.textContent));
  assert.equal(table.length, 8);
  const text = await page.evaluate(() => document.querySelector(".genlab-curves").innerText);
  for (const bad of ["NaN", "Infinity", "undefined", "null"]) assert.ok(!text.includes(bad), `panel shows ${bad}`);
  assert.match(text, /Bayes error of this model is 22\.4 %/);
  // The model-true pairing: Efron with its condition (Ng & Jordan is for naive Bayes pairings).
  assert.match(text, /Efron \(1975\)/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the crossover marker is drawn where the curves' numbers put it", async () => {
  // Model true, λ = 0.01: GDA ahead at middling m, LR at the smallest (measured by the
  // native tests: tests/it/curves_engine.rs); the run says where the order last changes.
  const { page, context } = await open(env.browser, `${env.server.url}?embed=curves&lcn=60&lcs=10&lcmax=300`, { width: 1280, height: 800 });
  await finished(page, 60);
  const { crossover, frame, csv } = await page.evaluate(() => {
    const c = window.genlab.curves;
    return { crossover: c.summary().crossover, frame: c.plotFrame(), csv: c.csv() };
  });
  assert.ok(crossover !== null, "this run has a crossover");
  // The crossover lies between a size where one model's mean error is lower and a larger
  // size where the other's is (sizes where the splits cannot tell them apart may lie
  // between: the engine skips those).
  const r = rows(csv);
  const gen = r.filter((x) => x.model === "gda");
  const lr = r.filter((x) => x.model === "lr");
  const diff = gen.map((g, k) => [g.m, g.mean_error - lr[k].mean_error]);
  const below = diff.filter(([m, d]) => m <= crossover && d !== 0);
  const above = diff.filter(([m, d]) => m >= crossover && d !== 0);
  assert.ok(below.length && above.length, `crossover ${crossover} within the sizes`);
  assert.ok(below.some(([, a]) => above.some(([, b]) => a * b < 0)), `the mean curves change order around m = ${crossover}`);
  // Where that m falls on the canvas: a dashed ink line, and none 40 px away.
  const x = Math.round(frame.left + (Math.log10(crossover) - frame.x0) / (frame.x1 - frame.x0) * (frame.right - frame.left));
  const share = (col) => page.evaluate(([col, f]) => {
    const canvas = document.querySelector('.genlab-curves [data-role="canvas"]');
    const d = canvas.getContext("2d").getImageData(col - 1, f.top, 3, f.bottom - f.top).data;
    let ink = 0;
    for (let y = 0; y < f.bottom - f.top; y++) {
      let hit = false;
      for (let dx = 0; dx < 3; dx++) {
        const k = (y * 3 + dx) * 4;
        // The light theme's ink, #333333 (anti-aliased edges within 40).
        if (Math.abs(d[k] - 0x33) < 40 && Math.abs(d[k + 1] - 0x33) < 40 && Math.abs(d[k + 2] - 0x33) < 40) hit = true;
      }
      if (hit) ink += 1;
    }
    return ink / (f.bottom - f.top);
  }, [col, frame]);
  const at = await share(x);
  const away = await share(x + 40 <= frame.right - 5 ? x + 40 : x - 40);
  assert.ok(at > 0.45, `ink along the crossover line: ${at}`);
  assert.ok(away < 0.1, `ink 40 px away: ${away}`);
  await context.close();
});

test("a change of setting cancels the run in progress", async () => {
  const { page, context } = await open(env.browser, `${env.server.url}?embed=curves&lcp=wdbc&lcn=1000`);
  // Wait for the long run's first curves, then change the pairing.
  await page.waitForFunction(() => (window.genlab?.curves?.summary()?.splits_done ?? 0) > 0, null, { timeout: 120000 });
  await page.selectOption('.genlab-curves [data-role="pairing"]', "heavy");
  await page.fill('.genlab-curves [data-role="splits"]', "20");
  await page.dispatchEvent('.genlab-curves [data-role="splits"]', "change");
  await finished(page, 20);
  const s = await page.evaluate(() => window.genlab.curves.summary());
  assert.equal(s.pairing, "heavy");
  assert.equal(s.splits_total, 20);
  // Two runs were replaced (by the pairing, then by the splits). The worker tags every
  // message with the newest run it has been told of: a replaced run may finish the slice it
  // was in (one message), and posts nothing after that.
  const late = await page.evaluate(() => window.genlab.curves.lateMessages());
  assert.ok(late <= 2, `${late} messages posted by runs the worker knew were replaced`);
  await context.close();
});

test("a link reproduces a run exactly: same splits, same curves", async () => {
  const { page, context } = await open(env.browser, `${env.server.url}?embed=curves&lcn=25&lcs=6`);
  await finished(page, 25);
  await page.selectOption('.genlab-curves [data-role="pairing"]', "digits23");
  await page.fill('.genlab-curves [data-role="seed"]', "17");
  await page.dispatchEvent('.genlab-curves [data-role="seed"]', "change");
  await page.fill('.genlab-curves [data-role="lambda"]', "0.5");
  await page.dispatchEvent('.genlab-curves [data-role="lambda"]', "change");
  await finished(page, 25);
  const first = await page.evaluate(() => ({ csv: window.genlab.curves.csv(), url: location.href }));
  assert.match(first.url, /lcp=digits23/);
  assert.match(first.url, /lcseed=17/);
  assert.match(first.url, /lcl=0\.5/);
  assert.ok(first.csv.startsWith("pairing,model,m,"));
  const second = await context.newPage();
  await second.goto(first.url);
  await second.waitForSelector("html[data-ready=true]");
  await finished(second, 25);
  assert.equal(await second.evaluate(() => window.genlab.curves.csv()), first.csv);
  await context.close();
});

/** Where the panel's input message is: its text, the control it describes, the row before it. */
async function messagePlace(page) {
  return page.evaluate(() => {
    const panel = document.querySelector(".genlab-curves");
    const msg = panel.querySelector('[data-role="input-error"]');
    const described = [...panel.querySelectorAll("input, select")]
      .filter((el) => (el.getAttribute("aria-describedby") || "").split(" ").includes(msg.id))
      .map((el) => el.dataset.role);
    const invalid = [...panel.querySelectorAll('[aria-invalid="true"]')].map((el) => el.dataset.role);
    const before = msg.previousElementSibling?.querySelector("input")?.dataset.role ?? null;
    // On screen: how far below its field the message starts, and whether it spans the field.
    const field = panel.querySelector(`[data-role="${described[0]}"]`)?.getBoundingClientRect();
    const box = msg.getBoundingClientRect();
    const below = field ? box.top - field.bottom : null;
    const spans = field ? box.left <= field.left + 1 && box.right >= field.right - 1 : false;
    return { text: msg.hidden ? "" : msg.textContent, described, invalid, before, below, spans };
  });
}

for (const lang of ["en", "zh-CN"]) {
  test(`the sizes out of order are refused next to the size just typed (${lang})`, async () => {
    const q = lang === "en" ? "" : "&lang=zh-CN";
    const { page, context, errors } = await open(env.browser, `${env.server.url}?embed=curves&lcn=10&lcs=4${q}`);
    await finished(page, 10);
    const shown = () => page.waitForFunction(() => {
      const msg = document.querySelector('.genlab-curves [data-role="input-error"]');
      return msg && !msg.hidden && msg.textContent.trim() !== "";
    }, null, { timeout: 10000 });
    // The largest m typed below the smallest (4): the message belongs to the largest m.
    await page.fill('.genlab-curves [data-role="m_max"]', "3");
    await page.dispatchEvent('.genlab-curves [data-role="m_max"]', "change");
    await shown();
    let at = await messagePlace(page);
    assert.deepEqual(at.described, ["m_max"], JSON.stringify(at));
    assert.deepEqual(at.invalid, ["m_max"], JSON.stringify(at));
    assert.equal(at.before, "m_max", JSON.stringify(at));
    // Under the largest m's box (not under the smallest m's, in the two-column grid).
    assert.ok(at.below >= 0 && at.below <= 24 && at.spans, JSON.stringify(at));
    if (lang === "en") assert.match(at.text, /^Largest m: the largest m must be a whole number from 2 to 5000, above the smallest m\.$/);
    else assert.match(at.text, /^最大 m：最大 m 必须是 2 到 5000 之间的整数，并且大于最小 m。$/);
    // Put right, the message goes; the smallest m typed above the largest: it is the smallest m's.
    await page.fill('.genlab-curves [data-role="m_max"]', "300");
    await page.dispatchEvent('.genlab-curves [data-role="m_max"]', "change");
    await page.waitForFunction(() => document.querySelector('.genlab-curves [data-role="input-error"]').hidden);
    assert.deepEqual((await messagePlace(page)).invalid, []);
    await page.fill('.genlab-curves [data-role="m_min"]', "400");
    await page.dispatchEvent('.genlab-curves [data-role="m_min"]', "change");
    await shown();
    at = await messagePlace(page);
    assert.deepEqual(at.described, ["m_min"], JSON.stringify(at));
    assert.deepEqual(at.invalid, ["m_min"], JSON.stringify(at));
    assert.equal(at.before, "m_min", JSON.stringify(at));
    assert.ok(at.below >= 0 && at.below <= 24 && at.spans, JSON.stringify(at));
    if (lang === "en") assert.match(at.text, /^Smallest m: the smallest m must be a whole number from 2 to 5000, below the largest m\.$/);
    else assert.match(at.text, /^最小 m：最小 m 必须是/);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("the page and its worker fetch the learning curves' .wasm once", async () => {
  // The page compiles pkg-curves to draw; its worker is handed that compiled module with
  // each run instead of fetching the .wasm again (requests of the page and of its
  // worker both reach the context's log).
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const wasm = [];
  context.on("request", (r) => { if (/\/pkg-curves\/genlab_bg\.wasm$/.test(new URL(r.url()).pathname)) wasm.push(r.url()); });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const worker = new Promise((resolve) => page.on("worker", resolve));
  await page.goto(`${env.server.url}?embed=curves&lcp=wdbc&lcn=10&lcs=4`);
  await page.waitForSelector("html[data-ready=true]", { timeout: 20000 });
  await finished(page, 10);
  assert.match((await worker).url(), /curves-worker\.js$/);
  // A second run in the same worker.
  await page.fill('.genlab-curves [data-role="seed"]', "5");
  await page.dispatchEvent('.genlab-curves [data-role="seed"]', "change");
  await page.waitForFunction(() => {
    const c = window.genlab.curves;
    return !c.running() && c.getState().seed === 5 && c.summary()?.splits_done === 10;
  }, null, { timeout: 120000 });
  assert.equal(wasm.length, 1, `pkg-curves' .wasm requested ${wasm.length} times: ${wasm.join(", ")}`);
  assert.deepEqual(errors, []);
  await context.close();
});
