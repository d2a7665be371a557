// Predict, then reveal, on the spam panel: before the ledger shows, the student bets
// P(spam | message) on a slider; "Commit" scores the bet with the exact model
// (SpamPanel.judgeSpamBet: genlab::predict::judge_spam_bet, |logit p̂ − logit p|) and shows
// the ledger; "Skip" shows it without a score. Loaded on the first press of "Bet first".
// The words are this module's own (both languages); the misconceptions' hints, by id, from
// js/predict-hints.js (written from the Rust catalogue by a native test).

import { p3 } from "./format.js";
import { endPrediction, predictionBlock, predictionParts, resultLines, writeHints } from "./predict-parts.js";
import { recordPrediction } from "./predict-record.js";
import { frequencyFigure } from "./predict-nf.js";
import { fill as say } from "./i18n.js";

/** This module's words; {x}-style slots are filled by `say`. */
export const WORDS = {
  en: {
    intro: "How likely is this message spam? Set your bet, then press Commit: the verdict and the ledger are hidden until then.",
    slider: "Your bet: P(spam | message)",
    commit: "Commit",
    skip: "Skip",
    done: "Done",
    started: "Bet started: the verdict and the ledger are hidden. Set P(spam | message) on the slider, then commit.",
    score: "You bet P(spam | message) = {bet}; the model says {p}. The gap |logit p̂ − logit p| is {gap} (a gap of 1 is a factor e ≈ 2.7 in the odds).",
    close: "Close: your odds are within a factor of about 1.35 of the model's.",
    near: "Some way off: read the ledger from the prior down and see which words move the log-odds most.",
    far: "Far off: the ledger adds the prior's log-odds and every word's evidence; look for the terms you did not expect.",
    skipped: "Skipped: the verdict and the ledger are shown, without a score.",
    why: "Why? ",
    failed: "This message cannot be bet on: {reason}",
  },
  "zh-CN": {
    intro: "这条消息有多大可能是垃圾邮件？先设定你的押注，再按“提交”：在此之前判定和账本是隐藏的。",
    slider: "你的押注：P(垃圾 | 消息)",
    commit: "提交",
    skip: "跳过",
    done: "完成",
    started: "押注开始：判定和账本已隐藏。用滑块设定 P(垃圾 | 消息)，然后提交。",
    score: "你押注 P(垃圾 | 消息) = {bet}；模型给出 {p}。差距 |logit p̂ − logit p| 为 {gap}（差距 1 相当于几率相差 e ≈ 2.7 倍）。",
    close: "接近：你的几率与模型的相差不到约 1.35 倍。",
    near: "有些偏差：从先验开始往下读账本，看看哪些词对对数几率的影响最大。",
    far: "相差很远：账本把先验的对数几率与每个词的证据相加；找找你没有料到的项。",
    skipped: "已跳过：显示了判定和账本，不计分。",
    why: "为什么？",
    failed: "无法对这条消息押注：{reason}",
  },
};

const words = (lang) => WORDS[lang] || WORDS.en;

/** The sentence for a logit gap g: within 0.3 (a factor of about 1.35 in the odds), within
 * 1.5, or beyond. */
export function betKey(g) {
  return g <= 0.3 ? "close" : g <= 1.5 ? "near" : "far";
}

/**
 * Starts a verdict bet on the spam panel in `section` (its Rust handle `panel`; `message()`
 * returns the text being scored). Returns `{ hidden(), setLang(lang), verdict(), destroy() }`;
 * `onEnd()` runs when the student closes the bet.
 */
export function startSpamBet({ section, panel, message, lang, button, naturalFrequencies = null, onEnd = () => {} }) {
  const hide = [...section.querySelectorAll('[data-role="verdict"], .nb-ledger, [data-role="nf"]')];
  const panelLive = section.querySelector('[data-role="live"]');
  let hidden = true;
  let verdict = null;

  const block = predictionBlock({ role: "bet" });
  const intro = document.createElement("p");
  intro.className = "hint";
  const label = document.createElement("label");
  label.className = "field-row stack";
  const name = document.createElement("span");
  const row = document.createElement("span");
  const slider = document.createElement("input");
  slider.type = "range";
  slider.min = "0";
  slider.max = "1";
  slider.step = "0.01";
  slider.value = "0.5";
  slider.dataset.role = "bet-p";
  const out = document.createElement("output");
  out.dataset.role = "bet-value";
  row.append(slider, " ", out);
  label.append(name, row);
  const { actions, result, live, writeActionWords, showRevealed, announceRevealed } = predictionParts("bet", { reveal, end: destroy });
  block.append(intro, label, actions, result, live);
  (button.closest("p") || button).after(block);
  section.querySelectorAll("[data-predict]").forEach((b) => { b.disabled = true; });
  button.disabled = true;

  const showValue = () => {
    const v = Number(slider.value).toFixed(2);
    out.textContent = v;
    slider.setAttribute("aria-valuetext", v);
  };
  slider.addEventListener("input", showValue);

  function writeResult() {
    const w = words(lang);
    const { p, lines: els } = resultLines();
    if (verdict?.error) {
      p(say(w.failed, { reason: verdict.error }), "bet-score").className = "input-error";
    } else if (!verdict) {
      p(w.skipped, "bet-score");
    } else {
      // p3 never rounds a model's posterior to a certainty it does not have (format.js).
      p(say(w.score, { bet: Number(slider.value).toFixed(2), p: p3(verdict.p, { exact: false }), gap: verdict.gap.toFixed(2) }), "bet-score");
      p(w[betKey(verdict.gap)], "bet-sentence");
      // The model's posterior as natural frequencies: of 1,000 messages like this one.
      if (naturalFrequencies) els.push(frequencyFigure(verdict.p, naturalFrequencies, lang));
      writeHints(p, verdict.hints, lang, w.why, "bet");
    }
    result.replaceChildren(...els);
    result.hidden = false;
  }

  function reveal(judge) {
    if (!hidden) return;
    if (judge) {
      try {
        verdict = panel.judgeSpamBet(message(), Number(slider.value));
      } catch (e) {
        verdict = { error: e?.message || String(e) };
      }
    }
    hidden = false;
    hide.forEach((el) => { el.hidden = false; });
    slider.disabled = true;
    showRevealed(intro);
    writeResult();
    const scored = verdict && !verdict.error;
    recordPrediction({
      panel: "nb",
      kind: "bet",
      skipped: !scored,
      answer: scored ? Number(slider.value) : null,
      truth: scored ? verdict.p : null,
      score: scored ? { logit_gap: verdict.gap } : {},
      hints: scored ? verdict.hints.map((h) => h.id) : [],
      lang,
    });
    announceRevealed();
  }

  function writeWords() {
    const w = words(lang);
    block.setAttribute("lang", lang);
    intro.textContent = w.intro;
    name.textContent = w.slider;
    writeActionWords(w);
    showValue();
    if (!hidden) writeResult();
  }

  function destroy() {
    hide.forEach((el) => { el.hidden = false; });
    section.querySelectorAll("[data-predict]").forEach((b) => { b.disabled = false; });
    endPrediction({ block, button, onEnd });
  }

  writeWords();
  hide.forEach((el) => { el.hidden = true; });
  if (panelLive) panelLive.textContent = "";
  live.textContent = words(lang).started;
  slider.focus({ preventScroll: true });

  return {
    hidden: () => hidden,
    verdict: () => verdict,
    setLang(next) {
      lang = next;
      writeWords();
    },
    destroy,
  };
}
