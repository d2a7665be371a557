// Predict, then reveal, on the learning-curves panel: "Predict the crossing" hides the curves
// (no curve pixels on the canvas, no lesson, no table, no crossover attribute, nothing in the
// text alternative or the live regions that says where they cross), the student moves a
// marker along the m axis by keyboard, pointer or touch, or ticks "They do not cross";
// "Commit" reveals the curves with the score |log₁₀ m̂ − log₁₀ m*| in decades, "Skip" without
// one. At 360 px and 1280 px, in English and Chinese.
//
// Expected numbers, derived here and not from genlab::predict: m̂ from the keys pressed (the
// marker starts at the middle of the log axis, between the run's smallest and largest sizes:
// 4 and 300 here, numpy.rint(numpy.exp(numpy.linspace(log 4, log 300, 10))) ends) or from the
// pixel the pointer went to (the figure's frame: log₁₀ m linear across the plotting area); m*
// checked against the run's CSV (it lies between two sampled sizes where the mean curves
// change order, and is their log-linear interpolation of the mean errors' difference, as
// engine.rs documents); the gap |log₁₀ m̂ − log₁₀ m*| computed here by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";
import { WORDS, STEP, BIG_STEP, gapKey } from "../../www/js/predict-crossover.js";

const env = setup();

// Model true, λ = 0.01, 60 splits, 10 sizes from 4 to 300: the curves cross (the native tests
// and learning_curves.test.mjs's marker test use the same run).
const CROSS = "lcn=60&lcs=10&lcmax=300";
const url = (lang, q = CROSS) => `${env.server.url}?embed=curves&${q}${lang === "en" ? "" : "&lang=zh-CN"}`;
const role = (r) => `.genlab-curves [data-role="${r}"]`;
const ctl = "window.genlab.curves";

/** The run's CSV rows as objects. */
function rows(csv) {
  const [head, ...lines] = csv.trim().split("\n");
  const keys = head.split(",");
  return lines.map((l) => Object.fromEntries(l.split(",").map((v, i) => [keys[i], i < 2 ? v : Number(v)])));
}

/** Saturated pixels in the plotting area: the curves, bands and asymptotes are in colour; the
 * axes, grid and words of the hidden figure are grey. The legend's two swatches (top right,
 * the models' colours, also while hidden, at the top, as wide as the names) are left out: the
 * top 64 CSS px of the plot. */
const colourPixels = (page) => page.evaluate(() => {
  const c = window.genlab.curves;
  const f = c.plotFrame();
  const canvas = document.querySelector('.genlab-curves [data-role="canvas"]');
  const dpr = canvas.width / canvas.getBoundingClientRect().width;
  const [w, h] = [f.right - f.left, f.bottom - f.top];
  const d = canvas.getContext("2d").getImageData(f.left, f.top, w, h).data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4) {
    const y = Math.floor(i / 4 / w);
    if (y < 64 * dpr) continue;
    if (Math.max(d[i], d[i + 1], d[i + 2]) - Math.min(d[i], d[i + 1], d[i + 2]) > 60) n += 1;
  }
  return n;
});

/** What the panel says in words while the curves are hidden. */
const traces = (page) => page.evaluate(() => {
  const s = document.querySelector(".genlab-curves");
  const q = (r) => s.querySelector(`[data-role="${r}"]`);
  return {
    crossoverAttr: s.dataset.crossover,
    aria: q("canvas").getAttribute("aria-label"),
    lesson: q("lesson").textContent,
    tbody: q("tbody").children.length,
    live: [...s.querySelectorAll("[aria-live], [role=status], [role=alert]")].map((e) => e.textContent).join(" | "),
    text: s.innerText,
    ariaAll: [...s.querySelectorAll("*")].flatMap((e) => ["aria-label", "aria-valuetext", "aria-valuenow", "title"].map((a) => e.getAttribute(a) ?? "")).join(" | "),
    csvDisabled: q("csv").disabled,
  };
});

/** Waits until the run has finished (in the background, hidden or not). */
const finished = (page) => page.waitForFunction(() => {
  const c = window.genlab?.curves;
  return c && !c.running() && c.summary()?.splits_done === c.summary()?.splits_total && document.querySelector(".genlab-curves").dataset.run === "done";
}, null, { timeout: 60000 });

