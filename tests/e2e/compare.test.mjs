// End-to-end tests of generative versus discriminative on the GDA canvas: QDA, naive Bayes,
// logistic regression, the Bayes decision rule, the heat map and the user's own points.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";

const env = setup();

const role = (r) => `#gda-slot [data-role="${r}"]`;
const text = (page, r) => page.textContent(role(r));
const parseNum = (s) => Number(s.replace(/\u2212/g, "-"));
/** The (w₁, w₂) pair written as "(a, b)". */
const pair = (s) => s.replace(/[()]/g, "").split(", ").map(parseNum);

/** The training-fit table as {model name: accuracy text}. */
const reports = (page) => page.$$eval('#gda-slot [data-role="reports"] tr', (trs) =>
  Object.fromEntries(trs.map((tr) => [tr.cells[0].textContent, tr.cells[1].textContent])));

async function assertNoGarbage(page) {
  const body = await page.evaluate(() => document.body.innerText);
  for (const bad of ["NaN", "Infinity", "undefined", "null"]) assert.ok(!body.includes(bad), `page shows "${bad}"`);
}

test("LDA versus QDA on iris: QDA fits the training set better", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?src=iris-versicolor-virginica`);
  await page.selectOption(role("covariance"), "per-class");
  await page.waitForFunction(() => document.querySelectorAll('#gda-slot [data-role="reports"] tr').length === 2);
  // Training accuracy on versicolor vs virginica, petal length × width: 94 % for LDA and
  // 97 % for QDA (../shared/data/iris/README.md, measured with scikit-learn).
  assert.deepEqual(await reports(page), { "GDA (shared Σ)": "94.0 %", QDA: "97.0 %" });
  assert.match(await text(page, "sigmas"), /boundary: (an ellipse|a hyperbola \(two branches\)|a parabola)/);
  await assertNoGarbage(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test("outliers move GDA's line much more than logistic regression's", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?lr=1`);
  const angle = (w) => Math.atan2(w[1], w[0]);
  const gdaBefore = pair(await text(page, "w"));
  const lrBefore = pair((await text(page, "logistic-numbers")).split("\n")[0].replace("w = ", ""));
  await page.click(role("outliers"));
  await page.waitForFunction((b) => document.querySelector('#gda-slot [data-role="w"]').textContent !== b, `(${gdaBefore.join(", ")})`);
  const gdaAfter = pair(await text(page, "w"));
  const lrAfter = pair((await text(page, "logistic-numbers")).split("\n")[0].replace("w = ", ""));
  const turnGda = Math.abs(angle(gdaAfter) - angle(gdaBefore));
  const turnLr = Math.abs(angle(lrAfter) - angle(lrBefore));
  assert.ok(turnGda > 2 * turnLr, `GDA turned ${turnGda} rad, logistic regression ${turnLr} rad`);
  assert.equal(await page.$eval(role("source"), (s) => s.value), "custom");
  assert.deepEqual(errors, []);
  await context.close();
});

test("separable data: logistic regression says there is no finite MLE", async () => {
  // Adelie vs Gentoo bills are completely separable (../shared/data/palmer_penguins/README.md
  // gives 99.6 % for LDA; the logistic fit's separability test is exact).
  const { page, context } = await open(env.browser, `${env.server.url}?src=penguins-adelie-gentoo&lr=1`);
  await page.waitForFunction(() => document.querySelector('#gda-slot [data-role="row-logistic"]').hidden === false);
  assert.match(await text(page, "logistic-numbers"), /separable: no finite MLE; ridge fit with λ = /);
  await context.close();
});

