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
