// The strongest-word prediction's tests, shared by predict_word.test.mjs (1280 px) and
// predict_word_phone.test.mjs (360 px), one file each to keep a file under 90 s.
//
// Predict, then reveal, on the spam panel: "which word pushes hardest toward spam (or ham)?"
// The button hides the verdict and the ledger behind the message's words as radio chips;
// "Commit" shows them with the pick's rank and evidence against the strongest word's, both
// rows marked in the ledger. By keyboard, pointer and touch, at 360 px and 1280 px, in
// English and Chinese.
//
// The expected rank and evidence are derived here by hand from the ledger's counts (each
// word's training counts n_spam,w and n_ham,w from the panel's word details, the class totals
// and |V| from the ledger): multinomial evidence = count × [ln((n_spam,w + α)/(n_spam + α|V|))
// − ln((n_ham,w + α)/(n_ham + α|V|))], the rank 1 + the number of words with larger evidence
// toward the asked class; not from the judge's code (genlab::predict).
import { test } from "node:test";
import assert from "node:assert/strict";
import { open } from "./lib.mjs";
import { WORDS } from "../../www/js/predict-word.js";
import { signed } from "../../www/js/format.js";

let env = null;
const role = (r) => `#nb-slot [data-role="${r}"]`;
const url = (lang) => `${env.server.url}${lang === "en" ? "" : "?lang=zh-CN"}`;
const say = (template, params) => template.replace(/\{(\w+)\}/g, (_, k) => String(params[k]));
/** Five distinct words, all in the teaching corpus's vocabulary. */
const MESSAGE = "meeting tomorrow, free lunch offer";

/** Whether the verdict or the ledger shows, what the panel's live region says, and the page's visible text. */
const traces = (page) => page.evaluate(() => {
  const q = (s) => document.querySelector(`#nb-slot ${s}`);
  const shown = (el) => Boolean(el && el.offsetParent !== null && !el.closest("[hidden]"));
  return { verdict: shown(q('[data-role="verdict"]')), ledger: shown(q(".nb-ledger")), nf: shown(q('[data-role="nf"]')), live: q('[data-role="live"]').textContent, text: document.body.innerText, verdictText: q('[data-role="verdict"]').textContent };
});

/** The ledger's words with their evidence toward spam, computed by hand from its counts. */
export async function handEvidence(page) {
  const got = await page.evaluate(() => {
    const panel = window.genlab_panels.nb.controller.panel;
    const e = panel.explain(document.querySelector('#nb-slot [data-role="text"]').value).explanation;
    return {
      e: { alpha: e.alpha, V: e.vocabulary_size, S: e.spam_total, H: e.ham_total, event: e.event_model },
      rows: e.words.map((w) => { const d = panel.wordDetail(w.index); return { word: w.word, count: w.count, s: d.spam_count, h: d.ham_count }; }),
    };
  });
  assert.equal(got.e.event, "multinomial");
  const { alpha: a, V, S, H } = got.e;
  return got.rows.map((r) => ({ word: r.word, ev: r.count * (Math.log((r.s + a) / (S + a * V)) - Math.log((r.h + a) / (H + a * V))) }));
}

