// The spam panel's worked example ("Work it out", js/nb-worked.js + js/worked.js): a word's
// smoothed probability and the message's log-odds with the panel's numbers plugged in, faded
// into blanks the model checks, the typical mistakes answered, in both models and languages.
//
// Expected numbers derived by hand here from the counts the panel shows for each word
// (SpamPanel.wordDetail: its spam and ham counts) and the totals of the ledger's explanation:
// multinomial P(w | spam) = (n_spam,w + α)/(n_spam + α|V|); the log-odds are the prior's
// ln P(spam)/P(ham) plus, for each word, count × ln P(w | spam)/P(w | ham) (the ledger's rows
// recomputed from the counts, not read from them). The mistakes: α only in the numerator,
// (n + α)/n_spam; the prior left out; log₁₀ instead of ln (the log-odds / ln 10).
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";
import { WORDS, decimalsFor, quantityText } from "../../www/js/worked.js";
import { WORDS as NB_WORDS } from "../../www/js/nb-worked.js";
import { HINTS } from "../../www/js/predict-hints.js";

const env = setup();
const role = (r) => `#nb-slot [data-role="${r}"]`;
const MESSAGE = "free cash prize tomorrow, call now to claim";

/** The counts behind the message's ledger, and the hand-made numbers of the example. */
const hand = (page) => page.evaluate(() => {
  const panel = window.genlab_panels.nb.controller.panel;
  const e = panel.explain(document.querySelector('#nb-slot [data-role="text"]').value).explanation;
  return {
    alpha: e.alpha, V: e.vocabulary_size, S: e.spam_total, H: e.ham_total, prior: e.prior_log_ratio,
    rows: e.words.map((w) => { const d = panel.wordDetail(w.index); return { word: w.word, count: w.count, s: d.spam_count, h: d.ham_count }; }),
  };
});

async function answer(page, blank, text, by) {
  await page.fill(role(`worked-answer-${blank}-0`), text);
  if (by === "touch") await page.tap(role(`worked-check-${blank}`));
  else if (by === "keyboard") {
    await page.focus(role(`worked-answer-${blank}-0`));
    await page.keyboard.press("Enter");
  } else await page.click(role(`worked-check-${blank}`));
  await page.waitForFunction((sel) => document.querySelector(sel)?.children.length > 0, role(`worked-result-${blank}`));
  const out = await page.$$eval(`${role(`worked-result-${blank}`)} p`, (ps) => ps.map((p) => p.textContent));
  await page.$eval(role(`worked-result-${blank}`), (r) => r.replaceChildren());
  return out;
}