/** Asserts that nothing on the page tells where the curves cross (m* from the controller). */
async function assertNoTrace(page, lang, mStar, mHat) {
  assert.equal(await colourPixels(page), 0, "no curve pixels while predicting");
  const t = await traces(page);
  assert.equal(t.crossoverAttr, "");
  assert.equal(t.tbody, 0, "the table of numbers is empty");
  assert.doesNotMatch(t.lesson, /≈/, `lesson: ${t.lesson}`);
  assert.ok(t.csvDisabled, "no CSV of the hidden curves");
  // m* as the page would say it ("≈ 8", not the "≈ 88" of the marker), unless m̂ rounds to it.
  const said = new RegExp(`≈ ${Math.round(mStar)}(?![0-9])`);
  if (Math.round(mStar) !== Math.round(mHat)) {
    for (const [where, text] of [["text", t.text], ["live", t.live], ["aria", t.ariaAll], ["canvas", t.aria]]) {
      assert.doesNotMatch(text, said, `${where} says m*`);
    }
    assert.doesNotMatch(t.ariaAll, new RegExp(`(^| )${Math.round(mStar)}( |$)`), "no aria value is m*");
  }
  assert.doesNotMatch(t.text, /crossover m|cross at|交点 m|相交：/);
  assert.ok(await page.isVisible(role("crossover-commit")));
  assert.equal(await page.textContent(role("crossover-commit")), WORDS[lang].commit);
}

/** m* from the run's CSV, independently: the last pair of sizes (skipping none) where the mean
 * curves change order, the m where the difference's log-linear interpolation is 0. Returns
 * every such candidate (ties the page's significance test drops are not in the CSV). */
function crossingsFromCsv(csv) {
  const r = rows(csv);
  const gen = r.filter((x) => x.model !== "lr");
  const lr = r.filter((x) => x.model === "lr");
  const d = gen.map((g, k) => [g.m, g.mean_error - lr[k].mean_error]);
  const out = [];
  for (let i = 0; i < d.length; i++) {
    for (let j = i + 1; j < d.length; j++) {
      const [[ma, a], [mb, b]] = [d[i], d[j]];
      if (a * b < 0) {
        const t = a / (a - b);
        out.push(10 ** (Math.log10(ma) + t * (Math.log10(mb) - Math.log10(ma))));
      }
    }
  }
  return out;
}

async function startPredicting(page, by) {
  await page.waitForSelector(role("predict"));
  if (by === "keyboard") {
    await page.focus(role("predict"));
    await page.keyboard.press("Enter");
  } else await page.click(role("predict"));
  await page.waitForSelector(role("crossover-handle"));
}

