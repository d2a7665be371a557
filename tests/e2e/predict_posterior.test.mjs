// Predict, then reveal, on the GDA panel: "Predict…", then "The posterior at a point", marks a
// point and hides everything that shows the posterior (no boundary pixels, no heat map, no
// readout under the pointer, nothing of p in the DOM's text, the live regions or the text
// alternative); the student sets p̂ on a slider by pointer, touch or keyboard; "Commit"
// reveals p, the boundary, the score |logit p̂ − logit p| and the icon array of natural
// frequencies. At 360 px and 1280 px, in English and Chinese.
//
// Expected numbers, derived without genlab's Rust: the model's p(y = 1 | x) at the marked
// point is σ(wᵀx + b) with w and b from scikit-learn's LinearDiscriminantAnalysis(solver=
// "lsqr") on the default page's points (its coef_ and intercept_, as in
// predict_boundary.test.mjs); the score is |logit p̂ − logit p| computed here from that p; the
// icon array's count is round(1000 p). With the prior overridden to φ′ = 0.8, the log-odds at
// the midpoint of the means are ln(0.8/0.2) (by hand: with the fitted prior wᵀ(μ₀ + μ₁)/2 + b
// is the fitted log prior odds, which the override replaces), so p = 0.8 there.
import { test } from "node:test";
import assert from "node:assert/strict";
import { gdaBoundaryPixels as boundaryPixels, open, setup } from "./lib.mjs";
import { WORDS, prob3 } from "../../www/js/predict-point.js";

const env = setup();

const SK_W = [1.6261186976563309, 0.9298059260969406];
const SK_B = -0.6592297173679289;
const sigmoid = (z) => 1 / (1 + Math.exp(-z));
const logit = (p) => Math.log(p / (1 - p));
const SIZES = { 1280: { width: 1280, height: 800 }, 360: { width: 360, height: 740 } };
const url = (lang) => `${env.server.url}${lang === "en" ? "" : "?lang=zh-CN"}`;
const role = (r) => `#gda-slot [data-role="${r}"]`;
const handle = (page) => page.evaluate(() => {
  const h = window.genlab_panels.gda.controller.prediction();
  return h ? { point: h.point(), value: h.value(), verdict: h.verdict(), hidden: h.hidden() } : null;
});

/** Asserts that nothing on the page gives away p (whose three- and two-decimal forms are
 * `p`), and that the boundary is hidden. */
async function assertNoTrace(page, p) {
  assert.equal(await boundaryPixels(page), 0, "no boundary pixels while predicting");
  const text = await page.evaluate(() => {
    const slot = document.querySelector("#gda-slot");
    const attrs = [...slot.querySelectorAll("[aria-label]")].map((e) => e.getAttribute("aria-label"));
    const live = [...slot.querySelectorAll("[aria-live]")].map((e) => e.textContent);
    return { body: slot.innerText, attrs: attrs.join(" | "), live: live.join(" | ") };
  });
  for (const form of [prob3(p), `${(100 * p).toFixed(1)} %`, `${Math.round(1000 * p)} `]) {
    for (const [where, s] of Object.entries(text)) assert.ok(!s.includes(form), `${where} holds ${form}`);
  }
  assert.doesNotMatch(text.body + text.attrs, /1\.626|0\.930|x₁ \+/, "no boundary equation");
  assert.equal(await page.isVisible(role("pointer")), false, "the pointer's readout is out of sight");
  assert.equal(await page.$(role("icon-array")), null, "no icon array yet");
  assert.equal(await page.isVisible(role("predict-result")), false);
}

async function start(page) {
  await page.click(role("predict"));
  await page.click(role("predict-kind-posterior"));
  await page.waitForSelector(role("predict-p"));
}

