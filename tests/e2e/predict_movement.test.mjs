// Predict, then reveal, on the GDA panel: "Which way it moves". The panel announces one
// change; the student picks one of five answers (radio group) by keyboard, pointer or touch;
// before the commit the change is not made (the state, the link and the figure are as before)
// and nothing says the answer; "Commit" makes the change through the panel's state setter (a
// history entry: the link follows) and reveals the truth with the hints. 360 and 1280 px, en
// and zh-CN.
//
// Expected movements, derived by hand on the line wᵀx + b = t (w, b from scikit-learn's
// LinearDiscriminantAnalysis(solver="lsqr") on the default points, as in
// predict_boundary.test.mjs; t the Bayes threshold log(λ₁₀/λ₀₁)): its offset along w is
// (t − b)/|w|. A prior φ → φ′ adds logit φ′ − logit φ to b: raising it lowers the offset, the
// line slides into class 0's side (−w). Losses (1, 1) → (1, 4) raise t by ln 4: the line slides
// into class 1's side. (2, 2) keeps t = 0: it stays. Moving μ₁ across the line of the means
// turns μ₁ − μ₀ and so w = Σ⁻¹(μ₁ − μ₀) (Σ, the pooled scatter, is unchanged by moving a whole
// class): the line turns.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";
import { WORDS } from "../../www/js/predict-movement.js";
import { expectedModelMove, line6 } from "./model_change_expected.mjs";

const env = setup();
const SK_W = [1.6261186976563309, 0.9298059260969406];
const SK_B = -0.6592297173679289;
const logit = (p) => Math.log(p / (1 - p));
const SIZES = { 1280: { width: 1280, height: 800 }, 360: { width: 360, height: 740 } };
const url = (lang) => `${env.server.url}${lang === "en" ? "" : "?lang=zh-CN"}`;
const role = (r) => `#gda-slot [data-role="${r}"]`;
const handle = (page) => page.evaluate(() => {
  const h = window.genlab_panels.gda.controller.prediction();
  return h ? { change: h.change(), verdict: h.verdict(), truth: h.truth(), revealed: h.revealed() } : null;
});
const models = (page) => page.evaluate(() => window.genlab_panels.gda.controller.getState().models);

/** The offset along w of the decision line of (w, b) with threshold t. */
const offset = (b, t = 0) => (t - b) / Math.hypot(...SK_W);

/** Asserts the change is not made yet and nothing says how the line moves. */
async function assertNotYet(page, lang, before) {
  assert.deepEqual(await models(page), before, "the state is as before");
  assert.equal(await page.isVisible(role("predict-result")), false);
  const live = await page.textContent(role("predict-live"));
  for (const k of ["right", "wrong", "skipped"]) assert.ok(!live.includes(WORDS[lang][k].slice(0, 4)), live);
  assert.equal((await handle(page)).truth, null);
}

