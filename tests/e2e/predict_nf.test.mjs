// Natural frequencies beside the spam verdict: "Show as 1,000 messages" opens an icon array
// (loaded on demand) whose sentence is its text alternative; the bet's reveal shows the same.
// At α = 0 with a vetoed class the array is all spam or all ham, never NaN.
//
// The expected counts are derived here by hand: p = σ(log-odds) with the log-odds the ledger
// adds up, N_spam = round(1,000 p) (two classes: largest remainder is plain rounding unless
// 1,000 p ends in exactly .5, which these messages do not); not from the core's
// natural_frequencies.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";
import { WORDS, frequencySentence } from "../../www/js/predict-nf.js";

const env = setup();
const role = (r) => `#nb-slot [data-role="${r}"]`;
const url = (lang) => `${env.server.url}${lang === "en" ? "" : "?lang=zh-CN"}`;

/** The icon array's filled and outlined icons, counted from its two paths. */
const icons = (page, scope = "#nb-slot [data-role=\"nf-view\"]") => page.$eval(`${scope} svg`, (svg) => {
  const [filled, hollow] = svg.querySelectorAll("path");
  const n = (p) => (p.getAttribute("d").match(/M/g) || []).length - (p.getAttribute("d") === "M0 0" ? 1 : 0);
  return { spam: n(filled), ham: n(hollow), label: svg.getAttribute("aria-label") };
});

for (const lang of ["en", "zh-CN"]) {
  test(`the verdict's icon array says how many of 1,000 are spam (${lang})`, async () => {
    const { page, context, errors } = await open(env.browser, url(lang), { width: 360, height: 740 });
    await page.$eval("#nb-slot", (el) => el.scrollIntoView());
    await page.fill(role("text"), "meeting tomorrow, free lunch offer");
    await page.waitForFunction(() => document.querySelector('#nb-slot ol.ledger li.term.word'));
    assert.equal(await page.$(`${role("nf-view")} svg`), null, "nothing drawn before the press");
    await page.click(role("nf-toggle"));
    await page.waitForSelector(`${role("nf-view")} svg`);
    const z = await page.evaluate(() => window.genlab_panels.nb.controller.panel.explain(document.querySelector('#nb-slot [data-role="text"]').value).explanation.log_odds);
    const p = 1 / (1 + Math.exp(-z));
    const spam = Math.round(1000 * p);
    assert.ok(Math.abs(1000 * p - Math.floor(1000 * p) - 0.5) > 1e-6);
    const got = await icons(page);
    assert.deepEqual({ spam: got.spam, ham: got.ham }, { spam, ham: 1000 - spam });
    const sentence = await page.textContent(role("nf-sentence"));
    assert.equal(sentence, frequencySentence(p, [1000 - spam, spam], lang));
    assert.equal(got.label, sentence);
    assert.equal(await page.getAttribute(role("nf-toggle"), "aria-expanded"), "true");
    // α = 0: "meeting" never appears in spam, so spam is vetoed: all 1,000 are ham, exactly.
    await page.fill(role("text"), "meeting tomorrow");
    await page.fill(role("alpha"), "0");
    await page.press(role("alpha"), "Enter");
    await page.waitForFunction(() => document.querySelector('#nb-slot [data-role="nf-view"] svg')?.dataset.spam === "0");
    const zero = await page.textContent(role("nf-sentence"));
    assert.equal(zero, WORDS[lang].sentence.replace("{spam}", "0").replace("{ham}", "1,000"));
    assert.ok(!/NaN/.test(await page.textContent(role("nf"))));
    await page.click(role("nf-toggle"));
    assert.equal(await page.isVisible(role("nf-view")), false);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("the bet's reveal shows the model's posterior as 1,000 messages", async () => {
  const { page, context, errors } = await open(env.browser, url("en"), { width: 1280, height: 800 });
  await page.$eval("#nb-slot", (el) => el.scrollIntoView());
  await page.fill(role("text"), "meeting tomorrow, free lunch offer");
  await page.click(role("bet"));
  assert.equal(await page.$('#nb-slot [data-role="bet"] svg'), null);
  await page.click(role("bet-commit"));
  await page.waitForSelector(role("bet-score"));
  const z = await page.evaluate(() => window.genlab_panels.nb.controller.panel.explain(document.querySelector('#nb-slot [data-role="text"]').value).explanation.log_odds);
  const spam = Math.round(1000 / (1 + Math.exp(-z)));
  const got = await icons(page, '#nb-slot [data-role="bet-result"]');
  assert.deepEqual({ spam: got.spam, ham: got.ham }, { spam, ham: 1000 - spam });
  assert.deepEqual(errors, []);
  await context.close();
});
