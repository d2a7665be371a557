// Predict, then reveal, on the GDA panel: the Bayes decision's threshold on p(y = 1 | x). With
// equal losses the question first sets λ₀₁ = 1, λ₁₀ = 3 (a history entry); while predicting,
// the boundary, the pointer's readout and the threshold's row are hidden and no text holds
// the answer; the student sets t̂ by keyboard, pointer or touch; "Commit" reveals the truth,
// the gap and the hints. 360 and 1280 px, en and zh-CN.
//
// The truth by hand: deciding 1 costs λ₁₀ in expectation (1 − p)·λ₁₀, deciding 0 costs p·λ₀₁;
// 1 is decided where p·λ₀₁ > (1 − p)·λ₁₀, p > λ₁₀/(λ₀₁ + λ₁₀) = 3/4. The swapped ratio
// λ₀₁/(λ₀₁ + λ₁₀) = 1/4.
import { test } from "node:test";
import assert from "node:assert/strict";
import { gdaBoundaryPixels as boundaryPixels, open, setup } from "./lib.mjs";
import { WORDS } from "../../www/js/predict-threshold.js";

const env = setup();
const SIZES = { 1280: { width: 1280, height: 800 }, 360: { width: 360, height: 740 } };
const url = (lang) => `${env.server.url}${lang === "en" ? "" : "?lang=zh-CN"}`;
const role = (r) => `#gda-slot [data-role="${r}"]`;
const verdict = (page) => page.evaluate(() => window.genlab_panels.gda.controller.prediction()?.verdict() ?? null);
const value = (page) => page.evaluate(() => window.genlab_panels.gda.controller.prediction().value());

async function assertNoTrace(page) {
  assert.equal(await boundaryPixels(page), 0, "no boundary pixels");
  const text = await page.evaluate(() => {
    const slot = document.querySelector("#gda-slot");
    return [slot.innerText, ...[...slot.querySelectorAll("[aria-label]")].map((e) => e.getAttribute("aria-label")), ...[...slot.querySelectorAll("[aria-live]")].map((e) => e.textContent)].join(" | ");
  });
  for (const form of ["0.750", "0.75 ", "> 0.75", "75 %", "1.099"]) assert.ok(!text.includes(form), `the page holds ${form}`);
  assert.equal(await page.evaluate(() => document.querySelector('#gda-slot [data-role="threshold"]').closest("tr").hidden), true, "the threshold's row is hidden");
  assert.equal(await page.isVisible(role("pointer")), false);
  assert.equal(await page.isVisible(role("predict-result")), false);
}

async function start(page, tap = false) {
  await page[tap ? "tap" : "click"](role("predict"));
  await page[tap ? "tap" : "click"](role("predict-kind-threshold"));
  await page.waitForSelector(role("predict-t"));
}

for (const [width, lang] of [[1280, "en"], [360, "zh-CN"]]) {
  test(`keyboard: 3/4 with the arrows is right; the losses were set to 1 and 3 (${width} px, ${lang})`, async () => {
    const { page, context, errors } = await open(env.browser, url(lang), SIZES[width]);
    const length = await page.evaluate(() => history.length);
    await start(page);
    const m = await page.evaluate(() => window.genlab_panels.gda.controller.getState().models);
    assert.deepEqual([m.loss01, m.loss10], [1, 3]);
    assert.equal(await page.evaluate(() => history.length), length + 1, "the losses' change is a history entry");
    assert.ok((await page.textContent(role("predict-losses"))).includes(lang === "en" ? "λ₀₁ = 1" : "λ₀₁ = 1"));
    await assertNoTrace(page);
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.role), "predict-t");
    for (let i = 0; i < 25; i++) await page.keyboard.press("ArrowRight");
    assert.equal(await page.textContent(role("predict-t-value")), "0.75");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.waitForSelector(role("predict-score"));
    const v = await verdict(page);
    assert.ok(Math.abs(v.truth - 0.75) < 1e-12, `truth ${v.truth}`);
    assert.ok(v.score < 1e-12, `gap ${v.score}`);
    assert.deepEqual(v.hints, []);
    assert.equal(await page.textContent(role("predict-sentence")), WORDS[lang].close);
    assert.ok((await page.textContent(role("predict-score"))).includes("3/(1 + 3) = 0.750"));
    assert.ok((await boundaryPixels(page)) > 50, "the boundary is back");
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const lang of ["en", "zh-CN"]) {
  test(`keyboard: the swapped ratio 1/4 gets its hint (1280 px, ${lang})`, async () => {
    const { page, context, errors } = await open(env.browser, url(lang), SIZES[1280]);
    await start(page);
    for (let i = 0; i < 25; i++) await page.keyboard.press("ArrowLeft");
    await page.click(role("predict-commit"));
    await page.waitForSelector(role("predict-score"));
    const v = await verdict(page);
    assert.ok(Math.abs(v.score - 0.5) < 1e-12, `gap ${v.score}`);
    assert.deepEqual(v.hints.map((h) => h.id), ["loss-threshold-swapped"]);
    assert.equal(await page.textContent(role("predict-sentence")), WORDS[lang].far);
    assert.ok((await page.textContent(role("predict-why"))).startsWith(WORDS[lang].why));
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("pointer: a click on the slider sets t̂; the gap is |t̂ − 3/4| (360 px, en)", async () => {
  const { page, context, errors } = await open(env.browser, url("en"), SIZES[360]);
  await start(page);
  await page.$eval(role("predict-t"), (el) => el.scrollIntoView({ block: "center" }));
  const box = await page.$eval(role("predict-t"), (el) => { const r = el.getBoundingClientRect(); return { x: r.left, y: r.top + r.height / 2, w: r.width }; });
  await page.mouse.click(box.x + box.w * 0.65, box.y);
  const t = await value(page);
  assert.ok(t > 0.55 && t < 0.75, `t̂ = ${t}`);
  await assertNoTrace(page);
  await page.click(role("predict-commit"));
  await page.waitForSelector(role("predict-score"));
  const v = await verdict(page);
  assert.ok(Math.abs(v.score - Math.abs(t - 0.75)) < 1e-12);
  assert.deepEqual(errors, []);
  await context.close();
});

test("touch: a tap sets t̂, a tap commits, Skip-free (360 px, zh-CN)", async () => {
  const context = await env.browser.newContext({ viewport: SIZES[360], deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url("zh-CN"));
  await page.waitForSelector("html[data-ready=true]");
  await start(page, true);
  await page.$eval(role("predict-t"), (el) => el.scrollIntoView({ block: "center" }));
  const box = await page.$eval(role("predict-t"), (el) => { const r = el.getBoundingClientRect(); return { x: r.left, y: r.top + r.height / 2, w: r.width }; });
  await page.touchscreen.tap(box.x + box.w * 0.2, box.y);
  const t = await value(page);
  assert.ok(t < 0.4, `t̂ = ${t}`);
  await assertNoTrace(page);
  await page.tap(role("predict-commit"));
  await page.waitForSelector(role("predict-score"));
  const v = await verdict(page);
  assert.ok(Math.abs(v.truth - 0.75) < 1e-12, `truth ${v.truth}`);
  assert.ok(Math.abs(v.score - Math.abs(t - 0.75)) < 1e-12);
  assert.deepEqual(errors, []);
  await context.close();
});