test("keyboard: the prior's change, picked with Space, committed with Enter; the link follows (1280 px, en)", async () => {
  const { page, context, errors } = await open(env.browser, url("en"), SIZES[1280]);
  const before = await models(page);
  const s = await page.evaluate(() => window.genlab_panels.gda.controller.panel.summary());
  await page.focus(role("predict"));
  await page.keyboard.press("Enter");
  await page.waitForSelector(role("predict-kind-movement"));
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.role), "predict-kind-movement");
  await page.keyboard.press("Enter");
  await page.waitForSelector(role("predict-moves"));
  const { change } = await handle(page);
  // The first press: the prior, from the fitted φ = 0.4 to 0.8.
  assert.deepEqual(change, { kind: "prior", to: 0.8 });
  assert.equal(s.phi, 0.4);
  assert.equal(await page.textContent(role("predict-change")), "The change: the prior p(y = 1) will be set to φ′ = 0.8 (it is 0.4 now).");
  // By hand: b + logit 0.8 − logit 0.4 lowers the offset: toward class 0.
  assert.ok(offset(SK_B + logit(0.8) - logit(0.4)) < offset(SK_B));
  await assertNotYet(page, "en", before);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.role), "predict-move-toward0");
  await page.keyboard.press("Space");
  await assertNotYet(page, "en", before);
  const historyLength = await page.evaluate(() => history.length);
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.role), "predict-commit");
  await page.keyboard.press("Enter");
  await page.waitForSelector(role("predict-score"));
  const h = await handle(page);
  assert.equal(h.truth, "toward0");
  assert.equal(h.verdict.score, true);
  assert.deepEqual(h.verdict.hints, []);
  assert.equal(await page.textContent(role("predict-score")), "Right: the boundary slides toward class 0.");
  assert.equal((await models(page)).prior, 0.8, "the change is made");
  assert.equal(await page.textContent(role("predict-change")), "The change made: the prior p(y = 1) was set to φ′ = 0.8 (it was 0.4).");
  assert.ok(page.url().includes("phi=0.8"), page.url());
  assert.equal(await page.evaluate(() => history.length), historyLength + 1, "one history entry");
  assert.ok(await page.isVisible(`${role("predict-old-line")} line`), "the old line is drawn");
  assert.ok((await page.textContent(role("predict-live"))).startsWith("Right"));
  await page.click(role("predict-done"));
  assert.equal(await page.$(role("predict-moves")), null);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [width, lang] of [[360, "zh-CN"], [1280, "en"]]) {
  test(`pointer: losses 1, 1 → 1, 4 (a lesson's parameters), the opposite slide gets its hint (${width} px, ${lang})`, async () => {
    const { page, context, errors } = await open(env.browser, url(lang), SIZES[width]);
    const before = await models(page);
    await page.evaluate(() => window.genlab_panels.gda.controller.startPrediction("movement", { losses: "1,4" }));
    await page.waitForSelector(role("predict-moves"));
    assert.deepEqual((await handle(page)).change, { kind: "losses", to: [1, 4] });
    // By hand: the threshold ln 4 raises the offset: toward class 1.
    assert.ok(offset(SK_B, Math.log(4)) > offset(SK_B));
    await page.click(role("predict-move-toward0"));
    await assertNotYet(page, lang, before);
    await page.click(role("predict-commit"));
    await page.waitForSelector(role("predict-score"));
    const h = await handle(page);
    assert.equal(h.truth, "toward1");
    assert.equal(h.verdict.score, false);
    assert.deepEqual(h.verdict.hints.map((x) => x.id), ["loss-threshold-swapped"]);
    assert.ok((await page.textContent(role("predict-score"))).startsWith(WORDS[lang].wrong.slice(0, 3)));
    assert.ok((await page.textContent(role("predict-why"))).startsWith(WORDS[lang].why));
    const m = await models(page);
    assert.deepEqual([m.loss01, m.loss10], [1, 4]);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("touch: doubling both losses; a tap on \"slides toward class 1\" gets the doubled-losses hint (360 px, zh-CN)", async () => {
  const context = await env.browser.newContext({ viewport: SIZES[360], deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url("zh-CN"));
  await page.waitForSelector("html[data-ready=true]");
  await page.evaluate(() => window.genlab_panels.gda.controller.startPrediction("movement", { losses: [2, 2] }));
  await page.waitForSelector(role("predict-moves"));
  await page.tap(role("predict-move-toward1"));
  assert.equal(await page.isChecked(role("predict-move-toward1")), true);
  await page.tap(role("predict-commit"));
  await page.waitForSelector(role("predict-score"));
  const h = await handle(page);
  assert.equal(h.truth, "stays");
  assert.deepEqual(h.verdict.hints.map((x) => x.id), ["doubling-losses-moves-decision"]);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the third press moves μ₁ across the line of the means: the line turns; Commit without a pick asks for one (1280 px, zh-CN)", async () => {
  const { page, context, errors } = await open(env.browser, url("zh-CN"), SIZES[1280]);
  const s = await page.evaluate(() => window.genlab_panels.gda.controller.panel.summary());
  // Two presses closed with Done (prior, losses), then the mean.
  for (const kind of ["prior", "losses"]) {
    await page.click(role("predict"));
    await page.click(role("predict-kind-movement"));
    await page.waitForSelector(role("predict-moves"));
    assert.equal((await handle(page)).change.kind, kind);
    await page.click(role("predict-skip"));
    await page.waitForSelector(role("predict-score"));
    await page.click(role("predict-done"));
  }
  await page.click(role("predict"));
  await page.click(role("predict-kind-movement"));
  await page.waitForSelector(role("predict-moves"));
  const { change } = await handle(page);
  assert.equal(change.kind, "mean");
  assert.equal(change.cls, 1);
  // 1.5 across μ₁ − μ₀, at right angles.
  const d = [s.mu[1][0] - s.mu[0][0], s.mu[1][1] - s.mu[0][1]];
  const e = [change.to[0] - s.mu[1][0], change.to[1] - s.mu[1][1]];
  assert.ok(Math.abs(d[0] * e[0] + d[1] * e[1]) < 1e-9 && Math.abs(Math.hypot(...e) - 1.5) < 1e-9);
  await page.click(role("predict-commit"));
  assert.equal(await page.textContent(`${role("predict-result")} .input-error`), WORDS["zh-CN"].pick);
  await page.click(role("predict-move-stays"));
  await page.click(role("predict-commit"));
  await page.waitForSelector(role("predict-score"));
  const h = await handle(page);
  assert.ok(["turns", "slidesTurns"].includes(h.truth), h.truth);
  const after = await page.evaluate(() => window.genlab_panels.gda.controller.panel.summary().mu[1]);
  assert.ok(Math.hypot(after[0] - change.to[0], after[1] - change.to[1]) < 1e-9, `μ₁ ${after}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the tilt of Σ (a lesson's tilt=ρ): both clouds drawn with ρ = −0.6 from the same seed; the line turns; a preset refuses it (1280 px, en)", async () => {
  const { page, context, errors } = await open(env.browser, url("en"), SIZES[1280]);
  const rules = () => page.evaluate(() => { const s = window.genlab_panels.gda.controller.panel.summary(); return { w: s.w, rho: window.genlab_panels.gda.controller.getState().rho }; });
  const before = await rules();
  await page.evaluate(() => window.genlab_panels.gda.controller.startPrediction("movement", { tilt: -0.6 }));
  await page.waitForSelector(role("predict-change"));
  assert.equal(await page.textContent(role("predict-change")), WORDS.en.tilt.replace("{to}", "-0.6").replace("{r0}", String(before.rho[0])).replace("{r1}", String(before.rho[1])).replace("{c0}", "class 0").replace("{c1}", "class 1"));
  assert.deepEqual((await rules()).rho, before.rho, "not made before the commit");
  await page.click(role("predict-move-turns"));
  await page.click(role("predict-commit"));
  await page.waitForSelector(role("predict-score"));
  const after = await rules();
  assert.deepEqual(after.rho, [-0.6, -0.6]);
  const link = await page.evaluate(() => Object.fromEntries(new URLSearchParams(location.search)));
  assert.deepEqual([link.r0, link.r1], ["-0.6", "-0.6"]);
  // The normal w = Σ⁻¹(μ₁ − μ₀) turned (ρ from 0.4 and 0.3 to −0.6): by the angle between the
  // two normals, computed here from the panel's w before and after.
  const cos = (before.w[0] * after.w[0] + before.w[1] * after.w[1]) / (Math.hypot(...before.w) * Math.hypot(...after.w));
  const angle = (Math.acos(Math.min(1, Math.abs(cos))) * 180) / Math.PI;
  assert.ok(angle > 5, `the normal turned ${angle.toFixed(1)}°`);
  const h = await handle(page);
  assert.ok(["turns", "slidesTurns"].includes(h.truth), h.truth);
  assert.equal(h.verdict.score, h.truth === "turns");
  await page.click(role("predict-done"));
  // On a preset the clouds are not generated: the tilt is refused, with the reason.
  await page.goto(`${env.server.url}?src=penguins-adelie-gentoo`);
  await page.waitForSelector("html[data-ready=true]");
  assert.equal(await page.evaluate(() => window.genlab_panels.gda.controller.startPrediction("movement", { tilt: 0.5 })), null);
  assert.equal(await page.textContent('#gda-slot .predict .input-error'), WORDS.en.unavailable.tilt);
  assert.deepEqual(errors, []);
  await context.close();
});

// A change of model (GDA ↔ QDA): the expected movement from model_change_expected.mjs (shared
// with the journeys).
const gdaSummary = (page) => page.evaluate(() => window.genlab_panels.gda.controller.panel.summary());
const gdaView = (page) => page.evaluate(() => Array.from(window.genlab_panels.gda.controller.panel.viewRect()));
const UNEQUAL = "sx0=0.5&sy0=0.5&r0=0&sx1=2&sy1=1.6&r1=0&m0=-0.5,0&m1=1.5,0.5";

/** GDA → QDA on `page` by pointer: picks `pick`, commits, and waits for the score. */
async function commitToQda(page, pick) {
  await page.evaluate(() => window.genlab_panels.gda.controller.startPrediction("movement", { model: "qda" }));
  await page.waitForSelector(role("predict-moves"));
  await page.click(role(`predict-move-${pick}`));
  await page.click(role("predict-commit"));
  await page.waitForSelector(role("predict-score"));
}

test("GDA → QDA (a lesson's model=qda) by keyboard: judged where the boundary crosses the line of the means; the rings and the numbers said (1280 px, en)", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?${UNEQUAL}`, SIZES[1280]);
  const before = await gdaSummary(page);
  const view = await gdaView(page);
  await page.evaluate(() => window.genlab_panels.gda.controller.startPrediction("movement", { model: "qda" }));
  await page.waitForSelector(role("predict-moves"));
  assert.deepEqual((await handle(page)).change, { kind: "model", to: "qda" });
  assert.equal(await page.textContent(role("predict-change")), WORDS.en.qda);
  assert.equal(await page.textContent(role("predict-judged")), WORDS.en.judgedModel);
  assert.equal(await page.textContent(`${role("predict-moves")} legend`), WORDS.en.legendModel);
  assert.equal((await models(page)).covariance, "shared", "not made before the commit");
  assert.equal(await page.isVisible(role("predict-crossing-after")), false, "no ring before the commit");
  // Keys: the first answer has the focus; ↓ ↓ picks "turns", Tab to Commit, Enter.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await page.waitForSelector(role("predict-score"));
  const after = await gdaSummary(page);
  assert.equal(after.models.covariance, "per-class");
  assert.ok(page.url().includes("cov=per-class"), page.url());
  const want = expectedModelMove(line6(before), after.quadratic, before.mu, view);
  const h = await handle(page);
  assert.equal(h.truth, want.truth);
  // On this state: the tight class's ellipse tilts the boundary by about 14.5° there.
  assert.equal(want.truth, "turns");
  assert.ok(Math.abs(h.verdict.angle - want.angle) < 1e-3 && Math.abs(h.verdict.slide - want.slide) < 1e-6, JSON.stringify([h.verdict, want]));
  h.verdict.crossings.forEach((c, i) => assert.ok(Math.hypot(c[0] - want.crossings[i][0], c[1] - want.crossings[i][1]) < 1e-6));
  assert.equal(h.verdict.score, true);
  assert.equal(await page.textContent(role("predict-score")), "Right: where it crosses the line through the means, the boundary turns (about a point inside the plot).");
  const toward = want.slide < 0 ? " toward class 0" : " toward class 1";
  assert.equal(await page.textContent(role("predict-crossed")), `The rings mark where each boundary crosses the line through the means: there its direction changed by ${want.angle.toFixed(1)}° and it moved ${(Math.abs(want.slide) * 100).toFixed(1)} % of the distance between the means${toward}.`);
  assert.ok(await page.isVisible(role("predict-crossing-before")) && await page.isVisible(role("predict-crossing-after")));
  assert.ok(await page.isVisible(`${role("predict-old-line")} line`), "GDA's old line is dashed");
  assert.deepEqual(errors, []);
  await context.close();
});

test("QDA → GDA from the Predict button by touch: the old curve dashed; a move within the tolerances stays (360 px, zh-CN)", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?lang=zh-CN&cov=per-class`, { ...SIZES[360], dpr: 2, touch: true });
  const before = await gdaSummary(page);
  const view = await gdaView(page);
  // Under QDA the button's pick is the one change this kind takes: back to GDA.
  await page.evaluate(() => window.genlab_panels.gda.controller.startPrediction("movement"));
  await page.waitForSelector(role("predict-moves"));
  assert.deepEqual((await handle(page)).change, { kind: "model", to: "gda" });
  assert.equal(await page.textContent(role("predict-change")), WORDS["zh-CN"].gda);
  await page.tap(role("predict-move-stays"));
  await page.tap(role("predict-commit"));
  await page.waitForSelector(role("predict-score"));
  const after = await gdaSummary(page);
  const want = expectedModelMove(before.quadratic, line6(after), before.mu, view);
  const h = await handle(page);
  assert.equal(h.truth, want.truth);
  // The default clouds share their spread: 3.0° and 3.5 % by the computation above.
  assert.equal(want.truth, "stays");
  assert.ok(want.angle < 5 && Math.abs(want.slide) < 0.05 && Math.abs(want.slide) > 0.01, JSON.stringify(want));
  assert.equal(h.verdict.score, true);
  const d = await page.getAttribute(`${role("predict-old-line")} path`, "d");
  // The curve in a few runs of many points (pieces joined, so the dashes run on).
  const runs = d.split("M").length - 1;
  const points = d.split(/[ML]/).length - 1;
  assert.ok(runs >= 1 && runs <= 4 && points > 50, `${runs} runs, ${points} points`);
  assert.equal(await page.isVisible(`${role("predict-old-line")} path`), true);
  assert.ok((await page.textContent(role("predict-result"))).includes(WORDS["zh-CN"].oldCurve));
  assert.deepEqual(errors, []);
  await context.close();
});

test("GDA → QDA under the prior override φ = 0.02: the sentences say only what is drawn (a crossing and the old line outside the plot), and are written again when a wider figure shows more (1280 px, en)", async () => {
  // Means 0.3 apart with φ = 0.02: GDA's line lies far inside class 1's side. By the search in
  // model_change_expected.mjs its crossing with the line of the means is at x ≈ 10.3 (t ≈ 35),
  // outside the window (|x| ≤ 6.1); QDA's is inside it.
  const { page, context, errors } = await open(env.browser, `${env.server.url}?m0=-0.15,0&m1=0.15,0&phi=0.02`, SIZES[1280]);
  const before = await gdaSummary(page);
  const view = await gdaView(page);
  await commitToQda(page, "stays");
  const want = expectedModelMove(line6(before), (await gdaSummary(page)).quadratic, before.mu, view);
  const inside = ([x, y]) => x >= view[0] && x <= view[1] && y >= view[2] && y <= view[3];
  assert.deepEqual(want.crossings.map(inside), [false, true], JSON.stringify([want.crossings, view]));
  assert.equal(await page.isVisible(role("predict-crossing-before")), false);
  assert.equal(await page.isVisible(role("predict-crossing-after")), true);
  // A ring is 7 px at least, and grows with the plot (1.5 % of its width).
  assert.ok(Number(await page.getAttribute(role("predict-crossing-after"), "r")) >= 7);
  const crossed = await page.textContent(role("predict-crossed"));
  assert.ok(crossed.startsWith("Where each boundary crosses the line through the means, its direction changed by") && crossed.endsWith(WORDS.en.ringOne), crossed);
  // GDA's old line w·x + b′ = 0: the same sign at the window's four corners, so it misses it.
  const [, , , w1, w2, c] = line6(before);
  const signs = [[view[0], view[2]], [view[0], view[3]], [view[1], view[2]], [view[1], view[3]]].map(([x, y]) => Math.sign(w1 * x + w2 * y + c));
  assert.ok(signs.every((s) => s === signs[0]), `the old line misses the window: ${signs}`);
  assert.equal(await page.isVisible(`${role("predict-old-line")} line`), false);
  const result = await page.textContent(role("predict-result"));
  assert.ok(result.includes(WORDS.en.oldOutside) && !result.includes(WORDS.en.revealed) && !result.includes("The rings mark"), result);
  assert.deepEqual(errors, []);
  await context.close();

  // Means 0.6 apart with φ = 0.0145: GDA's crossing is at x = −logit φ / w₁ ≈ 5.6 (b is the
  // fitted logit 0.4 exactly, the means being symmetric), inside the 1280 px window (|x| ≤ 6.1)
  // and outside the phone's (|x| ≤ 5): turned to a phone, the page says one ring, not two.
  const second = await open(env.browser, `${env.server.url}?m0=-0.3,0&m1=0.3,0&phi=0.0145`, SIZES[1280]);
  const s2 = await gdaSummary(second.page);
  await commitToQda(second.page, "stays");
  const want2 = expectedModelMove(line6(s2), (await gdaSummary(second.page)).quadratic, s2.mu, await gdaView(second.page));
  assert.ok(Math.abs(want2.crossings[0][0] + logit(0.0145) / s2.w[0]) < 1e-6 && want2.crossings[0][0] > 5.2 && want2.crossings[0][0] < 6, JSON.stringify(want2.crossings));
  assert.ok((await second.page.textContent(role("predict-crossed"))).startsWith("The rings mark"));
  await second.page.setViewportSize(SIZES[360]);
  await second.page.waitForFunction((r) => document.querySelector(r).textContent.endsWith(" The ring marks the crossing inside the plot; the other lies outside it."), role("predict-crossed"));
  const phone = await gdaView(second.page);
  assert.ok(want2.crossings[0][0] > phone[1], `the phone's window ${phone} leaves out x = ${want2.crossings[0][0]}`);
  assert.equal(await second.page.isVisible(role("predict-crossing-before")), false);
  assert.equal(await second.page.isVisible(role("predict-crossing-after")), true);
  assert.ok((await second.page.textContent(role("predict-result"))).includes(WORDS.en.revealed), "the old line is still drawn, and said");
  assert.deepEqual(second.errors, []);
  await second.context.close();
});

test("no truth after the change is said for what it is: QDA without a fit on two points a class, a mean moved onto the other (1280 px, en)", async () => {
  // Two points a class: each class's own Σ is singular (two points lie on a line), so QDA has
  // no fit; the panel's numbers say why.
  const { page, context, errors } = await open(env.browser, `${env.server.url}?n0=2&n1=2`, SIZES[1280]);
  await commitToQda(page, "turns");
  assert.equal(await page.textContent(role("predict-score")), WORDS.en.noFit);
  assert.equal((await gdaSummary(page)).quadratic, null);
  assert.match(await page.textContent('#gda-slot [data-role="error"]'), /singular/);
  assert.ok(await page.isVisible('#gda-slot [data-role="error"]'));
  // μ₁ moved onto μ₀ (generated clouds keep their means exactly): no boundary after it.
  await page.goto(`${env.server.url}?m0=-1,0&m1=1,0`);
  await page.waitForFunction(() => window.genlab_panels?.gda?.controller);
  await page.evaluate(() => window.genlab_panels.gda.controller.startPrediction("movement", { mean1: "-1,0" }));
  await page.waitForSelector(role("predict-moves"));
  await page.click(role("predict-move-stays"));
  await page.click(role("predict-commit"));
  await page.waitForSelector(role("predict-score"));
  assert.equal((await gdaSummary(page)).coincident, true);
  assert.equal(await page.textContent(role("predict-score")), WORDS.en.noLine);
  assert.deepEqual(errors, []);
  await context.close();
});

test("GDA → QDA with a class wide along the line of the means: the opposite slide gets the wider-class hint; QDA already on refuses model=qda (1280 px, en)", async () => {
  // Class 1 spread 2 along x (the line of the means), 0.5 across; class 0 0.5 both ways; 300
  // points a class, so that the sample tilts QDA little.
  const q = "n0=300&n1=300&sx0=0.5&sy0=0.5&r0=0&sx1=2&sy1=0.5&r1=0&m0=-1,0&m1=1.5,0";
  const { page, context, errors } = await open(env.browser, `${env.server.url}?${q}`, SIZES[1280]);
  const before = await gdaSummary(page);
  const view = await gdaView(page);
  await commitToQda(page, "toward1");
  const after = await gdaSummary(page);
  const want = expectedModelMove(line6(before), after.quadratic, before.mu, view);
  // QDA's crossing moves toward the tight class 0, without turning more than 5°.
  assert.equal(want.truth, "toward0", JSON.stringify(want));
  const h = await handle(page);
  assert.equal(h.truth, "toward0");
  assert.deepEqual(h.verdict.hints.map((x) => x.id), ["qda-wider-class-loses"]);
  assert.ok((await page.textContent(role("predict-hint"))).startsWith("Under QDA the class with the wider spread"));
  await page.click(role("predict-done"));
  // The model is QDA now: a change to QDA is refused, with the reason.
  assert.equal(await page.evaluate(() => window.genlab_panels.gda.controller.startPrediction("movement", { model: "qda" })), null);
  assert.equal(await page.textContent("#gda-slot .predict .input-error"), WORDS.en.unavailable.modelFrom);
  assert.deepEqual(errors, []);
  await context.close();
});