for (const size of [{ width: 1280, height: 800 }, { width: 360, height: 740 }]) {
  for (const lang of ["en", "zh-CN"]) {
    for (const by of ["keyboard", "pointer"]) {
      test(`predict the crossing by ${by}, commit, read the gap (${size.width} px, ${lang})`, async () => {
        const { page, context, errors } = await open(env.browser, url(lang), size);
        await startPredicting(page, by);
        assert.equal(await page.textContent(role("crossover-live")), WORDS[lang].started);
        const [lo, hi] = [4, 300];
        let expectHat = 10 ** ((Math.log10(lo) + Math.log10(hi)) / 2);
        if (by === "keyboard") {
          // The handle has the focus: six steps right, one large step left (Shift).
          assert.equal(await page.evaluate(() => document.activeElement?.dataset.role), "crossover-handle");
          for (let i = 0; i < 6; i++) await page.keyboard.press("ArrowRight");
          await page.keyboard.press("Shift+ArrowLeft");
          expectHat = 10 ** ((Math.log10(lo) + Math.log10(hi)) / 2 + 6 * STEP - BIG_STEP);
        } else {
          // Drag the handle to 70 % of the plotting area's width.
          const h = await page.$eval(role("crossover-handle"), (e) => { const r = e.getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; });
          const o = await page.$eval(role("crossover-overlay"), (e) => { const r = e.getBoundingClientRect(); return { left: r.left, width: r.width }; });
          const x = o.left + 0.7 * o.width;
          await page.mouse.move(h.x, h.y);
          await page.mouse.down();
          await page.mouse.move((h.x + x) / 2, h.y);
          await page.mouse.move(x, h.y);
          await page.mouse.up();
          const f = await page.evaluate(() => window.genlab.curves.plotFrame());
          expectHat = 10 ** (f.x0 + 0.7 * (f.x1 - f.x0));
        }
        const mHat = await page.evaluate(() => window.genlab.curves.prediction().guess());
        assert.ok(Math.abs(Math.log10(mHat) - Math.log10(expectHat)) < (by === "keyboard" ? 1e-12 : 0.01), `m̂ ${mHat} against ${expectHat}`);
        assert.equal(await page.getAttribute(role("crossover-handle"), "aria-valuetext"), `m ≈ ${Math.round(mHat)}`);
        assert.ok((await page.textContent(role("crossover-live"))).includes(`m ≈ ${Math.round(mHat)}`), "the move is announced");
        if (lang === "zh-CN" && by === "keyboard") {
          // The page's language switched mid-prediction: the prediction's words follow, its answer stays.
          await page.evaluate(() => window.genlab.curves.setLang("en"));
          assert.equal(await page.textContent(role("crossover-commit")), WORDS.en.commit);
          assert.equal(await page.textContent(role("crossover-value")), WORDS.en.readout.replace("{m}", Math.round(mHat)));
          assert.equal(await page.getAttribute(role("crossover"), "lang"), "en");
          await page.evaluate(() => window.genlab.curves.setLang("zh-CN"));
          assert.equal(await page.textContent(role("crossover-commit")), WORDS["zh-CN"].commit);
          assert.equal(await page.evaluate(() => window.genlab.curves.prediction().guess()), mHat);
        }
        // The run finishes in the background, hidden: the page knows m*, and says nothing of it.
        await finished(page);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const { summary, csv } = await page.evaluate(() => ({ summary: window.genlab.curves.summary(), csv: window.genlab.curves.csv() }));
        const mStar = summary.crossover;
        assert.ok(mStar !== null, "this run has a crossover");
        assert.ok(crossingsFromCsv(csv).some((m) => Math.abs(m - mStar) < 1e-9 * mStar), `m* ${mStar} is a change of order of the mean curves`);
        await assertNoTrace(page, lang, mStar, mHat);
        if (by === "keyboard") {
          await page.focus(role("crossover-commit"));
          await page.keyboard.press("Enter");
        } else await page.click(role("crossover-commit"));
        await page.waitForSelector(role("crossover-score"));
        const gap = Math.abs(Math.log10(mHat) - Math.log10(mStar));
        const v = await page.evaluate(() => window.genlab.curves.prediction().verdict());
        assert.ok(Math.abs(v.decades - gap) < 1e-12, `gap ${v.decades} against ${gap}`);
        assert.equal(v.right_kind, true);
        const score = await page.textContent(role("crossover-score"));
        assert.ok(score.includes(gap.toFixed(2)), score);
        assert.ok(score.includes(`m* ≈ ${Math.round(mStar)}`), score);
        assert.equal(await page.textContent(role("crossover-sentence")), WORDS[lang][gapKey(gap)]);
        assert.ok(await colourPixels(page) > 500, "the curves are drawn after the commit");
        assert.equal(await page.evaluate(() => document.querySelector(".genlab-curves").dataset.crossover), String(mStar));
        assert.ok((await page.textContent(role("crossover-live"))).includes(score), "the score is announced");
        const record = await page.evaluate(async () => (await import("./js/predict-record.js")).predictionRecord());
        assert.equal(record.length, 1);
        assert.deepEqual({ panel: record[0].panel, kind: record[0].kind, answer: record[0].answer, truth: record[0].truth, decades: record[0].score.decades },
          { panel: "curves", kind: "crossover", answer: mHat, truth: mStar, decades: v.decades });
        await page.click(role("crossover-done"));
        assert.equal(await page.$(role("crossover-handle")), null);
        assert.ok(await page.isVisible(role("predict")));
        assert.deepEqual(errors, []);
        await context.close();
      });
    }
  }
}