for (const [lang, size, by] of [["en", { width: 1280, height: 800 }, "pointer"], ["zh-CN", { width: 360, height: 740 }, "touch"], ["en", { width: 360, height: 740 }, "keyboard"]]) {
  test(`a word's probability and the log-odds worked, then checked blanks (${lang}, ${size.width} px, ${by})`, async () => {
    const { page, errors } = await open(env.browser, `${env.server.url}${lang === "en" ? "" : "?lang=zh-CN"}`, { ...size, touch: by === "touch" });
    await page.$eval("#nb-slot", (el) => el.scrollIntoView());
    await page.fill(role("text"), MESSAGE);
    await page.waitForFunction(() => document.querySelector('#nb-slot ol.ledger li.term.word'));
    await page.$eval(role("worked-details"), (d) => d.scrollIntoView({ block: "center" }));
    if (by === "touch") await page.tap(`${role("worked-details")} > summary`);
    else if (by === "keyboard") {
      await page.focus(`${role("worked-details")} > summary`);
      await page.keyboard.press("Enter");
    } else await page.click(`${role("worked-details")} > summary`);
    await page.waitForSelector(role("worked-value-word-probability"));

    const h = await hand(page);
    const first = h.rows[0];
    assert.equal(await page.inputValue(role("worked-word")), first.word, "the ledger's first word");
    assert.equal(await page.inputValue(role("worked-class")), "spam");
    const p = (first.s + h.alpha) / (h.S + h.alpha * h.V);
    const z = h.prior + h.rows.reduce((sum, r) => sum + r.count * (Math.log((r.s + h.alpha) / (h.S + h.alpha * h.V)) - Math.log((r.h + h.alpha) / (h.H + h.alpha * h.V))), 0);
    const steps = await page.evaluate(() => window.genlab_panels.nb.controller.panel.workedExample(document.querySelector('#nb-slot [data-role="text"]').value, document.querySelector('#nb-slot [data-role="worked-word"]').value, true).steps);
    assert.ok(Math.abs(steps[0].value - p) < 1e-12 && Math.abs(steps[1].value - z) < 1e-9, `${steps[0].value} vs ${p}, ${steps[1].value} vs ${z}`);
    const dp = decimalsFor(steps[0].tolerance);
    const dz = decimalsFor(steps[1].tolerance);
    assert.equal(await page.textContent(role("worked-value-word-probability")), `P(w | c) = ${quantityText(p, dp)}`);
    assert.equal(await page.textContent(role("worked-value-log-odds")), `ln P(spam | x)/P(ham | x) = ${quantityText(z, dz)}`);
    const sep = lang === "en" ? ", " : "，";
    assert.equal(await page.textContent(`${role("worked-step-word-probability")} .hint`),
      `${WORDS[lang].with} ${[`n_cw = ${first.s}`, `α = ${h.alpha}`, `n_c = ${h.S}`, `|V| = ${h.V}`].join(sep)}`);

    // Both blanks: nothing of either value on the page until checked.
    await page.check(role("worked-level-2"));
    await page.waitForSelector(role("worked-answer-log-odds-0"));
    const shown = await page.textContent(role("worked"));
    assert.ok(!shown.includes(quantityText(p, dp)) && !shown.includes(quantityText(z, dz)), "no value while blank");
    const w = WORDS[lang];
    const hint = (id) => [lang === "en" ? HINTS[id].en : HINTS[id].zh, `${w.why}${lang === "en" ? HINTS[id].why_en : HINTS[id].why_zh}`];
    assert.deepEqual((await answer(page, "log-odds", String(z - h.prior), by)).slice(1), hint("prior-forgotten"));
    assert.deepEqual((await answer(page, "log-odds", String(z / Math.LN10), by)).slice(1), hint("decimal-log-for-ln"));
    assert.deepEqual(await answer(page, "log-odds", z.toFixed(dz), by), [w.right.replace("{symbol}", "ln P(spam | x)/P(ham | x)").replace("{value}", quantityText(z, dz))]);
    assert.deepEqual((await answer(page, "word-probability", String((first.s + h.alpha) / h.S), by)).slice(1), hint("smoothing-alpha-numerator-only"));
    assert.deepEqual(await answer(page, "word-probability", `${first.s + h.alpha}/${h.S + h.alpha * h.V}`, by), [w.right.replace("{symbol}", "P(w | c)").replace("{value}", quantityText(p, dp))]);

    // The Bernoulli model: p_cw with β₁, β₀ (1 and 1 with α = 1), and its own words for
    // the numerator-only mistake: (d_cw + β₁)/N_c.
    await page.check(`${role("event")}[value="bernoulli"]`);
    await page.waitForSelector(role("worked-answer-word-probability-0"));
    const b = await page.evaluate(() => {
      const panel = window.genlab_panels.nb.controller.panel;
      const text = document.querySelector('#nb-slot [data-role="text"]').value;
      const word = document.querySelector('#nb-slot [data-role="worked-word"]').value;
      return panel.workedExample(text, word, true).steps[0];
    });
    assert.equal(b.symbol, "p_cw");
    const [d, beta1, n, beta0] = b.inputs.map((i) => i.value);
    assert.ok(Math.abs(b.value - (d + beta1) / (n + beta0 + beta1)) < 1e-12);
    const own = NB_WORDS[lang].bernoulli["smoothing-alpha-numerator-only"];
    assert.deepEqual((await answer(page, "word-probability", String((d + beta1) / n), by)).slice(1), [own.text, `${w.why}${own.why}`]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}
