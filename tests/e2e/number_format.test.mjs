// One rule for every number the page prints (www/js/format.js): true minus signs, powers
// of ten written as ×10⁻¹⁶ (never "e-16"), and no probability rounded to a certainty it does
// not have ("> 99.9 %" at log-odds +337.83, never "= 100.0 %").
import { test } from "node:test";
import assert from "node:assert/strict";
import { num, pct, pctRelation, p3, prob, sci, signed } from "../../www/js/format.js";
import { setup, open } from "./lib.mjs";

test("powers of ten use a true minus and superscripts", () => {
  assert.equal(num(-1.28e-16), "\u22121.28\u00d710\u207b\u00b9\u2076"); // −1.28×10⁻¹⁶
  assert.equal(num(123456), "1.23\u00d710\u2075");
  assert.equal(sci(3.4e-5), "3.40\u00d710\u207b\u2075");
  assert.equal(prob(3.4e-5), "3.40\u00d710\u207b\u2075");
  assert.equal(num(-0.5, 2), "\u22120.50");
  assert.equal(signed(-1e-9, 2), "\u22121.00\u00d710\u207b\u2079");
  for (const x of [-1.28e-16, 2.5e-300, -7e22, 1e-7]) assert.doesNotMatch(num(x), /[-e]/, `${x} → ${num(x)}`);
});

test("a posterior of finite log-odds never prints as a certainty", () => {
  // σ(337.83) is 1 in double precision; the log-odds says it is not certain.
  const p = 1 / (1 + Math.exp(-337.83));
  assert.equal(p, 1);
  assert.equal(pct(p, { logOdds: 337.83 }), "> 99.9 %");
  assert.equal(pctRelation(p, { logOdds: 337.83 }), "> 99.9 %");
  assert.equal(pct(0, { logOdds: -500 }), "< 0.1 %");
  assert.equal(p3(1, { exact: false }), "> 0.999");
  assert.equal(prob(1, { exact: false }), "> 0.9999");
  // A veto (log-odds +∞) is certain, and so is a ratio of counts (accuracy 40/40).
  assert.equal(pct(1, { logOdds: Infinity }), "100.0 %");
  assert.equal(pct(1), "100.0 %");
  assert.equal(pctRelation(0.875), "= 87.5 %");
  assert.equal(pct(0.99996, { logOdds: 10.1 }), "> 99.9 %");
});

const env = setup();

test("the verdict of a message with a huge finite log-odds says > 99.9 %", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  try {
    await page.$eval('#nb-slot [data-role="text"]', (el) => {
      el.value = "WIN a FREE prize, claim your cash reward now! ".repeat(40);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await page.waitForFunction(() => /log-odds \+[0-9]{3}/.test(document.querySelector('#nb-slot [data-role="verdict"]').textContent));
    const verdict = await page.textContent('#nb-slot [data-role="verdict"]');
    assert.match(verdict, /P\(spam \| x\) > 99\.9 %/, verdict);
    assert.doesNotMatch(verdict, /100\.0 %/, verdict);
    // Nowhere on the page is a number written with an "e" exponent.
    const text = await page.evaluate(() => document.body.innerText);
    assert.doesNotMatch(text, /\d\s?e[-+\u2212]?\d/, "a number with an e exponent");
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
