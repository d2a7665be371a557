// GDA's worked example (the "Predict…" chooser's "Or work it out", js/gda-worked.js on
// js/worked.js): φ, μ₀, μ₁, Σ, w and b of the shared-Σ maximum-likelihood fit of the points
// on the plot, worked, then faded into blanks the model checks, with the typical mistake
// on Σ answered.
//
// Expected numbers computed here by hand from the panel's points (GdaPanel.pointsFlat):
// φ = m₁/m, μ_c the class means, Σ = (1/m) Σᵢ (xᵢ − μ_{yᵢ})(xᵢ − μ_{yᵢ})ᵀ, w = Σ⁻¹(μ₁ − μ₀),
// b = −½ wᵀ(μ₀ + μ₁) + ln(φ/(1 − φ)); the mistake: Σ divided by m − 1.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";
import { WORDS, decimalsFor, quantityText } from "../../www/js/worked.js";
import { HINTS } from "../../www/js/predict-hints.js";

const env = setup();
const role = (r) => `#gda-slot [data-role="${r}"]`;

function fit(flat) {
  const pts = [];
  for (let i = 0; i < flat.length; i += 3) pts.push({ x: [flat[i], flat[i + 1]], y: flat[i + 2] });
  const m = pts.length;
  const mean = (c) => { const p = pts.filter((q) => q.y === c); return [p.reduce((s, q) => s + q.x[0], 0) / p.length, p.reduce((s, q) => s + q.x[1], 0) / p.length]; };
  const m1 = pts.filter((q) => q.y === 1).length;
  const mu = [mean(0), mean(1)];
  const S = [[0, 0], [0, 0]];
  for (const q of pts) {
    const d = [q.x[0] - mu[q.y][0], q.x[1] - mu[q.y][1]];
    for (let i = 0; i < 2; i++) for (let j = 0; j < 2; j++) S[i][j] += d[i] * d[j];
  }
  const sigma = S.map((r) => r.map((v) => v / m));
  const det = sigma[0][0] * sigma[1][1] - sigma[0][1] * sigma[1][0];
  const inv = [[sigma[1][1] / det, -sigma[0][1] / det], [-sigma[1][0] / det, sigma[0][0] / det]];
  const dmu = [mu[1][0] - mu[0][0], mu[1][1] - mu[0][1]];
  const w = [inv[0][0] * dmu[0] + inv[0][1] * dmu[1], inv[1][0] * dmu[0] + inv[1][1] * dmu[1]];
  const phi = m1 / m;
  const b = -0.5 * (w[0] * (mu[0][0] + mu[1][0]) + w[1] * (mu[0][1] + mu[1][1])) + Math.log(phi / (1 - phi));
  return { m, phi, mu, S, sigma, w, b };
}

for (const [lang, size, by] of [["en", { width: 1280, height: 800 }, "pointer"], ["zh-CN", { width: 360, height: 740 }, "keyboard"]]) {
  test(`GDA's fit worked by hand, then blanks checked by the model (${lang}, ${size.width} px, ${by})`, async () => {
    const { page, errors } = await open(env.browser, `${env.server.url}${lang === "en" ? "" : "?lang=zh-CN"}`, size);
    if (by === "keyboard") {
      await page.focus(role("predict"));
      await page.keyboard.press("Enter");
      await page.waitForSelector(role("predict-kind-worked"));
      await page.focus(role("predict-kind-worked"));
      await page.keyboard.press("Enter");
    } else {
      await page.click(role("predict"));
      await page.click(role("predict-kind-worked"));
    }
    await page.waitForSelector(role("worked-value-b"));
    const f = fit(await page.evaluate(() => Array.from(window.genlab_panels.gda.controller.panel.pointsFlat())));
    const steps = await page.evaluate(async () => {
      const core = await import(new URL("pkg-lesson/genlab.js", location.href).href);
      return core.gdaWorkedExample(window.genlab_panels.gda.controller.panel.pointsFlat()).steps;
    });
    const byBlank = Object.fromEntries(steps.map((s) => [s.blank, s]));
    const close = (a, b, tol) => (Array.isArray(a) ? a.every((x, i) => close(x, b[i], tol)) : Math.abs(a - b) <= tol);
    for (const [blank, value] of [["phi", f.phi], ["mu0", f.mu[0]], ["mu1", f.mu[1]], ["sigma", f.sigma], ["w", f.w], ["b", f.b]]) {
      assert.ok(close(byBlank[blank].value, value, 1e-9), `${blank}: ${JSON.stringify(byBlank[blank].value)} against ${JSON.stringify(value)}`);
      const d = decimalsFor(byBlank[blank].tolerance);
      assert.equal(await page.textContent(role(`worked-value-${blank}`)), `${byBlank[blank].symbol} = ${quantityText(value, d)}`);
    }

    // Every step a blank: no value on the page; Σ over m − 1 gets its hint, over m is right.
    await page.check(role("worked-level-6"));
    await page.waitForSelector(role("worked-answer-sigma-3"));
    assert.equal(await page.$(role("worked-value-b")), null);
    // Nor in a later step's numbers: b is worked from w, the means and φ, all blanks now.
    const sep = lang === "en" ? ", " : "，";
    assert.equal(await page.textContent(`${role("worked-step-b")} .hint`), `${WORDS[lang].with} ${["w = ?", "μ₀ + μ₁ = ?", "φ = ?"].join(sep)}`);
    const d = decimalsFor(byBlank.sigma.tolerance);
    const typeSigma = async (scale) => {
      const s = f.S.flat().map((v) => (v / scale).toFixed(d + 2));
      for (let i = 0; i < 4; i++) await page.fill(role(`worked-answer-sigma-${i}`), s[i]);
      if (by === "keyboard") {
        await page.focus(role("worked-answer-sigma-3"));
        await page.keyboard.press("Enter");
      } else await page.click(role("worked-check-sigma"));
      await page.waitForFunction((sel) => document.querySelector(sel)?.children.length > 0, role("worked-result-sigma"));
      const out = await page.$$eval(`${role("worked-result-sigma")} p`, (ps) => ps.map((p) => p.textContent));
      await page.$eval(role("worked-result-sigma"), (r) => r.replaceChildren());
      return out;
    };
    const h = HINTS["sigma-divides-by-m-minus-one"];
    assert.deepEqual((await typeSigma(f.m - 1)).slice(1), [lang === "en" ? h.en : h.zh, `${WORDS[lang].why}${lang === "en" ? h.why_en : h.why_zh}`]);
    assert.deepEqual(await typeSigma(f.m), [WORDS[lang].right.replace("{symbol}", "Σ").replace("{value}", quantityText(f.sigma, d))]);

    // Done closes it and gives the focus back to the Predict button.
    await page.click(role("gda-worked-done"));
    assert.equal(await page.$(role("gda-worked")), null);
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.role), "predict");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}
