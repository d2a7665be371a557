// The α = 0 prediction's tests, shared by predict_alpha0.test.mjs (1280 px) and
// predict_alpha0_phone.test.mjs (360 px), one file each to keep a file under 90 s.
//
// Predict, then reveal, on the spam panel: "at α = 0, which words will veto, and will the
// verdict change?" The button hides the verdict and the ledger behind the message's words
// as checkbox chips and a yes/no question; "Commit" scores the answer, sets α = 0 through
// the panel's own setter (slider, box and link agree) and shows the ledger there; "Back to
// α = 1" returns. By keyboard, pointer and touch, at 360 px and 1280 px, in English and
// Chinese.
//
// The expected vetoes and verdicts are derived here by hand from the ledger's counts (each
// word's training counts from the panel's word details): at α = 0 a word with no spam count
// rules out spam, one with no ham count rules out ham; the verdict at α = 0 is the class not
// ruled out, or, with no veto, the sign of ln(N_spam/N_ham) + Σ count × ln((n_spam,w/n_spam)
// / (n_ham,w/n_ham)); at α = 1 the sign of the same sum with α added (the multinomial
// model's Lidstone estimate); not from the judge's code (genlab::predict).
import { test } from "node:test";
import assert from "node:assert/strict";
import { open } from "./lib.mjs";
import { WORDS } from "../../www/js/predict-alpha0.js";

const role = (r) => `#nb-slot [data-role="${r}"]`;
let env = null;
const url = (lang) => `${env.server.url}${lang === "en" ? "" : "?lang=zh-CN"}`;
const say = (template, params) => template.replace(/\{(\w+)\}/g, (_, k) => String(params[k]));
/** Five words of the teaching corpus, some of one class only (a veto at α = 0: the tests check there is one). */
const MESSAGE = "meeting tomorrow, free lunch offer";

const traces = (page) => page.evaluate(() => {
  const q = (s) => document.querySelector(`#nb-slot ${s}`);
  const shown = (el) => Boolean(el && el.offsetParent !== null && !el.closest("[hidden]"));
  return { verdict: shown(q('[data-role="verdict"]')), ledger: shown(q(".nb-ledger")), live: q('[data-role="live"]').textContent, text: document.body.innerText, verdictText: q('[data-role="verdict"]').textContent };
});

/** The vetoes and verdicts at α and at 0, by hand from the ledger's counts. */
async function byHand(page) {
  const got = await page.evaluate(() => {
    const panel = window.genlab_panels.nb.controller.panel;
    const e = panel.explain(document.querySelector('#nb-slot [data-role="text"]').value).explanation;
    return {
      e: { alpha: e.alpha, V: e.vocabulary_size, S: e.spam_total, H: e.ham_total, event: e.event_model, docs: e.class_docs, prior: e.prior },
      rows: e.words.map((w) => { const d = panel.wordDetail(w.index); return { word: w.word, count: w.count, s: d.spam_count, h: d.ham_count }; }),
    };
  });
  assert.equal(got.e.event, "multinomial");
  const { alpha: a, V, S, H, docs } = got.e;
  const prior = Math.log(docs[1] / docs[0]);
  const at = (al) => prior + got.rows.reduce((z, r) => z + r.count * (Math.log((r.s + al) / (S + al * V)) - Math.log((r.h + al) / (H + al * V))), 0);
  const vetoes = got.rows.filter((r) => r.s === 0 || r.h === 0).map((r) => ({ word: r.word, veto: r.s === 0 && r.h === 0 ? "both" : r.s === 0 ? "spam" : "ham" }));
  const outHam = vetoes.some((v) => v.veto !== "spam");
  const outSpam = vetoes.some((v) => v.veto !== "ham");
  const before = at(a) > 0 ? "spam" : "ham";
  const after = outHam && outSpam ? null : outHam ? "spam" : outSpam ? "ham" : at(0) > 0 ? "spam" : "ham";
  return { vetoes, before, after, changes: before !== after, alpha: a };
}