test("touch: a finger drags the marker along the m axis on a phone (the page does not scroll), a swipe up scrolls and leaves it, a tap places it, and the commit scores it", async () => {
  const context = await env.browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url("zh-CN"));
  await page.waitForSelector("html[data-ready=true]");
  const cdp = await context.newCDPSession(page);
  await page.tap(role("predict"));
  await page.waitForSelector(role("crossover-handle"));
  await page.$eval(role("canvas"), (c) => c.scrollIntoView({ block: "center" }));
  const start = await page.evaluate(() => window.genlab.curves.prediction().guess());
  const scrollY = await page.evaluate(() => scrollY);
  const at = await page.$eval(role("crossover-handle"), (e) => { const r = e.getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: at.x, y: at.y }] });
  for (let i = 1; i <= 10; i++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: at.x - 6 * i, y: at.y }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  const moved = await page.evaluate(() => window.genlab.curves.prediction().guess());
  assert.equal(await page.evaluate(() => scrollY), scrollY, "the page did not scroll");
  // 60 CSS px to the left: that many px of the plotting area's log axis.
  const f = await page.evaluate(() => ({ ...window.genlab.curves.plotFrame(), css: document.querySelector('.genlab-curves [data-role="crossover-overlay"]').getBoundingClientRect().width }));
  const expected = Math.log10(start) - (60 / f.css) * (f.x1 - f.x0);
  assert.ok(Math.abs(Math.log10(moved) - expected) < 0.01, `log₁₀ m̂ ${Math.log10(moved)} against ${expected}`);
  assert.match(await page.textContent(role("crossover-live")), /^你预测的交点：m ≈ \d+。$/);
  // A finger that swipes up on the plot, off the handle, scrolls the page and leaves the marker.
  const o = await page.$eval(role("crossover-overlay"), (e) => { const r = e.getBoundingClientRect(); return { left: r.left, top: r.top, width: r.width, height: r.height }; });
  const from = { x: o.left + 0.85 * o.width, y: o.top + 0.6 * o.height };
  const y0 = await page.evaluate(() => scrollY);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [from] });
  for (let i = 1; i <= 10; i++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: from.x + (i % 2), y: from.y - 10 * i }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.genlab.curves.prediction().guess()), moved, "a scroll does not move the marker");
  assert.ok(await page.evaluate(() => scrollY) > y0, "the swipe scrolled the page");
  await page.$eval(role("canvas"), (c) => c.scrollIntoView({ block: "center" }));
  // A tap on the plot puts the marker there.
  const o2 = await page.$eval(role("crossover-overlay"), (e) => { const r = e.getBoundingClientRect(); return { left: r.left, top: r.top, width: r.width, height: r.height }; });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: o2.left + 0.25 * o2.width, y: o2.top + 0.5 * o2.height }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  const tapped = await page.evaluate(() => window.genlab.curves.prediction().guess());
  assert.ok(Math.abs(Math.log10(tapped) - (f.x0 + 0.25 * (f.x1 - f.x0))) < 0.01, `tap: log₁₀ m̂ ${Math.log10(tapped)}`);
  await finished(page);
  const mStar = await page.evaluate(() => window.genlab.curves.summary().crossover);
  await assertNoTrace(page, "zh-CN", mStar, tapped);
  await page.tap(role("crossover-commit"));
  await page.waitForSelector(role("crossover-score"));
  const v = await page.evaluate(() => window.genlab.curves.prediction().verdict());
  assert.ok(Math.abs(v.decades - Math.abs(Math.log10(tapped) - Math.log10(mStar))) < 1e-12);
  assert.deepEqual(errors, []);
  await context.close();
});

// Two more runs of 60 splits, 10 sizes from 4 to 300 (measured on this page): "Model wrong:
// unequal Σ" crosses (at m ≈ 144) with logistic regression ahead after the crossing;
// "Model wrong: two clusters" does not cross, logistic regression ahead at both ends.
const UNEQUAL = `lcp=unequal&${CROSS}`;
const BIMODAL = `lcp=bimodal&${CROSS}`;