/** Checks the reveal against the expected p (the model's) and p̂, in `lang`. */
async function assertReveal(page, lang, pHat, p) {
  await page.waitForSelector(role("predict-score"));
  const h = await handle(page);
  const v = h.verdict;
  assert.ok(Math.abs(v.p - p) < 1e-9, `p ${v.p} against ${p}`);
  assert.ok(Math.abs(v.p_hat - pHat) < 1e-12, `p̂ ${v.p_hat} against ${pHat}`);
  const gap = Math.abs(logit(pHat) - logit(p));
  assert.ok(Math.abs(v.logit_gap - gap) < 1e-9, `gap ${v.logit_gap} against ${gap}`);
  const score = await page.textContent(role("predict-score"));
  assert.ok(score.includes(prob3(p)) && score.includes(gap.toFixed(2)), score);
  const key = gap <= 0.3 ? "close" : gap <= 1 ? "near" : "far";
  assert.equal(await page.textContent(role("predict-sentence")), WORDS[lang][key]);
  // The icon array: round(1000 p) filled squares, its sentence as its text alternative.
  const n1 = Math.round(1000 * p);
  const label = await page.getAttribute(role("icon-array"), "aria-label");
  assert.ok(label.includes(String(n1)) && label.includes(String(1000 - n1)), label);
  assert.equal(await page.getAttribute(role("icon-array"), "role"), "img");
  const filled = await page.$eval(`${role("icon-array")} path`, (el) => (el.getAttribute("d").match(/M/g) || []).length);
  assert.equal(filled, n1);
  assert.ok((await boundaryPixels(page)) > 50, "the boundary is drawn after the commit");
  assert.ok(await page.isVisible(role("pointer")), "the readout is back");
  const live = await page.textContent(role("predict-live"));
  assert.ok(live.includes(score), "the score is announced");
  return v;
}