async function openBy(by, lang, size) {
  if (by !== "touch") return open(env.browser, url(lang), size);
  const context = await env.browser.newContext({ viewport: size, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  await page.goto(url(lang));
  await page.waitForSelector("html[data-ready=true]", { timeout: 20000 });
  return { page, context, errors };
}

/** Registers the pointer, touch and keyboard tests at each of `sizes`, in both languages, on `env` (lib.mjs setup). */
export function alphaZeroTests(given, sizes) {
  env = given;
  for (const size of sizes) {
    for (const lang of ["en", "zh-CN"]) {
      for (const by of ["keyboard", "pointer", "touch"]) {
        test(`α = 0: tick the vetoes by ${by}, answer, commit, read the score (${size.width} px, ${lang})`, async () => {
          const { page, context, errors } = await openBy(by, lang, size);
          await page.$eval("#nb-slot", (el) => el.scrollIntoView());
          await page.fill(role("text"), MESSAGE);
          await page.waitForFunction(() => document.querySelector('#nb-slot ol.ledger li.term.word'));
          const hand = await byHand(page);
          assert.equal(hand.alpha, 1);
          assert.ok(hand.vetoes.length > 0, "the message has a veto at α = 0");
          if (by === "keyboard") {
            await page.focus(role("predict-alpha0"));
            await page.keyboard.press("Enter");
          } else if (by === "touch") {
            await page.tap(role("predict-alpha0"));
          } else {
            await page.click(role("predict-alpha0"));
          }
          await page.waitForSelector(role("alpha0-choices"));
          await page.waitForTimeout(1000);
          const during = await traces(page);
          assert.deepEqual({ verdict: during.verdict, ledger: during.ledger }, { verdict: false, ledger: false });
          assert.equal(during.live, "");
          assert.ok(!during.text.includes(during.verdictText), "the verdict is not in the visible text");
          assert.equal(await page.textContent(role("alpha0-live")), WORDS[lang].started);
          assert.equal(await page.$eval(role("alpha0"), (b) => [...b.querySelectorAll("*")].some((el) => [...el.attributes].some((a) => a.name.startsWith("aria") && /\d/.test(a.value)))), false);
          // The answer: keyboard ticks the first word and says "no"; the pointer ticks every
          // vetoing word and gives the right verdict; the finger ticks the last word and "yes".
          let ticked;
          let says;
          if (by === "keyboard") {
            assert.equal(await page.evaluate(() => document.activeElement.value), "meeting");
            await page.keyboard.press("Space");
            ticked = ["meeting"];
            says = false;
            // Tab past the other four words to the yes/no group, then the arrow keys.
            for (let i = 0; i < 5; i++) await page.keyboard.press("Tab");
            assert.equal(await page.evaluate(() => document.activeElement.value), "yes");
            await page.keyboard.press("ArrowRight");
            assert.equal(await page.evaluate(() => document.activeElement.value), "no");
            await page.keyboard.press("Tab");
            await page.keyboard.press("Enter");
          } else if (by === "touch") {
            ticked = ["offer"];
            says = true;
            await page.tap(`${role("alpha0-choices")} input[value="offer"]`);
            await page.tap(role("alpha0-yes"));
            await page.tap(role("alpha0-commit"));
          } else {
            ticked = hand.vetoes.map((v) => v.word);
            says = hand.changes;
            for (const word of ticked) await page.click(`${role("alpha0-choices")} label:has(input[value="${word}"])`);
            await page.click(`${role("alpha0-change")} label:has(input[value="${says ? "yes" : "no"}"])`);
            await page.click(role("alpha0-commit"));
          }
          await page.waitForSelector(role("alpha0-score"));
          const vetoWords = hand.vetoes.map((v) => v.word);
          const missed = vetoWords.filter((x) => !ticked.includes(x)).length;
          const extra = ticked.filter((x) => !vetoWords.includes(x)).length;
          const v = await page.evaluate(() => window.genlab_panels.nb.controller.prediction().verdict());
          assert.deepEqual(v.vetoes.map(({ word, veto }) => ({ word, veto })), hand.vetoes);
          assert.deepEqual({ before: v.before, after: v.after, changes: v.changes, missed: v.missed, extra: v.extra, right: v.verdict_right },
            { before: hand.before, after: hand.after, changes: hand.changes, missed, extra, right: says === hand.changes });
          const w = WORDS[lang];
          assert.equal(await page.textContent(role("alpha0-score")), missed === 0 && extra === 0 ? w.perfect : say(w.score, { missed, extra }));
          assert.equal(await page.textContent(role("alpha0-sentence")), says === hand.changes ? w.right : w.wrong);
          // The panel is at α = 0 now: the slider at its left end, the box, the link.
          assert.equal(await page.inputValue(role("alpha-slider")), "0");
          assert.equal(await page.inputValue(role("alpha")), "0");
          await page.waitForFunction(() => window.genlab_panels.nb.controller.getState().alpha === 0);
          const after = await traces(page);
          assert.deepEqual({ verdict: after.verdict, ledger: after.ledger }, { verdict: true, ledger: true });
          // The ledger at α = 0 shows each veto as an infinite bar.
          await page.waitForFunction((n) => document.querySelectorAll("#nb-slot ol.ledger li.term.word .bar.veto").length === n, hand.vetoes.length);
          assert.ok((await page.textContent(role("alpha0-live"))).includes(await page.textContent(role("alpha0-score"))));
          await page.click(role("alpha0-back"));
          await page.waitForFunction(() => window.genlab_panels.nb.controller.getState().alpha === 1);
          assert.equal(await page.$(role("alpha0-now")), null);
          await page.click(role("alpha0-done"));
          assert.equal(await page.$(role("alpha0-choices")), null);
          assert.deepEqual(errors, []);
          await context.close();
        });
      }
    }
  }
}

export { WORDS, role, url, MESSAGE };
