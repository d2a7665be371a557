// Predict, then reveal, on the GDA panel: the shape of QDA's boundary. With QDA drawn, the
// boundary and every word naming its shape (the Σ row of the numbers, the text alternative,
// the live regions) are hidden; the student picks a shape by keyboard, pointer or touch;
// "Commit" reveals the boundary and whether the pick was right, with the "QDA's boundary is
// always an ellipse" hint when it fires. 360 and 1280 px, en and zh-CN.
//
// The truth, derived here from the page's points without genlab's Rust: QDA's log-odds are
// −½xᵀ(Σ₁⁻¹ − Σ₀⁻¹)x + …, each Σ_c the class's maximum-likelihood covariance (divided by
// m_c); the boundary is a closed curve where Σ₁⁻¹ − Σ₀⁻¹ is definite (det > 0) and an open
// one (a hyperbola) where it is indefinite (det < 0), for data whose boundary crosses the
// plot (the default clouds and the one with ρ₁ = −0.6 used here).
import { test } from "node:test";
import assert from "node:assert/strict";
import { gdaBoundaryPixels as boundaryPixels, open, setup } from "./lib.mjs";
import { WORDS } from "../../www/js/predict-shape.js";

const env = setup();
const SIZES = { 1280: { width: 1280, height: 800 }, 360: { width: 360, height: 740 } };
const url = (lang) => `${env.server.url}${lang === "en" ? "" : "?lang=zh-CN"}`;
const role = (r) => `#gda-slot [data-role="${r}"]`;
const verdict = (page) => page.evaluate(() => window.genlab_panels.gda.controller.prediction()?.verdict() ?? null);

/** "ellipse" or "open" from the page's points, by the sign of det(Σ₁⁻¹ − Σ₀⁻¹). */
async function expectedShape(page) {
  const flat = await page.evaluate(() => Array.from(window.genlab_panels.gda.controller.panel.pointsFlat()));
  const inv = [0, 1].map((c) => {
    const pts = [];
    for (let i = 0; i < flat.length; i += 3) if (flat[i + 2] === c) pts.push([flat[i], flat[i + 1]]);
    const m = pts.length;
    const mx = pts.reduce((s, p) => s + p[0], 0) / m;
    const my = pts.reduce((s, p) => s + p[1], 0) / m;
    const a = pts.reduce((s, p) => s + (p[0] - mx) ** 2, 0) / m;
    const b = pts.reduce((s, p) => s + (p[0] - mx) * (p[1] - my), 0) / m;
    const d = pts.reduce((s, p) => s + (p[1] - my) ** 2, 0) / m;
    const det = a * d - b * b;
    return [[d / det, -b / det], [-b / det, a / det]];
  });
  const q = [[inv[1][0][0] - inv[0][0][0], inv[1][0][1] - inv[0][0][1]], [inv[1][1][0] - inv[0][1][0], inv[1][1][1] - inv[0][1][1]]];
  return q[0][0] * q[1][1] - q[0][1] * q[1][0] > 0 ? "ellipse" : "open";
}

async function useQda(page, rho1 = null) {
  await page.selectOption(role("covariance"), "per-class");
  if (rho1 !== null) await page.$eval(role("rho1"), (el, v) => { el.value = String(v); el.dispatchEvent(new Event("input", { bubbles: true })); el.dispatchEvent(new Event("change", { bubbles: true })); }, rho1);
  await page.waitForFunction(() => window.genlab_panels.gda.controller.panel.summary().conic != null);
}