for (const [width, lang] of [[1280, "en"], [360, "zh-CN"]]) {
  test(`keyboard: set p̂ with the arrows, commit, the score and the icon array (${width} px, ${lang})`, async () => {
    const { page, context, errors } = await open(env.browser, url(lang), SIZES[width]);
    assert.ok((await boundaryPixels(page)) > 50);
    await page.focus(role("predict"));
    await page.keyboard.press("Enter");
    await page.waitForSelector(role("predict-kind-posterior"));
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.role), "predict-kind-posterior");
    await page.keyboard.press("Enter");
    await page.waitForSelector(role("predict-p"));
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.role), "predict-p", "the slider has the focus");
    const { point } = await handle(page);
    const p = sigmoid(SK_W[0] * point[0] + SK_W[1] * point[1] + SK_B);
    // The panel's own point: off the boundary, not far from it (0.1 ≲ p ≲ 0.9 by its rule).
    assert.ok(Math.abs(logit(p)) > 0.8 && Math.abs(logit(p)) < 2.3, `p = ${p} at ${point}`);
    await assertNoTrace(page, p);
    for (let i = 0; i < 30; i++) await page.keyboard.press("ArrowRight");
    assert.equal(await page.textContent(role("predict-p-value")), "0.80");
    await assertNoTrace(page, p);
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.role), "predict-commit");
    await page.keyboard.press("Enter");
    await assertReveal(page, lang, 0.8, p);
    await page.click(role("predict-done"));
    assert.equal(await page.$(role("predict-p")), null);
    assert.equal(await page.$(role("predict-marker")), null);
    assert.ok(await page.isVisible(role("predict")));
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const [width, lang] of [[360, "en"], [1280, "zh-CN"]]) {
  test(`pointer: drag the slider's thumb, commit (${width} px, ${lang})`, async () => {
    const { page, context, errors } = await open(env.browser, url(lang), SIZES[width]);
    await start(page);
    const { point } = await handle(page);
    const p = sigmoid(SK_W[0] * point[0] + SK_W[1] * point[1] + SK_B);
    await assertNoTrace(page, p);
    await page.$eval(role("predict-p"), (el) => el.scrollIntoView({ block: "center" }));
    const box = await page.$eval(role("predict-p"), (el) => { const r = el.getBoundingClientRect(); return { x: r.left, y: r.top + r.height / 2, w: r.width }; });
    // From the thumb in the middle to near the left end.
    await page.mouse.move(box.x + box.w / 2, box.y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.w * 0.1, box.y, { steps: 8 });
    await page.mouse.up();
    const pHat = (await handle(page)).value;
    assert.ok(pHat < 0.3, `p̂ = ${pHat}`);
    await assertNoTrace(page, p);
    await page.click(role("predict-commit"));
    const v = await assertReveal(page, lang, pHat, p);
    // Far on the other side of ½: the verdict says so.
    assert.ok(v.logit_gap > 1);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("touch: a tap on the slider sets p̂ on a phone, a tap commits (360 px, zh-CN)", async () => {
  const context = await env.browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url("zh-CN"));
  await page.waitForSelector("html[data-ready=true]");
  await page.tap(role("predict"));
  await page.tap(role("predict-kind-posterior"));
  await page.waitForSelector(role("predict-p"));
  const { point } = await handle(page);
  const p = sigmoid(SK_W[0] * point[0] + SK_W[1] * point[1] + SK_B);
  await page.$eval(role("predict-p"), (el) => el.scrollIntoView({ block: "center" }));
  const box = await page.$eval(role("predict-p"), (el) => { const r = el.getBoundingClientRect(); return { x: r.left, y: r.top + r.height / 2, w: r.width }; });
  await page.touchscreen.tap(box.x + box.w * 0.9, box.y);
  const pHat = (await handle(page)).value;
  assert.ok(pHat > 0.8, `p̂ = ${pHat}`);
  await assertNoTrace(page, p);
  await page.tap(role("predict-commit"));
  await assertReveal(page, "zh-CN", pHat, p);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const lang of ["en", "zh-CN"]) {
  test(`the prior overridden to 0.8: the midpoint is marked, ½ there gets the ignored-prior hint (${lang})`, async () => {
    const { page, context, errors } = await open(env.browser, url(lang), SIZES[1280]);
    await page.check(role("prior-on"));
    await page.$eval(role("prior"), (el) => { el.value = "0.8"; el.dispatchEvent(new Event("input", { bubbles: true })); el.dispatchEvent(new Event("change", { bubbles: true })); });
    await page.waitForFunction(() => window.genlab_panels.gda.controller.panel.summary().models.prior === 0.8);
    const s = await page.evaluate(() => window.genlab_panels.gda.controller.panel.summary());
    await start(page);
    const { point } = await handle(page);
    const [m0, m1] = s.mu;
    assert.deepEqual(point, [(m0[0] + m1[0]) / 2, (m0[1] + m1[1]) / 2], "the midpoint of the means");
    await assertNoTrace(page, 0.8);
    await page.click(role("predict-commit"));
    const v = await assertReveal(page, lang, 0.5, 0.8);
    assert.deepEqual(v.hints.map((h) => h.id), ["midpoint-is-half"]);
    assert.match(await page.textContent(role("predict-hint")), lang === "en" ? /prior/ : /先验/);
    assert.ok((await page.textContent(role("predict-why"))).startsWith(WORDS[lang].why));
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("Skip reveals p without a score; three classes ask for the region instead (predict_region.test.mjs)", async () => {
  const { page, context, errors } = await open(env.browser, url("en"), SIZES[1280]);
  await start(page);
  const { point } = await handle(page);
  const p = sigmoid(SK_W[0] * point[0] + SK_W[1] * point[1] + SK_B);
  await page.click(role("predict-skip"));
  await page.waitForSelector(role("predict-score"));
  const score = await page.textContent(role("predict-score"));
  assert.ok(score.startsWith("Skipped") && score.includes(prob3(p)), score);
  assert.equal(await page.$(role("predict-sentence")), null);
  await page.click(role("predict-done"));
  await page.selectOption(role("classes"), "3");
  await page.waitForFunction(() => window.genlab_panels.gda.controller.panel.summary().classes === 3);
  await page.click(role("predict"));
  await page.click(role("predict-kind-posterior"));
  await page.waitForSelector(role("predict-class-2"));
  assert.equal(await page.$(role("predict-p")), null, "no slider of p(y = 1 | x) with three classes");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a lesson's at=x,y marks that point, and a bad one says why (1280 px, en)", async () => {
  const { page, context, errors } = await open(env.browser, url("en"), SIZES[1280]);
  await page.evaluate(() => window.genlab_panels.gda.controller.startPrediction("posterior", { at: "1,0.5" }));
  await page.waitForSelector(role("predict-p"));
  assert.deepEqual((await handle(page)).point, [1, 0.5]);
  const p = sigmoid(SK_W[0] * 1 + SK_W[1] * 0.5 + SK_B);
  await assertNoTrace(page, p);
  await page.click(role("predict-commit"));
  await assertReveal(page, "en", 0.5, p);
  await page.click(role("predict-done"));
  assert.equal(await page.evaluate(() => window.genlab_panels.gda.controller.startPrediction("posterior", { at: [1, Infinity] })), null);
  assert.equal(await page.textContent(`#gda-slot [data-role="predict"] [role="alert"]`), WORDS.en.unavailable.at);
  assert.deepEqual(errors, []);
  await context.close();
});