async function touchContext(size) {
  const context = await env.browser.newContext({ viewport: size, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  return { page, context, errors };
}

/** Registers the keyboard, pointer and touch tests at each of `sizes`, in both languages, on `env` (lib.mjs setup). */
export function strongestWordTests(given, sizes) {
  env = given;
  for (const size of sizes) {
    for (const lang of ["en", "zh-CN"]) {
      for (const by of ["keyboard", "pointer", "touch"]) {
        test(`pick the strongest word by ${by}, commit, read its rank (${size.width} px, ${lang})`, async () => {
          let page, context, errors;
          if (by === "touch") {
            ({ page, context, errors } = await touchContext(size));
            await page.goto(url(lang));
            await page.waitForSelector("html[data-ready=true]", { timeout: 20000 });
          } else {
            ({ page, context, errors } = await open(env.browser, url(lang), size));
          }
          await page.$eval("#nb-slot", (el) => el.scrollIntoView());
          await page.fill(role("text"), MESSAGE);
          await page.waitForFunction((m) => window.genlab_panels.nb.controller.panel && document.querySelector('#nb-slot ol.ledger li.term.word'), MESSAGE);
          const ev = await handEvidence(page);
          const byEv = [...ev].sort((x, y) => y.ev - x.ev);
          const top = byEv[0];
          assert.ok(byEv[0].ev > byEv[1].ev, "no tie at the top");
          if (by === "keyboard") {
            await page.focus(role("predict-word"));
            await page.keyboard.press("Enter");
          } else if (by === "touch") {
            await page.tap(role("predict-word"));
          } else {
            await page.click(role("predict-word"));
          }
          await page.waitForSelector(role("word-choices"));
          // No trace of the answer: verdict, ledger and icon array hidden, nothing read out,
          // the verdict's words nowhere in the page's visible text (wait past the 900 ms reading).
          await page.waitForTimeout(1000);
          const during = await traces(page);
          assert.deepEqual({ verdict: during.verdict, ledger: during.ledger, nf: during.nf }, { verdict: false, ledger: false, nf: false });
          assert.equal(during.live, "");
          assert.ok(!during.text.includes(during.verdictText), "the verdict is not in the visible text");
          assert.equal(await page.textContent(role("word-live")), say(WORDS[lang].started, { cls: WORDS[lang].spam }));
          // The chips are the message's words in order, and carry nothing else.
          const chips = await page.$$eval(`${role("word-choices")} input`, (els) => els.map((e) => e.value));
          assert.deepEqual(chips, ["meeting", "tomorrow", "free", "lunch", "offer"]);
          assert.equal(await page.$eval(role("word"), (b) => [...b.querySelectorAll("*")].some((el) => [...el.attributes].some((a) => a.name.startsWith("aria") && /\d/.test(a.value)))), false);
          // The pick: the keyboard the second word (arrow keys in the radio group), the pointer
          // the strongest, the finger the last word.
          let pick;
          if (by === "keyboard") {
            assert.equal(await page.evaluate(() => document.activeElement.value), "meeting");
            await page.keyboard.press("Space");
            await page.keyboard.press("ArrowRight");
            pick = "tomorrow";
            await page.keyboard.press("Tab");
            assert.equal(await page.evaluate(() => document.activeElement.dataset.role), "word-commit");
            await page.keyboard.press("Enter");
          } else if (by === "touch") {
            pick = "offer";
            await page.tap(`${role("word-choices")} input[value="offer"]`);
            await page.tap(role("word-commit"));
          } else {
            pick = top.word;
            await page.click(`${role("word-choices")} label:has(input[value="${pick}"])`);
            await page.click(role("word-commit"));
          }
          await page.waitForSelector(role("word-score"));
          const mine = ev.find((w) => w.word === pick);
          const rank = 1 + ev.filter((w) => w.ev > mine.ev).length;
          const v = await page.evaluate(() => window.genlab_panels.nb.controller.prediction().verdict());
          assert.equal(v.top, top.word);
          assert.equal(v.rank, rank);
          assert.ok(Math.abs(v.evidence - mine.ev) < 1e-9 && Math.abs(v.top_evidence - top.ev) < 1e-9, JSON.stringify(v));
          const w = WORDS[lang];
          const score = await page.textContent(role("word-score"));
          assert.equal(score, say(w.score, { pick, rank, n: 5, ev: signed(mine.ev), cls: w.spam, top: signed(top.ev), word: top.word }));
          assert.equal(await page.textContent(role("word-sentence")), say(rank === 1 ? w.right : w.wrong, { cls: w.spam }));
          const after = await traces(page);
          assert.deepEqual({ verdict: after.verdict, ledger: after.ledger }, { verdict: true, ledger: true });
          // Both rows marked in words (one mark when the pick is the strongest).
          const marks = await page.$$eval(role("word-mark"), (els) => els.map((m) => m.closest("li").querySelector(".term-name").firstChild.textContent));
          assert.deepEqual(marks.sort(), (pick === top.word ? [pick] : [pick, top.word]).sort());
          assert.ok((await page.textContent(role("word-live"))).includes(score), "the score is announced");
          const record = await page.evaluate(() => import("/js/predict-record.js").then((m) => m.predictionRecord()));
          assert.equal(record.at(-1).kind, "word");
          await page.click(role("word-done"));
          assert.equal(await page.$(role("word-choices")), null);
          assert.equal(await page.$(role("word-mark")), null);
          assert.deepEqual(errors, []);
          await context.close();
        });
      }
    }
  }
}

export { WORDS, role, url, say, MESSAGE };