async function assertNoTrace(page) {
  assert.equal(await boundaryPixels(page), 0, "no boundary pixels");
  const text = await page.evaluate(() => {
    const slot = document.querySelector("#gda-slot");
    // (The question's own answers name the shapes: its block's text is left out, its live
    // region not.)
    const out = [];
    const walker = document.createTreeWalker(slot, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (!n.parentElement.closest('[data-role="predict"]')) out.push(n.textContent);
    return [...out, ...[...slot.querySelectorAll("[aria-label]")].map((e) => e.getAttribute("aria-label")), ...[...slot.querySelectorAll("[aria-live]")].map((e) => e.textContent)].join(" | ");
  });
  for (const word of ["an ellipse", "a hyperbola", "two crossing lines", "a parabola", "椭圆", "双曲线", "抛物线"]) assert.ok(!text.includes(word), `the page says ${word}`);
  assert.equal(await page.isVisible(role("predict-result")), false);
}

for (const [width, lang] of [[1280, "en"], [360, "zh-CN"]]) {
  test(`keyboard: the default clouds under QDA, the right shape picked with the arrows (${width} px, ${lang})`, async () => {
    const { page, context, errors } = await open(env.browser, url(lang), SIZES[width]);
    await useQda(page);
    const shape = await expectedShape(page);
    await page.focus(role("predict"));
    await page.keyboard.press("Enter");
    await page.waitForSelector(role("predict-kind-shape"));
    for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.role), "predict-kind-shape");
    await page.keyboard.press("Enter");
    await page.waitForSelector(role("predict-shapes"));
    await assertNoTrace(page);
    // Focus on "line"; the arrows go down the list and pick as they go.
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.role), "predict-shape-line");
    const steps = ["line", "ellipse", "open", "none"].indexOf(shape);
    await page.keyboard.press("Space");
    for (let i = 0; i < steps; i++) await page.keyboard.press("ArrowDown");
    assert.equal(await page.isChecked(role(`predict-shape-${shape}`)), true);
    await assertNoTrace(page);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.waitForSelector(role("predict-score"));
    const v = await verdict(page);
    assert.equal(v.truth, shape);
    assert.equal(v.score, true);
    assert.deepEqual(v.hints, []);
    assert.ok((await page.textContent(role("predict-score"))).startsWith(WORDS[lang].right.slice(0, 3)));
    assert.ok((await boundaryPixels(page)) > 50, "the boundary is back");
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const [width, lang] of [[360, "en"], [1280, "zh-CN"]]) {
  test(`pointer: ρ₁ = −0.6 makes an open curve; "ellipse" gets the always-an-ellipse hint (${width} px, ${lang})`, async () => {
    const { page, context, errors } = await open(env.browser, url(lang), SIZES[width]);
    await useQda(page, -0.6);
    assert.equal(await expectedShape(page), "open");
    await page.click(role("predict"));
    await page.click(role("predict-kind-shape"));
    await page.waitForSelector(role("predict-shapes"));
    await assertNoTrace(page);
    await page.click(role("predict-shape-ellipse"));
    await page.click(role("predict-commit"));
    await page.waitForSelector(role("predict-score"));
    const v = await verdict(page);
    assert.equal(v.truth, "open");
    assert.equal(v.score, false);
    assert.deepEqual(v.hints.map((h) => h.id), ["qda-always-ellipse"]);
    assert.ok((await page.textContent(role("predict-why"))).startsWith(WORDS[lang].why));
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("touch: a tap picks, a tap commits (360 px, zh-CN); without QDA the press says why", async () => {
  const context = await env.browser.newContext({ viewport: SIZES[360], deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url("zh-CN"));
  await page.waitForSelector("html[data-ready=true]");
  await page.tap(role("predict"));
  await page.tap(role("predict-kind-shape"));
  const alert = `#gda-slot [data-role="predict"] [role="alert"]`;
  await page.waitForSelector(alert);
  assert.equal(await page.textContent(alert), WORDS["zh-CN"].unavailable.model);
  await useQda(page);
  const shape = await expectedShape(page);
  await page.tap(role("predict"));
  await page.tap(role("predict-kind-shape"));
  await page.waitForSelector(role("predict-shapes"));
  await page.tap(role(`predict-shape-${shape}`));
  await page.tap(role("predict-commit"));
  await page.waitForSelector(role("predict-score"));
  assert.equal((await verdict(page)).truth, shape);
  assert.deepEqual(errors, []);
  await context.close();
});