test("“They do not cross” on curves that cross with logistic regression ahead after: wrong, with the hint that the generative model does not always need fewer examples", async () => {
  const { page, context, errors } = await open(env.browser, url("en", UNEQUAL), { width: 1280, height: 800 });
  await startPredicting(page, "keyboard");
  await page.focus(role("crossover-none"));
  await page.keyboard.press("Space");
  assert.equal(await page.textContent(role("crossover-live")), WORDS.en.noneOn);
  assert.equal(await page.textContent(role("crossover-value")), WORDS.en.readoutNone);
  assert.equal(await page.isVisible(role("crossover-handle")), false, "no marker while they are said not to cross");
  // Committed at once, most likely before the run has finished: the reveal waits for it.
  await page.click(role("crossover-commit"));
  await page.waitForSelector(role("crossover-score"), { timeout: 60000 });
  const { v, s } = await page.evaluate(() => ({ v: window.genlab.curves.prediction().verdict(), s: window.genlab.curves.summary() }));
  assert.equal(s.splits_done, 60, "judged on the finished run");
  assert.ok(s.crossover !== null && s.leader_after === 1, `this run crosses with LR ahead after: ${s.crossover}, ${s.leader_after}`);
  assert.deepEqual({ right: v.right_kind, decades: v.decades, m: v.m_star }, { right: false, decades: null, m: s.crossover });
  const score = await page.textContent(role("crossover-score"));
  assert.equal(score, `${WORDS.en.wrong} ${WORDS.en.crossMissed.replace("{truth}", Math.round(s.crossover))} ${WORDS.en.crossLeader.replace("{leader}", "logistic regression")}`);
  const hints = await page.$$eval(role("crossover-hint"), (els) => els.map((e) => e.textContent));
  assert.equal(hints.length, 1);
  assert.match(hints[0], /^The generative model does not always need fewer examples/);
  assert.match(await page.textContent(role("crossover-why")), /^Why\? What does a fast approach/);
  assert.equal(await page.$$eval(`${role("crossover-result")} p`, (ps) => ps[ps.length - 1].textContent), WORDS.en.revealedCross);
  const record = await page.evaluate(async () => (await import("./js/predict-record.js")).predictionRecord());
  assert.deepEqual(record.map((e) => [e.answer, e.truth, e.score, e.hints]), [["none", s.crossover, { right_kind: 0 }, ["generative-always-fewer-examples"]]]);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const none of [true, false]) {
  test(`curves that do not cross: “They do not cross” is right, a crossing is wrong (${none ? "none" : "a crossing"}, zh-CN)`, async () => {
    const { page, context, errors } = await open(env.browser, url("zh-CN", BIMODAL), { width: 360, height: 740 });
    await startPredicting(page, "pointer");
    if (none) await page.check(role("crossover-none"));
    await page.click(role("crossover-commit"));
    await page.waitForSelector(role("crossover-score"), { timeout: 60000 });
    const { v, s } = await page.evaluate(() => ({ v: window.genlab.curves.prediction().verdict(), s: window.genlab.curves.summary() }));
    assert.equal(s.crossover, null, "this run does not cross");
    assert.equal(s.leader_small, 1);
    assert.deepEqual({ right: v.right_kind, decades: v.decades }, { right: none, decades: null });
    const w = WORDS["zh-CN"];
    const lead = w.noCrossLeader.replace("{leader}", "逻辑回归");
    const ends = (t) => t.replace("{lo}", 4).replace("{hi}", 300);
    const expected = none ? `${ends(w.noCrossRight)}${lead}` : `${w.wrongNone}${ends(w.noCrossWrong).replace("{guess}", Math.round(v.guess))}${lead}`;
    assert.equal(await page.textContent(role("crossover-score")), expected);
    assert.equal(await page.$(role("crossover-hint")), null, "no hint fires");
    // What the figure shows, said as it is: no crossover line; the marker unless "none".
    const said = await page.$$eval(`${role("crossover-result")} p`, (ps) => ps[ps.length - 1].textContent);
    assert.equal(said, none ? w.revealedPlain : w.revealedMarker);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("Skip shows the curves without a score", async () => {
  const { page, context, errors } = await open(env.browser, url("zh-CN"), { width: 360, height: 740 });
  await startPredicting(page, "pointer");
  await page.click(role("crossover-skip"));
  await page.waitForSelector(role("crossover-score"), { timeout: 60000 });
  assert.equal(await page.textContent(role("crossover-score")), WORDS["zh-CN"].skipped);
  assert.ok(await colourPixels(page) > 500);
  assert.deepEqual(errors, []);
  await context.close();
});