test("the Bayes decision rule moves the threshold by log(λ₁₀/λ₀₁)", async () => {
  const { page, context } = await open(env.browser, env.server.url);
  assert.match(await text(page, "threshold"), /^0\.000: decide 1 when p\(y = 1 \| x\) > 0\.500/);
  await page.fill(role("loss10"), "5");
  await page.dispatchEvent(role("loss10"), "change");
  // log 5 = 1.6094; p threshold = λ₁₀/(λ₀₁ + λ₁₀) = 5/6 = 0.833.
  await page.waitForFunction(() => document.querySelector('#gda-slot [data-role="threshold"]').textContent.startsWith("1.609"));
  assert.match(await text(page, "threshold"), /> 0\.833/);
  assert.match(page.url(), /l10=5/);
  await page.fill(role("loss10"), "0");
  await page.dispatchEvent(role("loss10"), "change");
  await page.waitForSelector('#gda-slot [data-role="input-error"]:not([hidden])');
  assert.match(await text(page, "input-error"), /λ₁₀ = 0 is not allowed: a loss is a number from 0\.01 to 1000\./);
  assert.match(await text(page, "threshold"), /^1\.609/, "the previous losses stay");
  await context.close();
});

test("the posterior heat map colours each side of the boundary", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?heat=1`, { width: 1280, height: 800, dpr: 2 });
  const colours = await page.evaluate(() => {
    const p = window.genlab.gda.panel;
    const c = document.querySelector('#gda-slot [data-role="canvas"]');
    const ctx = c.getContext("2d");
    const box = p.plotBox();
    // Sample the plot box's corners, just inside: far from the boundary on both sides.
    const at = (x, y) => [...ctx.getImageData(x, y, 1, 1).data];
    return { lowLeft: at(box[0] + 40, box[3] - 40), upRight: at(box[2] - 40, box[1] + 60) };
  });
  assert.ok(colours.lowLeft[2] > colours.lowLeft[0], `class-0 side ${colours.lowLeft} should be blue`);
  assert.ok(colours.upRight[0] > colours.upRight[2], `class-1 side ${colours.upRight} should be orange`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("your own points: add, erase, and a CSV with a bad line", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  /** Where the canvas is on screen, after scrolling it into view. */
  const canvasBox = () => page.$eval(role("canvas"), (c) => {
    c.scrollIntoView({ block: "center" });
    const r = c.getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width, h: r.height };
  });
  await page.check('#gda-slot [data-role="mode"][value="add0"]');
  let box = await canvasBox();
  await page.mouse.click(box.x + box.w * 0.2, box.y + box.h * 0.8);
  await page.waitForFunction(() => document.querySelector('#gda-slot [data-role="phi"]').textContent.includes("of 101 points"));
  await page.check('#gda-slot [data-role="mode"][value="erase"]');
  box = await canvasBox();
  await page.mouse.click(box.x + box.w * 0.2, box.y + box.h * 0.8);
  await page.waitForFunction(() => document.querySelector('#gda-slot [data-role="phi"]').textContent.includes("of 100 points"));
  await page.click("#gda-slot details summary");
  await page.fill(role("csv"), "x,y,label\n0,0,0\n1,0,0\n0,1,0\n5,5,1\nfive,6,1\n");
  await page.click(role("csv-apply"));
  await page.waitForSelector('#gda-slot [data-role="input-error"]:not([hidden])');
  assert.match(await text(page, "input-error"), /^Line 6: x “five” is not a number/);
  assert.match(await text(page, "phi"), /of 100 points/, "the points stay");
  await page.fill(role("csv"), "x,y,label\n0,0,0\n1,0,0\n0,1,0\n5,5,1\n6,5,1\n5,6,1\n");
  await page.click(role("csv-apply"));
  // 3 points of each class: φ = 3/6.
  await page.waitForFunction(() => document.querySelector('#gda-slot [data-role="phi"]').textContent.startsWith("0.500"));
  await assertNoGarbage(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test("Gaussian naive Bayes draws axis-aligned ellipses and reports its fit", async () => {
  const { page, context } = await open(env.browser, `${env.server.url}?cov=diagonal-per-class`);
  await page.waitForFunction(() => document.querySelectorAll('#gda-slot [data-role="reports"] tr').length === 2);
  assert.ok(Object.keys(await reports(page)).includes("Gaussian NB"));
  // Diagonal covariances: the off-diagonal entries are 0.
  const sigmas = await text(page, "sigmas");
  const rows = sigmas.split("\n").filter((l) => l.startsWith("["));
  assert.equal(rows.length, 4);
  assert.match(rows[0], /, 0\.000\]$/);
  await context.close();
});
