// The figures' text alternatives say what they show and follow the state: the GDA plot
// names the fitted means, φ and the decision boundary (the same equation as the numbers
// table, or the conic's kind for QDA), the naive Bayes chart the metrics at the current α,
// the categorical bars each class's posterior.
//
// Before: the GDA plot's label named the means and φ but no boundary; the NB chart's label
// was a fixed sentence whatever α was.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";

const env = setup();

const gda = (r) => `#gda-slot [data-role="${r}"]`;
const nb = (r) => `#nb-slot [data-role="${r}"]`;
const cat = (r) => `#cat-slot [data-role="${r}"]`;

test("the GDA plot's text alternative states the boundary and follows a new sample", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  try {
    const label = () => page.getAttribute(gda("canvas"), "aria-label");
    const eq = () => page.textContent(gda("boundary"));
    const first = await label();
    assert.ok(first.includes(`Decision boundary: ${await eq()}.`), first);
    // A new sample: new fitted means, a new boundary.
    await page.fill(gda("seed"), "8");
    await page.dispatchEvent(gda("seed"), "change");
    await page.waitForFunction(([sel, old]) => document.querySelector(sel).getAttribute("aria-label") !== old, [gda("canvas"), first]);
    const moved = await label();
    assert.ok(moved.includes(`Decision boundary: ${await eq()}.`), moved);
    assert.notEqual(moved, first);
    // QDA: the boundary is a conic, and the label says which.
    await page.selectOption(gda("covariance"), "per-class");
    await page.waitForFunction((sel) => /Decision boundary: (an ellipse|a hyperbola|a parabola|a straight line)/.test(document.querySelector(sel).getAttribute("aria-label")), gda("canvas"));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("the naive Bayes chart's text alternative follows α and the held-out metrics", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  try {
    const label = () => page.getAttribute(nb("curve"), "aria-label");
    const before = await label();
    assert.match(before, /At the current α = 1: accuracy /, before);
    assert.ok(before.includes(`accuracy ${await page.textContent(nb("acc"))}`), before);
    await page.fill(nb("alpha"), "0");
    await page.dispatchEvent(nb("alpha"), "change");
    await page.waitForFunction((sel) => /α = 0:/.test(document.querySelector(sel).getAttribute("aria-label")), nb("curve"));
    const after = await label();
    assert.ok(after.includes(`accuracy ${await page.textContent(nb("acc"))}`), after);
    assert.ok(after.includes(`F1 ${await page.textContent(nb("f1"))}`), after);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("the categorical bars' text alternatives follow λ", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  try {
    const labels = () => page.$$eval(`${cat("classes")} .cat-bar`, (bs) => bs.map((b) => b.getAttribute("aria-label")));
    const laplace = await labels();
    await page.click('#cat-slot [data-lambda="0"]');
    await page.waitForFunction(([sel, old]) => JSON.stringify([...document.querySelectorAll(sel)].map((b) => b.getAttribute("aria-label"))) !== old,
      [`${cat("classes")} .cat-bar`, JSON.stringify(laplace)]);
    // λ = 0: no "yes" row has green eyes, so "yes" is ruled out (src/nb/categorical/).
    assert.deepEqual(await labels(), ["P(yes | x) = 0.0 %", "P(no | x) = 100.0 %"]);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
