// The categorical panel's worked example ("Work it out", js/cat-worked.js + js/worked.js):
// the Lidstone estimate with the current counts, faded into a blank the model checks, the
// two typical mistakes answered with this model's words, live with λ, in both languages.
//
// Expected numbers worked by hand from the built-in example (src/nb/categorical/mod.rs,
// EXAMPLE_CSV: 12 people, 5 play basketball, 7 do not) and its query (height over 170 cm
// yes, green eyes, short hair, no glasses), whose verdict at λ = 1 is "no" (P(yes | x) =
// 49.0 %, tests/e2e/cat.test.mjs). The first cell is the query's height "yes" in class "no":
// of the 7 non-players, Gus and Lea are over 170 cm, so N_jc(a) = 2, N_c = 7, S_j = 2:
// λ = 1: (2 + 1)/(7 + 2) = 1/3; λ = 0: 2/7 = 0.28571. The mistakes: λ only in the numerator
// (2 + 1)/7 = 0.42857; λ once in the denominator (2 + 1)/(7 + 1) = 0.375. The tolerance is
// 10⁻³ × 1/3 (genlab::predict::REL_TOL times the value): 0.00033.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";
import { WORDS } from "../../www/js/worked.js";
import { WORDS as CAT_WORDS } from "../../www/js/cat-worked.js";

const env = setup();
const role = (r) => `#cat-slot [data-role="${r}"]`;

async function openWorked(page, by) {
  await page.$eval(role("worked-details"), (d) => d.scrollIntoView({ block: "center" }));
  if (by === "keyboard") {
    await page.focus(`${role("worked-details")} > summary`);
    await page.keyboard.press("Enter");
  } else {
    await page.click(`${role("worked-details")} > summary`);
  }
  await page.waitForSelector(role("worked-value-lidstone"));
}

/** Types `answer` into the blank and checks it; returns the result's paragraphs. */
async function answer(page, text, by) {
  await page.fill(role("worked-answer-lidstone-0"), text);
  if (by === "keyboard") {
    await page.focus(role("worked-answer-lidstone-0"));
    await page.keyboard.press("Enter");
  } else if (by === "touch") {
    await page.tap(role("worked-check-lidstone"));
  } else {
    await page.click(role("worked-check-lidstone"));
  }
  await page.waitForFunction((sel) => document.querySelector(sel)?.children.length > 0, role("worked-result-lidstone"));
  const out = await page.$$eval(`${role("worked-result-lidstone")} p`, (ps) => ps.map((p) => p.textContent));
  await page.$eval(role("worked-result-lidstone"), (r) => r.replaceChildren());
  return out;
}

for (const [lang, size, by] of [["en", { width: 1280, height: 800 }, "pointer"], ["zh-CN", { width: 360, height: 740 }, "keyboard"], ["en", { width: 360, height: 740 }, "touch"]]) {
  test(`the Lidstone estimate worked, then a blank checked by the model (${lang}, ${size.width} px, ${by})`, async () => {
    const { page, errors } = await open(env.browser, `${env.server.url}${lang === "en" ? "" : "?lang=zh-CN"}`, { ...size, touch: by === "touch" });
    await page.waitForSelector(role("worked-details"));
    if (by === "touch") {
      await page.$eval(role("worked-details"), (d) => d.scrollIntoView({ block: "center" }));
      await page.tap(`${role("worked-details")} > summary`);
      await page.waitForSelector(role("worked-value-lidstone"));
    } else {
      await openWorked(page, by);
    }
    assert.equal(await page.inputValue(role("worked-attribute")), "0");
    assert.equal(await page.inputValue(role("worked-value")), lang === "en" ? "yes" : "是");
    assert.equal(await page.inputValue(role("worked-class")), "1");
    assert.equal(await page.textContent(role("worked-value-lidstone")), "P(X⁽ʲ⁾ = a | c) = 0.33333");
    const inputs = await page.textContent(`${role("worked-step-lidstone")} .hint`);
    const sep = lang === "en" ? ", " : "，";
    assert.equal(inputs, `${WORDS[lang].with} ${["N_jc(a) = 2", "λ = 1", "N_c = 7", "S_j = 2"].join(sep)}`);

    // λ = 0: the same cell, 2/7.
    await page.click('#cat-slot button[data-lambda="0"]');
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.endsWith("0.28571"), role("worked-value-lidstone"));
    await page.click('#cat-slot button[data-lambda="1"]');
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.endsWith("0.33333"), role("worked-value-lidstone"));

    // One blank: the value is gone from the page until checked.
    await page.check(role("worked-level-1"));
    await page.waitForSelector(role("worked-answer-lidstone-0"));
    assert.equal(await page.$(role("worked-value-lidstone")), null);
    assert.ok(!(await page.textContent(role("worked-step-lidstone"))).includes("0.333"), "no value while it is a blank");
    assert.equal(await page.textContent(`${role("worked-step-lidstone")} form .hint`), WORDS[lang].tolerance.replace("{tol}", "0.00033"));

    // A redraw of the panel that leaves this cell's numbers as they are (the prior is not in
    // the Lidstone estimate) does not write the example again: the answer being typed keeps
    // its text and the focus.
    await page.focus(role("worked-answer-lidstone-0"));
    await page.keyboard.type("0.3");
    await page.evaluate(() => { const c = window.genlab_panels.cat.controller; c.setState({ ...c.getState(), prior: "uniform" }); });
    await page.waitForFunction(() => document.querySelector('#cat-slot [data-role="prior"]').value === "uniform");
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.role), "worked-answer-lidstone-0");
    assert.equal(await page.inputValue(role("worked-answer-lidstone-0")), "0.3");

    const w = WORDS[lang];
    const hints = CAT_WORDS[lang].hints;
    assert.deepEqual(await answer(page, "0.42857", by), [
      w.wrong.replace("{symbol}", "P(X⁽ʲ⁾ = a | c)").replace("{answer}", "0.42857"),
      hints["smoothing-alpha-numerator-only"].text,
      `${w.why}${hints["smoothing-alpha-numerator-only"].why}`,
    ]);
    assert.deepEqual((await answer(page, "3/8", by)).slice(1), [hints["smoothing-denominator-count-missing"].text, `${w.why}${hints["smoothing-denominator-count-missing"].why}`]);
    // A wrong answer that matches no typical mistake: no hint.
    assert.equal((await answer(page, "0.5", by)).length, 1);
    assert.deepEqual(await answer(page, "one third", by), [w.bad]);
    assert.equal(await page.getAttribute(role("worked-answer-lidstone-0"), "aria-invalid"), "true");
    // Within the tolerance (|0.3333 − 1/3| = 3.3×10⁻⁵ ≤ 0.00033), and as a fraction.
    assert.deepEqual(await answer(page, "0.3333", by), [w.right.replace("{symbol}", "P(X⁽ʲ⁾ = a | c)").replace("{value}", "0.33333")]);
    assert.deepEqual(await answer(page, "3/9", by), [w.right.replace("{symbol}", "P(X⁽ʲ⁾ = a | c)").replace("{value}", "0.33333")]);

    // Another cell: eye colour green in class yes: no player has green eyes, (0 + 1)/(5 + 3).
    await page.check(role("worked-level-0"));
    await page.selectOption(role("worked-attribute"), "1");
    await page.selectOption(role("worked-class"), "0");
    assert.equal(await page.inputValue(role("worked-value")), lang === "en" ? "green" : "绿");
    assert.equal(await page.textContent(role("worked-value-lidstone")), "P(X⁽ʲ⁾ = a | c) = 0.12500");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}
