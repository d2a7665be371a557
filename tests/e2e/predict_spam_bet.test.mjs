// Predict, then reveal, on the spam panel: "Bet first" hides the verdict and the ledger (and
// the verdict's live reading) behind a slider for P(spam | message); "Commit" shows them with
// the score |logit p̂ − logit p|, "Skip" without one. By keyboard and pointer, at 360 px and
// 1280 px, in English and Chinese.
//
// The expected gap is derived here by hand from the ledger's own sum: p = σ(log-odds) with
// the log-odds the ledger adds up (prior + every word's evidence), and
// gap = |ln(p̂ / (1 − p̂)) − log-odds|, the log-odds clamped to ±ln((1 − 10⁻⁶)/10⁻⁶) (the
// issue's rule: both probabilities clamped to [10⁻⁶, 1 − 10⁻⁶]; the default message's
// log-odds, +14.16, is beyond it); not from the judge's code (genlab::predict).
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";
import { WORDS, betKey } from "../../www/js/predict-spam.js";

const env = setup();

const role = (r) => `#nb-slot [data-role="${r}"]`;
const url = (lang) => `${env.server.url}${lang === "en" ? "" : "?lang=zh-CN"}`;

/** Whether the verdict or the ledger shows, and what the panel's live region says. */
const traces = (page) => page.evaluate(() => {
  const q = (s) => document.querySelector(`#nb-slot ${s}`);
  const shown = (el) => Boolean(el && el.offsetParent !== null && !el.closest("[hidden]"));
  return { verdict: shown(q('[data-role="verdict"]')), ledger: shown(q(".nb-ledger")), live: q('[data-role="live"]').textContent };
});

for (const size of [{ width: 1280, height: 800 }, { width: 360, height: 740 }]) {
  for (const lang of ["en", "zh-CN"]) {
    for (const by of ["keyboard", "pointer"]) {
      test(`bet P(spam | message) by ${by}, commit, read the gap (${size.width} px, ${lang})`, async () => {
        const { page, context, errors } = await open(env.browser, url(lang), size);
        await page.$eval("#nb-slot", (el) => el.scrollIntoView());
        await page.waitForSelector(role("bet"));
        // The pointer runs bet on a message whose log-odds are inside the clamp.
        if (by === "pointer") await page.fill(role("text"), "meeting tomorrow, free lunch offer");
        const before = await traces(page);
        assert.ok(before.verdict && before.ledger, "verdict and ledger show before the bet");
        if (by === "keyboard") {
          await page.focus(role("bet"));
          await page.keyboard.press("Enter");
        } else {
          await page.click(role("bet"));
        }
        await page.waitForSelector(role("bet-p"));
        // No trace of the answer: verdict and ledger hidden, nothing read out (a pending
        // reading is cancelled: wait past its 900 ms).
        await page.waitForTimeout(1000);
        const during = await traces(page);
        assert.deepEqual({ verdict: during.verdict, ledger: during.ledger }, { verdict: false, ledger: false });
        assert.equal(during.live, "");
        assert.equal(await page.textContent(role("bet-live")), WORDS[lang].started);
        if (by === "keyboard") {
          // The slider has the focus: 20 steps of 0.01 up from 0.5.
          for (let i = 0; i < 20; i++) await page.keyboard.press("ArrowRight");
        } else {
          // A click at 80 % of the slider's track.
          const r = await page.$eval(role("bet-p"), (el) => { const b = el.getBoundingClientRect(); return { x: b.left, y: b.top + b.height / 2, w: b.width }; });
          await page.mouse.click(r.x + 0.8 * r.w, r.y);
        }
        const bet = Number(await page.inputValue(role("bet-p")));
        if (by === "keyboard") assert.equal(bet, 0.7);
        else assert.ok(bet > 0.7 && bet < 0.9, `bet ${bet}`);
        assert.equal(await page.textContent(role("bet-value")), bet.toFixed(2));
        await page.click(role("bet-commit"));
        await page.waitForSelector(role("bet-score"));
        const z = await page.evaluate(() => window.genlab_panels.nb.controller.panel.explain(document.querySelector('#nb-slot [data-role="text"]').value).explanation.log_odds);
        const edge = Math.log((1 - 1e-6) / 1e-6);
        const gap = Math.abs(Math.log(bet / (1 - bet)) - Math.min(edge, Math.max(-edge, z)));
        const v = await page.evaluate(() => window.genlab_panels.nb.controller.bet().verdict());
        assert.ok(Math.abs(v.gap - gap) < 1e-9, `gap ${v.gap} against ${gap}`);
        assert.ok(Math.abs(v.p - 1 / (1 + Math.exp(-z))) < 1e-12);
        const score = await page.textContent(role("bet-score"));
        assert.ok(score.includes(gap.toFixed(2)), score);
        assert.ok(score.includes(bet.toFixed(2)), score);
        assert.equal(await page.textContent(role("bet-sentence")), WORDS[lang][betKey(gap)]);
        const after = await traces(page);
        assert.deepEqual({ verdict: after.verdict, ledger: after.ledger }, { verdict: true, ledger: true });
        assert.ok((await page.textContent(role("bet-live"))).includes(score), "the score is announced");
        await page.click(role("bet-done"));
        assert.equal(await page.$(role("bet-p")), null);
        assert.deepEqual(errors, []);
        await context.close();
      });
    }
  }
}

test("Skip shows the verdict and the ledger without a score", async () => {
  const { page, context, errors } = await open(env.browser, url("zh-CN"), { width: 360, height: 740 });
  await page.$eval("#nb-slot", (el) => el.scrollIntoView());
  await page.click(role("bet"));
  await page.click(role("bet-skip"));
  assert.equal(await page.textContent(role("bet-score")), WORDS["zh-CN"].skipped);
  const after = await traces(page);
  assert.ok(after.verdict && after.ledger);
  assert.deepEqual(errors, []);
  await context.close();
});
