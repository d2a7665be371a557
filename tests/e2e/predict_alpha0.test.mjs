// Predict, then reveal, on the spam panel: "at α = 0, which words will veto, and will the
// verdict change?" At 1280 px by keyboard, pointer and touch in both languages (the tests
// and how their numbers are derived by hand: predict_alpha0_run.mjs; 360 px:
// predict_alpha0_phone.test.mjs), and the cases around it: Beta/Dirichlet pseudo-counts,
// no answer, Skip.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";
import { alphaZeroTests, WORDS, role, url, MESSAGE } from "./predict_alpha0_run.mjs";

const env = setup();
alphaZeroTests(env, [{ width: 1280, height: 800 }]);

test("α = 0 is refused with Beta/Dirichlet pseudo-counts, asks for an answer, and Skip keeps α", async () => {
  const { page, context, errors } = await open(env.browser, url("en"), { width: 1280, height: 800 });
  await page.$eval("#nb-slot", (el) => el.scrollIntoView());
  await page.fill(role("text"), MESSAGE);
  await page.click(role("predict-alpha0"));
  await page.click(role("alpha0-commit"));
  assert.equal(await page.textContent(role("alpha0-need")), WORDS.en.answerFirst);
  await page.click(role("alpha0-skip"));
  assert.equal(await page.textContent(role("alpha0-score")), WORDS.en.skipped);
  assert.equal(await page.inputValue(role("alpha")), "1");
  await page.click(role("alpha0-done"));
  // The Bernoulli model: the same words veto (a word with no spam message has no spam
  // count), and the question says that absent words can veto too.
  await page.check('#nb-slot [data-role="event"][value="bernoulli"]');
  await page.click(role("predict-alpha0"));
  assert.ok((await page.textContent('#nb-slot [data-role="alpha0"] > p.hint')).endsWith(WORDS.en.bernoulli));
  await page.click(`${role("alpha0-change")} label:has(input[value="no"])`);
  await page.click(role("alpha0-commit"));
  const v = await page.evaluate(() => window.genlab_panels.nb.controller.prediction().verdict());
  const counts = await page.evaluate((ws) => {
    const panel = window.genlab_panels.nb.controller.panel;
    const e = panel.explain(document.querySelector('#nb-slot [data-role="text"]').value).explanation;
    return e.words.filter((w) => ws.includes(w.word)).map((w) => { const d = panel.wordDetail(w.index); return [w.word, d.spam_count, d.ham_count]; });
  }, ["meeting", "tomorrow", "free", "lunch", "offer"]);
  // At α = 0 now: the ledger's counts are documents; a word with none in a class vetoes it.
  assert.deepEqual(v.vetoes.filter((x) => x.present).map((x) => x.word), counts.filter(([, s, h]) => s === 0 || h === 0).map(([w]) => w));
  await page.click(role("alpha0-back"));
  await page.click(role("alpha0-done"));
  await page.check('#nb-slot [data-role="event"][value="multinomial"]');
  await page.check(role("bayes-on"));
  const handle = await page.evaluate(() => window.genlab_panels.nb.controller.startPrediction("alpha0"));
  assert.equal(handle, null);
  assert.equal(await page.textContent(role("alpha0-unavailable")), WORDS.en.unavailable.bayes);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the hints fire: “α = 0 changes nothing” and “a word never seen in training vetoes”", async () => {
  const { HINTS } = await import("../../www/js/predict-hints.js");
  const { page, context, errors } = await open(env.browser, url("zh-CN"), { width: 360, height: 740 });
  await page.$eval("#nb-slot", (el) => el.scrollIntoView());
  // "zzqx" is in no training message (the ledger lists it as unknown); "meeting" vetoes spam.
  await page.fill(role("text"), `${MESSAGE} zzqx`);
  await page.waitForFunction(() => document.querySelector('#nb-slot ol.ledger li.term.word'));
  assert.ok(await page.evaluate(() => window.genlab_panels.nb.controller.panel.explain(document.querySelector('#nb-slot [data-role="text"]').value).explanation.unknown_words.includes("zzqx")));
  // Nothing ticked, "no": there are vetoes, so "changes nothing" fires (and only it).
  await page.click(role("predict-alpha0"));
  await page.click(`${role("alpha0-change")} label:has(input[value="no"])`);
  await page.click(role("alpha0-commit"));
  await page.waitForSelector(role("alpha0-hint"));
  assert.deepEqual(await page.$$eval(role("alpha0-hint"), (els) => els.map((e) => e.textContent)), [HINTS["alpha-zero-changes-nothing"].zh]);
  assert.equal(await page.textContent(role("alpha0-why")), `${WORDS["zh-CN"].why}${HINTS["alpha-zero-changes-nothing"].why_zh}`);
  await page.click(role("alpha0-back"));
  await page.click(role("alpha0-done"));
  // The unseen word ticked: its hint fires.
  await page.click(role("predict-alpha0"));
  await page.click(`${role("alpha0-choices")} label:has(input[value="zzqx"])`);
  await page.click(`${role("alpha0-change")} label:has(input[value="yes"])`);
  await page.click(role("alpha0-commit"));
  await page.waitForSelector(role("alpha0-hint"));
  assert.ok((await page.$$eval(role("alpha0-hint"), (els) => els.map((e) => e.textContent))).includes(HINTS["unseen-word-vetoes"].zh));
  assert.deepEqual(errors, []);
  await context.close();
});
