// Predict, then reveal, on the spam panel: "which word pushes hardest toward spam (or
// ham)?" At 1280 px by keyboard, pointer and touch in both languages (the tests and how
// their numbers are derived by hand from the ledger's counts: predict_word_run.mjs; 360 px:
// predict_word_phone.test.mjs), and toward ham, a word the model never saw, and Skip.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";
import { signed } from "../../www/js/format.js";
import { strongestWordTests, handEvidence, WORDS, role, url, say, MESSAGE } from "./predict_word_run.mjs";

const env = setup();
strongestWordTests(env, [{ width: 1280, height: 800 }]);

test("toward ham, a word the model never saw, and Skip", async () => {
  const { page, context, errors } = await open(env.browser, url("en"), { width: 1280, height: 800 });
  await page.$eval("#nb-slot", (el) => el.scrollIntoView());
  await page.fill(role("text"), `${MESSAGE} zzqx`);
  await page.waitForFunction(() => document.querySelector('#nb-slot ol.ledger li.term.word'));
  const ev = await handEvidence(page);
  // Toward ham: the most negative evidence is the strongest.
  const top = [...ev].sort((x, y) => x.ev - y.ev)[0];
  const handle = await page.evaluate(() => window.genlab_panels.nb.controller.startPrediction("word", { toward: "ham" }).then(Boolean));
  assert.ok(handle);
  const w = WORDS.en;
  assert.equal(await page.textContent(role("word-live")), say(w.started, { cls: w.ham }));
  // Commit with nothing picked is answered next to the choices.
  await page.click(role("word-commit"));
  assert.equal(await page.textContent(role("word-need")), w.pickFirst);
  await page.click(`${role("word-choices")} label:has(input[value="zzqx"])`);
  await page.click(role("word-commit"));
  const score = await page.textContent(role("word-score"));
  assert.equal(score, say(w.unknown, { pick: "zzqx", cls: w.ham, word: top.word, top: signed(-top.ev) }));
  await page.click(role("word-done"));
  await page.click(role("predict-word"));
  await page.click(role("word-skip"));
  assert.equal(await page.textContent(role("word-score")), w.skipped);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the hint fires when the pick is the word most frequent in spam but not the strongest", async () => {
  const { HINTS } = await import("../../www/js/predict-hints.js");
  const { page, context, errors } = await open(env.browser, url("en"), { width: 1280, height: 800 });
  await page.$eval("#nb-slot", (el) => el.scrollIntoView());
  // "free" pushes hardest toward spam; a common word (here the one with the largest spam
  // count: the largest P(w | spam) = (n_spam,w + α)/(n_spam + α|V|)) does not.
  await page.fill(role("text"), "the free offer is for you");
  await page.waitForFunction(() => document.querySelector('#nb-slot ol.ledger li.term.word'));
  const rows = await page.evaluate(() => {
    const panel = window.genlab_panels.nb.controller.panel;
    const e = panel.explain(document.querySelector('#nb-slot [data-role="text"]').value).explanation;
    return e.words.map((w) => ({ word: w.word, s: panel.wordDetail(w.index).spam_count }));
  });
  const ev = await handEvidence(page);
  const top = [...ev].sort((x, y) => y.ev - x.ev)[0].word;
  const frequent = [...rows].sort((x, y) => y.s - x.s)[0];
  assert.ok(frequent.s > [...rows].sort((x, y) => y.s - x.s)[1].s, "one most frequent word");
  assert.notEqual(frequent.word, top);
  await page.click(role("predict-word"));
  await page.click(`${role("word-choices")} label:has(input[value="${frequent.word}"])`);
  await page.click(role("word-commit"));
  await page.waitForSelector(role("word-hint"));
  assert.equal(await page.textContent(role("word-hint")), HINTS["frequent-word-strongest"].en);
  assert.equal(await page.textContent(role("word-why")), `${WORDS.en.why}${HINTS["frequent-word-strongest"].why_en}`);
  // The strongest pick fires nothing.
  await page.click(role("word-done"));
  await page.click(role("predict-word"));
  await page.click(`${role("word-choices")} label:has(input[value="${top}"])`);
  await page.click(role("word-commit"));
  await page.waitForSelector(role("word-score"));
  assert.equal(await page.$(role("word-hint")), null);
  assert.deepEqual(errors, []);
  await context.close();
});
